"""Authority's heuristics: the ``greedy`` bot, which follows the design document's tips one
decision at a time by a fixed priority (the search's rollout policy and opponent model too),
and the position value the kit's search scores cut rollouts by (``evaluate``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgen.packs.authority.engine.actions import END, Act
from cardgen.packs.authority.engine.state import State
from cardgen.packs.authority.model import Kind, Role

_ACTS = tuple(Act)  # Act(k) is _ACTS[k - 1]


def unit_value(state: State, inst: int) -> float:
    """How much a unit is worth in a deck: its power, plus a little per ability."""
    return state.game.values[inst]


def greedy_choice(state: State, player: int, legal: Sequence[int], rng: random.Random) -> int:
    """The greedy bot's choice among ``legal`` (fixed priorities, ties broken by ``rng``)."""
    by: dict[Act, list[int]] = {k: [] for k in _ACTS}
    for action in legal:  # by kind, in the order given
        by[_ACTS[action // 10000 - 1]].append(action)
    me = state.players[player]
    opp = state.opponents(player)
    if by[Act.REMOVE_SPY]:
        return rng.choice(by[Act.REMOVE_SPY])
    # 1. kill what the pending damage can kill, the strongest first
    if by[Act.STRIKE]:
        return max(by[Act.STRIKE], key=lambda a: (state.toughness(_subject(a)), a))
    # 2. Monarch damage from a discard ability, on the weakest Monarch
    uses = by[Act.USE]
    if uses:
        lethal = [a for a in uses if _use_kind(state, a) is Kind.monarch_damage]
        if lethal:
            return min(lethal, key=lambda a: (state.players[a % 10].hp, a))
        return uses[0]
    if by[Act.IGNORE] or by[Act.DISABLE]:
        pick = by[Act.DISABLE] or by[Act.IGNORE]
        return max(pick, key=lambda a: (state.toughness(_subject(a)), a))
    if by[Act.RETIRE]:
        values = state.game.values
        weakest = min(by[Act.RETIRE], key=lambda a: (values[_subject(a)], a))
        if values[_subject(weakest)] <= 2:
            return weakest
    # the weakest Monarch; ties broken at random (by seat, every bot would gang up on seat 1)
    tie = {s: rng.random() for s in opp}
    target = min(opp, key=lambda s: (state.players[s].hp + _defence(state, s), tie[s]))
    values = state.game.values
    hand = sorted(me.hand, key=lambda i: (values[i], i))
    # 3. defend with the weakest units early (tip 1), keep a defence late (tip 5)
    for inst in hand:
        u = state.unit(inst)
        a = _find(by[Act.DEFEND], inst)
        if a is None:
            continue
        if (u.power or 0) <= 2 or (state.turn > 6 and not _defenders(state, player)):
            return a
    # 4. spies to the general zone
    if by[Act.SPY]:
        return by[Act.SPY][0]
    # 5. recruit when the market holds something better than the deck's average
    best_buy = _best_buy(state, player, by)
    if best_buy is not None:
        return best_buy
    want = _wanted_cost(state, player)
    if want is not None and state.authority < want:
        for inst in hand:
            a = _find(by[Act.RECRUIT], inst)
            if a is not None and state.unit(inst).role is not Role.unit:
                return a
        for inst in hand:
            a = _find(by[Act.RECRUIT], inst)
            if a is not None and any(k.kind is Kind.authority for k in state.unit(inst).abilities):
                return a
        if state.authority + sum(state.unit(i).power or 0 for i in hand) >= want:
            a = _find(by[Act.RECRUIT], hand[0]) if hand else None
            if a is not None:
                return a
    # 6. attack the weakest Monarch with everything else
    for inst in reversed(hand):
        a = next((x for x in by[Act.ATTACK] if _subject(x) == inst and x % 10 == target), None)
        if a is not None:
            return a
    if by[Act.WOUND] and state.settings.damage_persists:
        return by[Act.WOUND][0]
    return END


def _use_kind(state: State, action: int) -> Kind:
    ability = state.unit(_subject(action)).discard_ability
    assert ability is not None  # a USE action's unit has one
    return ability.kind


def _subject(action: int) -> int:
    """``decode(action).subject``, without decoding the rest."""
    return action % 10000 // 10


def _find(actions: Sequence[int], inst: int) -> int | None:
    return next((a for a in actions if a % 10000 // 10 == inst), None)


def _defenders(state: State, seat: int) -> int:
    return len(state.players[seat].defenders())


def _defence(state: State, seat: int) -> int:
    powers = state.game.powers
    return sum(powers[u] for row in state.players[seat].rows for u in row)


def _deck_average(state: State, seat: int) -> float:
    p = state.players[seat]
    values = state.game.values
    cards = p.hand + p.deck + p.discard
    return sum([values[i] for i in cards]) / max(len(cards), 1)


def _wanted_cost(state: State, seat: int) -> int | None:
    """The cost of the best market unit worth more than the deck's average, if any."""
    avg = _deck_average(state, seat)
    offers = [i for i in state.market if i >= 0] + list(state.generals)
    good = [
        i for i in offers if unit_value(state, i) > avg + 0.5 or state.unit(i).role is Role.leader
    ]
    if not good:
        return None
    return min(state.unit(i).cost or 0 for i in good)


def _best_buy(state: State, seat: int, by) -> int | None:
    avg = _deck_average(state, seat)
    options = [(a, state.market[_subject(a)]) for a in by[Act.BUY]]
    options += [(a, _subject(a)) for a in by[Act.BUY_GENERAL]]
    good = [
        (unit_value(state, i) + (3 if state.unit(i).role is Role.leader else 0), a)
        for a, i in options
        if unit_value(state, i) > avg + 0.5 or state.unit(i).role is Role.leader
    ]
    return max(good)[1] if good else None


def evaluate(state: State, seat: int) -> float:
    """A win chance for ``seat``: its team's share of the HP still standing (itself alone
    outside 2 vs. 2), defence counted at half its power; the result of an ended game."""
    if state.is_terminal():
        return state.returns()[seat]
    strength = state.strengths()
    total = sum(strength)
    return sum(strength[s] for s in state.team_of(seat)) / total if total else 0.0


class RandomBot:
    """A legal action at random, ending the turn a tenth as likely as any other (uniform
    choices end most turns after a decision or two, and most games at the turn limit)."""

    name = "random"

    def __init__(self, engine: Any = None, game: Any = None, seed: int = 0) -> None:
        self.random = random.Random(seed).random

    def choose(self, state: State, seat: int) -> int:
        legal = state.legal_view(seat)
        n = len(legal)
        if n > 1 and self.random() < 0.9:
            n -= 1  # END, the largest action, is always legal
        return legal[int(self.random() * n)]


class GreedyBot:
    """Fixed priorities: kill what pending damage can, Monarch damage, weak units to defence,
    recruit units above the deck's average, attack the weakest Monarch with the rest."""

    name = "greedy"

    def __init__(self, engine: Any = None, game: Any = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> int:
        return greedy_choice(state, seat, state.legal_actions(seat), self.rng)
