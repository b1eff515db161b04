"""Print geometry: paper sizes, the card grid on a sheet, crop marks and PDF page boxes.

Everything here is independent of what is drawn on a card, so boards, tokens and other
components reuse it.  Boxes are in PDF points with the origin at the bottom left.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from cardgen.render.units import Size, mm

if TYPE_CHECKING:  # the paper sizes and Duplex are read without loading reportlab
    from reportlab.pdfgen.canvas import Canvas

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


#: mm along the paper's edge where nothing is printed: home printers clip there (1/4 in)
PAPER_MARGIN = 6.35
#: the least length (mm) of a crop mark on white paper, past the bleed
MIN_WHITE = 3.0


@dataclass(frozen=True, slots=True)
class CropMarks:
    """How crop marks are drawn: each starts past the bleed, ``offset`` mm past the trim at
    least, and runs ``white`` mm on white paper; ``width`` in points, a white ``halo`` in points
    on each side (it keeps a mark visible where it meets a dark bleed).  A mark never lies over
    the bleed, which a drifting cut needs whole."""

    offset: float = 1.0
    white: float = MIN_WHITE
    width: float = 0.25
    halo: float = 0.6

    def reach(self, bleed: float) -> float:
        """How far (mm) past the trim a mark ends: the bleed (or its offset), then white."""
        return max(bleed, self.offset) + self.white


#: the marks every component sheet draws (print-and-play sheets: ``products.yaml``)
CROP = CropMarks()


def crop_mark_segments(
    grid: Grid, marks: CropMarks = CROP, *, bleed: float = 0.0, margin: float = PAPER_MARGIN
) -> list[tuple[float, float, float, float]]:
    """The crop marks as ``(x1, y1, x2, y2)`` segments in points, each from its start (on the
    trim's side) outwards: every cut line continued outside the grid, from the edge of the
    cards' outer ``bleed`` (``marks.offset`` mm past the trim at least; never over the bleed or
    a card) to ``marks.white`` mm past it, never nearer the paper's edge than ``margin`` mm.

    Raises ValueError when the grid leaves a mark less than ``marks.white`` mm on white paper:
    the grid must stand :meth:`CropMarks.reach` + ``margin`` mm from the paper's edge."""
    ext = grid.extent
    xs, ys = cut_lines(grid)
    gap, ln, edge = mm(max(bleed, marks.offset)), mm(marks.reach(bleed)), mm(margin)
    pw, ph = grid.paper.pt
    out = []
    for x in xs:
        out.append((x, ext.y2 + gap, x, min(ext.y2 + ln, ph - edge)))
        out.append((x, ext.y - gap, x, max(ext.y - ln, edge)))
    for y in ys:
        out.append((ext.x - gap, y, max(ext.x - ln, edge), y))
        out.append((ext.x2 + gap, y, min(ext.x2 + ln, pw - edge), y))
    white = mm(marks.white) - 1e-6
    for x1, y1, x2, y2 in out:
        if abs(x2 - x1) + abs(y2 - y1) < white:
            room = min(ext.x, ext.y, pw - ext.x2, ph - ext.y2) / mm(1)
            raise ValueError(
                f"no room for crop marks: the cut lies {room:.1f} mm from the paper's edge; "
                f"marks need {marks.reach(bleed) + margin:.2f} mm ({bleed:g} mm of bleed, "
                f"{marks.white:g} mm of mark on white, {margin:g} mm the printer cannot print)"
            )
    return out


def draw_crop_marks(
    c: Canvas,
    grid: Grid,
    marks: CropMarks = CROP,
    *,
    bleed: float = 0.0,
    margin: float = PAPER_MARGIN,
) -> None:
    """Crop marks outside the card grid (:func:`crop_mark_segments`): black on a white halo,
    so they show on any bleed colour.  The grid's trims are recorded for the print preflight
    (:func:`recording_cuts`)."""
    segments = crop_mark_segments(grid, marks, bleed=bleed, margin=margin)
    _stroke_marks(c, segments, marks)
    record_cuts(c, [grid.slot(i) for i in range(grid.per_page)], bleed)


@dataclass(frozen=True, slots=True)
class Cut:
    """A piece cut from a sheet: its page (1-based), its trim and the bleed around it (mm)."""

    page: int
    trim: Box
    bleed: float


_CUTS: contextvars.ContextVar[list[Cut] | None] = contextvars.ContextVar("cuts", default=None)


@contextlib.contextmanager
def recording_cuts() -> Iterator[list[Cut]]:
    """Collect every piece whose crop marks are drawn meanwhile (:func:`draw_crop_marks`):
    what the print preflight checks on each sheet of a component."""
    found: list[Cut] = []
    token = _CUTS.set(found)
    try:
        yield found
    finally:
        _CUTS.reset(token)


def draw_piece_marks(c: Canvas, trim: Box, marks: CropMarks = CROP) -> None:
    """Crop marks around one piece without bleed (``trim`` in points): each of its four cut
    lines continued ``marks.offset`` mm past its corners for ``marks.white`` mm on both sides,
    black on a white halo; the piece is recorded for the print preflight."""
    gap, ln = mm(marks.offset), mm(marks.offset + marks.white)
    segments = []
    for x in (trim.x, trim.x2):
        segments += [(x, trim.y2 + gap, x, trim.y2 + ln), (x, trim.y - gap, x, trim.y - ln)]
    for y in (trim.y, trim.y2):
        segments += [(trim.x - gap, y, trim.x - ln, y), (trim.x2 + gap, y, trim.x2 + ln, y)]
    _stroke_marks(c, segments, marks)
    record_cuts(c, [trim])


def _stroke_marks(
    c: Canvas, segments: list[tuple[float, float, float, float]], marks: CropMarks
) -> None:
    """Crop-mark ``segments`` (points) in black on a white halo, so they show on any colour."""
    c.saveState()
    c.setLineCap(0)
    for width, grey in ((marks.width + 2 * marks.halo, 1), (marks.width, 0)):
        c.setLineWidth(width)
        c.setStrokeGray(grey)
        p = c.beginPath()
        for x1, y1, x2, y2 in segments:
            p.moveTo(x1, y1)
            p.lineTo(x2, y2)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def record_cuts(c: Canvas, trims: list[Box], bleed: float = 0.0) -> None:
    """Record ``trims`` as pieces cut from the canvas's current page (when recording)."""
    found = _CUTS.get()
    if found is not None:
        page = c.getPageNumber()
        found.extend(Cut(page, t, bleed) for t in trims)


def set_print_boxes(c: Canvas, trim: Size, bleed: float) -> None:
    """Set TrimBox and BleedBox of the page; its MediaBox is ``trim`` grown by ``bleed``."""
    b = mm(bleed)
    w, h = trim.pt
    c.setTrimBox((b, b, b + w, b + h))
    c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
