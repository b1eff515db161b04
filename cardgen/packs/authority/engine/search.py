"""Authority for the generic ISMCTS bot (:mod:`cardgen.engine.search`): the adapter and the
``ismcts`` bot (the greedy bot is its rollout policy and opponent model)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardgen.engine.search import ISMCTSBot
from cardgen.packs.authority.engine.bots import greedy_choice
from cardgen.packs.authority.engine.state import State

#: per decision: determinisations searched, and policy steps before a rollout is scored
ITERATIONS = 60
ROLLOUT_DEPTH = 40


class AuthorityAdapter:
    """One player acts at a time; hidden: other hands, every deck's order, the market deck."""

    def movers(self, state: State) -> Sequence[int]:
        return state.movers()

    def legal(self, state: State, player: int) -> Sequence[int]:
        return state.legal_actions(player)

    def apply(self, state: State, actions: Mapping[int, int]) -> None:
        state.apply_action(actions[state.current])

    def is_terminal(self, state: State) -> bool:
        return state.is_terminal()

    def returns(self, state: State) -> Sequence[float]:
        return state.returns()

    def determinise(self, state: State, player: int, rng: random.Random) -> State:
        return state.determinise(player, rng)

    def policy(self, state: State, player: int, rng: random.Random) -> int:
        return greedy_choice(state, player, state.legal_actions(player), rng)

    def evaluate(self, state: State, player: int) -> float:
        """A cut rollout's value for ``player``: its team's share of the HP still standing
        (itself alone outside 2 vs. 2), defence counted at half its power."""
        if state.is_terminal():
            return state.returns()[player]

        def strength(s: int) -> float:
            p = state.players[s]
            if not p.alive:
                return 0.0
            return p.hp + 0.5 * sum(state.unit(u).power or 0 for u in p.defenders())

        total = sum(strength(s) for s in range(state.n))
        return sum(strength(s) for s in state.team_of(player)) / total if total else 0.0


ADAPTER = AuthorityAdapter()


class SearchBot:
    """The ``ismcts`` bot: ISMCTS over the adapter, decisions scored by short greedy rollouts."""

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS) -> None:
        self.bot = ISMCTSBot(ADAPTER, iterations=iterations, seed=seed, rollout_depth=ROLLOUT_DEPTH)

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.bot.choose(state, player)


def make_search_bot(seed: int) -> SearchBot:
    return SearchBot(seed)
