"""Player boards: the tableau guide, which way each side faces, the five phases, reminders.

The board's size follows from the card size and the most slots any season allows in a zone
(rules model), so a rules change reshapes the board.  Drawing happens in millimetres with the
origin at the board's bottom-left corner; :func:`pt` converts font sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.components.draw import Sheet, arrow, player_marker, text_on
from cardgen.packs.attack_right.components.style import ComponentLayout, rules_text
from cardgen.packs.attack_right.model import Placement, PlayerColour, RulesModel
from cardgen.render.colours import lighten
from cardgen.render.units import Size, mm


def pt(size: float) -> float:
    """A size in points expressed in millimetre user space."""
    return size / mm(1)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2


@dataclass(frozen=True)
class Slot:
    zone: Placement
    index: int
    rect: Rect
    seasons: tuple[str, ...]  # the seasons in which this slot exists


@dataclass(frozen=True)
class BoardGeometry:
    """Where everything on a player board goes, in millimetres."""

    width: float
    height: float
    header: Rect
    zones: dict[Placement, Rect]
    slots: tuple[Slot, ...]
    sides: tuple[Rect, Rect]
    phases: Rect

    def slots_in(self, zone: Placement, season: str) -> int:
        return sum(1 for s in self.slots if s.zone is zone and season in s.seasons)


def board_geometry(rules: RulesModel, layout: ComponentLayout, card: Size) -> BoardGeometry:
    """Lay out a board for the rules' slot capacities and the card size."""
    pb = layout.player_board
    most = {z: max(s.slots.get(z, 0) for s in rules.seasons) for z in Placement}
    depth = max(most.values())
    zone_w = card.w + 2 * pb.slot_padding
    zone_h = pb.zone_label_height + depth * card.h + (depth - 1) * pb.slot_gap
    zone_h += 2 * pb.slot_padding
    width = 2 * pb.edge + 2 * (pb.side_width + pb.zone_gap) + 3 * zone_w + 2 * pb.zone_gap
    height = 2 * pb.edge + pb.header_height + zone_h + pb.phase_height + 2 * pb.gap
    header_y = height - pb.edge - pb.header_height
    header = Rect(pb.edge, header_y, width - 2 * pb.edge, pb.header_height)
    zone_y = header.y - pb.gap - zone_h
    x = pb.edge + pb.side_width + pb.zone_gap
    rects: dict[Placement, Rect] = {}
    slots: list[Slot] = []
    for z in Placement:
        rects[z] = Rect(x, zone_y, zone_w, zone_h)
        top = zone_y + zone_h - pb.zone_label_height - pb.slot_padding
        for i in range(most[z]):
            y = top - (i + 1) * card.h - i * pb.slot_gap
            seasons = tuple(s.id for s in rules.seasons if s.slots.get(z, 0) > i)
            slots.append(Slot(z, i, Rect(x + pb.slot_padding, y, card.w, card.h), seasons))
        x += zone_w + pb.zone_gap
    sides = (
        Rect(pb.edge, zone_y, pb.side_width, zone_h),
        Rect(width - pb.edge - pb.side_width, zone_y, pb.side_width, zone_h),
    )
    phases = Rect(pb.edge, pb.edge, width - 2 * pb.edge, pb.phase_height)
    return BoardGeometry(width, height, header, rects, tuple(slots), sides, phases)


def draw_player_board(
    s: Sheet, rules: RulesModel, layout: ComponentLayout, card: Size, player: PlayerColour
) -> None:
    """Draw one player's board with its bottom-left corner at the origin (points)."""
    g = board_geometry(rules, layout, card)
    c = s.c
    c.saveState()
    c.scale(mm(1), mm(1))
    c.setLineWidth(0.35)
    s.stroke(layout.ink)
    s.fill(layout.paper)
    c.rect(0, 0, g.width, g.height, stroke=0, fill=1)  # the crop marks show the cut: no outline
    _header(s, g, layout, player)
    for zone, rect in g.zones.items():
        _zone(s, rect, zone, rules, layout)
    for slot in g.slots:
        _slot(s, slot, rules, layout)
    _reminders(s, g, rules, layout)
    _sides(s, g, layout)
    draw_phase_row(s, g.phases, rules, layout)
    c.restoreState()


def _header(s: Sheet, g: BoardGeometry, layout: ComponentLayout, player: PlayerColour) -> None:
    h = g.header
    s.fill(player.colour)
    s.stroke(layout.ink)
    s.c.roundRect(h.x, h.y, h.w, h.h, 3, stroke=1, fill=1)
    r = h.h * 0.34
    for x in (h.x + h.h * 0.6, h.x + h.w - h.h * 0.6):
        player_marker(s, player, x, h.y + h.h / 2, r)
    s.fill(text_on(player.colour))
    title = layout.player_board.title.format(name=player.name, letter=player.letter)
    s.text(title, h.cx, h.y + h.h / 2 - pt(7), pt(20))


def _zone(s: Sheet, rect: Rect, zone: Placement, rules: RulesModel, layout: ComponentLayout):
    pb = layout.player_board
    s.fill(layout.panel)
    s.stroke(layout.ink)
    s.c.roundRect(rect.x, rect.y, rect.w, rect.h, 3, stroke=1, fill=1)
    s.fill(layout.ink)
    label_y = rect.top - pb.zone_label_height * 0.5
    s.text(pb.zone_names[zone].upper(), rect.cx, label_y, pt(13))
    stats = rules.stats_of(zone)
    label = " + ".join(pb.stat_names[st] for st in stats) or "no power"
    s.fill(layout.muted)
    s.text(label, rect.cx, label_y - pt(10.5), pt(8.5), bold=False)
    for i, st in enumerate(stats):  # the cards' power icons beside the zone name
        s.icon(st.value, rect.x + 6 + i * 7.5, label_y + pt(4), 6.5)


def _slot(s: Sheet, slot: Slot, rules: RulesModel, layout: ComponentLayout) -> None:
    r, c = slot.rect, s.c
    c.saveState()
    c.setLineWidth(0.3)
    if len(slot.seasons) == len(rules.seasons):
        s.stroke(layout.ink)
        s.fill(layout.paper)
        c.roundRect(r.x, r.y, r.w, r.h, 3, stroke=1, fill=1)
    else:  # a slot only some seasons have: tinted, dashed and labelled
        season = rules.season(slot.seasons[0])
        s.fill(lighten(season.colour, 0.82))  # no transparency: forms carry no ExtGState
        s.stroke(season.colour)
        c.setDash(2, 1.5)
        c.setLineWidth(0.7)
        c.roundRect(r.x, r.y, r.w, r.h, 3, stroke=1, fill=1)
        names = ", ".join(x.upper() for x in slot.seasons)
        label = layout.player_board.season_only_label.format(seasons=names)
        s.fill(season.colour)
        s.text(label, r.cx, r.y + r.h / 2, pt(s.fit(label, mm(r.w * 0.9), 14)))
        missing = [x.id for x in rules.seasons if x.id not in slot.seasons]
        s.fill(layout.muted)
        s.text(f"not used in {', '.join(missing)}", r.cx, r.y + r.h / 2 - 7, pt(8), bold=False)
    s.fill(layout.muted)
    s.text(str(slot.index + 1), r.cx, r.y + 3, pt(9))
    c.restoreState()


def _reminders(s: Sheet, g: BoardGeometry, rules: RulesModel, layout: ComponentLayout) -> None:
    """In the room below shorter zones: the coins reminder (left) and the place of the card you
    save when you end your turn (right)."""
    pb = layout.player_board
    for zone in (Placement.LEFT, Placement.RIGHT):
        rect = g.zones[zone]
        lowest = min((sl.rect.y for sl in g.slots if sl.zone is zone), default=rect.top)
        free = Rect(rect.x + pb.slot_padding, rect.y + pb.slot_padding, 0, 0)
        free = Rect(free.x, free.y, rect.w - 2 * pb.slot_padding, lowest - pb.slot_gap - free.y)
        if free.h < 30:
            continue
        s.stroke(layout.muted)
        s.fill(layout.paper)
        if zone is Placement.RIGHT:  # a card's place: dashed like a pile, not a tableau slot
            s.c.saveState()
            s.c.setDash(2, 1.5)
            s.c.roundRect(free.x, free.y, free.w, free.h, 3, stroke=1, fill=1)
            s.c.restoreState()
            title, *note = pb.saved_card
            s.fill(layout.ink)
            s.text(title, free.cx, free.y + free.h / 2 + 2, pt(s.fit(title, mm(free.w - 6), 14)))
            s.fill(layout.muted)
            for i, line in enumerate(note):
                size = s.fit(line, mm(free.w - 6), 8.5)
                s.text(line, free.cx, free.y + free.h / 2 - 5 - 3.8 * i, pt(size), bold=False)
            continue
        s.c.roundRect(free.x, free.y, free.w, free.h, 3, stroke=1, fill=1)
        s.icon("coin", free.cx, free.top - 13, 18)
        s.fill(layout.ink)
        s.wrapped(
            rules_text(pb.reminders.coins, rules), free.x + 4, free.top - 26, free.w - 8, pt(9.5)
        )


def _sides(s: Sheet, g: BoardGeometry, layout: ComponentLayout) -> None:
    """Arrows on both sides: attacks come in from the left neighbour and go out to the right."""
    facing = layout.player_board.facing
    for rect, text, angle in ((g.sides[0], facing.left, 90), (g.sides[1], facing.right, -90)):
        s.fill(layout.ink)
        for y in (rect.top - 22, rect.y + 22):
            arrow(s.c, rect.x + 1, y, rect.x + rect.w - 1, 4.5)
        s.c.saveState()
        s.c.translate(rect.cx, rect.y + rect.h / 2)
        s.c.rotate(angle)
        size = s.fit(text, mm(rect.h - 70), 13)
        s.text(text, 0, -pt(size) * 0.35, pt(size))
        s.c.restoreState()


def draw_phase_row(s: Sheet, rect: Rect, rules: RulesModel, layout: ComponentLayout) -> None:
    """The five phases in order, numbered, each with its icon and summary (millimetre space)."""
    n, gap = len(layout.phases), 6
    w = (rect.w - (n - 1) * gap) / n
    for i, phase in enumerate(layout.phases):
        x = rect.x + i * (w + gap)
        s.fill(layout.panel)
        s.stroke(layout.ink)
        s.c.roundRect(x, rect.y, w, rect.h, 3, stroke=1, fill=1)
        s.icon(f"phase-{phase.id}", x + 7, rect.top - 7, 10)
        s.fill(layout.ink)
        s.text(f"{i + 1}. {phase.name}", x + 14, rect.top - 8.6, pt(12), align="l")
        s.wrapped(rules_text(phase.summary, rules), x + 3, rect.top - 14, w - 6, pt(8.5))
        if i < n - 1:
            s.fill(layout.muted)
            arrow(s.c, x + w + 0.8, rect.y + rect.h / 2, x + w + gap - 0.8, 1.5)
