"""Attack Right's heuristics on the engine kit: its own bots (``greedy``: the card-value
heuristic, :class:`~.bots.GreedyBot`; ``lookahead``: greedy candidates rolled out to the end
of the round in determinised worlds; ``search``: ISMCTS with greedy rollouts scored by the
standing tableaus), the search's rollout policy and the position's value (a win chance: a
softmax of each seat's glory if nobody played another card, plus what its coins may buy)."""

from __future__ import annotations

import random
from typing import Any

from cardgen.packs.attack_right.engine.bots import GreedyBot
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
    from cardgen.packs.attack_right.simulation.seat_bots import LookaheadBot

    bot = _Seated(LookaheadBot(seed))
    bot.name = "lookahead"
    return bot


def search(engine: Any, game: Any, seed: int) -> _Seated:
    """Information-set MCTS: 12-48 iterations a decision in 2-player games (scaled by
    2/players), sequential halving over the 6 best candidates, greedy rollouts to the end of
    the round, each position scored by its tableaus fighting and earning to the end."""
    from cardgen.packs.attack_right.simulation.search_bot import SearchBot

    bot = _Seated(SearchBot(seed))
    bot.name = "search"
    return bot


_POLICY = GreedyBot(0)
_ADAPTER: Any = None


def policy(state: State, seat: int, rng: random.Random) -> int:
    """The greedy choice (the search's rollouts and opponents)."""
    return _POLICY.choose(state, seat, state.legal_actions(seat))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s win chance from the standing tableaus and coins."""
    global _ADAPTER
    if _ADAPTER is None:
        from cardgen.packs.attack_right.simulation.search_bot import AttackRightAdapter

        _ADAPTER = AttackRightAdapter()
    return _ADAPTER.win_chances(state)[seat]
