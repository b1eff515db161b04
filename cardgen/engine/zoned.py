"""Zones declared once for a state of numbered cards: the protocol's plumbing derived.

A game whose cards are numbers (card instances; a negative number is an empty place) keeps
its zones in lists — shared ones on the state, a seat's on its object in ``state.players`` —
and declares them once, in the order its designer's view lists them, with its counters and
the fields it computes::

    class MyState(ZonedState):
        ZONES = Zones(
            shared=("turn", Zone("market"), Zone("deck", "nobody", "top_first")),
            per_seat=("hp", Zone("hand", "owner", "sorted"), Zone("row0", at=("rows", 0))),
            kept=("current", "pools"),          # what else the future depends on
            caches=("_legal",),                 # what the hidden cards decide, recomputed
        )

:class:`ZonedState` then supplies ``observation`` (each zone as the seat sees it: its cards,
or how many), ``clone``, ``determinise`` (the cards a seat cannot see dealt anew among the
places hidden from it: each seat's pooled, the shared ones pooled), ``digest`` (the zones as
they lie, the counters, ``kept`` and the generator) and ``apply`` (the legality check before
the game's ``apply_chosen``).  The game writes the rules: ``movers``, ``legal_actions``,
``apply_chosen``, ``action_to_string``, ``is_terminal``, ``returns`` and ``arrange``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal, Self, TypeVar

from cardgen.engine.errors import IllegalAction, ScenarioError

_T = TypeVar("_T")
#: who sees a zone's cards: every seat, its owner, no seat (the others see how many)
Seen = Literal["everyone", "owner", "nobody"]


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


#: a declared field: a zone, a counter (an attribute shown as it is) or a computed one
Field = Zone | str | Shown


@dataclass(frozen=True)
class Zones:
    """A state's zones, counters and computed fields, shared and per seat, in the view's
    order; ``kept``: the state's other attributes the future depends on (copied, digested);
    ``caches``: attributes the hidden cards decide, set to None when they are dealt anew or
    the state is described; ``reset``: the ``kept`` fields a described state naming the
    zones empties (marks on cards that moved); ``names``: the card ids by number (by
    default ``state.game.card_ids``)."""

    shared: tuple[Field, ...] = ()
    per_seat: tuple[Field, ...] = ()
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

        def of(fields: tuple[Field, ...], holder: Any) -> tuple[Any, ...]:
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
    fields: tuple[Field, ...],
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


def _shallow(obj: _T) -> _T:
    """A copy of ``obj`` sharing its attributes' values (``copy.copy``, quicker)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _copied(value: Any) -> Any:
    """A copy of ``value``'s lists, mappings and sets all the way down."""
    if isinstance(value, list):
        return [_copied(v) if isinstance(v, _MUTABLE) else v for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) if isinstance(v, _MUTABLE) else v for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


class ZonedState:
    """The protocol's plumbing from the class's :class:`Zones` (see the module docstring)."""

    ZONES: ClassVar[Zones]
    rng: random.Random
    events: list[tuple[Any, ...]] | None

    def movers(self) -> Sequence[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> Sequence[int]:
        raise NotImplementedError

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """Apply one legal action per mover (unchecked)."""
        raise NotImplementedError

    def apply(self, actions: Mapping[int, int]) -> None:
        """:meth:`apply_chosen` after the legality check: each mover, one legal action."""
        movers = list(self.movers())
        if sorted(actions) != sorted(movers):
            raise IllegalAction(
                f"the seats to move are {_seats(movers)}, not {_seats(sorted(actions))}"
            )
        for seat, a in actions.items():
            if a not in self.legal_actions(seat):
                raise IllegalAction(f"P{seat + 1} cannot play action {a} now")
        self.apply_chosen(actions)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.ZONES.view(self, seat)

    def clone(self, *, events: bool = True) -> Self:
        """An independent copy (``events=False``: without the event log, for searches)."""
        z = self.ZONES
        shared, lists, stacks = z.copied
        new = _shallow(self)
        d = new.__dict__
        new.rng = random.Random.__new__(random.Random)  # not seeded: its state is set
        new.rng.setstate(self.rng.getstate())
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
            if len(lists) == 1:
                rng.shuffle(lists[0])
            elif lists:
                pool = [c for cards in lists for c in cards]
                rng.shuffle(pool)
                k = 0
                for cards in lists:
                    cards[:] = pool[k : k + len(cards)]
                    k += len(cards)
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
        self.arranged()

    def arranged(self) -> None:
        """Restore what follows from the fields a described state set (by default nothing)."""

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
        """A digest of the declared state (:meth:`Zones.key`) and the generator."""
        text = repr((self.ZONES.key(self), self.rng.getstate()))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _arrange(f: Field, state: Any, holder: Any, owner: int | None, given: Any) -> None:
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


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"P{p + 1}" for p in seats) or "nobody"
