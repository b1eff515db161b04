"""Zones declared once: who sees a zone's cards, and what a seat's view and a
determinisation make of it.

A **zone** is a list of card ids, the last its top: shared (a deck, the market) or one per
seat (a hand).  Its visibility says who sees which cards:

* ``everyone`` — every card, to every seat;
* ``owner`` — a seat's own zone, to that seat; the others see how many cards it holds;
* ``nobody`` — no seat sees its cards (a deck), only how many;
* ``top`` — every seat sees the top card; the cards under it are ``null``.

:func:`shown` writes a zone as a seat sees it (``None``: the designer, who sees everything);
:func:`determinise_parts` resamples what a seat cannot see among the hidden places, keeping
each card among the zones that can hold its kind (its *pool*).  The rules described in data
(:mod:`cardgen.engine.described`) derive their observation and determinisation from these,
a :class:`~cardgen.engine.table.TableState` its view and hidden cards (:class:`TableZones`).

A Python engine's state declares its zones once and inherits the protocol's plumbing
(``clone``, ``determinise``, ``digest``, ``observation``, ``arrange``, the legality check of
``apply``) from one of two bases, by how it holds its cards:

* :class:`FieldState` (declared by a :class:`StateZones` of :class:`Field`): cards as id
  strings, each field with its copy mode, each resampled zone with its pool;
* :class:`InstanceState` (declared by an :class:`InstanceZones` of :class:`Zone`, counters
  and :class:`Shown` fields): cards as numbered instances, a negative number an empty place.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Literal, Self, TypeVar

from cardgen.engine.errors import IllegalAction, ScenarioError

_T = TypeVar("_T")

#: who sees a zone's cards: every seat, its owner, no seat (the others see how many)
Seen = Literal["everyone", "owner", "nobody"]
#: ``top``: every seat sees the top card, none the cards under it
Visibility = Literal[Seen, "top"]


@dataclass(frozen=True)
class ZoneDecl:
    """A zone's name, whether each seat has one, its visibility and its order (``kept``: as
    played; ``sorted``: a seat's view lists it sorted, telling nothing of the order)."""

    name: str
    per_seat: bool = False
    see: Visibility = "everyone"
    order: Literal["kept", "sorted"] = "kept"

    def visible_to(self, owner: int | None, seat: int | None) -> bool:
        """Whether ``seat`` sees every card of the zone (of ``owner``, None when shared)."""
        return seat is None or self.see == "everyone" or (self.see == "owner" and owner == seat)


def shown(
    decl: ZoneDecl, cards: list[str], owner: int | None, seat: int | None
) -> list[str | None] | int:
    """``cards`` of zone ``decl`` as ``seat`` sees them: the list, a count, or (``top``) the
    list with the cards under the top ``None``."""
    if decl.visible_to(owner, seat):
        out: list[str | None] = list(
            sorted(cards) if decl.order == "sorted" and seat is not None else cards
        )
        return out
    if decl.see == "top":
        return [None] * (len(cards) - 1) + [cards[-1]] if cards else []
    return len(cards)


def hidden_places(
    decls: Sequence[ZoneDecl], owners: Sequence[int | None], seat: int
) -> list[tuple[int, int]]:
    """For each zone slot (``decls[i]`` owned by ``owners[i]``), how many of its cards from
    the bottom ``seat`` cannot see: ``(slot, -1)`` all, ``(slot, 1)`` all but the top."""
    out = []
    for i, (d, owner) in enumerate(zip(decls, owners, strict=True)):
        if d.visible_to(owner, seat):
            continue
        out.append((i, 1 if d.see == "top" else -1))
    return out


def determinise_parts(
    zones: list[list[str]],
    decls: Sequence[ZoneDecl],
    owners: Sequence[int | None],
    seat: int,
    pools: Mapping[str, int],
    rng: random.Random,
) -> None:
    """Resample in place the cards ``seat`` cannot see: the hidden places are grouped by the
    pools of the cards in them (zones sharing a pool form one group) and each group's cards
    are shuffled among its places; sizes, and every card ``seat`` sees, stay."""
    places = []
    for slot, keep in hidden_places(decls, owners, seat):
        n = len(zones[slot]) - (1 if keep == 1 else 0)
        if n > 0:
            places.append((slot, n))
    if not places:
        return
    parent = list(range(len(places)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    first: dict[object, int] = {}
    for k, (slot, n) in enumerate(places):
        for c in zones[slot][:n]:
            pool = pools.get(c, c)
            if pool in first:
                parent[find(k)] = find(first[pool])
            else:
                first[pool] = k
    groups: dict[int, list[int]] = {}
    for k in range(len(places)):
        groups.setdefault(find(k), []).append(k)
    for members in groups.values():
        cards = [c for k in members for c in zones[places[k][0]][: places[k][1]]]
        rng.shuffle(cards)
        at = 0
        for k in members:
            slot, n = places[k]
            zones[slot][:n] = cards[at : at + n]
            at += n


@dataclass(frozen=True)
class TableZones:
    """A :class:`~cardgen.engine.table.TableState`'s zones and counters declared once, so its
    ``view`` and ``hidden`` follow from them (a Python engine's alternative to writing both)::

        ZONES = TableZones(
            shared=(ZoneDecl("crew_deck", see="nobody"), ZoneDecl("dock")),
            per_seat=(ZoneDecl("hand", True, "owner"), ZoneDecl("won", True)),
            counters=("round",), seat_counters=("score",), pools={"crew_deck": "crew"},
        )

        def view(self, seat): return ZONES.view(self, seat)
        def hidden(self, seat): return ZONES.hidden(self, seat)

    A shared zone is the state's attribute of its name, a seat's zone the attribute of
    ``state.seats[p]``; ``pools`` groups the zones whose hidden cards may be exchanged when a
    seat's unseen cards are resampled (a seat's zone by its name; by default one pool)."""

    shared: tuple[ZoneDecl, ...] = ()
    per_seat: tuple[ZoneDecl, ...] = ()
    counters: tuple[str, ...] = ()
    seat_counters: tuple[str, ...] = ()
    pools: Mapping[str, str] = field(default_factory=dict)
    #: the field listing each seat's zones and counters in the view
    seats_field: str = "players"

    def view(self, state: object, seat: int | None) -> dict[str, object]:
        """What ``seat`` sees of ``state`` (None: everything), JSON-ready."""
        out: dict[str, object] = {name: getattr(state, name) for name in self.counters}
        for d in self.shared:
            out[d.name] = shown(d, getattr(state, d.name), None, seat)
        players = []
        for p, s in enumerate(getattr(state, "seats")):  # noqa: B009
            mine: dict[str, object] = {
                d.name: shown(d, getattr(s, d.name), p, seat) for d in self.per_seat
            }
            mine.update({name: getattr(s, name) for name in self.seat_counters})
            players.append(mine)
        out[self.seats_field] = players
        return out

    def hidden(self, state: object, seat: int) -> list[list[list[str]]]:
        """What ``seat`` cannot see, grouped by pool (``TableState.hidden``); a ``top`` zone
        is left out (its cards under the top card stay where they are)."""
        groups: dict[str, list[list[str]]] = {}
        for d in self.shared:
            if not d.visible_to(None, seat) and d.see != "top":
                groups.setdefault(self.pools.get(d.name, ""), []).append(getattr(state, d.name))
        for p, s in enumerate(getattr(state, "seats")):  # noqa: B009
            for d in self.per_seat:
                if not d.visible_to(p, seat) and d.see != "top":
                    pool = self.pools.get(d.name, "")
                    groups.setdefault(pool, []).append(getattr(s, d.name))
        return list(groups.values())

    def vocabulary(self) -> dict[str, str]:
        """The vocabulary of the zones: every zone holds card ids."""
        out = {d.name: "card" for d in self.shared}
        out.update({f"{self.seats_field}.*.{d.name}": "card" for d in self.per_seat})
        return out


# --- a Python engine's state: its fields declared once, the protocol's plumbing derived ---------

#: how a copy copies an attribute: shared (an immutable value), a list, a list of lists, a
#: mapping of lists, an object with its own ``copy()`` (``None`` kept), or a function making
#: the copy
Copying = Literal["value", "list", "lists", "dicts", "copy"] | Callable[[Any], Any]
#: what a seat that does not see a field gets: how many cards, None, the cards sorted, an empty
#: list, or a function ``(state, value, owner, seat)`` (the part of it the seat sees)
Unseen = Literal["count", "none", "sorted", "empty"] | Callable[[Any, Any, int | None, int], Any]


@dataclass(frozen=True)
class Field:
    """One attribute of a state, declared once: how a copy copies it, its name in the view and
    who sees it there, how the view writes it and a scenario's ``given`` reads it back, and —
    a zone of cards some seat cannot see — how a determinisation resamples it.

    ``see`` is a :data:`Visibility` (``owner``: a seat's field to that seat) or a function
    ``(state, owner, seat) -> bool``; a seat that does not see the field gets its ``unseen``
    form (:data:`Unseen`): ``count`` (how many), ``none``, ``sorted`` (the cards, their order
    withheld), ``empty`` or a function giving the part the seat sees.
    ``pool`` (a name, or a function ``(state, card) -> name``) makes the field a resampled zone:
    the cards a seat cannot see are exchanged among the places of the same owner and pool,
    so each zone keeps how many cards of each pool it holds; ``order="sorted"`` sorts the zone
    after.  ``write(state, value)`` and ``read(state, value)`` (a seat's: ``read(state,
    value, seat)``) convert (default: the value itself); a mapping of zones is seen zone by
    zone.  ``get(state)`` (a seat's: ``get(state, seat)``) makes a field computed: in the view
    only, never set (as a field ``settable`` False); a computed field some seat does not see
    is its ``unseen`` form to that seat (``none``, ``empty`` or a function, of value None)."""

    name: str
    copy: Copying = "value"
    key: str = ""
    see: Visibility | Callable[[Any, int | None, int], bool] = "everyone"
    unseen: Unseen = "count"
    pool: str | Callable[[Any, Any], object] | None = None
    order: Literal["kept", "sorted"] = "kept"
    write: Callable[[Any, Any], Any] | None = None
    read: Callable[..., Any] | None = None
    get: Callable[..., Any] | None = None
    #: whether a scenario's ``given`` may set it (a field the rules keep in line: False)
    settable: bool = True

    @property
    def view_key(self) -> str:
        return self.key or self.name

    def visible_to(self, state: Any, owner: int | None, seat: int | None) -> bool:
        """Whether ``seat`` (None: the designer) sees the field of ``owner`` as it is."""
        if seat is None or self.see == "everyone":
            return True
        if callable(self.see):
            return self.see(state, owner, seat)
        return self.see == "owner" and owner == seat

    def shown(self, state: Any, value: Any, owner: int | None, seat: int | None) -> Any:
        """The field as ``seat`` sees it in the view."""
        if not self.visible_to(state, owner, seat):
            assert seat is not None  # the designer sees every field
            if callable(self.unseen):
                return self.unseen(state, value, owner, seat)
            if isinstance(value, dict):  # a mapping of zones: each as the seat sees it
                return {k: self._unseen(v) for k, v in value.items()}
            return self._unseen(value)
        if self.write is None:  # a copy: the view never shares the state's lists
            return _fresh(value)
        return self.write(state, value)

    def computed(self, state: Any, owner: int | None, seat: int | None) -> Any:
        """A computed field as ``seat`` sees it (``owner``: a seat's field's seat)."""
        if self.visible_to(state, owner, seat):
            assert self.get is not None
            return self.get(state) if owner is None else self.get(state, owner)
        return self.shown(state, None, owner, seat)

    def _unseen(self, value: Any) -> Any:
        if self.unseen == "count":
            return len(value)
        if self.unseen == "none":
            return None
        if self.unseen == "empty":
            return []
        return sorted(value)


def _plan(f: Field) -> tuple[str, str, Field, Any, Any]:
    """How the view writes ``f``: its writer when every seat sees it as it is."""
    write = None
    if f.get is not None and f.see != "everyone":  # computed, not seen by every seat
        return (f.view_key, f.name, f, None, None)
    if f.see == "everyone":
        if f.write is not None:
            write = f.write
        else:  # a number, a word, a flag as it is; a list or mapping copied
            write = _AS_IS if f.copy == "value" else (lambda state, value: _fresh(value))
    return (f.view_key, f.name, f, f.get, write)


#: a field the view shows as it is (an immutable value)
def _AS_IS(state: Any, value: Any) -> Any:
    return value


def _fresh(value: Any) -> Any:
    """A copy of the lists and mappings in ``value`` (the rest shared)."""
    if isinstance(value, list):
        return (
            [_fresh(x) for x in value] if value and isinstance(value[0], list | dict) else value[:]
        )
    if isinstance(value, dict):
        return {k: _fresh(x) for k, x in value.items()}
    return value


def _copier(how: Copying) -> Callable[[Any], Any]:
    if callable(how):
        return how
    if how == "list":
        return list
    if how == "lists":
        return lambda v: [list(x) for x in v]
    if how == "dicts":
        return lambda v: {k: list(x) for k, x in v.items()}
    if how == "copy":
        return lambda v: None if v is None else v.copy()
    return lambda v: v


@dataclass(frozen=True)
class StateZones:
    """A state's fields declared once (see :class:`FieldState`): the ``shared`` ones, and the
    ``per_seat`` ones — each an attribute of the objects in ``state.<seats_in>`` or, without
    ``seats_in``, an attribute of the state holding one value per seat — which the view lists
    under ``seats_field``, one mapping a seat (last, or before the shared field
    ``seats_before``); ``kept``: the state's other attributes the future depends on, in no
    view (copied as each says).

    A determinisation resamples the zones with a ``pool``, the shared ones first, then each
    seat's, as declared (``dealt``: in the order it names them).  A state that records the
    cards a seat has seen beyond the zones it sees (a peek at a hand) declares ``known(state,
    seat)``, those cards: it is then determinised card by card (:meth:`FieldState.determinise`).
    ``digested``: the attributes a digest covers, in order (by default the designer's view);
    ``records``: what a determinised copy, which records no events, starts afresh (each
    attribute's factory)."""

    shared: tuple[Field, ...] = ()
    per_seat: tuple[Field, ...] = ()
    seats_in: str = ""
    seats_field: str = "players"
    seats_before: str = ""
    kept: tuple[Field, ...] = ()
    #: attributes a copy resets to None (a cache of the state's legal actions)
    transient: tuple[str, ...] = ()
    dealt: tuple[str, ...] = ()
    known: Callable[[Any, int], set[Any]] | None = None
    digested: tuple[str, ...] = ()
    records: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    #: derived from the fields: (attribute, copier) to copy; the resampled zones
    _copies: tuple[tuple[str, Callable[[Any], Any]], ...] = field(init=False, repr=False)
    _seat_copies: tuple[tuple[str, Callable[[Any], Any]], ...] = field(init=False, repr=False)
    _zones: tuple[Field, ...] = field(init=False, repr=False)
    _seat_zones: tuple[Field, ...] = field(init=False, repr=False)
    #: how the view writes each field: (key, attribute, field, get, write if seen by all)
    _shared_plan: tuple[tuple[str, str, Field, Any, Any], ...] = field(init=False, repr=False)
    _seat_plan: tuple[tuple[str, str, Field, Any, Any], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        copied = [f for f in self.shared + self.kept if f.get is None and f.copy != "value"]
        seat_copied = [f for f in self.per_seat if f.get is None and f.copy != "value"]
        copies = [(f.name, _copier(f.copy)) for f in copied]
        seat_copies = [(f.name, _copier(f.copy)) for f in seat_copied]
        if not self.seats_in:
            copies += seat_copies
        object.__setattr__(self, "_copies", tuple(copies))
        object.__setattr__(self, "_seat_copies", tuple(seat_copies))
        order = {name: k for k, name in enumerate(self.dealt)}
        zones = sorted((f for f in self.shared if f.pool is not None), key=_at(order))
        object.__setattr__(self, "_zones", tuple(zones))
        seat_zones = sorted((f for f in self.per_seat if f.pool), key=_at(order))
        object.__setattr__(self, "_seat_zones", tuple(seat_zones))
        object.__setattr__(self, "_shared_plan", tuple(_plan(f) for f in self.shared))
        object.__setattr__(self, "_seat_plan", tuple(_plan(f) for f in self.per_seat))

    def seat_value(self, state: Any, f: Field, p: int) -> Any:
        if self.seats_in:
            return getattr(getattr(state, self.seats_in)[p], f.name)
        return getattr(state, f.name)[p]

    def set_seat_value(self, state: Any, f: Field, p: int, value: Any) -> None:
        if self.seats_in:
            setattr(getattr(state, self.seats_in)[p], f.name, value)
        else:
            getattr(state, f.name)[p] = value

    def view(self, state: Any, seat: int | None, seats: int) -> dict[str, Any]:
        """What ``seat`` sees of ``state`` (None: everything), JSON-ready, in declared order."""
        out: dict[str, Any] = {}
        for key, name, f, get, write in self._shared_plan:
            if key == self.seats_before:
                out[self.seats_field] = self._seats_view(state, seat, seats)
            if get is not None:
                out[key] = get(state)
            elif f.get is not None:
                out[key] = f.computed(state, None, seat)
            elif write is _AS_IS:
                out[key] = getattr(state, name)
            elif write is not None:  # seen by everyone
                out[key] = write(state, getattr(state, name))
            else:
                out[key] = f.shown(state, getattr(state, name), None, seat)
        if not self.seats_before:
            out[self.seats_field] = self._seats_view(state, seat, seats)
        return out

    def _seats_view(self, state: Any, seat: int | None, seats: int) -> list[dict[str, Any]]:
        players = []
        holders = getattr(state, self.seats_in) if self.seats_in else None
        for p in range(seats):
            mine: dict[str, Any] = {}
            for key, name, f, get, write in self._seat_plan:
                if get is not None:
                    mine[key] = get(state, p)
                    continue
                if f.get is not None:
                    mine[key] = f.computed(state, p, seat)
                    continue
                value = getattr(holders[p], name) if holders else getattr(state, name)[p]
                if write is _AS_IS:
                    mine[key] = value
                elif write is not None:
                    mine[key] = write(state, value)
                else:
                    mine[key] = f.shown(state, value, p, seat)
            players.append(mine)
        return players

    def hidden_zones(
        self, state: Any, seat: int, seats: int
    ) -> list[tuple[list[Any], Field, int | None]]:
        """The zones whose cards ``seat`` cannot see: ``(cards, field, owner)``, in declared
        order (the shared first, then each seat's); a mapping's lists each a zone."""
        out: list[tuple[list[Any], Field, int | None]] = []
        for f in self._zones:
            if not f.visible_to(state, None, seat):
                out += [(z, f, None) for z in _lists(getattr(state, f.name))]
        holders = getattr(state, self.seats_in) if self.seats_in else None
        for p in range(seats):
            for f in self._seat_zones:
                see = f.see  # (Field.visible_to, inlined: a search deals many worlds)
                if see == "everyone" or (see == "owner" and p == seat):
                    continue
                if callable(see) and see(state, p, seat):
                    continue
                value = getattr(holders[p], f.name) if holders else getattr(state, f.name)[p]
                if isinstance(value, list) and not (value and isinstance(value[0], list)):
                    out.append((value, f, p))
                else:
                    out += [(z, f, p) for z in _lists(value)]
        return out


def _at(order: Mapping[str, int]) -> Callable[[Field], int]:
    """A field's place in ``order`` (by name; the fields it does not name after, as declared)."""
    return lambda f: order.get(f.name, len(order))


def _lists(value: Any) -> list[list]:
    """The zones of a field: a mapping's lists, a list of lists, or the list itself."""
    if isinstance(value, dict):
        return list(value.values())
    return value if value and isinstance(value[0], list) else [value]


def resample(
    state: Any, zones: Sequence[tuple[list[Any], Field, int | None]], rng: random.Random
) -> None:
    """Shuffle in place, among the places of ``zones`` (``(cards, field, owner)``), the cards
    of each owner and pool: a zone keeps how many cards of each pool it holds.  A zone alone
    in its group is shuffled as a whole (the generator's draws are a plain shuffle's)."""
    groups: dict[tuple[Any, object], list[tuple[list[Any], int]]] = {}
    for cards, f, owner in zones:
        pool = f.pool
        if isinstance(pool, str):
            groups.setdefault((owner, pool), []).append((cards, -1))
            continue
        assert pool is not None
        pools = {c: pool(state, c) for c in set(cards)}
        if len(set(pools.values())) == 1:  # one pool: the zone as a whole
            groups.setdefault((owner, pools[cards[0]]), []).append((cards, -1))
            continue
        for i, c in enumerate(cards):
            groups.setdefault((owner, pools[c]), []).append((cards, i))
    for members in groups.values():
        _deal(members, rng)


def _deal(members: Sequence[tuple[list[Any], int]], rng: random.Random) -> None:
    """Shuffle in place the cards of ``members`` among their places: ``(cards, -1)`` a whole
    zone, ``(cards, i)`` its place ``i``.  One whole zone is shuffled as it lies (the
    generator's draws a plain shuffle's); several, their cards drawn together and dealt back
    in order, each zone keeping its size."""
    if len(members) == 1 and members[0][1] < 0:
        rng.shuffle(members[0][0])
        return
    drawn: list[Any] = []
    for lst, i in members:
        if i < 0:
            drawn += lst
        else:
            drawn.append(lst[i])
    rng.shuffle(drawn)
    at = 0
    for lst, i in members:
        if i < 0:
            lst[:] = drawn[at : at + len(lst)]
            at += len(lst)
        else:
            lst[i] = drawn[at]
            at += 1


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)`` inlined (the same permutation as CPython's ``Random.shuffle``, with one
    C call per card instead of three Python ones): a determinisation's deal, a game's shuffle."""
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(x))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(x)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1)
        )
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _twin(rng: random.Random) -> random.Random:
    """A generator in ``rng``'s state (not seeded first: its state is set)."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def _shallow(obj: _T) -> _T:
    """A shallow copy of ``obj`` (quicker than :func:`copy.copy` for plain and slotted
    objects)."""
    cls = type(obj)
    new = object.__new__(cls)
    slots = _slots_of(cls)
    if not slots:
        new.__dict__.update(obj.__dict__)
        return new
    for name in slots:
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET:  # (a slot never set stays unset)
            setattr(new, name, value)
    return new


def _slots_of(cls: type) -> tuple[str, ...]:
    """The slots ``cls`` declares (none: its instances keep a ``__dict__``)."""
    slots = _SLOTS.get(cls)
    if slots is None:
        declared = getattr(cls, "__slots__", None)
        slots = _SLOTS[cls] = (
            () if declared is None else (declared,) if isinstance(declared, str) else declared
        )
    return slots


#: each class's slots, read once
_SLOTS: dict[type, tuple[str, ...]] = {}
_UNSET: Any = object()
#: each declared state class's copy function (:func:`_compiled_copy`; None: none made)
_COPIERS: dict[type, Callable[[Any], Any] | None] = {}

_COPY_EXPR = {
    "list": "list(self.{0})",
    "lists": "[list(x) for x in self.{0}]",
    "dicts": "{{k: list(x) for k, x in self.{0}.items()}}",
}


def _compiled_copy(cls: type, zones: StateZones) -> Callable[[Any], Any] | None:
    """A function copying a ``cls`` state's attributes as ``zones`` declares them (the
    shallow copy and the declared copies; the seats, generator and events are the caller's),
    written out once per class as :mod:`dataclasses` writes an ``__init__``: a copy is in a
    search's hot path, and one statement an attribute is twice as quick as a loop over them.
    None when an attribute's name cannot be written so."""
    fields = [f for f in (*zones.shared, *zones.kept) if f.get is None and f.copy != "value"]
    if not zones.seats_in:
        fields += [f for f in zones.per_seat if f.get is None and f.copy != "value"]
    slots = _slots_of(cls)
    names = [f.name for f in fields]
    if not all(n.isidentifier() and not n.startswith("__") for n in (*names, *slots)):
        return None
    lines = ["def copy(self):", "    new = _new(cls)"]
    if slots:
        lines += [f"    new.{n} = self.{n}" for n in slots if n not in names]
    else:
        lines.append("    new.__dict__.update(self.__dict__)")
    env: dict[str, Any] = {"_new": object.__new__, "cls": cls}
    for k, f in enumerate(fields):
        how = f.copy
        if isinstance(how, str) and how in _COPY_EXPR:
            lines.append(f"    new.{f.name} = " + _COPY_EXPR[how].format(f.name))
        else:
            env[f"_copy{k}"] = _copier(how)
            lines.append(f"    new.{f.name} = _copy{k}(self.{f.name})")
    lines.append("    return new")
    exec("\n".join(lines), env)  # (the declaration's own attribute names, checked above)
    return env["copy"]


class DerivedState:
    """What the two bases of a declared state share (:class:`FieldState`,
    :class:`InstanceState`): the rules' hooks a state writes (``movers``, ``legal_actions``,
    ``apply_chosen`` — the unchecked application — and ``action_to_string``), optional ones
    (``allowed(seat, action)``: a quicker legality test than listing the legal actions;
    ``arranged(given)``: what a described state implies beyond its fields; ``phase_word()``:
    named in refusals) and the checked ``apply``.  A state keeps ``rng`` (its generator) and
    ``events`` (a list, or None when it records none)."""

    rng: random.Random
    events: list[tuple[Any, ...]] | None

    # --- hooks -----------------------------------------------------------------------------
    def movers(self) -> Sequence[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> Sequence[int]:
        raise NotImplementedError

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """Apply one legal action per mover (unchecked)."""
        raise NotImplementedError

    def action_to_string(self, seat: int, action: int) -> str:
        raise NotImplementedError

    def allowed(self, seat: int, action: int) -> bool:
        """Whether mover ``seat`` may play ``action`` now."""
        return action in self.legal_actions(seat)

    def arranged(self, given: Mapping[str, Any]) -> None:
        """Bring the rest of the state in line with a described state's fields."""

    def phase_word(self) -> str:
        """The phase, as a refusal names it ('' for none)."""
        return ""

    def action_words(self, seat: int, action: int) -> str:
        """``action`` as a refusal names it."""
        try:
            return repr(self.action_to_string(seat, action))
        except (IndexError, KeyError, ValueError):
            return f"play action {action}"

    # --- derived ---------------------------------------------------------------------------
    def apply(self, actions: Mapping[int, int]) -> None:
        """Apply one action per mover, each checked; :class:`IllegalAction` otherwise."""
        movers = list(self.movers())
        phase = self.phase_word()
        where = f" ({phase})" if phase else ""
        if sorted(actions) != sorted(movers):
            raise IllegalAction(
                f"the seats to move are {_seat_list(movers)}, not {_seat_list(sorted(actions))}"
                + where
            )
        for p, a in actions.items():
            if not self.allowed(p, a):
                when = f" in the {phase} phase" if phase else " now"
                raise IllegalAction(f"P{p + 1} cannot {self.action_words(p, a)}{when}")
        self.apply_chosen(actions)


def _seat_list(seats: Sequence[int]) -> str:
    return ", ".join(f"P{p + 1}" for p in seats) or "nobody"


class FieldState(DerivedState):
    """The protocol's plumbing for a state whose fields are declared once in ``ZONES`` (a
    :class:`StateZones`): ``clone``, ``determinise``, ``digest``, ``observation``, ``arrange``
    and the legality part of ``apply`` are derived (see :class:`DerivedState` for what a
    state writes); it keeps ``num_players``."""

    ZONES: ClassVar[StateZones]
    num_players: int = 2

    def clone(self) -> Self:
        """An independent copy, its generator in the same state."""
        return self._copy(_twin(self.rng))

    def _copy(self, rng: random.Random | None) -> Self:
        """A copy with generator ``rng`` (None: one set after)."""
        zones = self.ZONES
        cls = type(self)
        fast = _COPIERS.get(cls, _UNSET)
        if fast is _UNSET:
            fast = _COPIERS[cls] = _compiled_copy(cls, zones)
        try:
            new = fast(self) if fast is not None else None
        except AttributeError:  # a slot never set: copied one by one
            new = None
        if new is None:
            new = _shallow(self)
            for name, copier in zones._copies:
                setattr(new, name, copier(getattr(self, name)))
        if zones.seats_in:
            seats = []
            for s in getattr(self, zones.seats_in):
                t = _shallow(s)
                for name, copier in zones._seat_copies:
                    setattr(t, name, copier(getattr(s, name)))
                seats.append(t)
            setattr(new, zones.seats_in, seats)
        new.rng = rng  # (None: the caller sets it)
        new.events = None if self.events is None else list(self.events)
        for name in zones.transient:
            setattr(new, name, None)
        return new

    def determinise(self, seat: int, rng: random.Random, seen: Iterable[Any] = ()) -> Self:
        """A copy where what ``seat`` cannot see is resampled (the declared zones' cards),
        with a generator seeded from ``rng``; it records no events.  A state declaring
        ``known`` is dealt card by card (:meth:`_deal_unknown`; ``seen``: the cards the seat
        remembers where they lie)."""
        if self.ZONES.known is not None:
            return self._deal_unknown(seat, rng, seen)
        new = self._copy(None)  # its generator drawn after the deal
        new.events = None
        zones = self.ZONES.hidden_zones(new, seat, self.num_players)
        resample(new, zones, rng)
        for cards, f, _ in zones:
            if f.order == "sorted":
                cards.sort()
        new.rng = random.Random(rng.getrandbits(64))
        return new

    def _deal_unknown(self, seat: int, rng: random.Random, seen: Iterable[Any]) -> Self:
        """The copy's generator is drawn from ``rng`` first; then each card of the zones
        ``seat`` cannot see that it neither knows (``known``) nor remembers (``seen``) is
        dealt anew among the places of such cards, whoever holds them, in the deal's order."""
        zones = self.ZONES
        new = self._copy(random.Random(rng.getrandbits(64)))
        assert zones.known is not None
        known = zones.known(self, seat)
        known.update(seen)
        hidden = zones.hidden_zones(new, seat, self.num_players)
        slots = [
            (cards, j) for cards, _, _ in hidden for j, c in enumerate(cards) if c not in known
        ]
        drawn = [cards[j] for cards, j in slots]
        shuffle(rng, drawn)
        for (cards, j), c in zip(slots, drawn, strict=True):
            cards[j] = c
        for cards, f, _ in hidden:
            if f.order == "sorted":
                cards.sort()
        new.events = None
        for name, make in zones.records.items():
            setattr(new, name, make())
        return new

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: everything), as the declared fields say."""
        return self.ZONES.view(self, seat, self.num_players)

    def digest(self) -> str:
        """A SHA-256 of the designer's view and the generator's state (of a state declaring
        ``digested``: of those attributes' ``repr``, then the generator's state)."""
        named = self.ZONES.digested
        if named:
            text = repr(tuple(getattr(self, name) for name in named))
            h = hashlib.sha256(hashlib.sha256(text.encode()).hexdigest().encode())
            h.update(repr(self.rng.getstate()).encode())
            return h.hexdigest()
        data = json.dumps([self.observation(None), self.rng.getstate()], sort_keys=True)
        return hashlib.sha256(data.encode()).hexdigest()

    def arrange(self, given: Mapping[str, Any]) -> None:
        """Set the fields ``given`` names (the seats' under the seats' field, by index) through
        their ``read``; a computed field, or none declared, is refused; then :meth:`arranged`."""
        zones = self.ZONES
        shared = {f.view_key: f for f in zones.shared}
        mine = {f.view_key: f for f in zones.per_seat}
        for key, value in given.items():
            if key == zones.seats_field:
                for p, fields in value.items():
                    for k, v in fields.items():
                        f = _settable(mine, k)
                        value = copy.deepcopy(v) if f.read is None else f.read(self, v, p)
                        zones.set_seat_value(self, f, p, value)
            else:
                f = _settable(shared, key)
                value = copy.deepcopy(value) if f.read is None else f.read(self, value)
                setattr(self, f.name, value)
        self.arranged(given)


def _settable(fields: Mapping[str, Field], key: str) -> Field:
    f = fields.get(key)
    if f is None or f.get is not None or not f.settable:
        raise ScenarioError(f"{key} is computed by the rules: it cannot be set")
    return f


def place_named(
    zones: dict[Any, list[int]],
    named: Sequence[tuple[Any, Sequence[str]]],
    copies: Callable[[str], Sequence[int]],
    home: Callable[[int, set[Any]], Any],
    where: Callable[[Any], str],
    left: Callable[[int], None] = lambda card: None,
) -> None:
    """Place numbered cards where a scenario names them, the others staying where they are.

    ``zones`` (key: cards, in the order a copy is looked for) is changed in place; ``named``
    lists each zone the scenario names with the card ids it holds.  The named zones are
    emptied first; each id then takes one of its ``copies`` (instances): one of those emptied
    out, else the first found in a zone not named, in order.  Each card taken out of a zone
    is passed to ``left``; an emptied card no named zone took goes to ``home(card, named
    keys)``.  :class:`ScenarioError` (at ``where(key)``) for an id with no copy, or none left.
    """
    keys = {k for k, _ in named}
    freed = [i for k, cards in zones.items() if k in keys for i in cards]
    for k in keys:
        zones[k].clear()
    for i in freed:
        left(i)
    free = set(freed)
    order = [k for k in zones if k not in keys]

    def take(cid: str, key: Any) -> int:
        found = copies(cid)
        if not found:
            raise ScenarioError(f"{where(key)}: {cid!r} is not a card of these decks")
        for i in found:
            if i in free:
                free.discard(i)
                return i
        for k in order:
            cards = zones[k]
            for i in found:
                if i in cards:
                    cards.remove(i)
                    left(i)
                    return i
        raise ScenarioError(f"{where(key)}: no copy of {cid!r} left (the decks hold fewer)")

    for key, ids in named:
        for cid in ids:
            zones[key].append(take(cid, key))
    for i in freed:
        if i in free:
            zones[home(i, keys)].append(i)


# --- a state of numbered cards (card instances): its zones declared once -------------------
#
# A game whose cards are numbers (card instances; a negative number is an empty place) keeps
# its zones in lists — shared ones on the state, a seat's on its object in ``state.players``
# — and declares them once, in the order its designer's view lists them, with its counters
# and the fields it computes::
#
#     class MyState(InstanceState):
#         ZONES = InstanceZones(
#             shared=("turn", Zone("market"), Zone("deck", "nobody", "top_first")),
#             per_seat=("hp", Zone("hand", "owner", "sorted"), Zone("row0", at=("rows", 0))),
#             kept=("current", "pools"),          # what else the future depends on
#             caches=("_legal",),                 # what the hidden cards decide, recomputed
#         )
#
# :class:`InstanceState` then supplies ``observation`` (each zone as the seat sees it: its
# cards, or how many), ``clone``, ``determinise`` (the cards a seat cannot see dealt anew
# among the places hidden from it: each seat's pooled, the shared ones pooled), ``digest``
# (the zones as they lie, the counters, ``kept`` and the generator) and ``apply`` (the
# legality check before the game's ``apply_chosen``).  The game writes the rules:
# ``movers``, ``legal_actions``, ``apply_chosen``, ``action_to_string``, ``is_terminal``,
# ``returns`` and ``arrange``.


@dataclass(frozen=True)
class Zone:
    """A zone: the attribute ``name`` (or the list at ``at``: ``("rows", 0)`` is
    ``rows[0]``), who sees it, and how a view lists it: ``kept`` as it lies, ``sorted`` by
    card id (its order is no rule), ``top_first`` (the list's end is its top).  ``listed``
    False: in no view (the cards out of the game), never resampled; a described state puts
    there the cards it places nowhere else.  For a described state: ``slots(state)``, the
    zone's fixed number of places (the empty ones null); ``default(state, owner)`` (a shared
    zone's: ``default(state)``), the cards it holds when the state names other zones but not
    it (otherwise none)."""

    name: str
    see: Seen = "everyone"
    show: Literal["kept", "sorted", "top_first"] = "kept"
    at: tuple[str, int] | None = None
    listed: bool = True
    slots: Callable[[Any], int] | None = None
    default: Callable[..., list[int]] | None = None

    def cards(self, holder: Any) -> list[int]:
        """The zone's list on ``holder`` (the state or a seat's object)."""
        if self.at is None:
            return getattr(holder, self.name)
        return getattr(holder, self.at[0])[self.at[1]]

    def put(self, holder: Any, cards: list[int]) -> None:
        """Make ``cards`` the zone's list on ``holder``."""
        if self.at is None:
            setattr(holder, self.name, cards)
        else:
            getattr(holder, self.at[0])[self.at[1]] = cards


@dataclass(frozen=True)
class Shown:
    """A field the view computes: ``value(state, seat)`` of a shared field,
    ``value(state, owner, seat)`` of a seat's (``seat`` None: the designer); ``arrange``
    sets it from a described state's value (``arrange(state, value)``, a seat's
    ``arrange(state, owner, value)``; None: it cannot be set)."""

    name: str
    value: Callable[..., Any]
    arrange: Callable[..., None] | None = None


#: a declared field of an :class:`InstanceZones`: a zone, a counter (an attribute shown as it
#: is) or a computed one
Declared = Zone | str | Shown


@dataclass(frozen=True)
class InstanceZones:
    """A state's zones, counters and computed fields, shared and per seat, in the view's
    order; ``kept``: the state's other attributes the future depends on (copied, digested);
    ``caches``: attributes the hidden cards decide, set to None when they are dealt anew or
    the state is described; ``reset``: the ``kept`` fields a described state naming the
    zones empties (marks on cards that moved); ``names``: the card ids by number (by
    default ``state.game.card_ids``)."""

    shared: tuple[Declared, ...] = ()
    per_seat: tuple[Declared, ...] = ()
    kept: tuple[str, ...] = ()
    caches: tuple[str, ...] = ()
    reset: tuple[str, ...] = ()
    seats: str = "players"
    names: Callable[[Any], Sequence[str]] = lambda state: state.game.card_ids

    def zones(self, shared: bool) -> list[Zone]:
        return [f for f in (self.shared if shared else self.per_seat) if isinstance(f, Zone)]

    def vocabulary(self) -> dict[str, str]:
        """The vocabulary of the zones: every listed zone holds card ids."""
        out = {z.name: "card" for z in self.zones(True) if z.listed}
        out.update({f"{self.seats}.*.{z.name}": "card" for z in self.zones(False) if z.listed})
        return out

    @cached_property
    def secret(self) -> tuple[tuple[Zone, ...], tuple[Zone, ...]]:
        """The zones whose cards some seat cannot see: a seat's, the shared ones."""
        return (
            tuple(z for z in self.zones(False) if z.listed and z.see != "everyone"),
            tuple(z for z in self.zones(True) if z.listed and z.see != "everyone"),
        )

    @cached_property
    def copied(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """What a copy copies: the shared zones' attributes, a seat's zones' and its lists of
        zones' (``Zone.at``)."""
        return (
            tuple(z.name for z in self.zones(True) if z.at is None),
            tuple(z.name for z in self.zones(False) if z.at is None),
            tuple(sorted({z.at[0] for z in self.zones(False) if z.at is not None})),
        )

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of ``state`` (None: everything), JSON-ready."""
        names = self.names(state)
        out = _fields(self.shared, state, state, None, seat, names)
        out[self.seats] = [
            _fields(self.per_seat, state, p, s, seat, names)
            for s, p in enumerate(getattr(state, self.seats))
        ]
        return out

    def key(self, state: Any) -> tuple[Any, ...]:
        """Everything the declaration says the future depends on: the zones as they lie,
        the counters and ``kept`` (sets and mappings in order)."""

        def of(fields: tuple[Declared, ...], holder: Any) -> tuple[Any, ...]:
            return tuple(
                tuple(f.cards(holder))
                if isinstance(f, Zone)
                else _canonical(getattr(holder, f))
                if isinstance(f, str)
                else None
                for f in fields
            )

        seats = tuple(of(self.per_seat, p) for p in getattr(state, self.seats))
        kept = tuple(_canonical(getattr(state, k)) for k in self.kept)
        return of(self.shared, state), seats, kept


def _fields(
    fields: tuple[Declared, ...],
    state: Any,
    holder: Any,
    owner: int | None,
    seat: int | None,
    names: Sequence[str],
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields:
        if isinstance(f, str):
            out[f] = getattr(holder, f)
        elif isinstance(f, Shown):
            out[f.name] = f.value(state, seat) if owner is None else f.value(state, owner, seat)
        elif f.listed:
            cards = f.cards(holder)
            if seat is None or f.see == "everyone" or (f.see == "owner" and owner == seat):
                shown = [names[i] if i >= 0 else None for i in cards]
                if f.show == "sorted":
                    shown.sort()
                elif f.show == "top_first":
                    shown.reverse()
                out[f.name] = shown
            else:
                out[f.name] = len(cards)
    return out


def _canonical(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return tuple(sorted(value))
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    if isinstance(value, list):
        return tuple(_canonical(v) for v in value)
    return value


_MUTABLE = (list, dict, set)


def _copied(value: Any) -> Any:
    """A copy of ``value``'s lists, mappings and sets all the way down."""
    if isinstance(value, list):
        return [_copied(v) if isinstance(v, _MUTABLE) else v for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) if isinstance(v, _MUTABLE) else v for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


class InstanceState(DerivedState):
    """The protocol's plumbing from the class's :class:`InstanceZones` (see the section's
    comment above :class:`Zone`; for what a state writes, :class:`DerivedState`)."""

    ZONES: ClassVar[InstanceZones]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.ZONES.view(self, seat)

    def clone(self, *, events: bool = True) -> Self:
        """An independent copy (``events=False``: without the event log, for searches)."""
        z = self.ZONES
        shared, lists, stacks = z.copied
        new = _shallow(self)
        d = new.__dict__
        new.rng = _twin(self.rng)
        for name in shared:
            d[name] = d[name][:]
        for name in z.kept:
            d[name] = _copied(d[name])
        seats = []
        for p in d[z.seats]:
            q = _shallow(p)
            e = q.__dict__
            for name in lists:
                e[name] = e[name][:]
            for name in stacks:
                e[name] = [x[:] for x in e[name]]
            seats.append(q)
        d[z.seats] = seats
        new.events = None if self.events is None or not events else self.events[:]
        return new

    def determinise(self, seat: int, rng: random.Random) -> Self:
        """A copy in which what ``seat`` cannot see is dealt anew: each seat's hidden cards
        among its hidden places, then the shared ones among theirs (sizes kept, the places
        in the declared order); the copy records no events, its generator drawn from
        ``rng``."""
        z = self.ZONES
        new = self.clone(events=False)
        for name in z.caches:
            setattr(new, name, None)
        per_seat, shared = z.secret
        groups = [
            [f.cards(p) for f in per_seat if s != seat or f.see == "nobody"]
            for s, p in enumerate(getattr(new, z.seats))
        ]
        groups.append([f.cards(new) for f in shared])
        for lists in groups:
            _deal([(cards, -1) for cards in lists], rng)
        new.rng = random.Random(rng.getrandbits(64))
        return new

    def arrange(self, given: Mapping[str, Any]) -> None:
        """Put the game in a described position: any field of the designer's view (a seat's
        under ``players``, by index).  Naming any zone describes them all: each zone not
        named holds its ``default`` (none), the cards placed nowhere go to the unlisted zone,
        the ``reset`` fields are emptied; then the counters are set and the computed fields
        arranged, the shared ones first, in the declared order; then :meth:`arranged`."""
        z = self.ZONES
        for name in z.caches:
            setattr(self, name, None)
        seats: Mapping[int, Mapping[str, Any]] = given.get(z.seats, {})
        known = {f if isinstance(f, str) else f.name for f in z.shared} | {z.seats}
        for key in given:
            if key not in known:
                raise ScenarioError(f"{key} cannot be set in a scenario")
        if any(f.name in given for f in z.zones(True) if f.listed) or any(
            f.name in fields for f in z.zones(False) if f.listed for fields in seats.values()
        ):
            self._arrange_zones(given, seats)
            for name in z.reset:
                setattr(self, name, type(getattr(self, name))())
        for f in z.shared:
            _arrange(f, self, self, None, given)
        holders = getattr(self, z.seats)
        for s, fields in seats.items():
            for f in z.per_seat:
                _arrange(f, self, holders[s], s, fields)
        self.arranged(given)

    def _arrange_zones(self, given: Mapping[str, Any], seats: Mapping[int, Any]) -> None:
        """Deal the described zones: of each card id named, its first free instance (each
        unnamed zone's ``default`` reserved first), a seat's zones first, seat by seat."""
        z = self.ZONES
        names = z.names(self)
        free: dict[str, list[int]] = {}
        for inst, cid in enumerate(names):
            free.setdefault(cid, []).append(inst)
        named: list[tuple[Zone, Any, str, list[str | None]]] = []
        for s, p in enumerate(getattr(self, z.seats)):
            fields = seats.get(s, {})
            for f in z.zones(False):
                if not f.listed:
                    continue
                if f.name in fields:
                    named.append((f, p, f"P{s + 1}", fields[f.name]))
                else:
                    self._fill(f, p, f.default(self, s) if f.default else [], free)
        for f in z.zones(True):
            if not f.listed:
                continue
            if f.name in given:
                named.append((f, self, f.name, given[f.name]))
            else:
                self._fill(f, self, f.default(self) if f.default else [], free)

        def take(cid: str, where: str) -> int:
            if not free.get(cid):
                raise ScenarioError(f"{where}: more {cid} than the catalogue has")
            return free[cid].pop(0)

        for f, holder, where, cards in named:
            order = reversed(cards) if f.show == "top_first" else cards
            self._fill(f, holder, [-1 if c is None else take(c, where) for c in order], None)
        rest = sorted(i for ids in free.values() for i in ids)
        for f in z.zones(True):
            if not f.listed:
                f.put(self, rest)
                rest = []

    def _fill(
        self, f: Zone, holder: Any, cards: list[int], free: dict[str, list[int]] | None
    ) -> None:
        """Put ``cards`` in zone ``f`` of ``holder``, its empty slots added (``free``: the
        free instances, when ``cards`` are taken from them here)."""
        if free is not None:
            names = self.ZONES.names(self)
            for inst in cards:
                free[names[inst]].remove(inst)
        if f.slots is not None:
            n = f.slots(self)
            if len(cards) > n:
                raise ScenarioError(f"{f.name}: {n} slots, not {len(cards)}")
            cards = cards + [-1] * (n - len(cards))
        f.put(holder, cards)

    def digest(self) -> str:
        """A digest of the declared state (:meth:`InstanceZones.key`) and the generator."""
        text = repr((self.ZONES.key(self), self.rng.getstate()))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _arrange(f: Declared, state: Any, holder: Any, owner: int | None, given: Any) -> None:
    """Set field ``f`` (of ``holder``: the state, or seat ``owner``'s object) from
    ``given``, if it names it."""
    if isinstance(f, Zone) or (f if isinstance(f, str) else f.name) not in given:
        return
    if isinstance(f, str):
        setattr(holder, f, given[f])
    elif f.arrange is None:
        where = f.name if owner is None else f"P{owner + 1}.{f.name}"
        raise ScenarioError(f"{where} cannot be set in a scenario")
    elif owner is None:
        f.arrange(state, given[f.name])
    else:
        f.arrange(state, owner, given[f.name])
