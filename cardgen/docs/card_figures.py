"""Figures every rulebook may place, whatever its pack: the catalogue's real cards.

``![A Catapult and its Workshop.](figure:cards-catapults+workshop)`` draws the faces of the
cards ``catapults`` and ``workshop`` side by side at print size, as the kit prints them (the
PDF rulebook holds them as vectors); ``figure:backs-ID+ID`` draws the backs those cards have.
A pack's own figures (:meth:`cardgen.pack.Pack.rulebook_figures`) come first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.docs.figures import Figure
from cardgen.render.document import Document
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.theme import Theme
from cardgen.render.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.catalogue.loader import Catalogue

#: the kinds of card figure, by the prefix of their name
KINDS = {"cards-": "faces", "backs-": "backs"}
#: how the generic figures are named in an error listing what may be placed
GENERIC = ("cards-ID+ID…", "backs-ID+ID…")
_GAP_MM = 5.0


class RulebookFigures(Mapping[str, Figure]):
    """The figures of a catalogue's rulebook: the pack's own, then any ``cards-…`` or
    ``backs-…`` name of card ids joined by ``+`` (a ``KeyError`` naming an unknown id)."""

    def __init__(self, catalogue: Catalogue, own: Mapping[str, Figure]) -> None:
        self.catalogue = catalogue
        self.own = dict(own)

    def __getitem__(self, name: str) -> Figure:
        if name in self.own:
            return self.own[name]
        for prefix, kind in KINDS.items():
            if name.startswith(prefix) and len(name) > len(prefix):
                ids = name[len(prefix) :].split("+")
                unknown = [i for i in ids if i not in self.catalogue.by_id]
                if unknown:
                    raise KeyError(f"no card {unknown[0]!r} in the catalogue")
                return card_row(self.catalogue, ids, backs=kind == "backs")
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        try:
            self[name]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from GENERIC

    def __len__(self) -> int:
        return len(self.own) + len(GENERIC)


def card_row(catalogue: Catalogue, ids: list[str], *, backs: bool = False) -> Figure:
    """The faces (or backs) of the cards ``ids`` in a row at print size, a thin outline on
    each trim; the rulebook scales a row wider than its column down to fit."""

    cards = [catalogue.card(i) for i in ids]
    size = _size(catalogue)
    w, h = size
    gap = mm(_GAP_MM)
    width = len(cards) * w + (len(cards) - 1) * gap
    what = "backs" if backs else "faces"
    names = ", ".join(getattr(c, "name", c.id) for c in cards)

    def draw(canvas: Canvas) -> None:
        _draw_row(catalogue, cards, canvas, gap, backs)

    return Figure(width, h, draw, f"The {what} of {names}.")


def _size(catalogue: Catalogue) -> tuple[float, float]:

    return Theme.of(catalogue).layout.size.pt


def _draw_row(catalogue: Catalogue, cards: list[Any], canvas: Canvas, gap: float, backs: bool):

    theme = Theme.of(catalogue)
    ctx = RenderContext(catalogue, theme, load_product_settings(), share_forms=False)
    doc = Document.on_canvas(canvas, theme.ink, theme.icons)
    w, h = theme.layout.size.pt
    for k, card in enumerate(cards):
        if backs:
            form = back_form(doc, ctx.backs, ctx.back_of(card), bleed=False)
        else:
            form = face_form(doc, ctx.faces, card, bleed=False)
        canvas.saveState()
        canvas.translate(k * (w + gap), 0)
        canvas.doForm(form)
        canvas.setStrokeGray(0.6)
        canvas.setLineWidth(0.6)
        canvas.roundRect(0, 0, w, h, 8, stroke=1, fill=0)
        canvas.restoreState()
