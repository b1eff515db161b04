"""Chance nodes: a state where nobody moves and the game draws an outcome (see
:mod:`cardgen.engine.protocol`)."""

from __future__ import annotations

from typing import TypeGuard

from cardgen.engine.protocol import Action, ChanceState, State

#: the key of a chance outcome in a step (OpenSpiel's chance player id)
CHANCE = -1


def at_chance(state: State) -> TypeGuard[ChanceState]:
    """Whether ``state`` stands at a chance node (and so is a :class:`ChanceState`)."""
    outcomes = getattr(state, "chance_outcomes", None)
    return (
        outcomes is not None and not state.is_terminal() and not state.movers() and bool(outcomes())
    )


def sample_chance(state: ChanceState) -> Action:
    """An outcome of the chance node drawn with the state's own generator (its
    ``sample_chance()`` when it has one): the same seed draws the same outcomes."""
    own = getattr(state, "sample_chance", None)
    if own is not None:
        return int(own())
    outcomes = state.chance_outcomes()
    r, total = state.rng.random(), 0.0
    for outcome, p in outcomes:
        total += p
        if r < total:
            return int(outcome)
    return int(outcomes[-1][0])


def settle(state: State) -> None:
    """Resolve chance nodes by drawing until a seat moves or the game ends."""
    while at_chance(state):
        state.apply_chance(sample_chance(state))
