"""A search budget against the engine's own: the kit's search bot with other options (fewer
iterations, shorter rollouts) duels the bot as the engine sets it, and each seat's CPU per game.

    python benchmarks/bench_search_budget.py --pack attack-the-tower --set iterations=30
    python benchmarks/bench_search_budget.py --pack greedy-kingdoms --set rollout_depth=4 \\
        --games 200 --workers 2

A new budget counts (issue 41) only if it wins at least 45% of 200 games against the old one:
the seats alternate (the new bot P1 in even games, P2 in odd ones), a game is seeded by its
number, a draw counts half; the win rate is printed with its Wilson 95% interval.  CPU seconds
(``time.process_time``) are each bot's thinking per game, the median over the games, so the
figure holds on a shared machine; the baseline (the engine's budget) is printed beside it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CATALOGUES = {
    "attack-the-tower": "games/attack-the-tower/cards",
    "greedy-kingdoms": "games/greedy-kingdoms/cards",
}


def _value(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text


def duel(pack: str, new: dict[str, Any], seed: int) -> tuple[float, float, float]:
    """One game: the new budget's result (1, 0 or 0.5) and the CPU seconds each bot (new,
    old) thought."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine import Setup
    from cardgen.engine.chance import at_chance, sample_chance
    from cardgen.engine.registry import engine_of
    from cardgen.engine.search import search_bot

    cat = load_catalogue(ROOT / CATALOGUES[pack])
    engine = engine_of(cat)
    sides = tuple(engine.recommended_sides(cat, 2))
    game = engine.new_game(cat, Setup(players=2, sides=sides))
    mine = seed % 2  # the new bot's seat
    bots = [None, None]
    bots[mine] = search_bot(engine, 1000 + seed, **{**engine.search, **new})
    bots[1 - mine] = search_bot(engine, 2000 + seed, **engine.search)
    spent = [0.0, 0.0]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if at_chance(state):
            state.apply_chance(sample_chance(state))
            continue
        joint = {}
        for p in state.movers():
            t = time.process_time()
            joint[p] = bots[p].choose(state, p)
            spent[p] += time.process_time() - t
        state.apply_chosen(joint)
    r = state.returns()
    score = 1.0 if r[mine] > r[1 - mine] else 0.0 if r[mine] < r[1 - mine] else 0.5
    return score, spent[mine], spent[1 - mine]


def _one(job: tuple[str, dict[str, Any], int]) -> tuple[float, float, float]:
    return duel(*job)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", choices=list(CATALOGUES), required=True)
    ap.add_argument("--set", action="append", default=[], help="a search option: NAME=VALUE")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    new = {k: _value(v) for k, _, v in (s.partition("=") for s in args.set)}
    jobs = [(args.pack, new, seed) for seed in range(args.games)]
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(_one, jobs, chunksize=1)
    else:
        results = [_one(j) for j in jobs]
    from cardgen.simulate.stats import wilson

    wins = sum(r[0] for r in results)
    lo, hi = wilson(wins, len(results))
    print(f"{args.pack}: search {new} against the engine's budget, {len(results)} games")
    print(f"  wins {wins / len(results):.1%} (95% CI {lo:.1%}-{hi:.1%}); counts if >= 45%")
    print(
        f"  CPU s a game (median): {statistics.median(r[1] for r in results):.2f}"
        f"   baseline (the engine's budget) {statistics.median(r[2] for r in results):.2f}"
    )


if __name__ == "__main__":
    main()
