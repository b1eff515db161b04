"""Print geometry: paper sizes, the card grid on a sheet, crop marks and PDF page boxes.

Everything here is independent of what is drawn on a card, so boards, tokens and other
components reuse it.  Boxes are in PDF points with the origin at the bottom left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from reportlab.pdfgen.canvas import Canvas

from cardgen.render.units import Size, mm

PAPERS: dict[str, Size] = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4)}


class Duplex(StrEnum):
    """How a duplex sheet is turned over: on its long edge, its short edge, or not at all."""

    LONG = "long"
    SHORT = "short"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in PDF points: lower-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Box:
        """This box shrunk by ``d`` points on every side (grown if negative)."""
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    @property
    def corners(self) -> tuple[float, float, float, float]:
        """``(x1, y1, x2, y2)`` as PDF page boxes want them."""
        return (self.x, self.y, self.x2, self.y2)


def top_box(card: Size, x: float, y: float, w: float, h: float) -> Box:
    """A box given in mm from the card's top-left corner, as PDF points from its bottom left."""
    return Box(mm(x), mm(card.h - y - h), mm(w), mm(h))


@dataclass(frozen=True, slots=True)
class Grid:
    """``cols`` × ``rows`` cards of size ``card`` centred on ``paper``, ``gutter`` mm apart;
    each card drawn with ``bleed`` mm of its background beyond its trim (at most half the
    gutter, so neighbours' bleeds meet and never overlap)."""

    paper: Size
    card: Size
    cols: int = 3
    rows: int = 3
    gutter: float = 0.0
    bleed: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.paper.w > self.paper.h

    @property
    def extent(self) -> Box:
        """The box the cards' trims cover on the page (gutters included, outer bleed not)."""
        w = self.cols * self.card.w + (self.cols - 1) * self.gutter
        h = self.rows * self.card.h + (self.rows - 1) * self.gutter
        return Box(mm((self.paper.w - w) / 2), mm((self.paper.h - h) / 2), mm(w), mm(h))

    def slot(self, index: int, duplex: Duplex | None = None) -> Box:
        """Slot ``index`` (row by row from the top left); for a back page pass its ``duplex``.

        A sheet turned over its long edge mirrors the axis across that edge: the columns of a
        portrait page, the rows of a landscape one (short edge: the other way round), so a back
        lands behind its front once the sheet is turned over.
        """
        row, col = divmod(index, self.cols)
        if duplex is not None and duplex is not Duplex.NONE:
            mirror_cols = (duplex is Duplex.LONG) != self.landscape
            if mirror_cols:
                col = self.cols - 1 - col
            else:
                row = self.rows - 1 - row
        ext = self.extent
        x = ext.x + col * mm(self.card.w + self.gutter)
        y = ext.y2 - (row + 1) * mm(self.card.h) - row * mm(self.gutter)
        return Box(x, y, mm(self.card.w), mm(self.card.h))

    def fits(self) -> bool:
        ext = self.extent.inset(-mm(self.bleed))
        return ext.x >= 0 and ext.y >= 0


def fit_grid(paper: Size, card: Size, bleed: float, margin: float, outer: float) -> Grid:
    """The grid with the most cards on ``paper``, portrait or landscape: cards ``2 * bleed``
    apart, and the cards with their bleed, ``outer`` mm around them (crop marks) and the
    paper's ``margin`` (where printers do not print) all on the sheet."""
    best = None
    for page in (paper, Size(paper.h, paper.w)):
        room_w = page.w - 2 * margin - 2 * max(bleed, outer)
        room_h = page.h - 2 * margin - 2 * max(bleed, outer)
        gutter = 2 * bleed
        cols = int((room_w + gutter + 1e-9) // (card.w + gutter))
        rows = int((room_h + gutter + 1e-9) // (card.h + gutter))
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best.per_page):
            best = Grid(page, card, cols, rows, gutter, bleed)
    if best is None:
        raise ValueError(f"a {card.w}×{card.h} mm card does not fit on {paper.w}×{paper.h} mm")
    return best


def cut_lines(grid: Grid) -> tuple[list[float], list[float]]:
    """The x positions of vertical cuts and y positions of horizontal cuts, in points."""
    xs: set[float] = set()
    ys: set[float] = set()
    for i in range(grid.per_page):
        b = grid.slot(i)
        xs.update((round(b.x, 4), round(b.x2, 4)))
        ys.update((round(b.y, 4), round(b.y2, 4)))
    return sorted(xs), sorted(ys)


def crop_mark_segments(
    grid: Grid, *, length: float = 5.0, offset: float = 1.0, margin: float = 0.0
) -> list[tuple[float, float, float, float]]:
    """The crop marks as ``(x1, y1, x2, y2)`` segments in points: every cut line continued
    outside the grid, starting ``offset`` mm beyond the cards' trim (over their outer bleed at
    most, never over a card), ``length`` mm long but never nearer the paper's edge than
    ``margin`` mm."""
    ext = grid.extent
    xs, ys = cut_lines(grid)
    gap, ln, edge = mm(offset), mm(length), mm(margin)
    pw, ph = grid.paper.pt
    out = []
    for x in xs:
        out.append((x, ext.y2 + gap, x, min(ext.y2 + gap + ln, ph - edge)))
        out.append((x, ext.y - gap, x, max(ext.y - gap - ln, edge)))
    for y in ys:
        out.append((ext.x - gap, y, max(ext.x - gap - ln, edge), y))
        out.append((ext.x2 + gap, y, min(ext.x2 + gap + ln, pw - edge), y))
    return [s for s in out if abs(s[2] - s[0]) + abs(s[3] - s[1]) > 0.01]


def draw_crop_marks(
    c: Canvas,
    grid: Grid,
    *,
    length: float = 5.0,
    offset: float = 1.0,
    width: float = 0.25,
    margin: float = 0.0,
) -> None:
    """Crop marks outside the card grid (:func:`crop_mark_segments`), in black."""
    c.saveState()
    c.setLineWidth(width)
    c.setStrokeGray(0)
    p = c.beginPath()
    for x1, y1, x2, y2 in crop_mark_segments(grid, length=length, offset=offset, margin=margin):
        p.moveTo(x1, y1)
        p.lineTo(x2, y2)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def set_print_boxes(c: Canvas, trim: Size, bleed: float) -> None:
    """Set TrimBox and BleedBox of the page; its MediaBox is ``trim`` grown by ``bleed``."""
    b = mm(bleed)
    w, h = trim.pt
    c.setTrimBox((b, b, b + w, b + h))
    c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
