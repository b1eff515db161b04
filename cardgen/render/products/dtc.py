"""DriveThruCards: one PDF/X-1a per deck (a pile's cards with one back), each physical card's
back then its front.

Every page is the card with its bleed (MediaBox = BleedBox, with its TrimBox), in CMYK through
the render's ICC separation; the profile is embedded as the PDF/X output intent
(:func:`cardgen.render.pdfx.make_pdfx`).
"""

from __future__ import annotations

from cardgen.render.geometry import set_print_boxes
from cardgen.render.painters import back_form, face_form
from cardgen.render.pdfx import make_pdfx
from cardgen.render.products.base import Deck, RenderContext
from cardgen.render.units import mm


def render_dtc_deck(ctx: RenderContext, deck: Deck) -> bytes:
    """The PDF/X-1a of ``deck``: for every physical card (copies expanded, catalogue order) its
    back, then its front.  ``ctx`` renders through an ICC separation."""
    sep = ctx.theme.ink.separation
    if sep is None:
        raise ValueError("a DriveThruCards PDF is rendered through an ICC separation")
    L = ctx.theme.layout
    bleed = L.card.bleed
    title = f"{ctx.theme.rules.game} · {deck.name}"
    doc = ctx.document(L.size.grow(bleed).pt, title)
    for card in deck.cards:
        for _ in range(card.copies):
            for form in (
                back_form(doc, ctx.backs, deck.back, bleed=True),
                face_form(doc, ctx.faces, card, bleed=True),
            ):
                set_print_boxes(doc.c, L.size, bleed)
                doc.place(form, mm(bleed), mm(bleed))
                doc.c.showPage()
        ctx.progress("dtc", card.copies)
    return make_pdfx(doc.save(), sep.profile, sep.name, title)
