"""Sheets of small pieces (tokens, chips, counters): a grid of equal cells with crop marks on
every cut line and a label below, nothing within 1/4 in of the paper's edge."""

from __future__ import annotations

from cardgen.components.draw import Sheet
from cardgen.render.geometry import CROP, PAPER_MARGIN, Grid
from cardgen.render.units import Size, mm

#: mm below the crop marks for the sheet's label
LABEL_FOOT = 4.0


def cell_room(margin: float = 0.0, bleed: float = 0.0) -> float:
    """The least room (mm) round a grid of cells: the printer's margin, the crop marks (past
    ``bleed``) and the label below them; at least ``margin``."""
    return max(margin, PAPER_MARGIN + CROP.reach(bleed) + LABEL_FOOT)


def cell_grid(paper: Size, cell: float | Size, margin: float = 0.0, bleed: float = 0.0) -> Grid:
    """As many ``cell``-sized pieces (mm) as fit ``paper`` with :func:`cell_room` round them,
    centred, edge to edge (``bleed`` mm of each piece's background past its cut, into a gutter
    twice as wide)."""
    size = cell if isinstance(cell, Size) else Size(cell, cell)
    room = cell_room(margin, bleed)
    gutter = 2 * bleed
    cols = int((paper.w - 2 * room + gutter + 1e-9) // (size.w + gutter))
    rows = int((paper.h - 2 * room + gutter + 1e-9) // (size.h + gutter))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {size.w:g}×{size.h:g} mm piece does not fit the paper")
    return Grid(paper, size, cols=cols, rows=rows, gutter=gutter, bleed=bleed)


def sheet_label(s: Sheet, grid: Grid, text: str, colour: str, size: float = 7.0) -> None:
    """One line of text centred below the grid's crop marks, shrunk to the paper's width."""
    width = mm(grid.paper.w - 2 * PAPER_MARGIN)
    size = s.fit(text, width, size, bold=False)
    y = grid.extent.y - mm(CROP.reach(grid.bleed) + 1.0) - size * 0.8
    s.fill(colour)
    s.text(text, mm(grid.paper.w) / 2, max(y, mm(PAPER_MARGIN) + size * 0.25), size, bold=False)
