"""The kit's declared figures: what an engine game asks the simulation to count beyond every
game's (:mod:`cardgen.engine.simulation`), by a small declaration (:class:`Figures`,
:attr:`Engine.figures <cardgen.engine.definition.Engine.figures>`) and no counting code.

Counted from the game's events (its simulation's events: :meth:`Engine.simulation_events`) by
their roles (:mod:`cardgen.engine.events`):

- per design, copies **dealt** (``dealt`` events: a card or a tuple of cards offered to a seat),
  the player-games in which a copy was drawn, the copies drawn that **never had a legal play**
  (``unplayable`` events) and the position of each draw among its seat's draws of the period
  (1 = the first);
- per **period** (``period`` events open one: a round) and side: each seat's cards played in it
  (``played`` events), the fields of its ``sample`` event (its figures at the period's end:
  coins, glory …) and the :class:`Sum` s kept per period; the periods grouped as the declaration
  says (a round's season);
- per side and game: each :class:`Sum` (an event's number summed for the seat it names, split by
  a source field: glory by source; or events counted: battles won), and each ``sample`` field's
  last value (its value at the game's end);
- per **group** of a catalogue field (a design's deck): the player-games grouped by the value
  most of the seat's played cards have (``tied``: none), and by the share of them each value has;
- per design, each :class:`Tally`: the events of one kind naming the design, counted by the
  value of one of their fields (a Character's attacks: paid, unpaid or failed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.simulate.report import side_summary
from cardgen.simulate.stats import Block, Layout, interval, mean_ci, ratio, rounded

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.engine.events import EventSchema
    from cardgen.simulate.report import RunCounts

#: per design: copies dealt, player-games with a copy drawn, copies drawn never playable, the
#: sum of the draws' positions in their period and of their squares
DRAW_FIELDS = ("dealt", "games_drawn", "unplayable", "position", "position_sq")
#: per group of players: games, wins
GROUP_FIELDS = ("games", "wins")
#: the share of a player's played cards that have a group's value, in these bins (upper bounds)
SHARE_BINS = (0.0, 0.25, 0.5, 0.75, 1.0)
#: the group of players whose played cards have no single most frequent value
TIED = "tied"
#: per side and period, before the samples' fields and the period sums: seats, the cards they
#: played in the period and its square, the seats' samples
PERIOD_FIELDS = ("seats", "played", "played_sq", "samples")


@dataclass(frozen=True)
class Sum:
    """A number of an event summed for the seat its ``seat`` field names: its ``amount``
    field (None: each event counts 1), only where the field ``when`` names the same seat (a
    battle's winner), split by the ``by`` field's value among ``sources`` (any other value:
    ``other``); per side and game (``per_side``), per period (``per_period``: a round's attack
    power) or both."""

    name: str
    event: str
    seat: str = "seat"
    amount: str | None = None
    by: str | None = None
    sources: tuple[str, ...] = ()
    other: str = "other"
    when: str | None = None
    per_period: bool = False
    per_side: bool = True

    @property
    def parts(self) -> tuple[str, ...]:
        """Its counters' names: ``name`` or ``name/source`` for each source and ``other``."""
        if self.by is None:
            return (self.name,)
        return tuple(f"{self.name}/{s}" for s in (*self.sources, self.other))


@dataclass(frozen=True)
class Tally:
    """Per design, the events of kind ``event`` counted for the card their ``card`` field
    names: under ``name``, and under a part: ``part``, or without it the part ``values`` maps
    their ``by`` field's value to (a value not mapped: under ``name`` only).  Tallies of one
    name add up: a Character's attacks, ``failed`` events (part ``failed``) and ``success``
    events split by their ``full`` field (``paid``, ``unpaid``)."""

    name: str
    event: str
    card: str = "card"
    part: str | None = None
    by: str | None = None
    values: tuple[tuple[Any, str], ...] = ()


def tally_fields(tallies: Sequence[Tally]) -> tuple[str, ...]:
    """The counters of ``tallies`` per design: each name, then its parts, in order."""
    out: dict[str, None] = {}
    for t in tallies:
        out[t.name] = None
    for name in list(out):
        for t in tallies:
            if t.name == name:
                parts = (t.part,) if t.part else tuple(v for _x, v in t.values)
                out.update(dict.fromkeys(f"{name}/{p}" for p in parts))
    return tuple(out)


@dataclass(frozen=True)
class Figures:
    """What a game's simulation counts beyond every game's: ``group``, a catalogue card field
    (``deck``) grouping the players by their played cards; ``periods``, each period's label
    and group (a round and its season) of a catalogue; ``sums``; ``labels``, readable names of
    the fields (``coins_left``: "coins left", ``unplayable``: "never affordable"); ``period``
    and ``period_group``, what the report calls a period and a group of them; ``ends``, the
    ``sample`` fields whose value at the game's end the sides report; ``charts``, the period
    figures the report shows per side (None: every one), ``trend``, those it shows over all
    sides beside the cards played (none: every one in the table, none charted); ``side_info``,
    each side's name and colour; ``tallies`` (:class:`Tally`), counted per design of those
    ``tallied`` keeps (None: every one), the report's table titled ``tally_title`` (its note
    ``tally_note``) with the rate of the part ``tally_chart`` charted; ``draws`` False: no
    drawn figures per design and no sides (a game that declares only tallies)."""

    group: str | None = None
    period: str = "period"
    period_group: str = "group"
    ends: tuple[str, ...] = ()
    charts: tuple[str, ...] | None = None
    trend: tuple[str, ...] = ()
    periods: Callable[[Catalogue], Sequence[tuple[str, str]]] | None = None
    sums: tuple[Sum, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    side_info: Callable[[Catalogue], Mapping[str, tuple[str, str]]] | None = None
    tallies: tuple[Tally, ...] = ()
    tallied: Callable[[Any], bool] | None = None
    tally_title: str = "Designs"
    tally_note: str = "Per game: each count; of each, the share of every part."
    tally_chart: str | None = None
    draws: bool = True


PLAYED, DRAWN, DEALT, UNPLAYABLE, PERIOD, SAMPLE = range(6)
_CODES = {"played": PLAYED, "drawn": DRAWN, "dealt": DEALT, "unplayable": UNPLAYABLE}


def share_bin(played: int, total: int) -> int:
    """The :data:`SHARE_BINS` bin of ``played`` cards out of ``total`` (0: none of them)."""
    if not played:
        return 0
    share = played / total
    for b in range(1, len(SHARE_BINS)):
        if share <= SHARE_BINS[b] + 1e-12:
            return b
    raise ValueError(f"{played} of {total} is more than all")


def share_label(b: int) -> str:
    """A :data:`SHARE_BINS` bin as text (``0%``, ``1-25%`` …)."""
    if b == 0:
        return "0%"
    lo, hi = SHARE_BINS[b - 1], SHARE_BINS[b]
    return f"{round(100 * lo) + 1 if lo else 1}-{round(100 * hi)}%"


class FigureCounter:
    """Counts a declaration's figures of finished games into a run's counters (one per run:
    the offsets are worked out once)."""

    def __init__(
        self,
        figures: Figures,
        schema: EventSchema,
        catalogue: Catalogue,
        sides: Sequence[str],
        layout: Layout | None = None,
    ) -> None:
        self.figures = f = figures
        self.sides = tuple(sides)
        self.ids = tuple(c.id for c in catalogue.cards)
        self.periods = tuple(f.periods(catalogue)) if f.periods else ()
        self.values: tuple[str, ...] = ()
        self.group_of: dict[str, int] = {}
        if f.group:
            vals = [str(getattr(c, f.group)) for c in catalogue.cards]
            self.values = tuple(dict.fromkeys(vals))
            self.group_of = {
                c.id: self.values.index(v) for c, v in zip(catalogue.cards, vals, strict=True)
            }
        types = {t.name: t for t in schema}
        self.sample_event: str = ""
        self.sample_fields: tuple[str, ...] = ()
        for t in types.values():
            if t.role == "sample":
                self.sample_event = t.name
                self.sample_fields = tuple(n for n in t.names if n != "seat")
        self._sample_at = tuple(
            1 + types[self.sample_event].names.index(n) for n in self.sample_fields
        )
        self.period_sums = tuple(s for s in f.sums if s.per_period)
        self.side_fields = tuple(p for s in f.sums if s.per_side for p in s.parts) + tuple(
            f"end_{n}" for n in f.ends
        )
        self.period_fields = (
            *PERIOD_FIELDS,
            *self.sample_fields,
            *(p for s in self.period_sums for p in s.parts),
        )
        #: per event type: (kind, seat field, card field) by role
        self.roles: dict[str, tuple[str, int, int]] = {}
        for role in ("drawn", "played", "dealt", "unplayable"):
            for name, (seat, card) in schema.role_fields(role).items():
                self.roles[name] = (role, seat, card)
        self.period_event = next((t.name for t in types.values() if t.role == "period"), "")
        #: per event type: its sums, with where their fields stand
        self.sums: dict[str, list[tuple[Sum, int, int, int, int]]] = {}
        for s in f.sums:
            names = types[s.event].names
            at = (
                1 + names.index(s.seat),
                1 + names.index(s.amount) if s.amount else 0,
                1 + names.index(s.by) if s.by else 0,
                1 + names.index(s.when) if s.when else 0,
            )
            self.sums.setdefault(s.event, []).append((s, *at))
        #: per event type the figures read: what it is (a role's code, or -1), where its seat
        #: and card stand, and its sums
        self.dispatch: dict[str, tuple[int, int, int, list]] = {}  # (tallies: at bind)
        for kind, (role, seat, card) in self.roles.items():
            self.dispatch[kind] = (_CODES[role], seat, card, self.sums.get(kind, []))
        if self.period_event:
            self.dispatch[self.period_event] = (PERIOD, 0, 0, self.sums.get(self.period_event, []))
        if self.sample_event:
            self.dispatch[self.sample_event] = (SAMPLE, 1, 0, self.sums.get(self.sample_event, []))
        for kind, todo in self.sums.items():
            self.dispatch.setdefault(kind, (-1, 0, 0, todo))
        keep = f.tallied or (lambda _c: True)
        self.tally_ids = tuple(c.id for c in catalogue.cards if keep(c)) if f.tallies else ()
        self.tally_fields = tally_fields(f.tallies)
        #: per event type its tallies, with where their card and ``by`` fields stand
        self.tallies: dict[str, list[tuple[Tally, int, int]]] = {}
        for tl in f.tallies:
            names = types[tl.event].names
            at_by = 1 + names.index(tl.by) if tl.by else 0
            self.tallies.setdefault(tl.event, []).append((tl, 1 + names.index(tl.card), at_by))
            self.dispatch.setdefault(tl.event, (-1, 0, 0, []))
        self.layout = layout
        if layout is not None:
            self.bind(layout)

    def blocks(self) -> tuple[Block, ...]:
        """The counter blocks of the declaration."""
        out = [Block("draw", self.ids, DRAW_FIELDS)] if self.figures.draws else []
        if self.tally_ids:
            out.append(Block("tally", self.tally_ids, self.tally_fields))
        if self.side_fields:
            out.append(Block("side_figures", self.sides, self.side_fields))
        if self.periods:
            labels = tuple(f"{s}/{p}" for s in self.sides for p, _g in self.periods)
            out.append(Block("period", labels, self.period_fields))
        if self.values:
            out.append(Block("majority", (*self.values, TIED), GROUP_FIELDS))
            labels = tuple(f"{v}/{b}" for v in self.values for b in range(len(SHARE_BINS)))
            out.append(Block("share", labels, GROUP_FIELDS))
        return tuple(out)

    def bind(self, layout: Layout) -> None:
        """Work out the counters' offsets in ``layout``."""
        self.layout = L = layout
        self._draw = (
            {cid: L.start("draw", k) for k, cid in enumerate(self.ids)}
            if self.figures.draws
            else {}
        )
        self._tally = {cid: L.start("tally", k) for k, cid in enumerate(self.tally_ids)}
        at = {n: k for k, n in enumerate(self.tally_fields)}
        # per event type its tallies: where the card and ``by`` fields stand, the counters
        # (name, part or -1) by the ``by`` field's value, and otherwise
        tallies: dict[str, list[tuple[int, int, dict, tuple[int, int]]]] = {}
        for kind, kept in self.tallies.items():
            for tl, at_card, at_by in kept:
                by = {x: (at[tl.name], at[f"{tl.name}/{v}"]) for x, v in tl.values}
                default = (at[tl.name], at[f"{tl.name}/{tl.part}"] if tl.part else -1)
                tallies.setdefault(kind, []).append((at_card, at_by, by, default))
        self._side = (
            {s: L.start("side_figures", k) for k, s in enumerate(self.sides)}
            if self.side_fields
            else {}
        )
        self._side_at = {n: k for k, n in enumerate(self.side_fields)}
        self._period_at = {n: k for k, n in enumerate(self.period_fields)}
        np = len(self.periods)
        self._period = (
            {s: L.start("period", k * np) for k, s in enumerate(self.sides)} if np else {}
        )
        self._pwidth = len(self.period_fields)
        if self.values:
            self._majority = L.start("majority", 0)
            self._share = L.start("share", 0)
        # per event type its sums, each with its counters' places, (side field or -1, period
        # field or -1): by the ``by`` field's source, else (any other source) the default
        self._own: dict[str, tuple[tuple[int, int, int, int, dict, tuple[int, int]], ...]] = {}
        for kind, todo in self.sums.items():
            rows = []
            for s, at_seat, at_amount, at_by, at_when in todo:
                slot = {
                    part: (
                        self._side_at[part] if s.per_side else -1,
                        self._period_at[part] if s.per_period else -1,
                    )
                    for part in s.parts
                }
                by = {src: slot[f"{s.name}/{src}"] for src in s.sources} if at_by else {}
                default = slot[f"{s.name}/{s.other}" if at_by else s.name]
                rows.append((at_seat, at_amount, at_by, at_when, by, default))
            self._own[kind] = tuple(rows)
        self._codes = {
            kind: (code, seat, card, self._own.get(kind, ()), tuple(tallies.get(kind, ())))
            for kind, (code, seat, card, _own) in self.dispatch.items()
        }

    def count(
        self,
        events: Sequence[tuple],
        sides: Sequence[str],
        winners: Sequence[bool],
        C: list[int],
        design: Mapping[str, int] | None = None,
    ) -> list[set[str]]:
        """Add one finished game's figures, read from its ``events`` (``sides``: each seat's
        side; ``winners``: who won), to the counters ``C``, and with ``design`` (each card's
        first counter in the kit's ``design`` block) the designs' copies drawn and played as
        :func:`~cardgen.engine.simulation.count_designs` counts them, in the same pass.
        Returns each seat's played designs (none without ``design``)."""
        n = len(winners)
        draw, dispatch, tally = self._draw, self._codes, self._tally
        side = [self._side.get(s, -1) for s in sides]
        pslot = [self._period.get(s, -1) for s in sides]
        pw, np = self._pwidth, len(self.periods)
        period = -1  # the period so far (none before the first period event)
        drawn: list[set[str]] = [set() for _ in range(n)]
        position = [0] * n
        played_now = [0] * n
        by_value = [[0] * len(self.values) for _ in range(n)]
        group_of = self.group_of
        seen: set[str] = set()  # the cards dealt or played (with those drawn: in the game)
        last: list[tuple | None] = [None] * n
        sample_at = self._sample_at
        sample_k = self._period_at["samples"] if np else 0
        first_field = len(PERIOD_FIELDS)
        design = design or {}
        played: list[set[str]] = [set() for _ in range(n)]

        def close(k: int) -> None:
            if 0 <= k < np:
                for p in range(n):
                    if pslot[p] >= 0:
                        j = pslot[p] + k * pw
                        m = played_now[p]
                        C[j] += 1
                        C[j + 1] += m
                        C[j + 2] += m * m
            for p in range(n):
                played_now[p] = 0
                position[p] = 0

        for e in events:
            todo = dispatch.get(e[0])
            if todo is None:
                continue
            code, s_at, c_at, own, tal = todo
            if code == DRAWN:  # the commonest first
                p = e[s_at]
                if type(p) is not int:
                    p = int(p[1:]) - 1
                card = e[c_at]
                d = design.get(card)
                if d is not None:
                    C[d] += 1
                k = draw.get(card)
                if k is not None:
                    position[p] += 1
                    pos = position[p]
                    C[k + 3] += pos
                    C[k + 4] += pos * pos
                    drawn[p].add(card)
            elif code == PLAYED:
                p = e[s_at]
                if type(p) is not int:
                    p = int(p[1:]) - 1
                card = e[c_at]
                played_now[p] += 1
                seen.add(card)
                g = group_of.get(card)
                if g is not None:
                    by_value[p][g] += 1
                d = design.get(card)
                if d is not None:
                    C[d + 1] += 1
                    played[p].add(card)
            elif code == SAMPLE:
                p = e[s_at]
                if type(p) is not int:
                    p = int(p[1:]) - 1
                last[p] = e
                if 0 <= period < np and pslot[p] >= 0:
                    j = pslot[p] + period * pw
                    C[j + sample_k] += 1
                    for f, at in enumerate(sample_at):
                        C[j + first_field + f] += e[at]
            elif code == DEALT:
                cards = e[c_at]
                if not isinstance(cards, tuple):
                    cards = (cards,)
                seen.update(cards)
                for c in cards:
                    k = draw.get(c)
                    if k is not None:
                        C[k] += 1
            elif code == PERIOD:
                close(period)
                period += 1
            elif code == UNPLAYABLE:
                k = draw.get(e[c_at])
                if k is not None:
                    C[k + 2] += 1
            for at_seat, at_amount, at_by, at_when, by, default in own:
                who = e[at_seat]
                if who is None or (at_when and e[at_when] != who):
                    continue
                p = who if type(who) is int else int(who[1:]) - 1
                amount = e[at_amount] if at_amount else 1
                sk, pk = by.get(e[at_by], default) if at_by else default
                if sk >= 0 and side[p] >= 0:
                    C[side[p] + sk] += amount
                if pk >= 0 and 0 <= period < np and pslot[p] >= 0:
                    C[pslot[p] + period * pw + pk] += amount
            for at_card, at_by, by, default in tal:
                k = tally.get(e[at_card])
                if k is not None:
                    a, b = by.get(e[at_by], default) if at_by else default
                    C[k + a] += 1
                    if b >= 0:
                        C[k + b] += 1
        close(period)
        side_at = self._side_at
        for p in range(n):
            for card in drawn[p]:
                C[draw[card] + 1] += 1
            end = last[p]
            if end is not None and side[p] >= 0:
                for x, at in zip(self.sample_fields, sample_at, strict=True):
                    slot = side_at.get(f"end_{x}")
                    if slot is not None:
                        C[side[p] + slot] += end[at]
        if self.values:
            seen.update(*drawn)
            present = {g for c in seen if (g := group_of.get(c)) is not None}
            self._groups(by_value, sorted(present), winners, C)
        return played

    def _groups(
        self, by_value: list[list[int]], present: list[int], winners: Sequence[bool], C: list[int]
    ) -> None:
        """Each seat's player-game in its majority group, and in a share bin of each group
        value of the cards in the game (``present``)."""
        width, bins = len(GROUP_FIELDS), len(SHARE_BINS)
        for p, counts in enumerate(by_value):
            w = 1 if winners[p] else 0
            top = max(counts)
            g = len(counts) if not top or counts.count(top) > 1 else counts.index(top)
            k = self._majority + g * width
            C[k] += 1
            C[k + 1] += w
            total = sum(counts)
            for v in present:
                m = counts[v]
                k = self._share + (v * bins + share_bin(m, total)) * width
                C[k] += 1
                C[k + 1] += w


# ------------------------------------------------------------------ the summary
def _group_row(v: Mapping[str, int], fair: float) -> dict[str, Any]:
    n, w = v["games"], v["wins"]
    return {
        "games": n,
        "wins": w,
        "win_rate": rounded(ratio(w, n)),
        "win_ci": interval(w, n),
        "vs_fair": rounded(ratio(w, n) - fair) if n else 0.0,
    }


def summarise(
    counter: FigureCounter, result: RunCounts, catalogue: Catalogue | None, score: str
) -> dict[str, Any]:
    """The declaration's summary sections: ``sides`` (every side's games, win rate, sums per
    game and end values), ``majority`` and ``shares`` (the groups of players), ``periods``
    (per side and period, and over all sides) and ``period_groups``."""
    L, C = result.layout, result.counters
    fair = 1 / result.spec.players
    f = counter.figures
    info = f.side_info(catalogue) if f.side_info and catalogue is not None else {}
    out: dict[str, Any] = {}
    if counter.tally_ids:
        out["tallies"] = _tallies(counter, result, catalogue)
    if not f.draws:
        return out
    sides = []
    labels = L.labels("side")
    for s in counter.sides:
        core = side_summary(result, labels.index(s), score)
        if core is None:
            continue
        n = core["games"]
        row: dict[str, Any] = {"side": s}
        if s in info:
            row.update(name=info[s][0], colour=info[s][1])
        row |= core
        v = L.row(C, "side_figures", counter.sides.index(s)) if counter.side_fields else {}
        for sm in f.sums:
            if not sm.per_side:
                continue
            if sm.by is None:
                row[sm.name] = rounded(v[sm.name] / n)
            else:
                row[sm.name] = {p.split("/", 1)[1]: rounded(v[p] / n) for p in sm.parts}
        if f.ends:
            row["end"] = {x: rounded(v[f"end_{x}"] / n) for x in f.ends}
        sides.append(row)
    out["sides"] = sides
    if counter.values:
        out["majority"] = [
            {"group": g} | _group_row(v, fair)
            for k, g in enumerate(L.labels("majority"))
            if (v := L.row(C, "majority", k))["games"]
        ]
        bins = len(SHARE_BINS)
        out["shares"] = [
            {"group": g, "share": share_label(b)} | _group_row(v, fair)
            for d, g in enumerate(counter.values)
            for b in range(bins)
            if (v := L.row(C, "share", d * bins + b))["games"]
        ]
    if counter.periods:
        out |= _periods(counter, result)
    return out


def _tallies(
    counter: FigureCounter, result: RunCounts, catalogue: Catalogue | None
) -> list[dict[str, Any]]:
    """Per tallied design: each tally per game, and each part's share of its tally."""
    L, C = result.layout, result.counters
    n = C[L.at("total", 0, "games")]
    names = {c.id: c.name for c in catalogue.cards} if catalogue is not None else {}
    rows = []
    for k, cid in enumerate(counter.tally_ids):
        v = L.row(C, "tally", k)
        row: dict[str, Any] = {"design": cid, "name": names.get(cid, cid)}
        for x in counter.tally_fields:
            name, _, part = x.partition("/")
            if part:
                row[f"{part}_rate"] = rounded(ratio(v[x], v[name]))
            else:
                row[f"{name}_per_game"] = rounded(ratio(v[x], n))
        rows.append(row)
    return rows


def _period_row(t: Mapping[str, int], counter: FigureCounter) -> dict[str, Any] | None:
    seats, samples = t["seats"], t["samples"]
    if not seats:
        return None
    row: dict[str, Any] = {
        "seats": seats,
        "samples": samples,
        "played_mean": rounded(t["played"] / seats),
        "played_ci": mean_ci(t["played"], t["played_sq"], seats),
    }
    for name in counter.period_fields[len(PERIOD_FIELDS) :]:
        by = samples if name in counter.sample_fields else seats
        row[f"{name}_mean"] = rounded(ratio(t[name], by))
        row[f"{name}_total"] = t[name]
    return row


def _periods(counter: FigureCounter, result: RunCounts) -> dict[str, Any]:
    L, C = result.layout, result.counters
    np, fields = len(counter.periods), counter.period_fields
    rows: list[dict[str, Any]] = []
    total = {k: {x: 0 for x in fields} for k in range(np)}
    for d, s in enumerate(counter.sides):
        for k, (label, group) in enumerate(counter.periods):
            v = L.row(C, "period", d * np + k)
            for x in fields:
                total[k][x] += v[x]
            row = _period_row(v, counter)
            if row is not None:
                rows.append({"side": s, "period": label, "group": group} | row)
    for k, (label, group) in enumerate(counter.periods):
        row = _period_row(total[k], counter)
        if row is not None:
            rows.append({"side": "all", "period": label, "group": group} | row)
    groups = []
    for group in dict.fromkeys(g for _p, g in counter.periods):
        t = {
            x: sum(total[k][x] for k, (_p, g) in enumerate(counter.periods) if g == group)
            for x in fields
        }
        row = _period_row(t, counter)
        if row is not None:
            groups.append({"group": group} | row)
    return {"periods": rows, "period_groups": groups}


def design_figures(
    counter: FigureCounter,
    result: RunCounts,
    k: int,
    v: Mapping[str, int],
    catalogue: Catalogue | None,
) -> dict[str, Any]:
    """Design ``k``'s drawn figures (the ``design`` block's row ``v``): dealt, drawn and its
    share of the dealt, the mean position of its draws, played per copy drawn, the share of
    the player-games it was drawn in that it was played in, its copies never playable."""
    if not counter.figures.draws:
        return {}
    L, C = result.layout, result.counters
    d = L.row(C, "draw", k)
    drawn, played, games = v["drawn"], v["played"], d["games_drawn"]
    out: dict[str, Any] = {}
    if counter.values:
        out[counter.figures.group or "group"] = counter.values[counter.group_of[counter.ids[k]]]
    return out | {
        **d,
        "draw_rate": rounded(ratio(drawn, d["dealt"])),
        "mean_position": rounded(ratio(d["position"], drawn)),
        "position_ci": mean_ci(d["position"], d["position_sq"], drawn),
        "play_rate": rounded(ratio(played, drawn)),
        "play_ci": interval(min(played, drawn), drawn),
        "played_share": rounded(ratio(v["games_played"], games)),
        "played_share_ci": interval(v["games_played"], games),
        "unplayable_rate": rounded(ratio(d["unplayable"], drawn)),
        "unplayable_ci": interval(d["unplayable"], drawn),
    }


#: the summary's (and the report's) sections of a declaration, in order (``draws``: the
#: report's table of the designs' drawn figures)
FIGURE_SECTIONS = ("tallies", "sides", "majority", "shares", "periods", "period_groups", "draws")
