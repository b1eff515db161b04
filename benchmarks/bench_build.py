"""Benchmark: `cardgen build` wall time, interpreter start included.

Usage: python benchmarks/bench_build.py [CARDS_DIR] [--cold N] [--warm N] [--one-card N]

- cold: a fresh output folder every run (everything is rendered);
- no-change: the same output folder again (goal: under 1 s);
- one card: the first card of the first deck file gets a new cost, then the build runs
  (only the outputs holding that card are rebuilt).

The catalogue is copied to a temporary folder, so ``cards/`` is never touched.  Prints every run
and the medians.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _cmd(cards: Path, out: Path) -> list[str]:
    # `python -m cardgen` runs the code on PYTHONPATH (e.g. a clean clone) or the installed one
    base = [sys.executable, "-m", "cardgen"]
    return [*base, "build", str(cards), "--out", str(out), "--quiet"]


def _run(cards: Path, out: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run(_cmd(cards, out), capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if proc.returncode:
        sys.exit(f"build failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    return took


def _bump(cards: Path, run: int) -> None:
    deck = sorted(p for p in cards.glob("*.yaml") if p.name != "rules.yaml")[0]
    data = yaml.safe_load(deck.read_text())
    card = data["cards"][0]
    card["cost"] = (card["cost"] + 1 + run) % 20
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def _report(name: str, times: list[float]) -> None:
    if not times:  # a kind of run asked 0 times
        return
    print(f"{name:<10} runs: " + " ".join(f"{t:.2f}" for t in times))
    print(f"{name:<10} median wall time: {statistics.median(times):.3f} s over {len(times)} runs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", default=str(ROOT / "cards"))
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--warm", type=int, default=7)
    parser.add_argument("--one-card", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        cards, out = Path(tmp) / "cards", Path(tmp) / "output"
        shutil.copytree(args.cards, cards)
        cold = []
        for _ in range(args.cold):
            shutil.rmtree(out, ignore_errors=True)
            cold.append(_run(cards, out))
        if not cold:
            _run(cards, out)
        warm = [_run(cards, out) for _ in range(args.warm)]
        one = []
        for i in range(args.one_card):
            _bump(cards, i)
            one.append(_run(cards, out))
        print(f"command: cardgen {' '.join(_cmd(Path('CARDS'), Path('OUT'))[3:])}")
        if cold:
            _report("cold", cold)
        _report("no-change", warm)
        if one:
            _report("one card", one)


if __name__ == "__main__":
    main()
