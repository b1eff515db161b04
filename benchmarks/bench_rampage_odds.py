"""Benchmark: Castle Rampage's attack odds, the appendix's slowest part.

Usage: python benchmarks/bench_rampage_odds.py [--runs N]
Prints, per strength of the opening situation (Gate 4, Castle 4), the median time of the exact
forward pass (with its chance states) and of 10,000 simulated deals; then the median time of a
thousand whole games on the engine kit (random moves), per turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.castle_rampage import odds
from cardgen.packs.castle_rampage.engine import ENGINE

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "games" / "castle-rampage" / "cards"


def median_time(fn, runs: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cat = load_catalogue(CARDS)
    rules, cards = cat.rules, list(cat)
    for a in range(1, 8):
        t, row = median_time(lambda a=a: odds.exact(rules, cards, 4, 4, a, 10**7), args.runs)
        print(f"strength {a:2}: exact {t:7.3f} s ({row.attacks:,} states)")
    for a in (7, 12):
        t, _ = median_time(lambda a=a: odds.simulate(rules, cards, 4, 4, a, 10_000, 1), args.runs)
        print(f"strength {a:2}: 10,000 simulated deals {t:7.3f} s")
    game = ENGINE.new_game(cat, ENGINE.setup(cat))

    def turns() -> int:
        n = 0
        for seed in range(1000):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                (p,) = state.movers()
                state.apply({p: rng.choice(state.legal_actions(p))})
                n += 1
        return n

    t, n = median_time(turns, args.runs)
    print(f"{n} turns (1000 games on the engine kit): {t:.3f} s, {t / n * 1e6:.0f} µs each")


if __name__ == "__main__":
    main()
