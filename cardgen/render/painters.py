"""What draws a pack's cards: a face painter and a back painter, and their forms in a PDF.

A pack supplies both (``Pack.face_painter`` and ``Pack.back_painter``).  Every product places a
card's face or back as one form, drawn once per document at the card's trim origin.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardgen.render.geometry import Box
from cardgen.render.units import mm

if TYPE_CHECKING:
    from cardgen.diagnostics import Diagnostic
    from cardgen.pack import BackDesign
    from cardgen.render.document import Document
    from cardgen.render.theme import Theme


@dataclass(frozen=True)
class FitProblem:
    """A text of a card that does not fit its box even at its smallest size (E401), or holds a
    character its font cannot draw (E408).

    ``field`` is the card field the text comes from (where the diagnostic points).
    """

    field: str
    message: str
    hint: str | None = None
    code: str = "E401"


class FacePainter:
    """Draws the card faces of one theme; a pack subclasses it."""

    def __init__(self, theme: Theme):
        self.theme = theme
        self.L = theme.layout

    def draw(self, doc: Document, card: Any) -> None:  # pragma: no cover - interface
        """Draw ``card``'s face with its lower-left trim corner at the origin (into the bleed)."""
        raise NotImplementedError

    def fit_problems(self, card: Any) -> list[FitProblem]:
        """Every text of ``card`` that does not fit its box (the print preflight)."""
        return []

    def layout_problems(self, cards: list[Any]) -> list[Diagnostic]:
        """Problems of the layout as these cards use it (elements past the safe zone)."""
        return []


class BackPainter:
    """Draws the card backs of one theme; a pack subclasses it."""

    def __init__(self, theme: Theme):
        self.theme = theme
        self.L = theme.layout

    def draw(self, doc: Document, back: BackDesign) -> None:  # pragma: no cover - interface
        """Draw ``back`` with its lower-left trim corner at the origin (into the bleed)."""
        raise NotImplementedError

    def layout_problems(self, cards: list[Any]) -> list[Diagnostic]:
        """Problems of the backs these cards use (texts that do not fit, the safe zone)."""
        return []


def _card_box(painter: FacePainter | BackPainter, bleed: bool) -> Box:
    return _box_of(painter.L.card.bleed if bleed else 0.0, *painter.L.size.pt)


@lru_cache(maxsize=64)
def _box_of(bleed: float, w: float, h: float) -> Box:
    """A card's box in points: ``w`` × ``h`` grown by ``bleed`` mm."""
    b = mm(bleed)
    return Box(-b, -b, w + 2 * b, h + 2 * b)


def face_form(doc: Document, painter: FacePainter, card: Any, bleed: bool) -> str:
    """The name of ``card``'s face form in ``doc``, drawn on first use (with or without bleed)."""
    # a face with art refers to an image, which a replayed stream would not register
    return doc.form(
        f"face-{card.id}",
        _card_box(painter, bleed),
        lambda d: painter.draw(d, card),
        cacheable=not card.art,
    )


def back_form(doc: Document, painter: BackPainter, back: BackDesign, bleed: bool) -> str:
    """The name of the form of ``back`` in ``doc``, drawn on first use."""
    return doc.form(f"back-{back.key}", _card_box(painter, bleed), lambda d: painter.draw(d, back))
