"""Strength and speed of Attack Right's search bot (ISMCTS, ``search``).

    python benchmarks/bench_search.py                      # the default duels and the 4p timing
    python benchmarks/bench_search.py --games 200 --timing 20

Strength: 2-player games of ``search`` against ``lookahead`` and against an 8-candidate widening
of it, seats alternating, decks drawn from the three 2-player decks per game (seeded); a shared
win counts as half.  The win rate is printed with its Wilson 95% interval.

Speed: 4-player games with ``search`` in one seat and ``lookahead`` in the others: the CPU
seconds (``time.process_time``) the search seat thinks per game, and the same for a game with
``search`` in every seat (seconds per game on one core).  CPU time, not wall time, so the
figures hold on a shared machine.

Measured (``--games 200 --timing 8 --workers 2``, seeds 1 to 5, the tuned catalogue of issue 21,
a shared 2-core machine; median of the five runs): search beat lookahead in 80.2 % of 200
2-player games (runs 77.8, 82.5, 80.2, 78.5, 80.5 %; 79.9 % of all 1,000, 95 % CI 77.3-82.3 %)
and the 8-candidate lookahead in 64.5 % (runs 65.5, 66.5, 64.5, 64.0, 60.5 %); the search seat
thought a median 0.32 CPU s per 4-player game (runs 0.31, 0.36, 0.32, 0.33, 0.30; 3.9x the
lookahead seat beside it) and won 37.5 % of them against three lookahead seats; a 4-player game
with search in every seat took 1.18 CPU s on one core (runs 1.19, 1.54, 1.18, 1.15, 1.17).
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgen.catalogue.loader import load_catalogue  # noqa: E402
from cardgen.engine.chance import settle  # noqa: E402
from cardgen.packs.attack_right.engine.ai.ismcts import SearchBot  # noqa: E402
from cardgen.packs.attack_right.engine.ai.lookahead import LookaheadBot  # noqa: E402
from cardgen.packs.attack_right.engine.game import Game  # noqa: E402
from cardgen.packs.attack_right.engine.state import PLAY  # noqa: E402
from cardgen.simulate.stats import wilson  # noqa: E402


def make(name: str, seed: int):
    if name == "search":
        return SearchBot(seed)
    if name == "lookahead8":
        return LookaheadBot(seed, candidates=8)
    return LookaheadBot(seed)


def play(cat, decks, bots, seed):
    """One game; per seat the CPU seconds its bot thought and whether it won."""
    game = Game(cat, decks, seed=0, log_events=False)
    st = game.new_initial_state(seed=seed)
    spent = [0.0] * st.n
    while st.phase <= PLAY:
        acts = {}
        for p in st.movers():
            t = time.process_time()
            acts[p] = bots[p].choose(st, p, st.legal_actions(p))
            spent[p] += time.process_time() - t
        st.apply_chosen(acts)
        settle(st)
    return spent, [r.winner for r in st.results()]


def _duel_game(args) -> float:
    """One 2-player game of ``search`` against ``opponent``: the search seat's share of the win."""
    cards, opponent, seed, g = args
    cat = _catalogue(cards)
    decks = list(cat.rules.deck_ids)[:3]
    rng = random.Random(f"{seed}:{g}")
    me = g % 2
    bots = [make(opponent, 2 * g + p) for p in range(2)]
    bots[me] = make("search", 2 * g + me)
    _, won = play(cat, rng.sample(decks, 2), bots, rng.getrandbits(63))
    return 1 / sum(won) if won[me] else 0.0


@functools.cache
def _catalogue(cards: str):
    return load_catalogue(Path(cards))


def duel(cards: str, opponent: str, games: int, seed: int, workers: int):
    """``search`` against ``opponent`` in 2-player games: win share, games, interval (the games
    are the same for any number of workers)."""
    jobs = [(cards, opponent, seed, g) for g in range(games)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            shares = pool.map(_duel_game, jobs, chunksize=1)
    else:
        shares = [_duel_game(j) for j in jobs]
    score = sum(shares)
    return score / games, games, wilson(round(score), games)


def timing(cat, games: int, everyone: bool) -> tuple[list[float], list[float], float]:
    """CPU seconds per 4-player game of the search seat (or of all four search seats) and of
    each ``lookahead`` seat beside it (the baseline), and the search seat's share of the wins
    against three ``lookahead`` seats."""
    decks = list(cat.rules.deck_ids)
    out, base, score = [], [], 0.0
    for g in range(games):
        me = g % 4
        names = ["search" if everyone or p == me else "lookahead" for p in range(4)]
        spent, won = play(cat, decks, [make(n, 10 * g + p) for p, n in enumerate(names)], 500 + g)
        out.append(sum(spent) if everyone else spent[me])
        base += [t for p, t in enumerate(spent) if names[p] == "lookahead"]
        score += won[me] / sum(won)
    return out, base, score / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="2-player games per duel")
    ap.add_argument("--timing", type=int, default=8, help="4-player games timed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default=str(ROOT / "cards"))
    ap.add_argument("--workers", type=int, default=1, help="processes for the duels")
    args = ap.parse_args()
    cat = _catalogue(args.cards)
    for opponent in ("lookahead", "lookahead8"):
        rate, n, (lo, hi) = duel(args.cards, opponent, args.games, args.seed, args.workers)
        print(f"search vs {opponent}: {rate:.1%} of {n} 2-player games (95% CI {lo:.1%}-{hi:.1%})")
    seat, base, share = timing(cat, args.timing, everyone=False)
    mid, ref = statistics.median(seat), statistics.median(base)
    print(
        f"search seat in a 4-player game: median {mid:.2f} CPU s (max {max(seat):.2f}, "
        f"{len(seat)} games), {mid / ref:.1f}x the lookahead seat beside it ({ref:.2f} CPU s); "
        f"it won {share:.1%} of them against three lookahead seats (fair share 25%)"
    )
    every, _, _ = timing(cat, max(1, args.timing // 4), everyone=True)
    print(
        f"4-player game with search in every seat: median {statistics.median(every):.2f} CPU s "
        f"({len(every)} games, one core)"
    )


if __name__ == "__main__":
    main()
