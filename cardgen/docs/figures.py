"""Rulebook figures: pictures a pack draws from its data, placed by ``![caption](figure:name)``.

A pack gives its figures by name (:meth:`cardgen.pack.Pack.rulebook_figures`); each is drawn
in PDF points on a reportlab canvas, so the PDF rulebook holds it as vectors (the real card
faces, icons and text), and the HTML rulebook as a PNG rasterised from the same drawing.
"""

from __future__ import annotations

import base64
import io
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from cardgen.docs._kept import kept_text
from cardgen.util.hashing import code_digest, digest_bytes

#: how a figure draws itself: on ``canvas``, its lower-left corner at the origin, in points
FigureDraw = Callable[[Canvas], None]


@dataclass(frozen=True)
class Figure:
    """A picture ``width`` × ``height`` points, drawn by ``draw``; ``alt`` says what it shows
    (the HTML ``alt`` text and the markdown rulebook's stand-in)."""

    width: float
    height: float
    draw: FigureDraw
    alt: str


class FigureFlowable(Flowable):
    """A figure in a PDF story: scaled down to the frame's width if it is wider, centred."""

    def __init__(self, figure: Figure) -> None:
        super().__init__()
        self.figure = figure
        self.scale = 1.0
        self.avail = figure.width

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.avail = availWidth
        self.scale = min(1.0, availWidth / self.figure.width)
        return availWidth, self.figure.height * self.scale

    def draw(self) -> None:
        canv = self.canv
        canv.saveState()
        canv.translate((self.avail - self.figure.width * self.scale) / 2, 0)
        canv.scale(self.scale, self.scale)
        self.figure.draw(canv)
        canv.restoreState()


#: each figure's PDF, drawn once in a process (the HTML rulebook's picture of it and the PDF
#: rulebook's chunk key both need it)
_PDFS: weakref.WeakKeyDictionary[Figure, bytes] = weakref.WeakKeyDictionary()


def figure_pdf(figure: Figure) -> bytes:
    """A one-page PDF of ``figure`` at its size (byte-identical for identical input)."""
    pdf = _PDFS.get(figure)
    if pdf is None:
        pdf = _PDFS[figure] = _figure_pdf(figure)
    return pdf


def _figure_pdf(figure: Figure) -> bytes:
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=(figure.width, figure.height), invariant=1, pageCompression=1)
    figure.draw(canv)
    canv.showPage()
    canv.save()
    return buf.getvalue()


def figure_png(figure: Figure, dpi: int = 200) -> bytes:
    """``figure`` rasterised to a PNG at ``dpi`` on white (PDFium, as the card images)."""
    return _png(figure_pdf(figure), dpi)


def _png(pdf: bytes, dpi: int) -> bytes:
    """The one page of ``pdf`` as a PNG at ``dpi`` on white."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def figure_data_uri(figure: Figure, dpi: int = 200) -> str:
    """``figure`` as a ``data:image/png;base64,…`` address for an HTML page, kept between
    builds by the figure's drawing (its one-page PDF, :mod:`cardgen.docs._kept`): a figure of
    cards a build did not change is not rasterised again."""
    pdf = figure_pdf(figure)

    def make() -> str:
        return "data:image/png;base64," + base64.b64encode(_png(pdf, dpi)).decode("ascii")

    made_from = {"pdf": digest_bytes(pdf), "dpi": dpi, "code": code_digest("docs/figures.py")}
    return kept_text("figure-png", made_from, make)
