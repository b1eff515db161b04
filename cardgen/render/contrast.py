"""Text contrast on the rendered pixels: every text of a card face or back against what lies
under it reaches :data:`MIN_CONTRAST` (WCAG AA, 4.5:1) or the preflight fails (E415).

The method, deterministic and independent of how an element draws its background:

1. the card is drawn twice into two pages of its trim (a few dozen cards into one PDF), by
   the painter the products use: the *ground* with no text at all (every ``drawString`` and
   value bar left out), and the *ink* page with every text drawn as it is, but each text
   colour of each element (``Document.text_fill``) swapped for a code colour of its own;
2. both pages are read back at :data:`DPI` by PDFium with text anti-aliasing off, so a glyph's
   pixel holds exactly its code colour and every other pixel is the same on both pages;
3. a text's ink is the pixels that differ between the pages and hold its code; each is
   compared (WCAG relative luminance) with the ground pixel under it and the element's real
   colour.  The text's contrast is the ratio that :data:`SHARE` of its ink reaches (a hairline
   of a panel's edge under a glyph's corner does not fail it; a text half on a dark field does).
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from reportlab.lib.colors import Color

from cardgen.diagnostics import DiagnosticError
from cardgen.render.colours import Ink, hex_rgb
from cardgen.render.document import Document

if TYPE_CHECKING:
    from cardgen.render.painters import BackPainter, FacePainter

#: WCAG 2 AA for normal text
MIN_CONTRAST = 4.5
#: the share of a text's ink pixels that must reach the contrast
SHARE = 0.95
#: the resolution the pages are read at (a 6 pt capital is some 9 pixels high)
DPI = 150

#: code colours: channels of multiples of 0.2 (exact in a PDF and in 8 bits), no greys
_STEPS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
CODES: tuple[tuple[int, int, int], ...] = tuple(
    (round(r * 255), round(g * 255), round(b * 255))
    for r, g, b in itertools.product(_STEPS, repeat=3)
    if not r == g == b
)


@dataclass(frozen=True)
class Contrast:
    """One text colour of one element of a card as printed: its contrast with what lies under
    its ink, and how many ink pixels it has."""

    element: str
    colour: str
    ratio: float
    pixels: int


class _Probe(Document):
    """A document drawing a card's ground (no text) or its ink (texts in code colours)."""

    def __init__(self, size: tuple[float, float], painter: Any) -> None:
        theme = painter.theme
        super().__init__(size, Ink(), theme.icons, theme.font("regular"))
        self.c.setPageCompression(0)  # read back at once: compressing is wasted work
        self.ink_page = False
        self.element = ""
        #: the record being drawn (each record's forms are its own, icons shared)
        self.record = 0
        #: (element, colour) -> index of its code
        self.codes: dict[tuple[str, str], int] = {}

    def form(self, name: str, bbox: Any, draw: Any, *, cacheable: bool = True) -> str:
        """A form of the page being drawn (an icon, which has no text: of both)."""
        if not name.startswith("icon-"):
            name = f"{self.record}:{'ink' if self.ink_page else 'ground'}:{name}"
        return super().form(name, bbox, draw, cacheable=cacheable)

    def text_fill(self, colour: str) -> None:
        if not self.ink_page:
            super().text_fill(colour)
            return
        key = (self.element, colour)
        i = self.codes.setdefault(key, len(self.codes))
        if i >= len(CODES):
            raise ValueError("too many text colours on one card for the contrast check")
        self.c.setFillColor(Color(*(v / 255 for v in CODES[i])))

    def drawString(self, x: float, y: float, text: str) -> None:
        if self.ink_page:
            super().drawString(x, y, text)

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        if self.ink_page:
            super().drawCentredString(x, y, text)

    def drawRightString(self, x: float, y: float, text: str) -> None:
        if self.ink_page:
            super().drawRightString(x, y, text)

    def value_bar(self, x: float, y: float, w: float, h: float) -> None:
        if self.ink_page:
            super().value_bar(x, y, w, h)


#: records drawn into one PDF (each two pages)
BATCH = 32

Pixels = tuple[np.ndarray, np.ndarray, dict[tuple[str, str], int]]


def _pages(painter: Any, records: Sequence[Any]) -> Generator[Pixels, None, None]:
    """Each of ``records`` drawn by ``painter`` as pixels (0xRRGGBB integers), its ground and
    its ink, and the codes of its texts: one PDF of two pages a record (the forms of each
    page its own, icons shared)."""
    import pypdfium2 as pdfium

    w, h = painter.L.size.pt
    doc = _Probe((w, h), painter)
    codes = []
    for k, record in enumerate(records):
        doc.record, doc.codes = k, {}
        for ink_page in (False, True):
            doc.ink_page = ink_page
            painter.draw(doc, record)
            doc.c.showPage()
        codes.append(doc.codes)
    pdf = pdfium.PdfDocument(doc.save())
    try:
        for k, found in enumerate(codes):
            # PDFium's BGRx pixels, each one little-endian integer: 0xXXRRGGBB
            ground, ink = (
                np.array(
                    pdf[2 * k + i]
                    .render(scale=DPI / 72, no_smoothtext=True, prefer_bgrx=True)
                    .to_numpy()
                    .view(np.uint32)[..., 0]
                    & 0xFFFFFF
                )
                for i in (0, 1)
            )
            yield ground, ink, found
    finally:
        pdf.close()


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of sRGB values 0..255 (last axis: R, G, B)."""
    c = rgb.astype(np.float64) / 255
    lin = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def ratio(a: np.ndarray | float, b: np.ndarray | float) -> np.ndarray:
    """WCAG contrast ratio of luminances ``a`` and ``b`` (1 to 21)."""
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return np.asarray((hi + 0.05) / (lo + 0.05))


def contrasts(painter: FacePainter | BackPainter, record: Any) -> list[Contrast]:
    """The contrast of every text colour of every element drawn for ``record`` (a card for a
    face painter, a :class:`~cardgen.pack.BackDesign` for a back painter)."""
    with contextlib.closing(_pages(painter, [record])) as pages:
        return _measured(*next(pages))


def contrasts_of(
    painter: FacePainter | BackPainter, records: Sequence[Any]
) -> list[list[Contrast] | None]:
    """:func:`contrasts` of each of ``records``, :data:`BATCH` of them drawn into one PDF (the
    same figures, a third of the time); None for a record that cannot be drawn (art or an
    icon it lacks: the preflight reports it)."""
    out: list[list[Contrast] | None] = []
    for i in range(0, len(records), BATCH):
        part = records[i : i + BATCH]
        try:
            out += [_measured(*drawn) for drawn in _pages(painter, part)]
        except (DiagnosticError, KeyError, ValueError):  # one of them: each on its own
            out += [_or_none(painter, record) for record in part]
    return out


def _or_none(painter: FacePainter | BackPainter, record: Any) -> list[Contrast] | None:
    try:
        return contrasts(painter, record)
    except (DiagnosticError, KeyError, ValueError):
        return None


def _measured(
    ground: np.ndarray, ink: np.ndarray, codes: dict[tuple[str, str], int]
) -> list[Contrast]:
    """The contrasts of the texts of one record from its pixels."""
    differs = ground != ink
    beneath, ink_keys = ground[differs], ink[differs]
    under_px = np.stack([(beneath >> 16) & 0xFF, (beneath >> 8) & 0xFF, beneath & 0xFF], axis=-1)
    out = []
    for (element, colour), i in codes.items():
        r, g, b = CODES[i]
        mask = ink_keys == (r << 16 | g << 8 | b)
        n = int(mask.sum())
        if not n:
            continue
        under = luminance(under_px[mask])
        text = float(luminance(np.array([[round(v * 255) for v in hex_rgb(colour)]]))[0])
        ratios = np.sort(ratio(under, text))
        reached = float(ratios[int((1 - SHARE) * (n - 1))])
        out.append(Contrast(element, colour, reached, n))
    return out
