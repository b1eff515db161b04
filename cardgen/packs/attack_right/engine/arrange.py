"""A described position (a scenario's ``given``, any field of the designer's view) put on a
state: the zones named are filled with copies of the cards named, taken from wherever they
are (the kit's :func:`~cardgen.engine.zones.place_named`: the zones not named keep the rest,
the season piles first); the numbers, flags and a
play step's pending choices are set as given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.engine.errors import ScenarioError
from cardgen.engine.vocab import check_record
from cardgen.engine.zones import place_named
from cardgen.packs.attack_right.engine import phases
from cardgen.packs.attack_right.engine.actions import PASS, decode_react, react_action
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.state import PHASES

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State

_LISTS = ("hand", "pack", "kept", "saved")
_FIELDS = ("pack", "kept", "hand", "saved", "tab")
_ZONE_NAMES = [z.value for z in ZONES]
_DECISIONS = {"draft": 0, "play": 0, "look": 1, "intercept": 2, "move": 3, "": 0}


#: the fields of a tableau card, a peek and a glimpse (the first ones needed)
_TABLEAU = ("card", "zone", "tokens", "coins", "order")
_PEEK = ("viewer", "seat", "hand")
_GLIMPSE = ("viewer", "seat", "card", "step")


def _records(items: Any, fields: tuple[str, ...], needed: tuple[str, ...], where: str) -> None:
    """``items`` is a list of mappings of ``fields`` (``needed`` in each)."""
    if not isinstance(items, list):
        raise ScenarioError(f"{where}: a list of {{{', '.join(fields)}}}")
    for k, item in enumerate(items):
        check_record(item, fields, needed, f"{where}[{k}]")


def _seat(v: Any, n: int, where: str) -> int:
    if isinstance(v, int) and 0 <= v < n:
        return v
    if isinstance(v, str) and v[:1] == "P" and v[1:].isdigit() and 0 < int(v[1:]) <= n:
        return int(v[1:]) - 1
    raise ScenarioError(f"{where}: {v!r} is not a seat of this game")


def arrange(st: State, given: Mapping[str, Any]) -> None:
    """Put ``st`` in the position ``given`` describes (see the module docstring)."""
    g = st.game
    n = st.n
    seasons = [s.id for s in g.rules.seasons]
    players = {_seat(k, n, "players"): v for k, v in (given.get("players") or {}).items()}
    # the zones named, as (key, card ids) -> instances taken for them
    named: list[tuple[tuple, list[str]]] = []
    for s, ids in (given.get("piles") or {}).items():
        if s not in seasons:
            raise ScenarioError(f"piles: unknown season {s!r}; the seasons are {seasons}")
        named.append((("pile", seasons.index(s)), list(ids)))
    if "discard" in given:
        named.append((("discard",), list(given["discard"])))
    for p, pv in players.items():
        for f in _LISTS:
            if f in pv:
                named.append(((f, p), list(pv[f])))
        if "tableau" in pv:
            where = f"players.P{p + 1}.tableau"
            _records(pv["tableau"], _TABLEAU, ("card", "zone"), where)
            named.append((("tab", p), [t["card"] for t in pv["tableau"]]))
    zones = _zones(st)

    def left(i: int) -> None:  # a card moved: out of any tableau, no tokens, coins or zone
        st.zone[i] = -1
        st.tokens[i] = st.stored[i] = 0

    def home(i: int, named: set[Any]) -> tuple:  # its season's pile (or the discard)
        pile = ("pile", g.pool.season[i])
        return pile if pile not in named else ("discard",)

    place_named(zones, named, g.pool.instances_of, home, _where, left)
    for p in range(n):
        for f, lst in zip(_FIELDS, _player_lists(st, p), strict=True):
            lst[:] = zones[(f, p)]
    for s in range(len(st.piles)):
        st.piles[s] = zones[("pile", s)]
    st.discard = zones[("discard",)]
    _numbers(st, given, players)
    for p, pv in players.items():
        _tableau(st, p, pv)
    for p in range(n):
        st.refresh_mods(p)
    _pending(st, given, players)
    if not {"bank", "token_bank"} & set(given):
        st.minted = sum(st.coins) + sum(st.stored)
        st.bank = max(0, g.coin_supply - st.minted)
        st.token_bank = max(0, g.token_supply - sum(st.tokens))
    if str(PHASES[st.phase]) in ("battle", "income", "age"):
        st.tie = ()
        st.chance_ties = True  # a tie for the first battle: the kit's chance node draws it
        try:
            phases.resume(st)
        finally:
            st.chance_ties = False


def _player_lists(st: State, p: int) -> tuple[list[int], ...]:
    return st.packs[p], st.kept[p], st.hands[p], st.saved[p], st.tab[p]


def _zones(st: State) -> dict[tuple, list[int]]:
    out: dict[tuple, list[int]] = {("pile", s): list(pile) for s, pile in enumerate(st.piles)}
    out[("discard",)] = list(st.discard)
    for p in range(st.n):
        for f, lst in zip(_FIELDS, _player_lists(st, p), strict=True):
            out[(f, p)] = list(lst)
    return out


def _where(key: tuple) -> str:
    if key[0] == "pile":
        return f"piles.{key[1]}"
    return key[0] if len(key) == 1 else f"players.P{key[1] + 1}.{key[0]}"


def _numbers(st: State, given: Mapping[str, Any], players: Mapping[int, Any]) -> None:
    names = [str(x) for x in PHASES]
    for k in ("round", "step", "gstep", "first_end_done", "bank", "token_bank"):
        if k in given:
            setattr(st, k, given[k])
    if "phase" in given:
        st.phase = names.index(given["phase"])
    if "decision" in given:
        st.sub = _DECISIONS[given["decision"]]
    for p, pv in players.items():
        for k, attr in (("coins", st.coins), ("glory", st.glory), ("ended", st.ended)):
            if k in pv:
                attr[p] = pv[k]


def _tableau(st: State, p: int, pv: Mapping[str, Any]) -> None:
    n = st.n
    if "tableau" in pv:
        for k, (i, t) in enumerate(zip(st.tab[p], pv["tableau"], strict=True)):
            if t.get("zone") not in _ZONE_NAMES:
                raise ScenarioError(f"players.P{p + 1}.tableau: zone is one of {_ZONE_NAMES}")
            st.zone[i] = _ZONE_NAMES.index(t["zone"])
            st.tokens[i] = t.get("tokens", 0)
            st.stored[i] = t.get("coins", 0)
            st.seq[i] = t.get("order", k * n + p)
    if "used" in pv:
        mine = [i for i in st.used if i not in st.tab[p]]
        for cid in pv["used"]:
            i = _find(st, st.tab[p], cid, f"players.P{p + 1}.used", exclude=mine)
            mine.append(i)
        st.used = mine


def _find(st: State, insts: list[int], cid: str, where: str, exclude=()) -> int:
    for i in insts:
        if st.card[i].id == cid and i not in exclude:
            return i
    raise ScenarioError(f"{where}: no {cid!r} there")


def _seen_at(st: State, q: int) -> list[int]:
    """Where a card seen in ``q``'s hand may be now: the hand first, then wherever it went."""
    return [*st.hands[q], *st.tab[q], *st.saved[q], *st.kept[q], *st.discard]


def _pending(st: State, given: Mapping[str, Any], players: Mapping[int, Any]) -> None:
    """Peeks, glimpses, the step's pending choices, the offers and the moves."""
    n, g = st.n, st.game
    if "peeks" in given:
        _records(given["peeks"], _PEEK, _PEEK, "peeks")
        st.peeks = []
        for e in given["peeks"]:
            v, q = _seat(e["viewer"], n, "peeks"), _seat(e["seat"], n, "peeks")
            insts: list[int] = []
            for cid in e["hand"]:
                insts.append(_find(st, _seen_at(st, q), cid, "peeks", exclude=insts))
            st.peeks.append((v, q, tuple(insts)))
    if any("chosen" in pv for pv in players.values()):
        pending: list[int | None] = list(st.pending) if st.pending is not None else [None] * n
        for p, pv in players.items():
            if "chosen" in pv:
                pending[p] = None if pv["chosen"] is None else _choice(st, p, pv["chosen"])
        st.pending = tuple(pending) if any(a is not None for a in pending) else None
    if "glimpses" in given:
        _records(given["glimpses"], _GLIMPSE, _GLIMPSE, "glimpses")
        st.glimpses = []
        for e in given["glimpses"]:
            v, q = _seat(e["viewer"], n, "glimpses"), _seat(e["seat"], n, "glimpses")
            i = _find(st, _seen_at(st, q), e["card"], "glimpses")
            st.glimpses.append((v, q, i, e["step"]))
    for p, pv in players.items():
        if "moving" in pv:
            st.move_from[p] = (
                -1 if pv["moving"] is None else _find(st, st.tab[p], pv["moving"], "moving")
            )
        if "offers" in pv:
            offers = []
            for text in pv["offers"]:
                a = _reaction(st, p, text)
                offers.append(decode_react(a, g.num_instances))
            st.offers[p] = tuple(offers)


def _choice(st: State, p: int, text: str) -> int:
    """The play-phase choice of ``p`` written ``text`` (its cards in ``p``'s hand)."""
    sub, st.sub = st.sub, 0
    ended, st.ended[p] = st.ended[p], False
    try:
        for a in st._plays(p, []) + [-2 - i for i in st.hands[p]] + [-1]:
            if st._play_text(a, p) == text:
                return a
    finally:
        st.sub, st.ended[p] = sub, ended
    raise ScenarioError(f"players.P{p + 1}.chosen: {text!r} is not a choice of theirs now")


def _reaction(st: State, p: int, text: str) -> int:
    """The look or intercept ``text`` of ``p``, found among every one the rules could offer."""
    g = st.game
    m = g.num_instances

    if st.sub == 1:  # look: one of p's intercept cards at a Neighbour
        codes = [i * 2 + side for i in st.tab[p] if st.card[i].intercepts for side in (0, 1)]
    else:  # intercept: a card a Neighbour is about to play
        codes = [a // (3 * m + 3) for a in st.pending or () if a is not None and a >= 0]
    for c in codes:
        a = react_action(c, m)
        if a != PASS and st.action_to_string(p, a) == text:
            return a
    raise ScenarioError(f"players.P{p + 1}.offers: {text!r} cannot be offered now")
