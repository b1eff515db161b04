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
    """``cols`` × ``rows`` cards of size ``card`` centred on ``paper``, ``gutter`` mm apart."""

    paper: Size
    card: Size
    cols: int = 3
    rows: int = 3
    gutter: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def extent(self) -> Box:
        """The box the whole grid covers on the page."""
        w = self.cols * self.card.w + (self.cols - 1) * self.gutter
        h = self.rows * self.card.h + (self.rows - 1) * self.gutter
        return Box(mm((self.paper.w - w) / 2), mm((self.paper.h - h) / 2), mm(w), mm(h))

    def slot(self, index: int, duplex: Duplex | None = None) -> Box:
        """Slot ``index`` (row by row from the top left); for a back page pass its ``duplex``.

        Long-edge duplex mirrors the columns, short-edge the rows, so a back lands behind its
        front once the sheet is turned over.
        """
        row, col = divmod(index, self.cols)
        if duplex is Duplex.LONG:
            col = self.cols - 1 - col
        elif duplex is Duplex.SHORT:
            row = self.rows - 1 - row
        ext = self.extent
        x = ext.x + col * mm(self.card.w + self.gutter)
        y = ext.y2 - (row + 1) * mm(self.card.h) - row * mm(self.gutter)
        return Box(x, y, mm(self.card.w), mm(self.card.h))

    def fits(self) -> bool:
        ext = self.extent
        return ext.x >= 0 and ext.y >= 0


def cut_lines(grid: Grid) -> tuple[list[float], list[float]]:
    """The x positions of vertical cuts and y positions of horizontal cuts, in points."""
    xs: set[float] = set()
    ys: set[float] = set()
    for i in range(grid.per_page):
        b = grid.slot(i)
        xs.update((round(b.x, 4), round(b.x2, 4)))
        ys.update((round(b.y, 4), round(b.y2, 4)))
    return sorted(xs), sorted(ys)


def draw_crop_marks(
    c: Canvas, grid: Grid, *, length: float = 5.0, offset: float = 1.0, width: float = 0.25
) -> None:
    """Crop marks outside the card grid: short lines (``length`` mm) continuing every cut line,
    starting ``offset`` mm away from the grid, never drawn over a card."""
    ext = grid.extent
    xs, ys = cut_lines(grid)
    gap, ln = mm(offset), mm(length)
    c.saveState()
    c.setLineWidth(width)
    c.setStrokeGray(0)
    p = c.beginPath()
    for x in xs:
        p.moveTo(x, ext.y2 + gap)
        p.lineTo(x, min(ext.y2 + gap + ln, mm(grid.paper.h)))
        p.moveTo(x, ext.y - gap)
        p.lineTo(x, max(ext.y - gap - ln, 0))
    for y in ys:
        p.moveTo(ext.x - gap, y)
        p.lineTo(max(ext.x - gap - ln, 0), y)
        p.moveTo(ext.x2 + gap, y)
        p.lineTo(min(ext.x2 + gap + ln, mm(grid.paper.w)), y)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def set_print_boxes(c: Canvas, trim: Size, bleed: float) -> None:
    """Set TrimBox and BleedBox of the page; its MediaBox is ``trim`` grown by ``bleed``."""
    b = mm(bleed)
    w, h = trim.pt
    c.setTrimBox((b, b, b + w, b + h))
    c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
