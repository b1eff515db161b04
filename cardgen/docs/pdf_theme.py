"""Fonts and icons of the PDF appendix: the card renderer's, so the appendix matches the cards.

The fonts are the renderer's registered TTFs (``templates/card.yaml`` roles, embedded as
subsets) and the icons its vector icons; an icon token the renderer does not draw falls back
to a lettered badge (:mod:`cardgen.docs.icons`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.fonts import addMapping
from reportlab.pdfgen.canvas import Canvas

from cardgen.docs.icons import badge, draw_badge
from cardgen.docs.model import Appendix
from cardgen.packs.attack_right.icons import IconSet, load_icon_colours
from cardgen.packs.attack_right.layout import load_layout
from cardgen.render.colours import Ink
from cardgen.render.fonts import register_fonts

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


def card_icons(appendix: Appendix, font: str) -> IconSet:
    """The card renderer's icon set for this appendix's resources."""
    return IconSet(dict(appendix.icon_colours), load_icon_colours(), font)


def pdf_theme(appendix: Appendix) -> PdfTheme:
    """Register the card fonts (as a family, so ``<b>``/``<i>`` work) and pick the icons."""
    fonts = register_fonts(load_layout().fonts)
    icons, ink = card_icons(appendix, fonts["bold"]), Ink(False)

    def draw(canv: Canvas, name: str, x: float, y: float, size: float) -> None:
        if name in icons:
            icons.draw(canv, ink, name, x, y, size)
        else:
            b = badge(name, appendix.icon_labels, appendix.icon_colours)
            draw_badge(canv, b, x, y, size, fonts["bold"])

    theme = PdfTheme(fonts["regular"], fonts["bold"], fonts["italic"], fonts["title"], draw)
    addMapping(theme.family, 0, 0, theme.regular)
    addMapping(theme.family, 1, 0, theme.bold)
    addMapping(theme.family, 0, 1, theme.italic)
    addMapping(theme.family, 1, 1, theme.bold)
    return theme
