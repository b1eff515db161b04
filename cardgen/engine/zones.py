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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

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
