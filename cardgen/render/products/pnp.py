"""Print-and-play sheets: as many cards as fit the paper (portrait or landscape), each drawn
with its bleed into a gutter, with crop marks on every cut line outside the grid.

Cards stand ``2 × bleed`` apart and each card's background runs ``bleed`` mm past its cut, so a
home duplex printer's drift up to ``bleed`` shows a card's own back at its edge, never white or a
neighbour's colour.  Nothing (cards, marks, label) comes nearer the paper's edge than the
``margin`` (1/4 in), where printers clip; the marks run 3 mm past the bleed on white paper and
show over any bleed colour on a white halo, and the page's labels sit between them.

Duplex (long or short edge): a calibration sheet first, then each sheet of fronts followed by
its sheet of backs, mirrored so every back lands behind its front once the sheet is turned.
Single-sided (``none``): every sheet of fronts, then every sheet of backs, mirrored as for the
long edge (to glue sheet to sheet); no calibration page.
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING, Any

from cardgen.render.fonts import string_width
from cardgen.render.geometry import (
    PAPERS,
    Box,
    Duplex,
    Grid,
    cut_lines,
    draw_crop_marks,
    fit_grid,
    record_cuts,
    recording_cuts,
)
from cardgen.render.layout import CardLayout
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import PnpSettings, RenderContext
from cardgen.render.units import mm

if TYPE_CHECKING:
    from cardgen.render.document import Document

#: the name of the form of a page's crop marks
CROP_MARKS = "pnp-crop-marks"

FLIP_TEXT = {
    Duplex.LONG: "duplex, flip on long edge",
    Duplex.SHORT: "duplex, flip on short edge",
    Duplex.NONE: "single-sided",
}

CALIBRATION_TEXT = (
    "Print this sheet on both sides,",
    "at 100% (actual size).",
    "Hold it against the light: each",
    "BACK cross should lie on its FRONT",
    "cross. If not, adjust the printer's",
    "duplex offset before printing cards.",
)


def grid_for(ctx: RenderContext, paper: str, bleed: float | None = None) -> Grid:
    """The pnp grid of ``paper``: the most cards with ``bleed`` (default: the settings') that
    fit inside the margin with room for the crop marks."""
    s = ctx.settings.pnp
    bleed = s.bleed if bleed is None else bleed
    outer = s.crop.marks.reach(bleed)
    return fit_grid(PAPERS[paper], ctx.theme.layout.size, bleed, s.margin, outer)


def paper_problems(layout: CardLayout, settings: PnpSettings) -> list[str]:
    """Why the cards of ``layout`` cannot be printed on each print-and-play paper (a card,
    with its bleed and room for the crop marks, larger than the paper inside its margin)."""
    outer = settings.crop.marks.reach(settings.bleed)
    out = []
    for paper in PAPERS:
        try:
            fit_grid(PAPERS[paper], layout.size, settings.bleed, settings.margin, outer)
        except ValueError as exc:
            out.append(f"{exc} ({paper} inside its {settings.margin} mm margin)")
    return out


class PnpWriter:
    """Writes one print-and-play PDF."""

    def __init__(self, ctx: RenderContext, paper: str, duplex: Duplex, bleed: float | None = None):
        self.ctx, self.paper, self.duplex = ctx, paper, duplex
        self.grid = grid_for(ctx, paper, bleed)
        drawn = ctx.theme.layout.card.bleed
        if self.grid.bleed > drawn + 1e-9:
            raise ValueError(
                f"a pnp bleed of {self.grid.bleed} mm is more than the {drawn} mm the cards "
                "are drawn with (card.bleed in the layout)"
            )
        self.doc = ctx.document(self.grid.paper.pt, f"{ctx.theme.rules.game} print and play")
        s = ctx.settings.pnp
        self.margin = s.margin
        self.marks = s.crop.marks
        #: each page's slots, by side: fronts (None) and backs (the duplex mode)
        self._slots: dict[Duplex | None, list[Box]] = {}

    def label_box(self, text: str, top: bool = False) -> tuple[float, float, float, float]:
        """Where a page label goes: its centre, baseline, font size and width (points).  It lies
        between the paper's margin and the cards' outer bleed, above (``top``) or below the
        grid, in the widest space between two vertical cut lines nearest the page's middle (so
        no crop mark is cut short), shrunk to fit that space."""
        font = self.ctx.theme.font("regular")
        size = self.ctx.settings.pnp.label_size
        room, cx = self._label_room
        _, ph = self.grid.paper.pt
        width = string_width(text, font, size)
        if width > room:
            size, width = size * room / width, room
        ext, b = self.grid.extent, mm(self.grid.bleed)
        band = (ext.y2 + b, ph - mm(self.margin)) if top else (mm(self.margin), ext.y - b)
        y = (band[0] + band[1]) / 2 - size * 0.35
        return cx, y, size, width

    @functools.cached_property
    def _label_room(self) -> tuple[float, float]:
        """The width and centre of the widest space between two vertical cut lines nearest
        the page's middle (:meth:`label_box`), the same on every page."""
        xs, _ = cut_lines(self.grid)
        pw, _ = self.grid.paper.pt
        bounds = [mm(self.margin), *xs, pw - mm(self.margin)]
        clear = mm(1.0)
        gaps = [(b - a - 2 * clear, (a + b) / 2) for a, b in itertools.pairwise(bounds)]
        return max(gaps, key=lambda g: (round(g[0], 3), -abs(g[1] - pw / 2)))

    def label(self, text: str, top: bool = False) -> Box:
        """A small line of text above or below the cards; returns the box it covers."""
        cx, y, size, width = self.label_box(text, top)
        self.doc.c.setFont(self.ctx.theme.font("regular"), size)
        self.doc.fill("#555555")
        self.doc.drawCentredString(cx, y, text)
        return Box(cx - width / 2, y - size * 0.25, width, size * 1.2)

    def crop_marks(self) -> None:
        """The crop marks of the page (:func:`draw_crop_marks`): the same on every page, so
        drawn once as a form (:data:`CROP_MARKS`) and placed on each; the cuts are recorded
        page by page."""
        doc, grid = self.doc, self.grid

        def draw(d: Document) -> None:
            with recording_cuts():  # recorded below, on every page that places the form
                draw_crop_marks(d.c, grid, self.marks, bleed=grid.bleed, margin=self.margin)

        doc.c.doForm(doc.form(CROP_MARKS, Box(0, 0, *grid.paper.pt), draw, cacheable=False))
        record_cuts(doc.c, self.slots(None), grid.bleed)

    def labels(self, head: str, foot: str) -> None:
        """The page's two labels: what the kit is above the cards, which sheet below."""
        self.label(head, top=True)
        self.label(foot)

    def place(self, name: str, slot: Box) -> None:
        """Place a card's form in ``slot``, cut to the slot grown by the bleed."""
        c, b = self.doc.c, mm(self.grid.bleed)
        c.saveState()
        p = c.beginPath()
        p.rect(slot.x - b, slot.y - b, slot.w + 2 * b, slot.h + 2 * b)
        c.clipPath(p, stroke=0, fill=0)
        self.doc.place(name, slot.x, slot.y)
        c.restoreState()

    def calibration(self) -> None:
        """Two pages: numbered crosses on the front, the same crosses where they must fall
        behind; held against the light they show how well the printer registers duplex."""
        c, grid, th = self.doc.c, self.grid, self.ctx.theme
        arm = mm(6)
        for side in ("FRONT", "BACK"):
            self.crop_marks()
            c.setLineWidth(0.5)
            self.doc.stroke("#000000")
            self.doc.fill("#000000")
            c.setFont(th.font("bold"), 11)
            for i in range(grid.per_page):
                b = grid.slot(i, self.duplex if side == "BACK" else None)
                cx, cy = b.x + b.w / 2, b.y + b.h / 2
                c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
                c.line(cx - arm, cy, cx + arm, cy)
                c.line(cx, cy - arm, cx, cy + arm)
                c.circle(cx, cy, arm / 2, stroke=1, fill=0)
                self.doc.drawCentredString(cx, cy + arm + 6, f"{side} {i + 1}")
            mid = grid.slot(grid.per_page // 2)
            c.setFont(th.font("regular"), 7)
            for k, line in enumerate(CALIBRATION_TEXT):
                self.doc.drawCentredString(mid.x + mid.w / 2, mid.y + mid.h * 0.3 - k * 9, line)
            self.doc.drawCentredString(
                mid.x + mid.w / 2, mid.y + mid.h * 0.3 + 11, FLIP_TEXT[self.duplex]
            )
            self.labels(
                f"{th.rules.game} · {self.paper.upper()} · print at 100%",
                f"duplex calibration · {side.lower()} · {FLIP_TEXT[self.duplex]}",
            )
            c.showPage()

    def slots(self, duplex: Duplex | None) -> list[Box]:
        """The slots of a page of fronts (``duplex`` None) or of backs, worked out once."""
        found = self._slots.get(duplex)
        if found is None:
            grid = self.grid
            found = self._slots[duplex] = [grid.slot(i, duplex) for i in range(grid.per_page)]
        return found

    def sheet(
        self, cards: list[Any], side: str, duplex: Duplex | None, head: str, foot: str
    ) -> None:
        doc = self.doc
        slots = self.slots(duplex if side == "back" else None)
        for card, slot in zip(cards, slots, strict=False):
            if side == "front":
                name = face_form(doc, self.ctx.faces, card, bleed=True)
            else:
                name = back_form(doc, self.ctx.backs, self.ctx.back_of(card), bleed=True)
            self.place(name, slot)
        self.crop_marks()
        self.labels(head, foot)
        doc.c.showPage()

    def write(self) -> bytes:
        ctx, duplex = self.ctx, self.duplex
        cards = ctx.physical()
        n = self.grid.per_page
        sheets = [cards[i : i + n] for i in range(0, len(cards), n)]
        how = FLIP_TEXT[duplex]
        head = f"{ctx.theme.rules.game} · {self.paper.upper()} · print at 100% · {how}"
        if duplex is not Duplex.NONE:
            self.calibration()
        for k, sheet in enumerate(sheets, 1):
            tag = f"sheet {k}/{len(sheets)}"
            self.sheet(sheet, "front", None, head, f"{tag} · fronts")
            if duplex is not Duplex.NONE:
                self.sheet(sheet, "back", duplex, head, f"{tag} · backs")
            ctx.progress(f"pnp {self.paper}", len(sheet))
        if duplex is Duplex.NONE:
            for k, sheet in enumerate(sheets, 1):
                self.sheet(sheet, "back", Duplex.LONG, head, f"sheet {k}/{len(sheets)} · backs")
        return self.doc.save()


def render_pnp(ctx: RenderContext, paper: str, duplex: Duplex, bleed: float | None = None) -> bytes:
    """The print-and-play PDF for ``paper`` (``a4`` or ``letter``) and ``duplex`` mode, the
    cards with ``bleed`` mm into the gutters (default: the settings', 3 mm)."""
    return PnpWriter(ctx, paper, duplex, bleed).write()
