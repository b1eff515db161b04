"""Benchmark: full 4-player random-bot games per second on one core.

Usage: python benchmarks/bench_engine.py [--cards cards] [--games 500] [--runs 5]

Plays seeded games with ``RandomBot``s and the event log off (the simulation mode), from the
initial state to the end, and prints the median of several runs.  Time is this process's CPU
time (``time.process_time``): the figure is per core, undistorted by other load on the machine.
Game compilation happens once; each game still shuffles and deals its own piles.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.engine import Game, GameOptions, RandomBot, play_game

ROOT = Path(__file__).resolve().parents[1]


def run(game: Game, games: int, first_seed: int) -> tuple[float, float]:
    """Games per CPU second and per wall-clock second, seeds from ``first_seed``."""
    n = game.num_players
    cpu, wall = time.process_time(), time.perf_counter()
    for k in range(games):
        seed = first_seed + k
        state = game.new_initial_state(seed=seed)
        play_game(state, [RandomBot(seed * 8 + p) for p in range(n)])
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", default=str(ROOT / "cards"))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    cat = load_catalogue(args.cards)
    decks = list(cat.rules.deck_ids)[:4]
    game = Game(cat, decks, seed=0, options=GameOptions(log_events=False))
    run(game, 20, 10**6)  # warm-up
    results = [run(game, args.games, r * args.games) for r in range(args.runs)]
    cpu = [c for c, _ in results]
    wall = statistics.median(w for _, w in results)
    print(
        f"{statistics.median(cpu):.0f} games/s per core (median of {args.runs} runs of "
        f"{args.games} 4-player random-bot games, CPU time; runs: "
        f"{', '.join(f'{r:.0f}' for r in cpu)}; wall clock median {wall:.0f} games/s)"
    )


if __name__ == "__main__":
    main()
