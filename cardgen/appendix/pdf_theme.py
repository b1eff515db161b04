"""Fonts and icons of the PDF appendix: the card renderer's, so the appendix matches the cards.

The card renderer (``cardgen.render``) registers the TTFs of ``fonts/`` and draws the vector
icons; when it is not installed the appendix falls back to registering the same TTFs itself
and drawing icon badges (:mod:`cardgen.appendix.icons`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen.appendix.icons import badge, draw_badge
from cardgen.appendix.model import Appendix

FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"
FALLBACK_FONTS = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "title": "DejaVuSerifCondensed-Bold.ttf",
}

IconDrawer = Callable[[Canvas, str, float, float, float], None]


@dataclass(frozen=True)
class PdfTheme:
    """Registered font names by role and a function drawing an icon at (x, y, size)."""

    regular: str
    bold: str
    italic: str
    title: str
    draw_icon: IconDrawer
    family: str = "AppendixSans"


def _register_fallback() -> dict[str, str]:
    out = {}
    for role, filename in FALLBACK_FONTS.items():
        name = Path(filename).stem
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
        out[role] = name
    return out


def _renderer_theme(appendix: Appendix) -> tuple[dict[str, str], IconDrawer] | None:
    try:
        from cardgen.render.colours import Ink
        from cardgen.render.fonts import register_fonts
        from cardgen.render.icons import IconSet, load_icon_colours
        from cardgen.render.layout import load_layout
    except ImportError:
        return None
    fonts = register_fonts(load_layout().fonts)
    icons = IconSet(dict(appendix.icon_colours), load_icon_colours(), fonts["bold"])
    ink = Ink(False)
    fallback = _badge_drawer(appendix, fonts["bold"])

    def draw(canv: Canvas, name: str, x: float, y: float, size: float) -> None:
        if name in icons:
            icons.draw(canv, ink, name, x, y, size)
        else:
            fallback(canv, name, x, y, size)

    return fonts, draw


def _badge_drawer(appendix: Appendix, font: str) -> IconDrawer:
    def draw(canv: Canvas, name: str, x: float, y: float, size: float) -> None:
        b = badge(name, appendix.icon_labels, appendix.icon_colours)
        draw_badge(canv, b, x, y, size, font)

    return draw


def pdf_theme(appendix: Appendix) -> PdfTheme:
    """Register the card fonts (as a family, so ``<b>``/``<i>`` work) and pick the icons."""
    found = _renderer_theme(appendix)
    if found is None:
        fonts = _register_fallback()
        found = fonts, _badge_drawer(appendix, fonts["bold"])
    fonts, draw = found
    theme = PdfTheme(fonts["regular"], fonts["bold"], fonts["italic"], fonts["title"], draw)
    addMapping(theme.family, 0, 0, theme.regular)
    addMapping(theme.family, 1, 0, theme.bold)
    addMapping(theme.family, 0, 1, theme.italic)
    addMapping(theme.family, 1, 1, theme.bold)
    return theme
