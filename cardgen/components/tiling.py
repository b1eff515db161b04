"""Large items on paper: one item per large sheet (A3 for an A4 kit, Tabloid for a Letter
one), or tiled over A4/Letter for gluing.

An item is drawn once into a PDF form XObject; each sheet shows it through a clip window.  Tiles
of the same item share an ``overlap`` strip with their neighbours: the tile to the right (or
below) is trimmed along its dashed edge and glued over the strip, where alignment targets
printed on both tiles must coincide.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from cardgen.components.draw import Sheet
from cardgen.components.style import SheetStyle, Tiling
from cardgen.render.geometry import CROP, PAPER_MARGIN, Grid, draw_crop_marks
from cardgen.render.geometry import PAPERS as SHEET_PAPERS
from cardgen.render.units import Size, mm, to_mm

A3 = Size(297.0, 420.0)
#: 11 × 17 in (ANSI B), the large sheet of the US paper series
TABLOID = Size(279.4, 431.8)
PAPERS: dict[str, Size] = {"a3": A3, "tabloid": TABLOID, **SHEET_PAPERS}
PAPER_NAMES = {"a3": "A3", "tabloid": "Tabloid", "a4": "A4", "letter": "US Letter"}
#: the large sheet that goes with each kit paper: the same series, so one printer shop has both
LARGE_SHEETS = {"a4": "a3", "letter": "tabloid", "a3": "a3", "tabloid": "tabloid"}


@dataclass(frozen=True)
class Item:
    """A large item: its name, size in points and how to draw it at the origin."""

    key: str
    title: str
    width: float
    height: float
    draw: Callable[[Sheet], None]


@dataclass(frozen=True)
class Tile:
    """The part of an item one sheet shows, in item coordinates (points, origin bottom-left)."""

    row: int
    col: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class TilePlan:
    rows: int
    cols: int
    landscape: bool
    tiles: tuple[Tile, ...]


def plan_tiles(
    width: float, height: float, paper: str, margin: float, overlap: float, foot: float = 0.0
) -> TilePlan:
    """The fewest equal tiles covering a ``width``×``height`` item on ``paper`` (either way up).

    Neighbouring tiles overlap by exactly ``overlap``; every tile fits the paper's printable area
    (``margin`` on every side, and ``foot`` more below it for the tile's label).
    """
    pw, ph = PAPERS[paper].pt
    best: TilePlan | None = None
    for landscape in (False, True):
        uw, uh = (ph, pw) if landscape else (pw, ph)
        uw, uh = uw - 2 * margin, uh - 2 * margin - foot
        if uw <= overlap or uh <= overlap:
            continue
        cols = max(1, math.ceil((width - overlap) / (uw - overlap) - 1e-9))
        rows = max(1, math.ceil((height - overlap) / (uh - overlap) - 1e-9))
        step_x = (width - overlap) / cols if cols > 1 else width
        step_y = (height - overlap) / rows if rows > 1 else height
        tw = step_x + overlap if cols > 1 else width
        th = step_y + overlap if rows > 1 else height
        tiles = tuple(
            # row 0 is the top of the item
            Tile(r, c, c * step_x, height - th - r * step_y, tw, th)
            for r in range(rows)
            for c in range(cols)
        )
        plan = TilePlan(rows, cols, landscape, tiles)
        if best is None or rows * cols < best.rows * best.cols:
            best = plan
    if best is None:
        raise ValueError(f"{paper} is too small to tile with overlap {to_mm(overlap):.0f} mm")
    return best


def _form_name(item: Item) -> str:
    return f"item_{item.key}"


def item_room(paper: str, margin: float = 0.0) -> Size:
    """The largest item (mm) one ``paper`` sheet takes upright: at least ``margin`` round it,
    and room for its crop marks clear of the paper's edge (:data:`PAPER_MARGIN`)."""
    sheet = PAPERS[paper]
    room = max(margin, PAPER_MARGIN + CROP.reach(0.0))
    return Size(sheet.w - 2 * room, sheet.h - 2 * room)


def write_large(s: Sheet, items: list[Item], margin: float, paper: str = "a3") -> int:
    """One item per large sheet (``paper``: ``a3`` or ``tabloid``), centred, turned to fit,
    with crop marks; returns the page count.

    ``margin`` (mm) is the least room left round an item; the crop marks and the printer's
    margin always have theirs (:func:`item_room`).
    """
    name = PAPER_NAMES[paper]
    room = item_room(paper, margin)
    for item in items:
        short, long = sorted((to_mm(item.width), to_mm(item.height)))
        if short > room.w + 1e-6 or long > room.h + 1e-6:
            raise ValueError(
                f"{item.title} is {short:.0f}×{long:.0f} mm: too large for {name}, which takes "
                f"{room.w:.0f}×{room.h:.0f} mm with its crop marks and margins"
            )
        sheet = PAPERS[paper]
        page = sheet.landscape if item.width > item.height else sheet
        grid = Grid(page, Size(to_mm(item.width), to_mm(item.height)), cols=1, rows=1)
        box = grid.slot(0)
        s.c.setPageSize(page.pt)
        s.c.saveState()
        s.c.translate(box.x, box.y)
        item.draw(s)
        s.c.restoreState()
        draw_crop_marks(s.c, grid)
        s.c.showPage()
    return len(items)


#: mm below a tile for its label and its place in the item (the mini map)
TILE_FOOT = 7.0


def write_tiled(s: Sheet, items: list[Item], paper: str, layout: SheetStyle) -> int:
    """Every item tiled over ``paper`` with overlap strips and alignment targets, each tile with
    its label below it, nothing within :data:`PAPER_MARGIN` of the paper's edge; returns pages."""
    margin = mm(max(layout.pages.margin, PAPER_MARGIN))
    overlap, foot = mm(layout.tiling.overlap), mm(TILE_FOOT)
    pages = 0
    for item in items:
        s.c.beginForm(_form_name(item), 0, 0, item.width, item.height)
        item.draw(s)
        s.c.endForm()
        plan = plan_tiles(item.width, item.height, paper, margin, overlap, foot)
        for tile in plan.tiles:
            _tile_page(s, item, plan, tile, paper, layout, margin)
            pages += 1
    return pages


def _tile_page(
    s: Sheet, item: Item, plan: TilePlan, tile: Tile, paper: str, layout: SheetStyle, margin: float
) -> None:
    c = s.c
    pw, ph = PAPERS[paper].pt
    if plan.landscape:
        pw, ph = ph, pw
    c.setPageSize((pw, ph))
    # the tile's window centred on the sheet above its foot
    foot = mm(TILE_FOOT)
    ox = (pw - tile.width) / 2
    oy = margin + foot + (ph - 2 * margin - foot - tile.height) / 2
    dx, dy = ox - tile.x, oy - tile.y
    c.saveState()
    clip = c.beginPath()
    clip.rect(ox, oy, tile.width, tile.height)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(dx, dy)
    c.doForm(_form_name(item))
    c.restoreState()
    c.saveState()
    c.translate(dx, dy)
    s.stroke(layout.muted)
    c.setLineWidth(0.4)
    _strips(c, plan, tile, layout.tiling)
    c.restoreState()
    # label and mini map in the foot, below the tile
    cell = min(mm(2.2), (foot - mm(1.5)) / plan.rows)
    map_w = plan.cols * cell
    left, right = max(ox, margin), min(ox + tile.width, pw - margin)
    label = (
        f"{item.title} · tile {tile.row * plan.cols + tile.col + 1} of {len(plan.tiles)} "
        f"(row {tile.row + 1}, column {tile.col + 1}) · {PAPER_NAMES[paper]} · "
        f"trim dashed edges, glue over the shaded strips, match the targets"
    )
    s.fill(layout.muted)
    size = s.fit(label, right - left - map_w - mm(3), 6.5, bold=False)
    s.text(label, left, oy - mm(1.2) - size, size, bold=False, align="l")
    _mini_map(c, plan, tile, right, oy - mm(1.2), cell)
    c.showPage()


def _strips(c: Canvas, plan: TilePlan, tile: Tile, tiling: Tiling) -> None:
    """Cut lines, glue strips and alignment targets of one tile (in item coordinates)."""
    overlap = mm(tiling.overlap)
    x0, y0, x1, y1 = tile.x, tile.y, tile.x + tile.width, tile.y + tile.height
    c.setDash(3, 2)
    if tile.col > 0:  # trim the left edge; it goes over the previous tile's strip
        c.line(x0, y0, x0, y1)
    if tile.row > 0:  # trim the top edge
        c.line(x0, y1, x1, y1)
    c.setDash()
    c.setFillGray(0, alpha=0.08)
    if tile.col < plan.cols - 1:  # right strip is glued under the next tile
        c.rect(x1 - overlap, y0, overlap, tile.height, stroke=0, fill=1)
    if tile.row < plan.rows - 1:
        c.rect(x0, y0, tile.width, overlap, stroke=0, fill=1)
    c.setFillGray(0, alpha=1)
    # alignment targets on every shared edge, at the same item coordinates on both tiles
    xs = [
        x
        for x, on in (
            (x0 + overlap / 2, tile.col > 0),
            (x1 - overlap / 2, tile.col < plan.cols - 1),
        )
        if on
    ]
    ys = [
        y
        for y, on in (
            (y1 - overlap / 2, tile.row > 0),
            (y0 + overlap / 2, tile.row < plan.rows - 1),
        )
        if on
    ]
    n, r = tiling.marks_per_edge, min(mm(tiling.target_radius), overlap * 0.3)
    for x in xs:
        for i in range(n):
            _target(c, x, y0 + tile.height * (i + 0.5) / n, r)
    for y in ys:
        for i in range(n):
            _target(c, x0 + tile.width * (i + 0.5) / n, y, r)


def _target(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r, stroke=1, fill=0)
    c.line(x - r * 1.5, y, x + r * 1.5, y)
    c.line(x, y - r * 1.5, x, y + r * 1.5)


def _mini_map(c: Canvas, plan: TilePlan, tile: Tile, right: float, top: float, cell: float) -> None:
    left = right - plan.cols * cell
    for r in range(plan.rows):
        for col in range(plan.cols):
            here = (r, col) == (tile.row, tile.col)
            c.rect(left + col * cell, top - (r + 1) * cell, cell, cell, stroke=1, fill=int(here))
