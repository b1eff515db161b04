"""Events: what happened in a game, recorded cheaply as tuples and read as mappings.

An engine declares each event type once::

    EventType("kill", "seat:seat owner:seat card:card", "{seat} kills {owner}'s {card}")

and records ``("kill", 0, 1, "squire")``.  The kit turns that into
``{"type": "kill", "seat": "P1", "owner": "P2", "card": "squire"}`` for logs and scenario
files, into ``P1 kills P2's Squire`` for the readable log (card ids as card names), and checks
scenario expectations against the declared fields and their domains.

``role`` marks the events the core counts for every game's balance figures: ``"drawn"`` and
``"played"`` (fields ``seat`` and ``card``), and ``"first"`` (field ``seat``: the first player,
where the rules choose it during the game; otherwise the seat making the first decision alone);
and for a game that declares :class:`~cardgen.engine.figures.Figures`, ``"dealt"`` (``seat``,
``card`` or ``cards``: a card or a tuple of cards offered to the seat), ``"unplayable"``
(``seat``, ``card``: a copy drawn that never had a legal play), ``"period"`` (opens a period:
a round) and ``"sample"`` (``seat`` and int fields: the seat's figures at a period's end).
``private`` names the seat field of an event only that seat sees whole (a draw); the others see
it with the ``hidden`` fields as ``null``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.engine.grammar import Pattern
from cardgen.engine.protocol import Event, seat_name
from cardgen.engine.vocab import Domain

#: the roles an event type may have (the module's docstring says what each counts)
ROLES = ("drawn", "played", "first", "dealt", "unplayable", "period", "sample")


@dataclass(frozen=True)
class EventType:
    """One kind of event: its fields (``"name:domain"`` words), its text, its role."""

    name: str
    fields_spec: str = ""
    #: the readable line: a format string of the fields (card ids as names, seats as P1), or a
    #: function of that mapping for a line a format string cannot write
    text: str | Callable[[Mapping[str, Any]], str] = ""
    role: str | None = None
    private: str | None = None
    hidden: tuple[str, ...] = ()
    fields: tuple[tuple[str, Domain], ...] = field(init=False)

    def __post_init__(self) -> None:
        slots = Pattern.compile(" ".join("{" + f + "}" for f in self.fields_spec.split())).slots
        object.__setattr__(self, "fields", slots)
        if self.role is not None and self.role not in ROLES:
            raise ValueError(f"event {self.name}: role is one of {', '.join(ROLES)}")
        names = {n for n, _ in slots}
        if self.role == "first" and "seat" not in names:
            raise ValueError(f"event {self.name}: a first event has a seat field")
        if self.role == "sample" and "seat" not in names:
            raise ValueError(f"event {self.name}: a sample event has a seat field")
        if self.role == "dealt" and not ("seat" in names and names & {"card", "cards"}):
            raise ValueError(f"event {self.name}: a dealt event has seat and card(s) fields")
        if self.role in ("drawn", "played", "unplayable") and not {"seat", "card"} <= names:
            raise ValueError(f"event {self.name}: a {self.role} event has seat and card fields")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.fields)


class EventSchema:
    """Every event type of a game, by name."""

    def __init__(self, *types: EventType) -> None:
        self.types = {t.name: t for t in types}
        if len(self.types) != len(types):
            raise ValueError("two event types share a name")

    def to_dict(self, event: Event) -> dict[str, Any]:
        """``event`` as a mapping: its type, then each field (seats as ``P1``)."""
        kind, *values = event
        et = self.types.get(kind)
        if et is None:
            raise ValueError(f"undeclared event type {kind!r}")
        if len(values) != len(et.fields):
            raise ValueError(f"event {kind!r} has {len(values)} fields, declared {et.names}")
        doc: dict[str, Any] = {"type": kind}
        for (name, dom), v in zip(et.fields, values, strict=True):
            if dom == "seat" and isinstance(v, int):
                v = seat_name(v)
            elif dom == "seat" and isinstance(v, list | tuple):  # a list of seats
                v = [seat_name(x) if isinstance(x, int) else x for x in v]
            doc[name] = _json(v)
        return doc

    def text(self, doc: Mapping[str, Any], card_name: Callable[[str], str] | None = None) -> str:
        """The readable line of an event mapping (card ids as names)."""
        et = self.types[doc["type"]]
        if not et.text:
            rest = ", ".join(f"{k}={v}" for k, v in doc.items() if k != "type")
            return f"{doc['type']}: {rest}" if rest else doc["type"]
        values = {}
        for name, dom in et.fields:
            v = doc.get(name)
            if dom == "card" and card_name is not None and isinstance(v, str):
                v = card_name(v)
            elif isinstance(v, list) and dom == "card" and card_name is not None:
                v = ", ".join(card_name(x) if isinstance(x, str) else "a hidden card" for x in v)
            values[name] = "a hidden card" if v is None and name in et.hidden else v
        if callable(et.text):
            return et.text(values)
        return et.text.format(**values)

    def seen_by(self, doc: Mapping[str, Any], seat: int) -> dict[str, Any]:
        """What ``seat`` sees of an event: the whole of it, or with its hidden fields ``null``
        when it is private to another seat."""
        et = self.types[doc["type"]]
        if et.private is None or doc.get(et.private) == seat_name(seat):
            return dict(doc)
        return {k: (None if k in et.hidden else v) for k, v in doc.items()}

    def of_role(self, role: str) -> set[str]:
        """The event types with ``role``."""
        return {t.name for t in self.types.values() if t.role == role}

    def role_fields(self, role: str) -> dict[str, tuple[int, int]]:
        """Of each event type with ``role``, where its ``seat`` and its ``card`` stand in the
        recorded tuple (the type is item 0): the counters read them without a mapping."""
        out = {}
        for t in self.types.values():
            if t.role == role:
                names = t.names
                cards = "card" if "card" in names else "cards"  # a dealt event's
                card = 1 + names.index(cards) if cards in names else 0
                out[t.name] = (1 + names.index("seat"), card)
        return out

    def __iter__(self) -> Iterator[EventType]:
        return iter(self.types.values())


def _json(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_json(x) for x in v]
    if isinstance(v, list):
        return [_json(x) for x in v]
    return v
