"""Lettered badges for the icons a pack does not draw: SVG symbols for HTML, vectors for PDF.

The documents draw the pack's own icons (:meth:`cardgen.pack.Pack.icons`); an icon token it
does not draw is a small labelled badge instead, a coloured disc with the label's initial.
Both formats draw the same badge from :func:`badge`.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Badge:
    """How an icon is drawn: a disc of ``colour`` with ``mark`` in white."""

    name: str
    colour: str
    mark: str
    label: str


def badge(name: str, labels: dict[str, str], colours: dict[str, str]) -> Badge:
    """The badge of an icon: its colour from ``colours`` (grey by default), its label's initial."""
    label = labels.get(name, name)
    return Badge(name, colours.get(name, "#666666"), label[:1].upper(), label)


def svg_symbol(b: Badge) -> str:
    """An SVG ``<symbol>`` (viewBox 0 0 16 16) with id ``sym-NAME``."""
    size = 9 if len(b.mark) == 1 else 7
    return (
        f'<symbol id="sym-{escape(b.name)}" viewBox="0 0 16 16">'
        f"<title>{escape(b.label)}</title>"
        f'<circle cx="8" cy="8" r="7.5" fill={quoteattr(b.colour)}/>'
        f'<text x="8" y="{8 + size * 0.36:.2f}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="#ffffff" font-family="sans-serif">{escape(b.mark)}</text>'
        "</symbol>"
    )


def draw_badge(canv: Canvas, b: Badge, x: float, y: float, size: float, font: str) -> None:
    """Draw an icon badge with its lower left corner at (x, y)."""
    r = size / 2
    canv.saveState()
    canv.setFillColor(b.colour)
    canv.circle(x + r, y + r, r, stroke=0, fill=1)
    canv.setFillColor("#ffffff")
    fs = size * (0.62 if len(b.mark) == 1 else 0.48)
    canv.setFont(font, fs)
    canv.drawCentredString(x + r, y + r - fs * 0.35, b.mark)
    canv.restoreState()
