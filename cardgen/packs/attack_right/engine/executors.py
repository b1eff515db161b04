"""Executors of the effect vocabulary, and the derived numbers (production, price, power).

Every function takes the :class:`~.state.State` first and mutates it in
place.  Coins come from and go to the bank (``minted``/``burned`` keep the ledger).  Removing,
dying and discarding are separate functions.  Triggered effects are worked out and applied by
:mod:`.intents` (together when they happen at the same time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.packs.attack_right.engine.compiled import (
    ATTACK,
    DEFENCE,
    PER_BUILDING,
    PER_CARD,
    PER_NONE,
    PER_TOKEN,
    PER_UNIT,
    RES_BASE,
    T_NEIGHBOUR,
    T_OWNER,
    CardDef,
)

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State


# ------------------------------------------------------------------ derived numbers
def production(st: State, p: int) -> list[int]:
    """Resources produced by player ``p``'s Kingdom, per resource index (cached list)."""
    return st.prod[p]


def price(st: State, p: int, inst: int) -> int:
    """What ``inst`` costs ``p`` now: cost minus each matching resource produced and discounts."""
    c: CardDef = st.card[inst]
    cost = c.cost - (st.disc_unit[p] if c.is_unit else st.disc_building[p])
    prod = st.prod[p]
    for r in c.discount:
        cost -= prod[r]
    return cost if cost > 0 else 0


def per_value(st: State, p: int, inst: int, per: int) -> int:
    """The count a ``per`` counter stands for, for card ``inst`` owned by ``p``."""
    if per == PER_NONE:
        return 1
    if per == PER_TOKEN:
        return st.tokens[inst]
    tab = st.tab[p]
    card = st.card
    if per == PER_CARD:
        return len(tab)
    if per == PER_UNIT:
        return sum(1 for i in tab if card[i].is_unit)
    if per == PER_BUILDING:
        return sum(1 for i in tab if not card[i].is_unit)
    return st.prod[p][per - RES_BASE]


def card_power(st: State, p: int, inst: int, stat: int) -> int | None:
    """A tableau card's power of ``stat`` with its own and its zone's changes (None for '-')."""
    card = st.card
    c = card[inst]
    base = c.defence if stat == DEFENCE else c.attack
    if base is None:
        return None
    for s, a, per in c.power_self:
        if s == stat:
            base += a * per_value(st, p, inst, per)
    z = st.zone[inst]
    for o in st.tab[p]:
        if o != inst and st.zone[o] == z:
            for s, a, per in card[o].power_zone:
                if s == stat:
                    base += a * per_value(st, p, o, per)
    return base


def total_power(st: State, p: int, stat: int, opponent: int) -> int:
    """``p``'s combined ``stat`` power in a battle against ``opponent`` (never below 0).

    Counts ``p``'s cards whose zone counts ``stat`` (or that flank), plus the ``neighbour``
    power changes of ``opponent``'s cards whose Neighbour is ``p``.
    """
    g = st.game
    counted = g.counted[stat]  # zone -> does it count this stat
    fixed = g.inst_power[stat]  # instance -> printed power, None if its own power changes
    flank = g.inst_flank
    card = st.card
    zone = st.zone
    total = 0
    if st.zone_mods[p]:  # a zone power change: every card's power is worked out
        for i in st.tab[p]:
            if flank[i] or counted[zone[i]]:
                total += card_power(st, p, i, stat) or 0
    else:
        for i in st.tab[p]:
            if flank[i] or counted[zone[i]]:
                v = fixed[i]
                total += (card_power(st, p, i, stat) or 0) if v is None else v
    if st.neighbour_mods[opponent]:
        zn = g.zone_neighbours[opponent]
        for i in st.tab[opponent]:
            for s, a, per in card[i].power_neighbour:
                if s == stat and p in zn[zone[i]]:
                    total += a * per_value(st, opponent, i, per)
    return total if total > 0 else 0


# ------------------------------------------------------------------ coins, glory, tokens
def gain_glory(st: State, p: int, amount: int, source: str, split: list[int] | None = None) -> None:
    """``p`` gains glory (negative: loses it, never below 0), also counted in ``split`` (one of
    the state's per-source lists; default ``effect_glory``)."""
    if amount < 0:
        amount = -min(-amount, st.glory[p])
    if amount:
        st.glory[p] += amount
        (st.effect_glory if split is None else split)[p] += amount
        ev = st.events
        if ev is not None:
            ev.append(("glory", p, amount, source))


def add_tokens(st: State, p: int, inst: int, amount: int) -> None:
    """Add (negative: remove, never below 0) age tokens on a unit."""
    if amount < 0:
        amount = -min(-amount, st.tokens[inst])
    elif st.bank_limited:
        amount = min(amount, st.token_bank)
    if amount:
        st.tokens[inst] += amount
        if st.bank_limited:
            st.token_bank -= amount
        ev = st.events
        if ev is not None:
            ev.append(("tokens", p, st.game.ids[inst], amount))


# ------------------------------------------------------------------ leaving the tableau
def _clear(st: State, p: int, inst: int) -> None:
    """Take ``inst`` off ``p``'s tableau (tokens back, zone and occupancy cleared)."""
    st.tab[p].remove(inst)
    st.occ[p][st.zone[inst]].remove(inst + 1)
    if st.bank_limited:
        st.token_bank += st.tokens[inst]
    st.tokens[inst] = 0
    st.zone[inst] = -1


def remove_card(st: State, p: int, inst: int, reason: str, *, refresh: bool = True) -> None:
    """Remove a tableau card (not a death: no death effects); its coins per the setting.
    ``refresh=False`` leaves :meth:`State.refresh_mods` to the caller."""
    coins = st.stored[inst]
    if coins:
        st.stored[inst] = 0
        if st.game.settings.removed_card_coins == "owner":
            st.coins[p] += coins
        else:
            st.burned += coins
            if st.bank_limited:
                st.bank += coins
    _clear(st, p, inst)
    st.discard.append(inst)
    if refresh and st.card[inst].modifies:
        st.refresh_mods(p)
    ev = st.events
    if ev is not None:
        ev.append(("remove", p, st.game.ids[inst], reason, coins))
        st.face_down.pop(inst, None)


def die(st: State, p: int, inst: int, *, refresh: bool = True) -> None:
    """A unit dies of old age: its coins go to its owner; discarded or saved (return_to_hand).
    ``refresh=False`` leaves :meth:`State.refresh_mods` to the caller (several deaths).  Only
    cards that change their kingdom's cached numbers (``CardDef.modifies``) need a refresh."""
    coins = st.stored[inst]
    st.stored[inst] = 0
    st.coins[p] += coins
    _clear(st, p, inst)
    back = st.card[inst].returns and st.round < st.game.rounds
    (st.saved[p] if back else st.discard).append(inst)
    if refresh and st.card[inst].modifies:
        st.refresh_mods(p)
    ev = st.events
    if ev is not None:
        ev.append(("die", p, st.game.ids[inst], coins, back))


def discard_from_hand(st: State, p: int, count: int, source: str) -> None:
    """``p`` discards ``count`` random cards from their hand."""
    hand = st.hands[p]
    for _ in range(count):
        if not hand:
            return
        inst = hand.pop(st.rng.randrange(len(hand)))
        st.discard.append(inst)
        ev = st.events
        if ev is not None:
            ev.append(("hand_discard", p, st.game.ids[inst], source))


# ------------------------------------------------------------------ triggered effects
def targets(st: State, p: int, inst: int, target: int) -> tuple[int, ...]:
    """Players an effect of ``inst`` (owned by ``p``) reaches."""
    if target == T_OWNER:
        return (p,)
    if target == T_NEIGHBOUR:
        return st.game.zone_neighbours[p][st.zone[inst]]
    return st.game.neighbours[p]


def facing_units(st: State, p: int, inst: int) -> list[tuple[int, int]]:
    """(owner, unit) of this card's Neighbour(s) whose zone faces ``p``."""
    g = st.game
    out: list[tuple[int, int]] = []
    for q in g.zone_neighbours[p][st.zone[inst]]:
        zn = g.zone_neighbours[q]
        out.extend((q, u) for u in st.tab[q] if st.card[u].is_unit and p in zn[st.zone[u]])
    return out


__all__ = [
    "ATTACK",
    "DEFENCE",
    "add_tokens",
    "die",
    "discard_from_hand",
    "facing_units",
    "gain_glory",
    "per_value",
    "price",
    "production",
    "remove_card",
    "targets",
    "total_power",
]
