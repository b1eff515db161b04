"""Benchmark: `cardgen validate cards/` wall time, interpreter start included.

Usage: python benchmarks/bench_validate.py [CARDS_DIR] [--runs N]
Prints every run and the median (goal: under 0.5 s for the 160-card catalogue).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", default=str(ROOT / "cards"))
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    exe = shutil.which("cardgen")
    cmd = (
        [exe, "validate", args.cards]
        if exe
        else [sys.executable, "-m", "cardgen", "validate", args.cards]
    )
    subprocess.run(cmd, capture_output=True, check=False)  # warm the OS file cache
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-200:]
    print(f"command: {' '.join(cmd[1:] if exe else cmd)}")
    print(f"result:  {last} (exit {proc.returncode})")
    print("runs:    " + " ".join(f"{t:.3f}" for t in times))
    print(f"median wall time: {statistics.median(times):.3f} s over {args.runs} runs")


if __name__ == "__main__":
    main()
