"""Print-service PDFs: one page per physical card with bleed, one PDF per deck.

Each page is the trim size plus the bleed on every side; the background and art run into the
bleed, and every page carries its TrimBox and BleedBox.  The backs of a pile (one per back
design) go into a second PDF, one page each.
"""

from __future__ import annotations

from cardgen.render.geometry import set_print_boxes
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.units import mm


def _page_size(ctx: RenderContext) -> tuple[float, float]:
    return ctx.theme.layout.size.grow(ctx.theme.layout.card.bleed).pt


def render_print_pile(ctx: RenderContext, pile: str) -> bytes:
    """The fronts of ``pile``: one page per physical card (copies expanded)."""
    L = ctx.theme.layout
    bleed = L.card.bleed
    name = ctx.catalogue.pack.print.pile_name(ctx.catalogue.rules, pile)
    doc = ctx.document(_page_size(ctx), f"{name} fronts")
    cards = [c for c in ctx.cards if ctx.back_of(c).pile == pile]
    for card in cards:
        for _ in range(card.copies):
            set_print_boxes(doc.c, L.size, bleed)
            doc.place(face_form(doc, ctx.faces, card, bleed=True), mm(bleed), mm(bleed))
            doc.c.showPage()
        ctx.progress("print", card.copies)
    return doc.save()


def render_print_backs(ctx: RenderContext, pile: str) -> bytes:
    """The backs of ``pile``: one page per back design, in catalogue order.

    Drawn afresh rather than replayed: two pages are quickly drawn, and the PDF then embeds
    only the few characters of the backs, not every character of the faces."""
    L = ctx.theme.layout
    bleed = L.card.bleed
    name = ctx.catalogue.pack.print.pile_name(ctx.catalogue.rules, pile)
    doc = ctx.document(_page_size(ctx), f"{name} backs", share=False)
    for back in ctx.backs_by_pile()[pile]:
        set_print_boxes(doc.c, L.size, bleed)
        doc.place(back_form(doc, ctx.backs, back, bleed=True), mm(bleed), mm(bleed))
        doc.c.showPage()
    return doc.save()
