"""Attack Right's heuristics on the engine kit: its own bots (``greedy``: the card-value
heuristic, :class:`~.greedy.GreedyBot`; ``lookahead``: greedy candidates rolled out to the end
of the round in determinised worlds, :class:`~.lookahead.LookaheadBot`; ``search``: the kit's
search bot over the engine's search hooks, :mod:`.ismcts`), the rollout policy (greedy) and
the position's value (a win chance: a softmax of each seat's glory if nobody played another
card, plus what its coins may buy)."""

from __future__ import annotations

import math
import random
from typing import Any

from cardgen.packs.attack_right.engine.ai.greedy import GreedyBot
from cardgen.packs.attack_right.engine.ai.ismcts import SearchBot
from cardgen.packs.attack_right.engine.ai.lookahead import LookaheadBot
from cardgen.packs.attack_right.engine.phases import DRAFT, age, battle, battle_start, income
from cardgen.packs.attack_right.engine.state import State


class _Seated:
    """One of the pack's bots (``choose(state, seat, legal)``) as a kit bot."""

    name = ""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, state: State, seat: int) -> int:
        return self.bot.choose(state, seat, state.legal_actions(seat))


def greedy(engine: Any, game: Any, seed: int) -> _Seated:
    """Drafts the best-valued card, plays the best value for its price, ends saving the best
    card when nothing is worth its price; looks, intercepts and moves by what it has seen."""
    bot = _Seated(GreedyBot(seed))
    bot.name = "greedy"
    return bot


def lookahead(engine: Any, game: Any, seed: int) -> _Seated:
    """3 greedy candidates, each rolled out to the end of the round in 2 determinised worlds."""
    bot = _Seated(LookaheadBot(seed))
    bot.name = "lookahead"
    return bot


def search(engine: Any, game: Any, seed: int) -> _Seated:
    """Information-set MCTS: 12-48 iterations a decision in 2-player games (scaled by
    2/players), sequential halving over the 6 best candidates, greedy rollouts to the end of
    the round, each position scored by its tableaus fighting and earning to the end."""
    bot = _Seated(SearchBot(seed))
    bot.name = "search"
    return bot


_POLICY = GreedyBot(0)


def policy(state: State, seat: int, rng: random.Random) -> int:
    """The greedy choice (the search's rollouts and opponents)."""
    return _POLICY.choose(state, seat, state.legal_actions(seat))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s win chance from the standing tableaus and coins (:func:`win_chances`)."""
    return win_chances(state)[seat]


#: glory that makes one player's win chance e times another's in :meth:`evaluate`
TEMPERATURE = 2.0
#: glory a coin is worth beyond its final 1/3, for what it buys, at the start of the game (it
#: falls to 0 by the end: the share of the rounds still to play)
COIN_WORTH = 0.5


def standing_scores(st: State) -> list[float]:
    """Each player's final glory (coins at the game's rate) if nobody played another card.

    From a position in a round's draft or play (or at the end), the tableaus as they stand fight,
    earn and age through every round left, by the engine's own :func:`battle`, :func:`income` and
    :func:`age` on a copy.  Income cards, upkeep, battle and age effects and deaths all count for
    as long as they last, which a card worth without the rounds left cannot see.
    """
    g = st.game
    if st.is_terminal():
        return [float(x) for x in st.glory]
    w = st.clone()
    w.events = w.tally = None
    rnd = w.round
    while rnd <= g.rounds:
        w.round = rnd
        start = battle_start(w)
        assert start is not None  # a clone draws a tie for the first battle itself
        battle(w, start)
        income(w)
        age(w)
        rnd += 1
    rate = g.coins_per_glory
    return [w.glory[q] + w.coins[q] / rate for q in range(w.n)]


def win_chances(st: State) -> list[float]:
    """A softmax of every player's :func:`worths` (:data:`TEMPERATURE`)."""
    s = worths(st)
    top = max(s)
    w = [math.exp((x - top) / TEMPERATURE) for x in s]
    total = sum(w)
    return [x / total for x in w]


#: the last simulation state's standings in a draft: (the state, its round, its win chances)
_DRAFTED: list[Any] = [None, 0, ()]


def standings(st: State) -> list[float]:
    """:func:`win_chances`, worked out once per draft of a simulation's game (a state keeping
    a tally, stepped in place): a draft step moves only the packs and the cards kept, which the
    standings do not read (the tableaus, coins, glory, hands and the state's random draws stay
    as they were), so each step of a round's draft stands as its first did."""
    if st.phase != DRAFT or st.tally is None:
        return win_chances(st)
    memo = _DRAFTED
    if memo[0] is not st or memo[1] != st.round:
        memo[:] = (st, st.round, tuple(win_chances(st)))
    return list(memo[2])


def worths(st: State) -> list[float]:
    """:func:`standing_scores` plus :data:`COIN_WORTH` a coin for the rounds still to play."""
    g = st.game
    left = 0.0 if st.is_terminal() else (g.rounds - st.rounds_done) / g.rounds
    bonus = COIN_WORTH * left
    return [v + bonus * c for v, c in zip(standing_scores(st), st.coins, strict=True)]
