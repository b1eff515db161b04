"""Print preflight of the sheets: what a home printer and a cutter do to every page.

Every component of the pack is drawn on every paper the kit uses (large ones on the large
sheet and tiled over the paper) and read back as pixels.  A problem is a diagnostic naming
the component's file and page:

- E412 ``paper-edge``: something printed within 1/4 in (6.35 mm) of the paper's edge;
- E413 ``component-safe-zone``: a cut piece (a board, a token) shows more than its background
  within 1/8 in of its trim, where a drifting cut makes it lopsided;
- E414 ``sheet-unprintable``: a component cannot be laid out with its crop marks (3 mm past
  the bleed on white paper) clear of the paper's margin (the cards' print-and-play sheets:
  E409 of the cards' preflight).

A layout that does not load (a misspelt font or field) is the cards' preflight's to report,
at its line: the sheets are not drawn then, so no sheet problem hides it.

:func:`sheet_check` plugs into ``cardgen validate``; the build draws with the same code.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.geometry import PAPER_MARGIN, Box, Cut, recording_cuts
from cardgen.render.units import MM_PER_INCH, mm

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.components import ComponentSpec

#: the resolution the sheets are read at (a pixel is 0.35 mm); a page with cut pieces, whose
#: margins are read, at :data:`CUT_DPI` (0.25 mm)
DPI = 72
CUT_DPI = 100
#: the safe zone of a cut piece, mm inside its trim (the cards' and print services')
SAFE = 3.175
#: how far (mm) a colour may run past a line before it counts (anti-aliasing: a pixel)
SLACK = 0.4
#: a band pixel differs from the band's background beyond this (0-255 per channel, summed)
DIFFERS = 60


def sheet_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The sheets' preflight as a ``cardgen validate`` extra check."""
    return sheet_problems(catalogue)


def sheet_problems(catalogue: Catalogue) -> list[Diagnostic]:
    """Every problem of every component on every paper."""
    from cardgen.components.data import component_specs
    from cardgen.render.theme import Theme

    try:
        Theme.of(catalogue)  # the fonts and icons the sheets are drawn with
    except DiagnosticError:
        return []  # a layout that does not load: the cards' preflight says why, at its line
    out: list[Diagnostic] = []
    pack, rules = catalogue.pack, catalogue.rules

    for spec in pack.components.specs() or component_specs(catalogue):
        where = Position(str(spec.inputs[0]) if spec.inputs else str(catalogue.root))
        for paper in component_papers(spec):
            name = f"{spec.id}-{paper}.pdf"
            with tempfile.TemporaryDirectory(prefix="cardgen-sheets-") as tmp:
                path = Path(tmp) / name
                try:
                    with recording_cuts() as cuts:
                        spec.write(path, rules, paper)
                except DiagnosticError as err:  # not the sheet's size: the cause, once
                    out += [d for d in err.diagnostics if d not in out]
                    continue
                except ValueError as err:
                    out.append(_unprintable(spec.id, paper, str(err), where))
                    continue
                out += [
                    Diagnostic("E412" if code == "edge" else "E413", f"{name} {text}", where)
                    for code, text in page_problems(path.read_bytes(), cuts)
                ]
    return out


def _unprintable(component: str, paper: str, why: str, where: Position) -> Diagnostic:
    return Diagnostic("E414", f"{component} on {paper.upper()}: {why}", where)


def component_papers(spec: ComponentSpec) -> list[str]:
    """The papers a component is printed on in a kit on A4 or on Letter."""
    from cardgen.components.tiling import LARGE_SHEETS

    papers = []
    for kit in ("a4", "letter"):
        papers += [LARGE_SHEETS[kit], kit] if spec.large else [kit]
    return papers


def page_problems(pdf: bytes, cuts: list[Cut]) -> Iterator[tuple[str, str]]:
    """``(kind, text)`` for every page of ``pdf`` printing within 1/4 in of its edge (``edge``)
    and every cut piece of ``cuts`` whose margin holds more than its background (``safe``)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            page = doc[i]
            here = [c for c in cuts if c.page == i + 1]
            dpi = CUT_DPI if here else DPI
            im = page.render(scale=dpi / 72, grayscale=not here).to_pil()
            height_pt = page.get_height()
            near = edge_distance(im, dpi)
            if near is not None and near < PAPER_MARGIN - SLACK:
                text = (
                    f"page {i + 1}: printed {near:.1f} mm from the paper's edge (nothing within "
                    f"{PAPER_MARGIN} mm: home printers clip there)"
                )
                yield "edge", text
            if not here:
                continue
            px = np.asarray(im.convert("RGB"))
            for cut in here:
                bad = margin_ink(px, cut.trim, height_pt, dpi)
                if bad:
                    sides = _sides(margin_sides(px, cut.trim, height_pt, dpi))
                    text = (
                        f"page {i + 1}: a piece cut at {_where(cut.trim, height_pt)} shows more "
                        f"than its background within {SAFE} mm of its cut, {sides} ({bad:.1f} % "
                        "of that margin): move it inside, or run it on past the cut"
                    )
                    yield "safe", text
    finally:
        doc.close()


def edge_distance(im: Image.Image, dpi: float = DPI) -> float | None:
    """The distance (mm) from the paper's edge of the nearest printed pixel of ``im`` (a page
    at ``dpi``; None: blank)."""
    ink = im.convert("L").point(lambda v: 255 if v < 250 else 0)
    box = ink.getbbox()
    if box is None:
        return None
    x1, y1, x2, y2 = box
    nearest = min(x1, y1, im.width - x2, im.height - y2)
    return float(nearest) * MM_PER_INCH / dpi


def margin_ink(px: np.ndarray, trim: Box, height_pt: float, dpi: float = CUT_DPI) -> float:
    """The share (%) of the band between ``trim`` and its safe zone that differs from the
    band's own background colour (its most common one); 0 when the band is one colour.
    ``px`` is the page at ``dpi``."""
    found = _margin_off(px, trim, height_pt, dpi)
    if found is None:
        return 0.0
    off, band = found
    share = 100.0 * float(off[band].mean())
    return share if share > 0.2 else 0.0


def margin_sides(px: np.ndarray, trim: Box, height_pt: float, dpi: float = CUT_DPI) -> list[str]:
    """The edges of ``trim`` (left, top, right, bottom) whose margin holds pixels that differ
    from the band's background: where a reader looks for what to move."""
    found = _margin_off(px, trim, height_pt, dpi)
    if found is None:
        return []
    off, band = found
    inner = np.argwhere(~band)
    if not len(inner):
        return []
    (top, left), (bottom, right) = inner.min(axis=0), inner.max(axis=0)
    rows, cols = np.nonzero(off & band)
    found_sides = {
        "left": (cols < left).any(),
        "top": (rows < top).any(),
        "right": (cols > right).any(),
        "bottom": (rows > bottom).any(),
    }
    return [side for side, there in found_sides.items() if there]


def _margin_off(
    px: np.ndarray, trim: Box, height_pt: float, dpi: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """Over the window of ``px`` around ``trim``: the mask of pixels differing from the
    margin band's background, and the mask of the band; None when there is no band."""
    k = dpi / 72

    def window(box: Box) -> tuple[int, int, int, int]:
        return (
            round(box.x * k),
            round((height_pt - box.y2) * k),
            round(box.x2 * k),
            round((height_pt - box.y) * k),
        )

    ox1, oy1, ox2, oy2 = window(trim.inset(mm(SLACK)))
    ix1, iy1, ix2, iy2 = window(trim.inset(mm(SAFE - SLACK)))
    area = px[oy1:oy2, ox1:ox2].astype(np.int32)
    band = np.ones(area.shape[:2], dtype=bool)
    band[iy1 - oy1 : iy2 - oy1, ix1 - ox1 : ix2 - ox1] = False
    pixels = area[band]
    if not len(pixels):
        return None
    q = pixels // 8
    counts = np.bincount((q[:, 0] << 10) | (q[:, 1] << 5) | q[:, 2])
    key = int(counts.argmax())
    background = np.array([key >> 10, (key >> 5) & 31, key & 31]) * 8 + 4
    off = np.abs(area - background).sum(axis=2) > DIFFERS
    return off, band


def _sides(sides: list[str]) -> str:
    """Where in its margin a piece shows too much: ``at its left and top edges``."""
    if len(sides) in (0, 4):
        return "on every side" if sides else "along its edges"
    if len(sides) == 1:
        return f"at its {sides[0]} edge"
    return f"at its {', '.join(sides[:-1])} and {sides[-1]} edges"


def _where(trim: Box, height_pt: float) -> str:
    """A trim as a reader finds it on the page: its top-left corner in mm."""
    return f"{trim.x / mm(1):.0f} mm from the left, {(height_pt - trim.y2) / mm(1):.0f} mm down"
