"""Benchmark: the README's test command (``python -m pytest -n auto``), whole and its fast selection
(``-m "not slow"``), wall seconds and test counts.

Usage:
    python benchmarks/bench_tests.py                  # this checkout, full and fast, one run each
    python benchmarks/bench_tests.py --runs 3 --only fast
    python benchmarks/bench_tests.py --baseline main  # the same in a worktree of REV beside it

Goals (issue 41): the whole suite within 8 min (480 s) on 2 cores, the fast selection within 45 s.
``--baseline REV`` checks REV out into a temporary git worktree (or uses REV as it is when it is a
folder) and runs the same commands there with this interpreter, its ``cardgen`` taken from that
tree (``PYTHONPATH``), alternating the two checkouts run by run so both see the same machine load.
The install half of the README's command (``pip install -e ".[test]"``) is not timed.  A run that
fails still prints its time and says how many tests failed.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SELECTIONS = {"full": [], "fast": ["-m", "not slow"]}
GOALS = {"full": 480.0, "fast": 45.0}
#: the counts of pytest's last line: "2650 passed, 7 skipped, 2 xfailed in 201.3s"
_COUNT = re.compile(r"(\d+) (passed|failed|skipped|deselected|errors?|xfailed|xpassed)")


def _cpu() -> float:
    """CPU seconds (user + system) of every finished child process and their children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_suite(tree: Path, extra: list[str]) -> tuple[float, float, dict[str, int]]:
    """One run of ``python -m pytest -n auto`` in ``tree``: wall seconds, CPU seconds (the
    workers' and every process they started) and pytest's counts."""
    cmd = [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p", "no:cacheprovider", *extra]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - start, _cpu() - cpu
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-300:]
    counts = {kind: int(n) for n, kind in _COUNT.findall(tail)}
    for line in proc.stdout.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):  # a time with failures is no figure: say which
            print(f"  {line}", file=sys.stderr)
    if proc.returncode not in (0, 1):
        print(f"  pytest exited {proc.returncode} in {tree}: {tail}", file=sys.stderr)
    return wall, cpu, counts


def _describe(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "no tests"


def _checkout(rev: str, scratch: Path) -> Path:
    """A folder holding ``rev``: itself when it is one, else a detached git worktree of it."""
    if Path(rev).is_dir():
        return Path(rev).resolve()
    tree = scratch / "baseline"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), rev], check=True
    )
    return tree


def _median(runs: list[tuple[float, float, dict[str, int]]]) -> tuple[float, float, str]:
    """The median wall and CPU seconds of some runs, and the last run's counts."""
    walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
    return statistics.median(walls), statistics.median(cpus), _describe(runs[-1][2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="runs of each command (median printed)")
    ap.add_argument("--only", choices=sorted(SELECTIONS), help="time one selection only")
    ap.add_argument("--baseline", metavar="REV", help="a git revision (or a folder) to time beside")
    args = ap.parse_args()
    names = [args.only] if args.only else list(SELECTIONS)
    results: dict[tuple[str, str], list[tuple[float, float, dict[str, int]]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as tmp:
        trees = {"this": ROOT}
        if args.baseline:
            trees["baseline"] = _checkout(args.baseline, Path(tmp))
        try:
            for name in names:
                for run in range(args.runs):
                    for label, tree in trees.items():
                        wall, cpu, counts = run_suite(tree, SELECTIONS[name])
                        results.setdefault((name, label), []).append((wall, cpu, counts))
                        print(
                            f"  {name} run {run + 1} {label}: {wall:.1f} s wall, {cpu:.1f} s CPU"
                            f" ({_describe(counts)})",
                            flush=True,
                        )
        finally:
            if trees.get("baseline", ROOT).parent == Path(tmp):
                remove = ["git", "-C", str(ROOT), "worktree", "remove", "--force"]
                subprocess.run([*remove, str(trees["baseline"])], check=False)
    print(
        f"\nmedian of {args.runs} run(s), {os.cpu_count()} cores, load average at the end"
        f" {os.getloadavg()[0]:.1f} (CPU: the workers and every process they started)"
    )
    for name in names:
        wall, cpu, counts = _median(results[name, "this"])
        print(
            f"{name:<5} {wall:7.1f} s wall {cpu:7.1f} s CPU  goal <= {GOALS[name]:.0f} s  {counts}"
        )
        if "baseline" in trees:
            b_wall, b_cpu, b_counts = _median(results[name, "baseline"])
            print(
                f"{'':<5} {b_wall:7.1f} s wall {b_cpu:7.1f} s CPU  baseline {args.baseline}"
                f"  {b_counts}  (x{b_wall / wall:.2f} wall, x{b_cpu / cpu:.2f} CPU)"
            )


if __name__ == "__main__":
    main()
