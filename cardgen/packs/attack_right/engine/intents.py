"""Effects that happen at the same time, resolved without an order (clarification C18).

An effect is first worked out on the state before any of its companions applies: its amount,
its targets and what it would take become *intents* in an :class:`Intents` list.
:func:`resolve` then applies the whole list at once, so the outcome never depends on seat
numbers or on the order the intents were listed in:

* **gains** (coins and glory from the bank, coins put on a card, age tokens added) always
  arrive; with a limited bank (``bank_unlimited: false``) they are claims on the bank's coins
  or tokens like any claim below;
* what effects **take** (coins lost or stolen, glory lost, age tokens removed) is a claim on
  a pile: a player's coins or glory, a unit's age tokens.  With ``simultaneous_effects:
  snapshot`` (the default) a pile holds only what was there before the effects: what is gained
  at the same time arrives together with the claims and cannot be taken.  With ``net`` the
  pile's own gains of the same moment count too, so a gain and a loss cancel;
* when the claims on one pile ask for more than it holds, it is **shared evenly** between them
  (each gets at most what it asked); what cannot be shared evenly stays where it was;
* random discards from a hand are drawn from the hand as the step's own choices left it;
  a peek looks at the hand as the other effects leave it.

The when-played effects of one flip are resolved this way (:func:`~.phases.play_step`); a
single effect on its own (battle, income, age) is the special case of a one-intent list, so
every effect goes through :func:`run`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.packs.attack_right.engine.compiled import (
    OP_COINS,
    OP_DISCARD,
    OP_GLORY,
    OP_PEEK,
    OP_STEAL,
    OP_STORE,
    OP_TOKENS,
    T_NEIGHBOUR_UNITS,
    T_OWN_UNITS,
    T_SELF,
)
from cardgen.packs.attack_right.engine.executors import (
    add_tokens,
    discard_from_hand,
    facing_units,
    gain_glory,
    per_value,
    targets,
)

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State


class Intents:
    """What a set of simultaneous effects would do, before any of it is applied.

    Each list holds tuples in the order the effects were listed (the order of the events
    they log, never of their outcome).
    """

    __slots__ = ("coin_claims", "coin_gains", "discards", "glory", "peeks", "stores", "tokens")

    def __init__(self) -> None:
        #: (player, amount, source): coins from the bank
        self.coin_gains: list[tuple[int, int, str]] = []
        #: (victim, taker or -1 for the bank, amount, source): coins lost or stolen
        self.coin_claims: list[tuple[int, int, int, str]] = []
        #: (player, signed amount, source)
        self.glory: list[tuple[int, int, str]] = []
        #: (owner, card, amount): coins from the bank onto a card
        self.stores: list[tuple[int, int, int]] = []
        #: (owner, unit, signed amount)
        self.tokens: list[tuple[int, int, int]] = []
        #: (player, cards, source): random discards from the player's hand
        self.discards: list[tuple[int, int, str]] = []
        #: (viewer, player): looks at the player's hand
        self.peeks: list[tuple[int, int]] = []


def share(asks: list[int], pool: int) -> list[int]:
    """What each claim gets from a pile of ``pool``: all it asks if the pile suffices, else an
    even share (the largest level ``L`` with ``sum(min(ask, L)) <= pool``; each claim gets
    ``min(ask, L)``), leaving what cannot be shared evenly in the pile."""
    if sum(asks) <= pool:
        return asks
    if pool <= 0:
        return [0] * len(asks)
    lo, hi = 0, max(asks)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if sum(a if a < mid else mid for a in asks) <= pool:
            lo = mid
        else:
            hi = mid - 1
    return [a if a < lo else lo for a in asks]


def intend(
    st: State,
    out: Intents,
    p: int,
    inst: int,
    eff,
    count: int,
    exclude: frozenset[int] = frozenset(),
) -> None:
    """Add what one triggered effect of card ``inst`` (owner ``p``) would do to ``out``;
    ``count`` is its ``per`` value, ``exclude`` the cards it may not target (flipped at the
    same time)."""
    op, amount, _per, target, _when = eff
    src = st.card[inst].id
    if op == OP_COINS:
        a = amount * count
        if a:
            for q in targets(st, p, inst, target):
                if a > 0:
                    out.coin_gains.append((q, a, src))
                else:
                    out.coin_claims.append((q, -1, -a, src))
    elif op == OP_GLORY:
        a = amount * count
        if a:
            out.glory.extend((q, a, src) for q in targets(st, p, inst, target))
    elif op == OP_STORE:
        out.stores.append((p, inst, amount))
    elif op == OP_TOKENS:
        if target == T_SELF:
            if st.card[inst].is_unit:
                out.tokens.append((p, inst, amount))
        elif target == T_OWN_UNITS:
            card = st.card
            out.tokens.extend(
                (p, u, amount)
                for u in st.tab[p]
                if u != inst and card[u].is_unit and u not in exclude
            )
        elif target == T_NEIGHBOUR_UNITS:
            out.tokens.extend(
                (q, u, amount) for q, u in facing_units(st, p, inst) if u not in exclude
            )
    elif op == OP_STEAL:
        out.coin_claims.extend((q, p, amount, src) for q in targets(st, p, inst, target))
    elif op == OP_DISCARD:
        out.discards.extend((q, amount, src) for q in targets(st, p, inst, target))
    elif op == OP_PEEK:
        out.peeks.extend((p, q) for q in targets(st, p, inst, target))


def _by_pile(indices, pile) -> dict[int, list[int]]:
    """The claim indices grouped by the pile they draw on (``pile(index)``), in order."""
    piles: dict[int, list[int]] = {}
    for k in indices:
        piles.setdefault(pile(k), []).append(k)
    return piles


def resolve(st: State, todo: Intents) -> None:
    """Apply simultaneous intents together (see the module docstring)."""
    net = st.game.settings.simultaneous_effects == "net"
    if todo.coin_gains or todo.coin_claims or todo.stores:
        _coins(st, todo, net)
    if todo.glory:
        _glory(st, todo.glory, net)
    if todo.tokens:
        _tokens(st, todo.tokens, net)
    for q, amount, src in todo.discards:
        discard_from_hand(st, q, amount, src)
    ev = st.events
    for p, q in todo.peeks:
        seen = tuple(st.hands[q])
        st.peeks.append((p, q, seen))
        if ev is not None:
            ev.append(("peek", p, q, tuple(st.game.ids[i] for i in seen)))


def _coins(st: State, todo: Intents, net: bool) -> None:
    coins, stored, ev = st.coins, st.stored, st.events
    gains, stores, claims = todo.coin_gains, todo.stores, todo.coin_claims
    if not claims and not st.bank_limited:  # every gain arrives in full, nothing is taken
        paid = 0
        for q, a, src in gains:
            if a:
                coins[q] += a
                paid += a
                if ev is not None:
                    ev.append(("coins", q, a, src))
        for p, inst, a in stores:
            if a:
                stored[inst] += a
                paid += a
                if ev is not None:
                    ev.append(("store", p, st.game.ids[inst], a))
        st.minted += paid
        return
    asks = [a for _q, a, _s in gains] + [a for _p, _i, a in stores]
    got = share(asks, st.bank) if st.bank_limited else asks
    paid = sum(got)
    st.minted += paid
    if st.bank_limited:
        st.bank -= paid
    received = [0] * st.n
    for (q, _a, src), g in zip(gains, got[: len(gains)], strict=True):
        if g:
            coins[q] += g
            received[q] += g
            if ev is not None:
                ev.append(("coins", q, g, src))
    for (p, inst, _a), g in zip(stores, got[len(gains) :], strict=True):
        if g:
            stored[inst] += g
            if ev is not None:
                ev.append(("store", p, st.game.ids[inst], g))
    if not claims:
        return
    taken = [0] * len(claims)
    for victim, ks in _by_pile(range(len(claims)), lambda k: claims[k][0]).items():
        pool = coins[victim] - (0 if net else received[victim])  # the gains are in already
        for k, t in zip(ks, share([claims[k][2] for k in ks], pool), strict=True):
            taken[k] = t
    for (victim, taker, _a, src), t in zip(claims, taken, strict=True):
        if not t:
            continue
        coins[victim] -= t
        if taker >= 0:
            coins[taker] += t
            if ev is not None:
                ev.append(("steal", taker, victim, t, src))
        else:
            st.burned += t
            if st.bank_limited:
                st.bank += t
            if ev is not None:
                ev.append(("coins", victim, -t, src))


def _glory(st: State, changes: list[tuple[int, int, str]], net: bool) -> None:
    glory = st.glory
    gained = [0] * st.n
    losses = []
    for k, (q, a, src) in enumerate(changes):
        if a > 0:
            gain_glory(st, q, a, src)
            gained[q] += a
        else:
            losses.append(k)
    if not losses:
        return
    for q, ks in _by_pile(losses, lambda k: changes[k][0]).items():
        pool = glory[q] - (0 if net else gained[q])
        for k, t in zip(ks, share([-changes[k][1] for k in ks], pool), strict=True):
            if t:
                gain_glory(st, q, -t, changes[k][2])


def _tokens(st: State, changes: list[tuple[int, int, int]], net: bool) -> None:
    tokens = st.tokens
    adds = [k for k, c in enumerate(changes) if c[2] > 0]
    got = [changes[k][2] for k in adds]
    if st.bank_limited:
        got = share(got, st.token_bank)
    added: dict[int, int] = {}
    for k, g in zip(adds, got, strict=True):
        if g:
            owner, unit, _a = changes[k]
            add_tokens(st, owner, unit, g)
            added[unit] = added.get(unit, 0) + g
    removals = [k for k, c in enumerate(changes) if c[2] < 0]
    for unit, ks in _by_pile(removals, lambda k: changes[k][1]).items():
        pool = tokens[unit] - (0 if net else added.get(unit, 0))
        for k, t in zip(ks, share([-changes[k][2] for k in ks], pool), strict=True):
            if t:
                add_tokens(st, changes[k][0], unit, -t)


def run(
    st: State, p: int, inst: int, eff, count: int, exclude: frozenset[int] = frozenset()
) -> None:
    """Execute one triggered effect of card ``inst`` (owner ``p``) now; ``count`` is its
    ``per`` value, ``exclude`` the cards it may not target."""
    todo = Intents()
    intend(st, todo, p, inst, eff, count, exclude)
    resolve(st, todo)


def fire(st: State, p: int, inst: int, effects, exclude: frozenset[int] = frozenset()) -> None:
    """Execute a card's triggered effects now, one after another (``per`` counted on the
    current state)."""
    for eff in effects:
        run(st, p, inst, eff, per_value(st, p, inst, eff[2]), exclude)


__all__ = ["Intents", "fire", "intend", "resolve", "run", "share"]
