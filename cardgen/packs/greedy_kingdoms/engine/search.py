"""The adapter of the generic ISMCTS bot (:mod:`cardgen.simulate.search`) for Greedy Kingdoms,
and the ``ismcts`` bot.

The battle's secret simultaneous choice is one joint move: ``movers`` returns both players.
A determinisation reshuffles what a player cannot see, the order of the Upgrade Deck and of
the Special Worker Deck; Rock-Scissors-Paper happens before any decision, and a promotion's
draw comes from the (reshuffled) deck.  The other player plays the greedy bot (the
search's ``opponents="policy"``); rollouts play the greedy bot for ``ROLLOUT_DEPTH`` steps and
are scored by :func:`evaluate`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from cardgen.packs.greedy_kingdoms.engine.bots import GreedyBot, position_value
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE, State
from cardgen.simulate.search import ISMCTSBot

#: rollout steps before the position is scored (about two turns)
ROLLOUT_DEPTH = 8
#: the commits the search considers (the greedy bot's best)
COMMIT_WIDTH = 8
#: determinisations per decision of the ``ismcts`` bot
ITERATIONS = 48
#: how many position-value points make a win about 73 % likely (the evaluation's scale)
SCALE = 12.0


def evaluate(state: State, player: int) -> float:
    """A win chance in [0, 1] for ``player``: the game's result if it ended, else a logistic
    of the difference of the greedy bot's position values."""
    if state.is_terminal():
        return state.returns()[player]
    diff = position_value(state, player) - position_value(state, 1 - player)
    return 1.0 / (1.0 + math.exp(-diff / SCALE))


class GreedyKingdomsAdapter:
    """The :class:`cardgen.simulate.search.SearchAdapter` of Greedy Kingdoms."""

    def __init__(self) -> None:
        self._greedy = GreedyBot(0)

    def movers(self, state: State) -> Sequence[int]:
        return state.acting_players()

    def legal(self, state: State, player: int) -> Sequence[int]:
        """The legal actions; of the 56 commits only the greedy bot's ``COMMIT_WIDTH`` best
        (the search refines the heuristic instead of spreading thin over every commit)."""
        legal = state.legal_actions(player)
        if state.phase != COMMIT_PHASE or len(legal) <= COMMIT_WIDTH:
            return legal
        scores = self._greedy.commit_scores(state, player, legal)
        ranked = sorted(range(len(legal)), key=lambda k: (-scores[k], legal[k]))
        return sorted(legal[k] for k in ranked[:COMMIT_WIDTH])

    def apply(self, state: State, actions: Mapping[int, int]) -> None:
        state.apply_actions([actions.get(0), actions.get(1)], check=False)
        while state.is_chance_node():
            state.apply_chance(state.sample_chance())

    def is_terminal(self, state: State) -> bool:
        return state.is_terminal()

    def returns(self, state: State) -> Sequence[float]:
        return state.returns()

    def determinise(self, state: State, player: int, rng: random.Random) -> State:
        return state.determinise(player, rng)

    def policy(self, state: State, player: int, rng: random.Random) -> int:
        self._greedy.rng = rng
        return self._greedy.step(state, player)

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(state, player)


class SearchBot:
    """The ``ismcts`` bot: generic ISMCTS over :class:`GreedyKingdomsAdapter`."""

    name = "ismcts"

    def __init__(self, seed: int = 0, *, iterations: int = ITERATIONS) -> None:
        self.bot = ISMCTSBot(
            GreedyKingdomsAdapter(),
            iterations=iterations,
            rollout_depth=ROLLOUT_DEPTH,
            opponents="policy",
            seed=seed,
        )

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return self.bot.choose(state, player)
