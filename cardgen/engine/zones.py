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
(:mod:`cardgen.engine.described`) derive their observation and determinisation from these;
a Python engine may declare its zones the same way.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Self

from cardgen.engine.errors import IllegalAction, ScenarioError

Visibility = Literal["everyone", "owner", "nobody", "top"]


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
#: mapping of lists, or an object with its own ``copy()`` (``None`` kept)
Copying = Literal["value", "list", "lists", "dicts", "copy"]


@dataclass(frozen=True)
class Field:
    """One attribute of a state, declared once: how a copy copies it, its name in the view and
    who sees it there, how the view writes it and a scenario's ``given`` reads it back, and —
    a zone of cards some seat cannot see — how a determinisation resamples it.

    ``see`` is a :data:`Visibility` (``owner``: a seat's field to that seat) or a function
    ``(state, owner, seat) -> bool``; a seat that does not see the field gets its ``unseen``
    form: ``count`` (how many), ``none`` or ``sorted`` (the cards, their order withheld).
    ``pool`` (a name, or a function ``(state, card) -> name``) makes the field a resampled zone:
    the cards a seat cannot see are exchanged among the places of the same owner and pool,
    so each zone keeps how many cards of each pool it holds; ``order="sorted"`` sorts the zone
    after.  ``write(state, value)`` and ``read(state, value)`` (a seat's: ``read(state,
    value, seat)``) convert (default: the value itself); a mapping of zones is seen zone by
    zone.  ``get(state)`` (a seat's: ``get(state, seat)``) makes a field computed: in the view
    only, never set (as a field ``settable`` False)."""

    name: str
    copy: Copying = "value"
    key: str = ""
    see: Visibility | Callable[[Any, int | None, int], bool] = "everyone"
    unseen: Literal["count", "none", "sorted"] = "count"
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
            if isinstance(value, dict):  # a mapping of zones: each as the seat sees it
                return {k: self._unseen(v) for k, v in value.items()}
            return self._unseen(value)
        if self.write is None:  # a copy: the view never shares the state's lists
            return _fresh(value)
        return self.write(state, value)

    def _unseen(self, value: Any) -> Any:
        if self.unseen == "count":
            return len(value)
        if self.unseen == "none":
            return None
        return sorted(value)


def _plan(f: Field) -> tuple[str, str, Field, Any, Any]:
    """How the view writes ``f``: its writer when every seat sees it as it is."""
    write = None
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
    """A state's fields declared once (see :class:`ZonedState`): the ``shared`` ones, and the
    ``per_seat`` ones — each an attribute of the objects in ``state.<seats_in>`` or, without
    ``seats_in``, an attribute of the state holding one value per seat — which the view lists
    under ``seats_field``, one mapping a seat."""

    shared: tuple[Field, ...] = ()
    per_seat: tuple[Field, ...] = ()
    seats_in: str = ""
    seats_field: str = "players"
    #: attributes a copy resets to None (a cache of the state's legal actions)
    transient: tuple[str, ...] = ()
    #: derived from the fields: (attribute, copier) to copy; the resampled zones
    _copies: tuple[tuple[str, Callable[[Any], Any]], ...] = field(init=False, repr=False)
    _seat_copies: tuple[tuple[str, Callable[[Any], Any]], ...] = field(init=False, repr=False)
    _zones: tuple[Field, ...] = field(init=False, repr=False)
    _seat_zones: tuple[Field, ...] = field(init=False, repr=False)
    #: how the view writes each field: (key, attribute, field, get, write if seen by all)
    _shared_plan: tuple[tuple[str, str, Field, Any, Any], ...] = field(init=False, repr=False)
    _seat_plan: tuple[tuple[str, str, Field, Any, Any], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        copied = [f for f in self.shared if f.get is None and f.copy != "value"]
        seat_copied = [f for f in self.per_seat if f.get is None and f.copy != "value"]
        copies = [(f.name, _copier(f.copy)) for f in copied]
        seat_copies = [(f.name, _copier(f.copy)) for f in seat_copied]
        if not self.seats_in:
            copies += seat_copies
        object.__setattr__(self, "_copies", tuple(copies))
        object.__setattr__(self, "_seat_copies", tuple(seat_copies))
        object.__setattr__(self, "_zones", tuple(f for f in self.shared if f.pool is not None))
        object.__setattr__(self, "_seat_zones", tuple(f for f in self.per_seat if f.pool))
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
            if get is not None:
                out[key] = get(state)
            elif write is _AS_IS:
                out[key] = getattr(state, name)
            elif write is not None:  # seen by everyone
                out[key] = write(state, getattr(state, name))
            else:
                out[key] = f.shown(state, getattr(state, name), None, seat)
        players = []
        holders = getattr(state, self.seats_in) if self.seats_in else None
        for p in range(seats):
            mine: dict[str, Any] = {}
            for key, name, f, get, write in self._seat_plan:
                if get is not None:
                    mine[key] = get(state, p)
                    continue
                value = getattr(holders[p], name) if holders else getattr(state, name)[p]
                if write is _AS_IS:
                    mine[key] = value
                elif write is not None:
                    mine[key] = write(state, value)
                else:
                    mine[key] = f.shown(state, value, p, seat)
            players.append(mine)
        out[self.seats_field] = players
        return out

    def hidden_zones(
        self, state: Any, seat: int, seats: int
    ) -> list[tuple[list[Any], Field, int | None]]:
        """The zones whose cards ``seat`` cannot see: ``(cards, field, owner)``, in declared
        order (the shared first, then each seat's); a mapping's lists each a zone."""
        out: list[tuple[list[Any], Field, int | None]] = []
        for f in self._zones:
            if not f.visible_to(state, None, seat):
                out += [(z, f, None) for z in _lists(getattr(state, f.name))]
        for p in range(seats):
            for f in self._seat_zones:
                if not f.visible_to(state, p, seat):
                    out += [(z, f, p) for z in _lists(self.seat_value(state, f, p))]
        return out


def _lists(value: Any) -> list[list]:
    return list(value.values()) if isinstance(value, dict) else [value]


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
        if len(members) == 1 and members[0][1] < 0:
            rng.shuffle(members[0][0])
            continue
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


def _shallow(obj: Any) -> Any:
    """A shallow copy of ``obj`` (quicker than :func:`copy.copy` for plain and slotted
    objects)."""
    cls = type(obj)
    new = object.__new__(cls)
    slots = _SLOTS.get(cls)
    if slots is None:
        declared = getattr(cls, "__slots__", None)
        slots = _SLOTS[cls] = (
            () if declared is None else (declared,) if isinstance(declared, str) else declared
        )
    if not slots:
        new.__dict__.update(obj.__dict__)
        return new
    for name in slots:
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET:  # (a slot never set stays unset)
            setattr(new, name, value)
    return new


#: each class's slots, read once
_SLOTS: dict[type, tuple[str, ...]] = {}
_UNSET = object()


class ZonedState:
    """The protocol's plumbing for a state whose fields are declared once in ``ZONES`` (a
    :class:`StateZones`): ``clone``, ``determinise``, ``digest``, ``observation``, ``arrange``
    and the legality part of ``apply`` are derived.  A state writes ``movers``,
    ``legal_actions``, ``apply_chosen`` (the unchecked application), ``action_to_string``,
    ``is_terminal`` and ``returns``, and keeps ``rng`` (its generator), ``events`` (a list, or
    None when it records none) and ``num_players``.  Optional hooks: ``allowed(seat, action)``
    (a quicker legality test than listing the legal actions), ``arranged(given)`` (what a
    described state implies beyond its fields) and ``phase_word()`` (named in refusals)."""

    ZONES: ClassVar[StateZones]
    num_players: int = 2
    rng: random.Random
    events: list[tuple] | None

    # --- hooks -----------------------------------------------------------------------------
    def movers(self) -> Sequence[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> Sequence[int]:
        raise NotImplementedError

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
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
                phase = f" in the {phase} phase" if phase else ""
                raise IllegalAction(f"P{p + 1} cannot {self.action_words(p, a)}{phase}")
        self.apply_chosen(actions)

    def clone(self) -> Self:
        """An independent copy, its generator in the same state."""
        new = _shallow(self)
        zones = self.ZONES
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
        new.rng = random.Random(0)  # seeded, not from the OS: cheap; its state is set next
        new.rng.setstate(self.rng.getstate())
        new.events = None if self.events is None else list(self.events)
        for name in zones.transient:
            setattr(new, name, None)
        return new

    def determinise(self, seat: int, rng: random.Random) -> Self:
        """A copy where what ``seat`` cannot see is resampled (the declared zones' cards),
        with a generator seeded from ``rng``; it records no events."""
        new = self.clone()
        new.events = None
        zones = self.ZONES.hidden_zones(new, seat, self.num_players)
        resample(new, zones, rng)
        for cards, f, _ in zones:
            if f.order == "sorted":
                cards.sort()
        new.rng = random.Random(rng.getrandbits(64))
        return new

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: everything), as the declared fields say."""
        return self.ZONES.view(self, seat, self.num_players)

    def digest(self) -> str:
        """A SHA-256 of the designer's view and the generator's state."""
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


def _seat_list(seats: Sequence[int]) -> str:
    return ", ".join(f"P{p + 1}" for p in seats) or "nobody"
