"""Bots: random, and a greedy one that follows the design document's tips.

A bot's ``step(state, player)`` returns one legal action.  The greedy bot plays one decision at
a time by a fixed priority (its choices are what ``policy`` of the search adapter uses).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from cardgen.packs.authority.engine.actions import END, Act, decode
from cardgen.packs.authority.engine.state import State
from cardgen.packs.authority.model import Kind, Role


class Bot(Protocol):
    def step(self, state: State, player: int) -> int: ...


class RandomBot:
    """Uniform over the legal actions (ending the turn only a tenth as likely as the rest)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) > 1 and self.rng.random() < 0.9:
            legal = [a for a in legal if a != END]
        return self.rng.choice(legal)


def unit_value(state: State, inst: int) -> float:
    """How much a unit is worth in a deck: its power, plus a little per ability."""
    u = state.unit(inst)
    return (u.power or 0) + 1.5 * len(u.abilities)


def greedy_choice(state: State, player: int, legal: Sequence[int], rng: random.Random) -> int:
    """The greedy bot's choice among ``legal`` (fixed priorities, ties broken by ``rng``)."""
    acts = [decode(a) for a in legal]
    by = {k: [a for a, d in zip(legal, acts, strict=True) if d.kind is k] for k in Act}
    me = state.players[player]
    opp = state.opponents(player)
    if by[Act.REMOVE_SPY]:
        return rng.choice(by[Act.REMOVE_SPY])
    # 1. kill what the pending damage can kill, the strongest first
    if by[Act.STRIKE]:
        return max(by[Act.STRIKE], key=lambda a: (state.toughness(decode(a).subject), a))
    # 2. Monarch damage from a discard ability, on the weakest Monarch
    uses = by[Act.USE]
    if uses:
        lethal = [a for a in uses if _use_kind(state, a) is Kind.monarch_damage]
        if lethal:
            return min(lethal, key=lambda a: (state.players[decode(a).arg].hp, a))
        return uses[0]
    if by[Act.IGNORE] or by[Act.DISABLE]:
        pick = by[Act.DISABLE] or by[Act.IGNORE]
        return max(pick, key=lambda a: (state.toughness(decode(a).subject), a))
    if by[Act.RETIRE]:
        weakest = min(by[Act.RETIRE], key=lambda a: (unit_value(state, decode(a).subject), a))
        if unit_value(state, decode(weakest).subject) <= 2:
            return weakest
    # the weakest Monarch; ties broken at random (by seat, every bot would gang up on seat 1)
    tie = {s: rng.random() for s in opp}
    target = min(opp, key=lambda s: (state.players[s].hp + _defence(state, s), tie[s]))
    hand = sorted(me.hand, key=lambda i: (unit_value(state, i), i))
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
        a = next(
            (x for x in by[Act.ATTACK] if decode(x).subject == inst and decode(x).arg == target),
            None,
        )
        if a is not None:
            return a
    if by[Act.WOUND] and state.settings.damage_persists:
        return by[Act.WOUND][0]
    return END


def _use_kind(state: State, action: int) -> Kind:
    return state.unit(decode(action).subject).discard_ability.kind


def _find(actions: Sequence[int], inst: int) -> int | None:
    return next((a for a in actions if decode(a).subject == inst), None)


def _defenders(state: State, seat: int) -> int:
    return len(state.players[seat].defenders())


def _defence(state: State, seat: int) -> int:
    return sum(state.unit(u).power or 0 for u in state.players[seat].defenders())


def _deck_average(state: State, seat: int) -> float:
    p = state.players[seat]
    cards = p.hand + p.deck + p.discard
    return sum(unit_value(state, i) for i in cards) / max(len(cards), 1)


def _wanted_cost(state: State, seat: int) -> int | None:
    """The cost of the best market unit worth more than the deck's average, if any."""
    avg = _deck_average(state, seat)
    offers = [i for i in state.market if i >= 0] + list(state.generals)
    good = [
        i for i in offers if unit_value(state, i) > avg + 0.5 or state.unit(i).role is Role.leader
    ]
    if not good:
        return None
    return min(state.unit(i).cost for i in good)


def _best_buy(state: State, seat: int, by) -> int | None:
    avg = _deck_average(state, seat)
    options = [(a, state.market[decode(a).subject]) for a in by[Act.BUY]]
    options += [(a, decode(a).subject) for a in by[Act.BUY_GENERAL]]
    good = [
        (unit_value(state, i) + (3 if state.unit(i).role is Role.leader else 0), a)
        for a, i in options
        if unit_value(state, i) > avg + 0.5 or state.unit(i).role is Role.leader
    ]
    return max(good)[1] if good else None


class GreedyBot:
    """Fixed priorities: kill what pending damage can, Monarch damage, weak units to defence,
    recruit units above the deck's average, attack the weakest Monarch with the rest."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        return greedy_choice(state, player, state.legal_actions(), self.rng)


def _search_bot(seed: int) -> Bot:
    from cardgen.packs.authority.engine.search import make_search_bot

    return make_search_bot(seed)


#: the bots by name: a factory ``(seed) -> bot`` each (``ismcts``: the generic search bot)
BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": _search_bot}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name``; ValueError naming the bots if there is none."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")
    return BOTS[name](seed)


def play_game(state: State, bots: Sequence[Bot], *, check: bool = False) -> State:
    """Play ``state`` to the end with ``bots[seat]``; ``check`` asserts the invariants after
    every action."""
    while not state.is_terminal():
        seat = state.current
        state.apply_action(bots[seat].step(state, seat))
        if check:
            state.check_invariants()
    return state
