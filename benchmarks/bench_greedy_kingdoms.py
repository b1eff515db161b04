"""Benchmark: Greedy Kingdoms games per CPU second, random and greedy bots, and the ismcts
bot's CPU seconds per decision.

Usage: python benchmarks/bench_greedy_kingdoms.py [--games 300] [--runs 3] [--decisions 10]

Time is this process's CPU time (``time.process_time``), so the figures are per core and
undistorted by other load; each figure is the median of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.greedy_kingdoms.engine import Game, make_bot, play_game
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE

CARDS = Path(__file__).resolve().parents[1] / "games" / "greedy-kingdoms" / "cards"


def games_per_second(game: Game, bot: str, games: int) -> float:
    cpu = time.process_time()
    for seed in range(games):
        bots = [make_bot(bot, seed * 2), make_bot(bot, seed * 2 + 1)]
        play_game(game.new_initial_state(seed, log_events=False), bots)
    return games / (time.process_time() - cpu)


def search_seconds(game: Game, decisions: int) -> float:
    """CPU seconds per ismcts decision at a battle's commit (the widest decision)."""
    total = 0.0
    for seed in range(decisions):
        st = game.new_initial_state(seed, log_events=False)
        greedy = [make_bot("greedy", 1), make_bot("greedy", 2)]
        while st.phase != COMMIT_PHASE:
            if st.is_chance_node():
                st.apply_chance(st.sample_chance())
                continue
            acting = st.acting_players()
            st.apply_actions([greedy[p].step(st, p) if p in acting else None for p in (0, 1)])
        cpu = time.process_time()
        make_bot("ismcts", seed).step(st, st.attacker)
        total += time.process_time() - cpu
    return total / decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--decisions", type=int, default=10)
    args = ap.parse_args()
    game = Game(load_catalogue(CARDS))
    for bot in ("random", "greedy"):
        runs = [games_per_second(game, bot, args.games) for _ in range(args.runs)]
        print(f"{bot}: {statistics.median(runs):.0f} games per CPU second (median of {args.runs})")
    runs = [search_seconds(game, args.decisions) for _ in range(args.runs)]
    print(f"ismcts: {statistics.median(runs):.2f} CPU s per commit decision")


if __name__ == "__main__":
    main()
