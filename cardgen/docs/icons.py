"""Inline icons for the appendix: SVG symbols for HTML and vector drawings for the PDF.

Until the card renderer's vector icons (``cardgen.packs.attack_right.icons``) are available,
each icon is
drawn as a small labelled badge: a coloured disc with a short mark.  Both formats draw the
same badge from :func:`badge`.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from reportlab.pdfgen.canvas import Canvas

_FIXED: dict[str, tuple[str, str]] = {
    "coin": ("#D4A017", "c"),
    "glory": ("#3C8D2F", "G"),
    "age-token": ("#6B5B95", "A"),
    "attack": ("#D55E00", "At"),
    "defence": ("#0072B2", "D"),
    "upkeep": ("#8C6D1F", "U"),
    "when-played": ("#555555", "P"),
    "when-dies": ("#333333", "X"),
    "phase-draft": ("#777777", "Dr"),
    "phase-play": ("#777777", "Pl"),
    "phase-battle": ("#A23B2A", "B"),
    "phase-income": ("#B8860B", "I"),
    "phase-age": ("#5B4A8A", "Ag"),
    "left": ("#4D4D4D", "L"),
    "middle": ("#4D4D4D", "M"),
    "right": ("#4D4D4D", "R"),
    "star": ("#E69F00", "*"),
}


@dataclass(frozen=True)
class Badge:
    """How an icon is drawn: a disc of ``colour`` with ``mark`` in white."""

    name: str
    colour: str
    mark: str
    label: str


def badge(name: str, labels: dict[str, str], colours: dict[str, str]) -> Badge:
    """The badge of an icon; resources use their rules-model colour and initial."""
    label = labels.get(name, name)
    if name in _FIXED:
        colour, mark = _FIXED[name]
    else:
        colour, mark = colours.get(name, "#666666"), label[:1].upper()
    return Badge(name, colour, mark, label)


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
