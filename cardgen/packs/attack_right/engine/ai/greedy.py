"""Attack Right's greedy bot: a card's worth to a player (:func:`card_value`) and the
one-step choice it gives in every decision (:class:`GreedyBot`).  The bot owns a
``random.Random(seed)``, so a game with bots is a pure function of the game and bot seeds."""

from __future__ import annotations

import random

from cardgen.packs.attack_right.engine.actions import END, PASS
from cardgen.packs.attack_right.engine.compiled import ATTACK, DEFENCE, CardDef
from cardgen.packs.attack_right.engine.executors import price
from cardgen.packs.attack_right.engine.state import DRAFT, INTERCEPT, LOOK, MOVE, PLAY, State


def card_value(state: State, player: int, inst: int, zone: int | None = None) -> float:
    """A rough worth of a card: counted power, production, income, glory, minus upkeep.

    It depends only on the card and the game (not on the position), so each value is worked
    out once per game and remembered.
    """
    memo = state.game.card_values
    key = (inst, zone)
    v = memo.get(key)
    if v is None:
        v = memo[key] = _card_value(state.card[inst], state.game.counts, zone)
    return v


def _card_value(c: CardDef, counts, zone: int | None) -> float:
    zones = (zone,) if zone is not None else c.zones
    power = 0.0
    for z in zones:
        v = 0.0
        for stat, p in ((DEFENCE, c.defence), (ATTACK, c.attack)):
            if p is not None and (c.flank or counts[z][stat]):
                v += p
        power = max(power, v)
    v = power
    v += 0.8 * sum(a for _, a in c.produce) + 0.5 * sum(a for _, a in c.discounts)
    for e in (*c.played, *c.income, *c.battle, *c.age_start, *c.dies):
        v += 0.5 * max(e[1], 0) * (1.5 if e[0] == 1 else 0.5)
    v += 0.5 * sum(m[1] for m in (*c.power_self, *c.power_zone))
    v -= 0.6 * c.upkeep
    if c.flank:
        v += 1
    v += 1.0 * len(c.intercepts) + (0.5 if c.moves else 0.0)
    return v


INTERCEPT_AT = 2.5
"""The worth of the best card a Neighbour holds, as far as a player has seen it (a peek this
round), under which the greedy bot keeps its look for later."""


def look_choice(state: State, player: int, legal: list[int]) -> int:
    """Look at once (the look is spent whether or not a card is discarded), at the Neighbour
    whose hand, as far as ``player`` has seen it this round, holds the best card, else at the
    richer one; with the card that reaches the fewest Neighbours (the other stays free).  Keep
    the look while every Neighbour on offer is seen to hold nothing worth
    :data:`INTERCEPT_AT`."""
    best, best_key = PASS, None
    for a in legal:
        if a == PASS:
            continue
        inst, side = state.decode_reaction(a)
        q = state.game.right[player] if side else state.game.left[player]
        hand = set(state.hands[q])
        seen = [
            card_value(state, player, i)
            for viewer, who, cards in state.peeks
            if viewer == player and who == q
            for i in cards
            if i in hand
        ]
        if seen and max(seen) < INTERCEPT_AT:
            continue
        reach = sum(1 for x in legal if x != PASS and state.decode_reaction(x)[0] == inst)
        key = (max(seen) if seen else INTERCEPT_AT, state.coins[q], -reach, -a)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def intercept_choice(state: State, player: int, legal: list[int]) -> int:
    """Discard the card looked at unless it is worth nothing (the look is spent already)."""
    for a in legal:
        if a != PASS and card_value(state, player, state.decode_reaction(a)[0]) > 0:
            return a
    return PASS


def move_choice(state: State, player: int, legal: list[int]) -> int:
    """The move that most raises a card's worth in its zone (none if no move does)."""
    best, best_gain = PASS, 0.0
    for a in legal:
        if a == PASS:
            continue
        inst, z = state.decode_reaction(a)
        gain = card_value(state, player, inst, z) - card_value(
            state, player, inst, state.zone[inst]
        )
        if gain > best_gain:
            best, best_gain = a, gain
    return best


class GreedyBot:
    """Drafts the best-valued card; plays the best value-for-price affordable play, preferring
    to fill free slots; ends (saving its best card) when nothing is worth its price.  It
    looks at a Neighbour's card by what it has seen (:func:`look_choice`), discards what it saw
    (:func:`intercept_choice`) and makes the
    move that most raises a card's worth (:func:`move_choice`)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        return self.choose(state, player, state.legal_actions(player))

    def choose(self, state: State, player: int, legal: list[int]) -> int:
        """The greedy choice among ``legal`` (``state.legal_actions(player)``, computed once
        by a caller that has it already)."""
        if state.phase == DRAFT:
            return max(legal, key=lambda i: (card_value(state, player, i), -i))
        if state.sub == LOOK:
            return look_choice(state, player, legal)
        if state.sub == INTERCEPT:
            return intercept_choice(state, player, legal)
        if state.sub == MOVE:
            return move_choice(state, player, legal)
        if state.phase != PLAY or legal == [END]:
            return legal[0]
        m1 = state.game.num_instances + 1
        memo = state.game.card_values
        short = state.coins[player] - 1 if state.round < 4 else None  # costs above it: -0.2
        best, best_score = None, 0.0
        last = cost = -1
        for a in legal:
            if a < 0:
                continue
            rest, v = divmod(a, m1)
            inst, z = divmod(rest, 3)
            if inst != last:  # a card's actions come together: price it once
                last, cost = inst, price(state, player, inst)
            value = memo.get((inst, z))
            if value is None:
                value = card_value(state, player, inst, z)
            score = value - 0.35 * cost
            if v:
                score -= card_value(state, player, v - 1, z) + 0.5
            if short is not None and cost > short:
                score -= 0.2
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        saves = [a for a in legal if a < 0]
        return max(saves, key=lambda a: (card_value(state, player, -2 - a), a))
