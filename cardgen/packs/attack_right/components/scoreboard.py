"""The scoreboard: a glory track looping round the edge, the round track and the phase order.

Millimetres, origin at the board's bottom-left corner.  The track has as many spaces as fit the
board; the layout's ``min_glory`` is checked so the loop is long enough for real games.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.components.draw import Sheet, player_marker, text_on
from cardgen.packs.attack_right.components.player_board import Rect, draw_phase_row, pt
from cardgen.packs.attack_right.components.style import ComponentLayout, rules_text
from cardgen.packs.attack_right.model import Placement, RulesModel
from cardgen.render.units import Size, mm


@dataclass(frozen=True)
class Track:
    """The glory track: one rectangle per space, in order from 0."""

    cells: tuple[Rect, ...]

    @property
    def top(self) -> int:
        """The highest number printed on the track."""
        return len(self.cells) - 1


def glory_track(layout: ComponentLayout) -> Track:
    """Spaces round the board's edge, clockwise from the top-left corner."""
    sb = layout.scoreboard
    edge = layout.player_board.edge
    nx = int((sb.width - 2 * edge) // sb.cell)
    ny = int((sb.height - 2 * edge) // sb.cell)
    x0 = (sb.width - nx * sb.cell) / 2
    top = sb.height - (sb.height - ny * sb.cell) / 2
    pos = [(i, 0) for i in range(nx)]
    pos += [(nx - 1, j) for j in range(1, ny)]
    pos += [(i, ny - 1) for i in range(nx - 2, -1, -1)]
    pos += [(0, j) for j in range(ny - 2, 0, -1)]
    cells = tuple(Rect(x0 + i * sb.cell, top - (j + 1) * sb.cell, sb.cell, sb.cell) for i, j in pos)
    if len(cells) - 1 < sb.min_glory:
        raise ValueError(
            f"the glory track reaches {len(cells) - 1}, below scoreboard.min_glory "
            f"{sb.min_glory}: make the board larger or the cells smaller"
        )
    return Track(cells)


def draw_scoreboard(s: Sheet, rules: RulesModel, layout: ComponentLayout, card: Size) -> None:
    """Draw the scoreboard with its bottom-left corner at the origin (points); ``card``: the
    card size (the piles' places)."""
    sb = layout.scoreboard
    track = glory_track(layout)
    c = s.c
    c.saveState()
    c.scale(mm(1), mm(1))
    c.setLineWidth(0.35)
    s.stroke(layout.ink)
    s.fill(layout.paper)
    c.rect(0, 0, sb.width, sb.height, stroke=0, fill=1)  # the crop marks show the cut
    _track(s, track, layout)
    left = track.cells[0].x + sb.cell + 6
    right = max(r.x for r in track.cells) - 6
    bottom = min(r.y for r in track.cells) + sb.cell + 6
    top = track.cells[0].y - 6
    inner = Rect(left, bottom, right - left, top - bottom)
    _interior(s, inner, track, rules, layout, card)
    c.restoreState()


def _track(s: Sheet, track: Track, layout: ComponentLayout) -> None:
    c = s.c
    for n, r in enumerate(track.cells):
        fives, tens = n % 5 == 0, n % 10 == 0
        s.fill(layout.panel if fives else layout.paper)
        s.stroke(layout.ink)
        c.setLineWidth(0.5 if fives else 0.3)
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
        s.fill(layout.ink if fives else layout.muted)
        size = pt(14 if tens else 11 if fives else 9)
        s.text(str(n), r.cx, r.y + r.h / 2 - size * 0.35, size, bold=fives)
    first = track.cells[0]
    s.icon("glory", first.x + first.w * 0.78, first.top - first.h * 0.22, first.w * 0.34)


def _interior(
    s: Sheet, box: Rect, track: Track, rules: RulesModel, layout: ComponentLayout, card: Size
) -> None:
    sb = layout.scoreboard
    s.fill(layout.ink)
    s.text(sb.title, box.cx, box.top - 14, pt(30))
    s.icon("glory", box.cx - 70, box.top - 10, 14)
    s.icon("glory", box.cx + 70, box.top - 10, 14)
    s.fill(layout.muted)
    note = rules_text(sb.lap_note, rules, top=track.top, laps=len(track.cells))
    s.text(f"{sb.glory_label}: {note}", box.cx, box.top - 23, pt(10), bold=False)
    players = Rect(box.x, box.top - 40, box.w, 12)
    _players(s, players, rules, layout)
    row = Rect(box.x, box.y, box.w, sb.phase_height)  # the phase order along the bottom
    s.fill(layout.ink)
    s.text(sb.phase_label, box.cx, row.top + 4, pt(13))
    draw_phase_row(s, row, rules, layout)
    # between them: the round track with the bank beside it, the piles below it, evenly spaced
    track_h = sb.round_cell + 8
    free = players.y - (row.top + 10)
    gap = (free - track_h - card.w) / 3
    if gap < 1:
        raise ValueError(
            f"the scoreboard is {sb.height:g} mm high: too low for its round track and piles"
        )
    piles = Rect(box.x, row.top + 10 + gap, box.w, card.w)
    _piles(s, piles, rules, layout, card)
    rounds = Rect(box.x, piles.top + gap, box.w, track_h)
    drawn = _round_track(s, rounds, rules, layout)
    _bank(s, rounds, drawn, layout)


def _piles(s: Sheet, box: Rect, rules: RulesModel, layout: ComponentLayout, card: Size) -> None:
    """A place for each season's deck and the discard pile: card-sized, lying on its side."""
    sb = layout.scoreboard
    w, h, gap = card.h, card.w, 8.0
    places = [
        (
            sb.deck.format(season=season.id.upper()),
            sb.deck_note.format(rounds=", ".join(map(str, season.rounds))),
            season.colour,
        )
        for season in rules.seasons
    ]
    places.append((sb.discard, sb.discard_note, layout.ink))
    width = len(places) * w + (len(places) - 1) * gap
    if width > box.w:
        gap = (box.w - len(places) * w) / max(1, len(places) - 1)
        width = box.w
    x = box.cx - width / 2
    for title, note, colour in places:
        s.c.saveState()
        s.fill(layout.paper)
        s.stroke(colour)
        s.c.setLineWidth(0.7)
        s.c.setDash(2, 1.5)
        s.c.roundRect(x, box.y, w, h, 3, stroke=1, fill=1)
        s.c.restoreState()
        s.fill(colour)
        s.text(title, x + w / 2, box.y + h / 2 + 1, pt(s.fit(title, mm(w - 8), 15)))
        s.fill(layout.muted)
        s.text(note, x + w / 2, box.y + h / 2 - 6, pt(s.fit(note, mm(w - 8), 9)), bold=False)
        x += w + gap


def _bank(s: Sheet, box: Rect, track: Rect, layout: ComponentLayout) -> None:
    """The bank's piles (coins, age tokens) on either side of the round track, each a circle
    a token pile fits in, with its name beside it."""
    right = track.x + track.w + 6
    sides = (
        Rect(box.x, track.y, track.x - 30 - box.x, track.h),
        Rect(right, track.y, box.x + box.w - right, track.h),
    )
    r = track.h / 2
    for (icon, name), side in zip(layout.scoreboard.bank.items(), sides, strict=False):
        cx, cy = side.x + r, side.y + r
        s.fill(layout.panel)
        s.stroke(layout.muted)
        s.c.circle(cx, cy, r, stroke=1, fill=1)
        s.icon(icon, cx, cy, r)
        s.fill(layout.ink)
        size = s.fit(name, mm(side.w - 2 * r - 3), 11)
        s.text(name, cx + r + 2, cy - pt(size) * 0.35, pt(size), align="l")


def _players(s: Sheet, box: Rect, rules: RulesModel, layout: ComponentLayout) -> None:
    """The player colours with shape and letter, so score tokens are told apart without colour."""
    players = rules.players.colours
    w = min(55.0, box.w / len(players))
    x = box.cx - w * len(players) / 2
    for p in players:
        player_marker(s, p, x + 6, box.y + box.h / 2, 4.5)
        s.fill(layout.ink)
        s.text(p.name, x + 13, box.y + box.h / 2 - pt(4), pt(11), bold=False, align="l")
        x += w


def _round_track(s: Sheet, box: Rect, rules: RulesModel, layout: ComponentLayout) -> Rect:
    """Rounds 1..n in their season's colour, grouped under the season's name."""
    sb = layout.scoreboard
    n = rules.draft.rounds
    cell, gap = sb.round_cell, 6
    width = n * cell + (n - 1) * gap
    x0, y = box.cx - width / 2, box.y
    s.fill(layout.ink)
    s.text(sb.round_label, x0 - 4, y + cell / 2 - pt(5), pt(14), align="r")
    for season in rules.seasons:
        xs = [x0 + (r - 1) * (cell + gap) for r in season.rounds]
        left, right = min(xs), max(xs) + cell
        s.fill(season.colour)
        caps = "/".join(str(season.slots.get(z, 0)) for z in Placement)
        label = f"{season.id.upper()} · {season.capacity} cards ({caps})"
        s.text(label, (left + right) / 2, y + cell + 4, pt(s.fit(label, mm(right - left), 11)))
        s.stroke(season.colour)
        s.c.setLineWidth(0.8)
        s.c.line(left, y + cell + 2.5, right, y + cell + 2.5)
        for r, x in zip(season.rounds, xs, strict=True):
            s.fill(season.colour)
            s.stroke(layout.ink)
            s.c.roundRect(x, y, cell, cell, 3, stroke=1, fill=1)
            s.fill(text_on(season.colour))
            s.text(str(r), x + cell / 2, y + cell / 2 - pt(10), pt(28))
    return Rect(x0, y, width, cell)
