"""Castle Rampage's heuristics: a position's value (:func:`evaluate`: a win chance from the
cards each side has left to defend with and to attack with), the search's rollout policy
(:func:`policy`: the strongest attack, now and then another) and the ``greedy`` bot, which
weighs each attack over worlds dealt from what its seat may know (the kit's greedy bot would
look one attack ahead in the real game: through face-down cards)."""

from __future__ import annotations

import random
from typing import Any

#: the search's determinisations per decision
ITERATIONS = 100
#: the worlds the greedy bot weighs each attack in
WORLDS = 8


def evaluate(state: Any, seat: int) -> float:
    """A win chance: Castle cards count twice Gate cards, hand strength a little."""
    if state.is_terminal():
        return state.returns()[seat]
    cards = state.game.cards

    def hold(p: int) -> float:
        s = state.seats[p]
        punch = sum(cards[c].attack or 0 for c in s.hand)
        return len(s.gate) + 2 * len(s.castle) + punch / 10

    lead = hold(seat) - hold(1 - seat)
    return 0.5 + max(-0.45, min(0.45, lead / 24))


def policy(state: Any, seat: int, rng: random.Random) -> int:
    """The strongest attack in hand, one time in four another at random."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 or rng.random() < 0.25:
        return legal[int(rng.random() * len(legal))]
    game = state.game
    return max(legal, key=lambda a: game.cards[game.designs[a]].attack or 0)


class GreedyBot:
    """The attack that leaves the best position (:func:`evaluate`) on average over
    :data:`WORLDS` worlds dealt from what the seat may know (ties: the first)."""

    name = "greedy"

    def __init__(self, engine: Any = None, game: Any = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> int:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        worlds = [state.determinise(seat, self.rng) for _ in range(WORLDS)]
        best, best_value = legal[0], float("-inf")
        for a in legal:
            value = 0.0
            for world in worlds:
                after = world.clone()
                after.apply({seat: a})
                value += evaluate(after, seat)
            if value > best_value:
                best, best_value = a, value
        return best
