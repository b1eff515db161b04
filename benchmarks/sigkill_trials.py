"""SIGKILL trials: `cardgen build` killed with ``kill -9`` at a random moment, then counted.

Each trial copies a catalogue, starts ``cardgen build`` into a fresh output folder with its own
``TMPDIR`` and a marker in its environment (every process it starts inherits it), sends SIGKILL
to the command after a random delay, and counts after a grace period:

* orphans: processes still running whose environment holds the trial's marker (workers, the
  resource tracker, rasterising children);
* leftovers: staging folders (``.stage-*``) and half-written files (``.*.tmp``) in the output
  folder, and anything in the trial's ``TMPDIR``;

then runs the next build (``--only appendix``, into the same folder) and counts the leftovers
again: an interrupted build's leftovers must be gone after it.

    nice -n 10 python benchmarks/sigkill_trials.py --trials 30 [--cards tests/fixtures/catalogue]

Prints one line per trial and a JSON summary (``--json FILE`` writes it too).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def marked(marker: str) -> list[int]:
    """The live processes whose environment holds ``marker`` (zombies excluded)."""
    out = []
    needle = marker.encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as fh:
                if needle not in fh.read():
                    continue
            with open(f"/proc/{entry}/stat") as fh:
                state = fh.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.append(int(entry))
    return out


def leftovers(out: Path, tmp: Path) -> list[str]:
    """Staging folders and temporary files an interrupted build left."""
    found = []
    if out.is_dir():
        for path in out.rglob("*"):
            if path.name.startswith(".stage-") or (
                path.name.startswith(".") and path.name.endswith(".tmp")
            ):
                found.append(str(path.relative_to(out)))
    if tmp.is_dir():
        found += [f"TMPDIR/{p.name}" for p in tmp.iterdir()]
    return sorted(found)


def trial(n: int, cards: Path, work: Path, delay: float, jobs: int) -> dict:
    """One trial: build, SIGKILL after ``delay`` seconds, count, rebuild, count."""
    base = work / f"trial-{n:03d}"
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir(parents=True)
    cat, out, tmp = base / "cards", base / "out", base / "tmp"
    shutil.copytree(cards, cat)
    tmp.mkdir()
    cache = base / "cache"
    cache.mkdir(mode=0o700)
    marker = f"CARDGEN_SIGKILL_TRIAL=trial-{os.getpid()}-{n}"
    env = {
        **os.environ,
        "TMPDIR": str(tmp),
        "CARDGEN_CACHE_DIR": str(cache),
        "PYTHONPATH": str(ROOT),
        "CARDGEN_SIGKILL_TRIAL": marker.split("=", 1)[1],
    }
    cmd = [sys.executable, "-m", "cardgen", "build", str(cat), "-o", str(out), "-q"]
    cmd += ["--jobs", str(jobs)]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    finished = False
    try:
        proc.wait(timeout=delay)
        finished = True  # it ended before the kill
    except subprocess.TimeoutExpired:
        family = len(marked(marker)) - 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    killed_at = time.monotonic() - start
    time.sleep(3.0)  # grace: workers notice their parent died
    orphans = marked(marker)
    left = leftovers(out, tmp)
    for pid in orphans:  # leave nothing behind
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    nxt = subprocess.run(
        [*cmd, "--only", "appendix"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    after = [p for p in leftovers(out, tmp) if not p.startswith("TMPDIR/")]
    result = {
        "trial": n,
        "delay": round(delay, 2),
        "killed_at": round(killed_at, 2),
        "finished_before_kill": finished,
        "processes_at_kill": None if finished else family,
        "orphans": len(orphans),
        "leftovers": len(left),
        "leftover_names": left[:5],
        "next_run_exit": nxt.returncode,
        "next_run_traceback": "Traceback" in nxt.stderr,
        "leftovers_after_next_run": len(after),
    }
    shutil.rmtree(base, ignore_errors=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=30)
    parser.add_argument("--cards", type=Path, default=ROOT / "tests" / "fixtures" / "catalogue")
    parser.add_argument("--min-delay", type=float, default=1.0)
    parser.add_argument("--max-delay", type=float, default=25.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="cardgen-sigkill-"))
    results = []
    try:
        for n in range(args.trials):
            delay = rng.uniform(args.min_delay, args.max_delay)
            r = trial(n, args.cards, work, delay, args.jobs)
            results.append(r)
            print(json.dumps(r), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    killed = [r for r in results if not r["finished_before_kill"]]
    summary = {
        "trials": len(results),
        "killed_mid_build": len(killed),
        "orphans": sum(r["orphans"] for r in results),
        "trials_with_orphans": sum(1 for r in results if r["orphans"]),
        "leftovers": sum(r["leftovers"] for r in results),
        "trials_with_leftovers": sum(1 for r in results if r["leftovers"]),
        "leftovers_after_next_run": sum(r["leftovers_after_next_run"] for r in results),
        "next_run_failures": sum(1 for r in results if r["next_run_exit"] != 0),
        "next_run_tracebacks": sum(1 for r in results if r["next_run_traceback"]),
    }
    print(json.dumps(summary, indent=2))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "trials": results}, indent=2))


if __name__ == "__main__":
    main()
