"""Benchmark: the documents — the appendix build steps after one card changed, and
``cardgen appendix --format pdf --rulebook``.

Usage: python benchmarks/bench_docs.py [--runs N] [--against CHECKOUT]

- appendix steps: the first card of the first card file gets a new cost, then
  ``build --only appendix`` runs in a fresh interpreter; the time of each appendix step (as the
  build measures it) and of the whole command;
- appendix pdf + rulebook: ``cardgen appendix --format pdf --rulebook`` into a fresh folder,
  wall time, interpreter start included.

It measures the code of this checkout; ``--against`` measures another checkout of cardgen too
(e.g. one of ``main``), run by run in turn with this one, so that both see the same machine
load, and prints the ratio of their medians.  Each checkout gets its own copy of ``cards/``,
output and cache folders.  Prints every case's median of N runs (default 5).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_package import _bump  # the same one-card change as the package figures

ROOT = Path(__file__).resolve().parents[1]

#: builds the appendix group and prints each step's seconds as JSON
DRIVER = """
import json, sys
from cardgen.build import build
times = {}
build(sys.argv[1], sys.argv[2], only=["appendix"],
      on_step=lambda r: times.__setitem__(r.step_id, r.seconds))
print(json.dumps(times))
"""


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return took, done.stdout


class Checkout:
    """One checkout of cardgen with its own catalogue copy, output and cache folders."""

    def __init__(self, name: str, code: Path, tmp: Path) -> None:
        self.name, self.tmp = name, tmp / name
        self.cards, self.out = self.tmp / "cards", self.tmp / "output"
        shutil.copytree(ROOT / "cards", self.cards)
        self.env = {
            **os.environ,
            "PYTHONPATH": str(code),
            "CARDGEN_CACHE_DIR": str(self.tmp / "cache"),
        }
        self.times: dict[str, list[float]] = {}

    def _note(self, case: str, seconds: float) -> None:
        self.times.setdefault(case, []).append(seconds)

    def build(self) -> None:
        cmd = [sys.executable, "-c", DRIVER, str(self.cards), str(self.out)]
        wall, printed = _run(cmd, self.env)
        self._note("build --only appendix", wall)
        steps = json.loads(printed)
        for step, seconds in steps.items():
            self._note(step, seconds)
        self._note("appendix steps, sum", sum(steps.values()))

    def appendix(self, run: int) -> None:
        cmd = [sys.executable, "-m", "cardgen", "appendix", str(self.cards), "-q"]
        cmd += ["--format", "pdf", "--rulebook", "-o", str(self.tmp / f"appendix-{run}")]
        self._note("appendix pdf+rulebook", _run(cmd, self.env)[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", type=Path, help="another checkout of cardgen to time in turn")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="cardgen-bench-docs-"))
    try:
        checkouts = [Checkout("this", ROOT, tmp)]
        if args.against:
            checkouts.append(Checkout("against", args.against.resolve(), tmp))
        for c in checkouts:  # warm-up: the whole appendix group, the validation cache
            c.build()
            c.times.clear()
        for run in range(args.runs):
            turn = checkouts if run % 2 == 0 else checkouts[::-1]
            for c in turn:
                _bump(c.cards, run)
                c.build()
            for c in turn:
                c.appendix(run)
        print(f"cardgen bench_docs: {args.runs} runs, {os.cpu_count()} cores")
        for c in checkouts:
            where = ROOT if c.name == "this" else args.against
            print(f"{c.name} ({where}):")
            for case, times in c.times.items():
                runs = " ".join(f"{t:.2f}" for t in times)
                print(f"  {case:<24} median {statistics.median(times):6.3f} s   ({runs})")
        if args.against:
            this, other = (c.times for c in checkouts)
            print("this / against, ratio of medians:")
            for case in this:
                ratio = statistics.median(this[case]) / statistics.median(other[case])
                print(f"  {case:<24} {ratio:5.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
