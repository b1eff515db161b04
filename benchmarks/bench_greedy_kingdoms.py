"""Benchmark: Greedy Kingdoms games per CPU second, random and greedy bots, and the search
bot's CPU seconds per decision (through the engine kit).

Usage: python benchmarks/bench_greedy_kingdoms.py [--games 300] [--runs 3] [--decisions 10]

Time is this process's CPU time (``time.process_time``), so the figures are per core and
undistorted by other load; each figure is the median of ``--runs`` runs.
(``benchmarks/bench_games.py`` times every engine's random games beside a baseline checkout.)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import Setup
from cardgen.engine.bots import make_bot
from cardgen.engine.play import play
from cardgen.packs.greedy_kingdoms.engine import ENGINE
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE

CARDS = Path(__file__).resolve().parents[1] / "games" / "greedy-kingdoms" / "cards"


def games_per_second(cat: Any, game: Any, bot: str, games: int) -> float:
    cpu = time.process_time()
    for seed in range(games):
        play(ENGINE, cat, game.setup, [bot, bot], seed, game=game, record=False)
    return games / (time.process_time() - cpu)


def search_seconds(game: Any, decisions: int) -> float:
    """CPU seconds per search decision at a battle's commit (the widest decision)."""
    total = 0.0
    for seed in range(decisions):
        st = game.new_initial_state(seed)
        st.apply_chance(st.sample_chance())
        greedy = [make_bot(ENGINE, game, "greedy", p + 1) for p in (0, 1)]
        while st.phase != COMMIT_PHASE:
            st.apply({p: greedy[p].choose(st, p) for p in st.movers()})
        cpu = time.process_time()
        make_bot(ENGINE, game, "search", seed).choose(st, st.attacker)
        total += time.process_time() - cpu
    return total / decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--decisions", type=int, default=10)
    args = ap.parse_args()
    cat = load_catalogue(CARDS)
    game = ENGINE.new_game(cat, Setup(2))
    for bot in ("random", "greedy"):
        runs = [games_per_second(cat, game, bot, args.games) for _ in range(args.runs)]
        print(f"{bot}: {statistics.median(runs):.0f} games per CPU second (median of {args.runs})")
    runs = [search_seconds(game, args.decisions) for _ in range(args.runs)]
    print(f"search: {statistics.median(runs):.2f} CPU s per commit decision")


if __name__ == "__main__":
    main()
