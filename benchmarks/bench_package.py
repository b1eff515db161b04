"""Benchmark: every figure of the issue "A real package", in one command.

Usage: python benchmarks/bench_package.py [--runs N] [--jobs J] [--case NAME ...]

Each case is a whole command (interpreter start included), timed as wall time; the
plain-reportlab baseline (``baseline_reportlab.py``) runs right before every timed run, so each
figure comes with its ratio to a baseline measured under the same machine load.  Prints every
case's median of N runs (default 5) and the median of its per-run ratios.

- fresh kit: ``cardgen build`` into an empty output folder with an empty cache folder;
- one card changed: the first card of the first card file gets a new cost, then ``build``;
- nothing changed: ``build`` again;
- render pnp + print: ``cardgen render -p pnp -p print`` of the 160 cards;
- validate, warm cache: ``cardgen validate cards/`` with its cache filled.

The catalogue is copied to a temporary folder, so ``cards/`` is never touched.  The commands
run with bytecode written (``PYTHONDONTWRITEBYTECODE`` dropped), as in a designer's install:
the warm-up run compiles cardgen's modules once.  ``--case`` times only the cases named.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GOALS = {
    "fresh kit": "≤ 6 s",
    "one card changed": "≤ 1.5 s",
    "nothing changed": "≤ 0.3 s",
    "render pnp + print": "≤ 2× baseline",
    "validate, warm cache": "≤ 0.35 s",
}


def _timed(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return took


def _bump(cards: Path, run: int) -> None:
    first = sorted(p for p in cards.glob("*.yaml") if p.name != "rules.yaml")[0]
    data = yaml.safe_load(first.read_text())
    card = data["cards"][0]
    card["cost"] = (card["cost"] + 1 + run) % 20
    first.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=None, help="--jobs of build (default: cores)")
    ap.add_argument("--case", action="append", choices=list(GOALS), help="time only this case")
    args = ap.parse_args()
    py = sys.executable
    tmp = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    try:
        work = tmp / "game"
        shutil.copytree(ROOT / "cards", work / "cards")
        env = {**os.environ, "CARDGEN_CACHE_DIR": str(tmp / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a designer's install keeps its bytecode
        cardgen = [py, "-m", "cardgen"]
        jobs = ["--jobs", str(args.jobs)] if args.jobs else []
        baseline = [py, str(HERE / "baseline_reportlab.py"), str(tmp / "baseline.pdf")]

        def fresh(run: int) -> list[str]:
            shutil.rmtree(tmp / "cache", ignore_errors=True)
            shutil.rmtree(work / "output", ignore_errors=True)
            return [*cardgen, "build", "cards", "-q", *jobs]

        def one_card(run: int) -> list[str]:
            _bump(work / "cards", run)
            return [*cardgen, "build", "cards", "-q", *jobs]

        def nothing(run: int) -> list[str]:
            return [*cardgen, "build", "cards", "-q", *jobs]

        def render(run: int) -> list[str]:
            out = tmp / f"render-{run}"
            return [*cardgen, "render", "cards", "-q", "-p", "pnp", "-p", "print", "-o", str(out)]

        def validate(run: int) -> list[str]:
            return [*cardgen, "validate", "cards"]

        cases: dict[str, Callable[[int], list[str]]] = {
            "fresh kit": fresh,
            "one card changed": one_card,
            "nothing changed": nothing,
            "render pnp + print": render,
            "validate, warm cache": validate,
        }
        if args.case:
            cases = {name: make for name, make in cases.items() if name in args.case}
        # warm-up (bytecode, the caches of the warm cases), untimed
        _timed(baseline, env, work)
        for make in cases.values():
            _timed(make(-1), env, work)
        results: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for run in range(args.runs):
            for name, make in cases.items():
                cmd = make(run)  # set-up (clearing folders, editing a card) is not timed
                base = _timed(baseline, env, work)
                results[name].append((_timed(cmd, env, work), base))
        print(f"cardgen bench_package: {args.runs} runs, {os.cpu_count()} cores, python {py}")
        print(f"{'case':<24} {'median':>9} {'baseline':>9} {'ratio':>7}   goal")
        for name, runs in results.items():
            wall = statistics.median(w for w, _ in runs)
            base = statistics.median(b for _, b in runs)
            ratio = statistics.median(w / b for w, b in runs)
            print(f"{name:<24} {wall:>8.3f}s {base:>8.3f}s {ratio:>6.2f}×   {GOALS[name]}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
