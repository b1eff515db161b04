"""A sandbox table for any catalogue, rules or not: the cards as physical cards, moved by hand.

The table starts with one face-down pile of each of the catalogue's piles (every copy of each
card, shuffled from the seed), a shared table and discard in the centre, and for each seat a
private hand and a public area.  Anyone seated shuffles a pile, deals to every hand, draws,
moves a card between zones (the top of a pile, or a card they can see and may take), flips a
card, and keeps counters; every move is logged (a private move in the words the others may
read).  A seat sees the faces of its own hand and of every face-up card, the others' hands and
the piles as counts and backs.  :meth:`Sandbox.to_json` and :meth:`Sandbox.from_json` save and
reopen the table (the output's ``sandbox/`` folder).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

#: The most cards dealt or drawn at once, counters kept, and the longest counter name.
MOST_AT_ONCE = 50
MOST_COUNTERS = 40
COUNTER_NAME = re.compile(r"[\w .'-]{1,30}")
CENTRE = ("table", "discard")


class SandboxError(ValueError):
    """A move the sandbox refuses, saying why."""


@dataclass(frozen=True)
class Design:
    """A card design of the catalogue as the sandbox deals it."""

    id: str
    name: str
    copies: int
    pile: str
    back: str  # the design id of its back


@dataclass
class Item:
    """One physical card: ``uid`` (its own), the design it shows, face up or down."""

    uid: str
    card: str
    up: bool = False


class Sandbox:
    """The sandbox table (see the module's description)."""

    kind = "sandbox"

    def __init__(self, designs: Iterable[Design], seats: int, seed: int, name: str = "sandbox"):
        if not 1 <= seats <= 8:
            raise SandboxError("a sandbox seats 1 to 8 people")
        self.name, self.seed, self.seats = name, seed, seats
        self.rng = random.Random(seed)
        self.designs = {d.id: d for d in designs}
        self.zones: dict[str, list[Item]] = {}
        n = 0
        for d in sorted(self.designs.values(), key=lambda d: (d.pile, d.id)):
            for _ in range(max(d.copies, 1)):
                n += 1
                self.zones.setdefault(f"pile:{d.pile}", []).append(Item(f"c{n}", d.id))
        for pile in [z for z in self.zones if z.startswith("pile:")]:
            self.rng.shuffle(self.zones[pile])
        self._renumber()
        for z in CENTRE:
            self.zones[z] = []
        for p in range(seats):
            self.zones[f"hand:P{p + 1}"] = []
            self.zones[f"area:P{p + 1}"] = []
        self.counters: dict[str, int] = {}
        #: each move: who made it, its words for everyone, its words for the one who made it
        self.log: list[dict[str, Any]] = []
        self.version = 0

    def _renumber(self) -> None:
        """Give the cards new ids in a fresh random order (an id says nothing of a card)."""
        items = [i for z in self.zones.values() for i in z]
        uids = [f"c{k}" for k in range(1, len(items) + 1)]
        self.rng.shuffle(uids)
        for item, uid in zip(items, uids, strict=True):
            item.uid = uid

    # --- who may see what -------------------------------------------------------------------
    def people(self) -> list[int]:
        return list(range(self.seats))

    @staticmethod
    def _owner(zone: str) -> str | None:
        return zone.split(":", 1)[1] if zone.startswith(("hand:", "area:")) else None

    def _sees(self, seat: str | None, zone: str, item: Item) -> bool:
        """Whether ``seat`` (None: a spectator) sees the face of ``item`` in ``zone``."""
        if zone.startswith("hand:"):
            return seat == self._owner(zone)
        return item.up

    def view(self, seat: int | None, pictures: Mapping[str, str | None]) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) sees: each zone's cards (a face it may see, else
        only a back; another's hand and a pile as a count), the counters, the log in its words,
        and the designs shown with their pictures' keys."""
        me = None if seat is None else f"P{seat + 1}"
        zones = []
        shown: set[str] = set()
        backs: set[str] = set()
        for name, items in self.zones.items():
            zone: dict[str, Any] = {"zone": name, "count": len(items), "owner": self._owner(name)}
            if name.startswith("pile:"):
                top = items[-1] if items else None
                zone["top"] = self._face(top, me, name, shown, backs) if top else None
            elif name.startswith("hand:") and me != self._owner(name):
                zone["backs"] = sorted({self.designs[i.card].back for i in items})
                backs.update(zone["backs"])
            else:
                zone["cards"] = [self._face(i, me, name, shown, backs) for i in items]
            zones.append(zone)
        return {
            "kind": self.kind,
            "game": f"Sandbox: {self.name}",
            "version": self.version,
            "viewer": me,
            "seats": [f"P{p + 1}" for p in range(self.seats)],
            "zones": zones,
            "counters": dict(sorted(self.counters.items())),
            "log": [e["mine"] if e["seat"] == me else e["text"] for e in self.log],
            "cards": {c: {"name": self.designs[c].name, "key": pictures.get(c)} for c in shown},
            "backs": {b: pictures.get(b) for b in sorted(backs)},
            "piles": sorted(z[5:] for z in self.zones if z.startswith("pile:")),
        }

    def _face(
        self, item: Item, me: str | None, zone: str, shown: set[str], backs: set[str]
    ) -> dict[str, Any]:
        if self._sees(me, zone, item):
            shown.add(item.card)
            return {"uid": item.uid, "card": item.card, "up": item.up}
        back = self.designs[item.card].back
        backs.add(back)
        # a face-down card on the table is flipped by its id; a pile's top is taken by the pile
        return {"uid": None if zone.startswith("pile:") else item.uid, "back": back}

    # --- moves -------------------------------------------------------------------------------
    def act(self, seat: int, body: Mapping[str, Any]) -> None:
        """Seat ``seat`` makes the move ``body`` (``op``: shuffle, deal, draw, move, flip,
        counter); SandboxError saying why a move is refused."""
        if not 0 <= seat < self.seats:
            raise SandboxError("no such seat")
        me = f"P{seat + 1}"
        op = body.get("op")
        moves = {
            "shuffle": self._shuffle,
            "deal": self._deal,
            "draw": self._draw,
            "move": self._move,
            "flip": self._flip,
            "counter": self._counter,
        }
        if not isinstance(op, str) or op not in moves:
            raise SandboxError(f"op: one of {', '.join(moves)}")
        moves[op](me, body)
        self.version += 1

    def _zone(self, body: Mapping[str, Any], key: str) -> str:
        zone = body.get(key)
        if not isinstance(zone, str) or zone not in self.zones:
            raise SandboxError(f"{key}: a zone of the table")
        return zone

    def _count(self, body: Mapping[str, Any]) -> int:
        n = body.get("count", 1)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MOST_AT_ONCE:
            raise SandboxError(f"count: 1 to {MOST_AT_ONCE}")
        return n

    def _say(self, me: str, text: str, mine: str | None = None) -> None:
        self.log.append({"seat": me, "text": f"{me} {text}", "mine": f"{me} {mine or text}"})

    def _label(self, zone: str) -> str:
        kind, _, rest = zone.partition(":")
        return {"pile": f"the {rest} pile", "hand": f"{rest}'s hand", "area": f"{rest}'s area"}.get(
            kind, f"the {zone}"
        )

    def _shuffle(self, me: str, body: Mapping[str, Any]) -> None:
        zone = self._zone(body, "zone")
        if zone.startswith(("hand:", "area:")) and self._owner(zone) != me:
            raise SandboxError("you shuffle your own cards, a pile or the centre")
        for item in self.zones[zone]:
            item.up = False if zone.startswith("pile:") else item.up
        self.rng.shuffle(self.zones[zone])
        self._say(me, f"shuffles {self._label(zone)}")

    def _take(self, zone: str, n: int) -> list[Item]:
        items = self.zones[zone]
        if len(items) < n:
            raise SandboxError(f"{self._label(zone)} has {len(items)} cards")
        taken = [items.pop() for _ in range(n)]
        return taken

    def _deal(self, me: str, body: Mapping[str, Any]) -> None:
        zone = self._zone(body, "zone")
        if not zone.startswith("pile:"):
            raise SandboxError("deal from a pile")
        n = self._count(body)
        if len(self.zones[zone]) < n * self.seats:
            raise SandboxError(f"{self._label(zone)} has {len(self.zones[zone])} cards")
        for _ in range(n):
            for p in range(self.seats):
                item = self.zones[zone].pop()
                item.up = False
                self.zones[f"hand:P{p + 1}"].append(item)
        self._say(me, f"deals {n} card{'s' if n > 1 else ''} of {self._label(zone)} to each hand")

    def _draw(self, me: str, body: Mapping[str, Any]) -> None:
        zone = self._zone(body, "zone")
        if not zone.startswith("pile:") and zone not in CENTRE:
            raise SandboxError("draw from a pile or the centre")
        n = self._count(body)
        taken = self._take(zone, n)
        for item in taken:
            item.up = False
        self.zones[f"hand:{me}"] += taken
        names = ", ".join(self.designs[i.card].name for i in taken)
        self._say(
            me, f"draws {n} from {self._label(zone)}", f"draws {names} from {self._label(zone)}"
        )

    def _find(self, uid: Any) -> tuple[str, int]:
        for zone, items in self.zones.items():
            for k, item in enumerate(items):
                if item.uid == uid and not zone.startswith("pile:"):
                    return zone, k
        raise SandboxError("no such card on the table")

    def _move(self, me: str, body: Mapping[str, Any]) -> None:
        to = self._zone(body, "to")
        if "uid" in body:
            src, k = self._find(body.get("uid"))
            if src.startswith("hand:") and self._owner(src) != me:
                raise SandboxError("that card is in another's hand")
            item = self.zones[src].pop(k)
        else:
            src = self._zone(body, "from")
            if src.startswith("hand:") and self._owner(src) != me:
                raise SandboxError("that card is in another's hand")
            if not self.zones[src]:
                raise SandboxError(f"{self._label(src)} is empty")
            item = self.zones[src].pop()
        was_up = item.up and not src.startswith("hand:")
        up = body.get("up")
        if to.startswith("pile:") or to.startswith("hand:"):
            item.up = False
        elif isinstance(up, bool):
            item.up = up
        elif src.startswith(("pile:", "hand:")):
            item.up = True  # played to the table: face up unless told
        self.zones[to].append(item)
        name = self.designs[item.card].name
        what = name if item.up or was_up else "a card"
        self._say(
            me,
            f"moves {what} from {self._label(src)} to {self._label(to)}",
            f"moves {name} from {self._label(src)} to {self._label(to)}",
        )

    def _flip(self, me: str, body: Mapping[str, Any]) -> None:
        zone, k = self._find(body.get("uid"))
        if zone.startswith("hand:"):
            raise SandboxError("a card in a hand is not flipped")
        item = self.zones[zone][k]
        item.up = not item.up
        name = self.designs[item.card].name
        self._say(me, f"turns {name} face {'up' if item.up else 'down'} in {self._label(zone)}")

    def _counter(self, me: str, body: Mapping[str, Any]) -> None:
        name = body.get("name")
        if not isinstance(name, str) or not COUNTER_NAME.fullmatch(name):
            raise SandboxError("a counter's name: 1 to 30 letters, digits, spaces")
        value, delta = body.get("value"), body.get("delta")
        if name not in self.counters and len(self.counters) >= MOST_COUNTERS:
            raise SandboxError(f"{MOST_COUNTERS} counters at most")
        for v in (value, delta):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10**6):
                raise SandboxError("a counter holds whole numbers up to a million")
        if value is None and delta is None:
            raise SandboxError("a counter's value or delta")
        new = value if value is not None else self.counters.get(name, 0) + int(delta or 0)
        if abs(new) > 10**6:
            raise SandboxError("a counter holds whole numbers up to a million")
        self.counters[name] = new
        self._say(me, f"sets {name} to {new}")

    # --- saving ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole table (what :meth:`from_json` reopens)."""
        return {
            "format": "cardgen-sandbox/1",
            "name": self.name,
            "seed": self.seed,
            "seats": self.seats,
            "designs": [vars(d) for d in self.designs.values()],
            "zones": {z: [[i.uid, i.card, i.up] for i in items] for z, items in self.zones.items()},
            "counters": self.counters,
            "log": self.log,
            "rng": _jsonable(self.rng.getstate()),
            "version": self.version,
        }

    @classmethod
    def from_json(cls, doc: Any) -> Sandbox:
        """The table saved as ``doc``; SandboxError for a document that is not one."""
        try:
            if doc["format"] != "cardgen-sandbox/1":
                raise SandboxError("not a sandbox table")
            table = cls(
                [Design(**d) for d in doc["designs"]],
                int(doc["seats"]),
                int(doc["seed"]),
                str(doc["name"]),
            )
            table.zones = {
                str(z): [Item(str(u), str(c), bool(up)) for u, c, up in items]
                for z, items in doc["zones"].items()
            }
            if any(i.card not in table.designs for z in table.zones.values() for i in z):
                raise SandboxError("a card of no design")
            table.counters = {str(k): int(v) for k, v in doc["counters"].items()}
            table.log = [
                {"seat": str(e["seat"]), "text": str(e["text"]), "mine": str(e["mine"])}
                for e in doc["log"]
            ]
            table.rng.setstate(_tupled(doc["rng"]))
            table.version = int(doc["version"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, SandboxError):
                raise
            raise SandboxError(f"not a sandbox table: {exc}") from None
        return table


def _jsonable(value: Any) -> Any:
    return [_jsonable(v) for v in value] if isinstance(value, tuple | list) else value


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def designs_of(cards: Iterable[Any]) -> list[Design]:
    """The sandbox's designs of the studio's cards (:class:`~cardgen.studio.state.CardInfo`)."""
    return [Design(c.id, c.name, c.copies, c.pile or "deck", c.back) for c in cards]
