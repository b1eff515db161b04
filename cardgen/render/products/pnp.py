"""Print-and-play sheets: 3×3 poker cards per page with crop marks outside the grid.

Duplex (long or short edge): a calibration sheet first, then each sheet of fronts followed by
its sheet of backs, mirrored so every back lands behind its front once the sheet is turned.
Single-sided (``none``): every sheet of fronts, then every sheet of backs, mirrored as for the
long edge (to glue sheet to sheet); no calibration page.
"""

from __future__ import annotations

from typing import Any

from cardgen.render.fonts import string_width
from cardgen.render.geometry import PAPERS, Duplex, Grid, draw_crop_marks
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.units import mm

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


def grid_for(ctx: RenderContext, paper: str) -> Grid:
    s = ctx.settings.pnp
    return Grid(PAPERS[paper], ctx.theme.layout.size, s.cols, s.rows, s.gutter)


class PnpWriter:
    """Writes one print-and-play PDF."""

    def __init__(self, ctx: RenderContext, paper: str, duplex: Duplex):
        self.ctx, self.paper, self.duplex = ctx, paper, duplex
        self.grid = grid_for(ctx, paper)
        if not self.grid.fits():
            raise ValueError(f"{self.grid.cols}×{self.grid.rows} cards do not fit on {paper}")
        self.doc = ctx.document(self.grid.paper.pt, f"{ctx.theme.rules.game} print and play")
        self.crop = ctx.settings.pnp.crop.model_dump()

    def label(self, text: str) -> None:
        """A small line of text in the bottom margin: below the crop marks if there is room,
        else between the two middle cut lines, shrunk to fit there."""
        c, grid, th = self.doc.c, self.grid, self.ctx.theme
        font = th.font("regular")
        size = self.ctx.settings.pnp.label_size
        ext = grid.extent
        below = ext.y - mm(self.crop["offset"] + self.crop["length"]) - size * 1.2
        if below >= mm(1.5):
            y, room = below, mm(grid.paper.w) - mm(20)
        else:
            y = max(mm(1.0), ext.y - mm(self.crop["offset"]) - size * 1.1)
            mid = grid.slot(grid.cols // 2)
            room = mid.w - mm(4)
        size = min(size, size * room / max(string_width(text, font, size), 1e-6))
        c.setFont(font, size)
        self.doc.fill("#555555")
        self.doc.drawCentredString(mm(grid.paper.w) / 2, y, text)

    def calibration(self) -> None:
        """Two pages: numbered crosses on the front, the same crosses where they must fall
        behind; held against the light they show how well the printer registers duplex."""
        c, grid, th = self.doc.c, self.grid, self.ctx.theme
        arm = mm(6)
        for side in ("FRONT", "BACK"):
            draw_crop_marks(c, grid, **self.crop)
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
            self.label(f"{th.rules.game} · duplex calibration · {FLIP_TEXT[self.duplex]}")
            c.showPage()

    def sheet(self, cards: list[Any], side: str, duplex: Duplex | None, label: str) -> None:
        doc = self.doc
        for i, card in enumerate(cards):
            slot = self.grid.slot(i, duplex if side == "back" else None)
            if side == "front":
                name = face_form(doc, self.ctx.faces, card, bleed=False)
            else:
                name = back_form(doc, self.ctx.backs, self.ctx.back_of(card), bleed=False)
            doc.place(name, slot.x, slot.y)
        draw_crop_marks(doc.c, self.grid, **self.crop)
        self.label(label)
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
            tag = f"{head} · sheet {k}/{len(sheets)}"
            self.sheet(sheet, "front", None, f"{tag} · fronts")
            if duplex is not Duplex.NONE:
                self.sheet(sheet, "back", duplex, f"{tag} · backs")
            ctx.progress(f"pnp {self.paper}", len(sheet))
        if duplex is Duplex.NONE:
            for k, sheet in enumerate(sheets, 1):
                self.sheet(sheet, "back", Duplex.LONG, f"{head} · sheet {k}/{len(sheets)} · backs")
        return self.doc.save()


def render_pnp(ctx: RenderContext, paper: str, duplex: Duplex) -> bytes:
    """The print-and-play PDF for ``paper`` (``a4`` or ``letter``) and ``duplex`` mode."""
    return PnpWriter(ctx, paper, duplex).write()
