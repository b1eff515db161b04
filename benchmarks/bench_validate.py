"""Benchmark: `cardgen validate cards/` wall time, interpreter start included, beside the
import floor under any typer CLI (``typer_noop.py``: interpreter start, typer, argument
parsing) and, with ``--baseline DIR``, the same command run from another checkout.

Usage: python benchmarks/bench_validate.py [CARDS_DIR] [--runs N] [--baseline DIR]
Prints every run, the medians and the ratio to the floor (issue 41's goal: at most 2.4x the
floor; runs alternate between the commands, so each sees the same machine load).
"""

from __future__ import annotations

import argparse
import os
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
    parser.add_argument("--baseline", help="another checkout whose validate runs beside this one")
    args = parser.parse_args()
    exe = shutil.which("cardgen")
    cmd = (
        [exe, "validate", args.cards]
        if exe
        else [sys.executable, "-m", "cardgen", "validate", args.cards]
    )
    floor = [sys.executable, str(ROOT / "benchmarks" / "typer_noop.py"), "render", args.cards]
    base = [sys.executable, "-m", "cardgen", "validate", args.cards] if args.baseline else None
    base_env = {**os.environ, "PYTHONPATH": str(Path(args.baseline).resolve())} if base else None
    for c, env in ((cmd, None), (floor, None), (base, base_env)):
        if c:  # warm the OS file cache and the checks' cache
            subprocess.run(c, capture_output=True, check=False, env=env)
    times: dict[str, list[float]] = {"validate": [], "floor": [], "baseline": []}
    proc = None
    for _ in range(args.runs):
        for name, c, env in (
            ("validate", cmd, None),
            ("floor", floor, None),
            ("baseline", base, base_env),
        ):
            if c is None:
                continue
            start = time.perf_counter()
            done = subprocess.run(c, capture_output=True, text=True, check=False, env=env)
            times[name].append(time.perf_counter() - start)
            if name == "validate":
                proc = done
    assert proc is not None
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-200:]
    here, under = statistics.median(times["validate"]), statistics.median(times["floor"])
    print(f"command: {' '.join(cmd[1:] if exe else cmd)}")
    print(f"result:  {last} (exit {proc.returncode})")
    print("runs:    " + " ".join(f"{t:.3f}" for t in times["validate"]))
    print(f"median wall time: {here:.3f} s over {args.runs} runs")
    print(
        f"import floor (typer_noop.py): {under:.3f} s; "
        f"validate = {here / under:.2f}x the floor (goal <= 2.4x)"
    )
    if base:
        there = statistics.median(times["baseline"])
        print(
            f"baseline {args.baseline}: {there:.3f} s "
            f"({there / under:.2f}x the floor; x{here / there:.2f})"
        )


if __name__ == "__main__":
    main()
