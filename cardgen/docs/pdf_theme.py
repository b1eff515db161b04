"""Fonts and icons of the documents: the pack's card fonts and icons, so they match the cards.

The fonts are the appendix's (the pack's card layout fonts, embedded as subsets) and the icons
the pack's vector icons; an icon token the pack does not draw falls back to a lettered badge
(:mod:`cardgen.docs.badges`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfgen.canvas import Canvas

from cardgen.docs.badges import badge, draw_badge
from cardgen.docs.content import Appendix
from cardgen.render.colours import Ink
from cardgen.render.fonts import register_fonts
from cardgen.render.icons import NoIcons

IconDrawer = Callable[[Canvas, str, float, float, float], None]

#: the fonts of a pack without a card layout
DEFAULT_FONTS = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "title": "DejaVuSerifCondensed-Bold.ttf",
}


@dataclass(frozen=True)
class PdfTheme:
    """Registered font names by role, a function drawing an icon at (x, y, size) and one
    telling the icons drawn from the pack's pictures (the others are badges)."""

    regular: str
    bold: str
    italic: str
    title: str
    draw_icon: IconDrawer
    family: str = "AppendixSans"
    pictured: Callable[[str], bool] = lambda name: False


def card_icons(appendix: Appendix, font: str) -> Any:
    """The pack's icon set (``paint(canvas, ink, name)``, ``name in icons``)."""
    return appendix.icons(font) if appendix.icons is not None else NoIcons()


#: the room a form of an icon drawn in 0..100 gives its strokes beyond that square
_ICON_BOX = (-50, -50, 150, 150)
_PLAIN_NAME = re.compile(r"[A-Za-z0-9-]+")


def icon_form(name: str) -> str:
    """The name of the form of icon ``name`` (a PDF name: other characters in hex)."""
    return f"icon-{name}" if _PLAIN_NAME.fullmatch(name) else f"icon_{name.encode().hex()}"


def draw_icon(icons: Any, canv: Canvas, ink: Ink, name: str, x, y, size) -> None:
    """Draw icon ``name`` with its lower-left corner at ``(x, y)``, ``size`` points square.

    Each icon is painted once per document, as a form, which every use then draws."""
    form = icon_form(name)
    if not canv.hasForm(form):
        canv.beginForm(form, *_ICON_BOX)
        icons.paint(canv, ink, name)
        canv.endForm()
    canv.saveState()
    canv.translate(x, y)
    canv.scale(size / 100, size / 100)
    canv.doForm(form)
    canv.restoreState()


def pdf_theme(appendix: Appendix) -> PdfTheme:
    """Register the fonts (as a family, so ``<b>``/``<i>`` work) and pick the icons."""
    fonts = register_fonts({**DEFAULT_FONTS, **appendix.fonts}, search=appendix.font_folders)
    icons, ink = card_icons(appendix, fonts["bold"]), Ink(False)

    def draw(canv: Canvas, name: str, x: float, y: float, size: float) -> None:
        if name in icons:
            draw_icon(icons, canv, ink, name, x, y, size)
        else:
            b = badge(name, appendix.icon_labels, appendix.icon_colours)
            draw_badge(canv, b, x, y, size, fonts["bold"])

    theme = PdfTheme(
        fonts["regular"],
        fonts["bold"],
        fonts["italic"],
        fonts["title"],
        draw,
        pictured=lambda name: name in icons,
    )
    addMapping(theme.family, 0, 0, theme.regular)
    addMapping(theme.family, 1, 0, theme.bold)
    addMapping(theme.family, 0, 1, theme.italic)
    addMapping(theme.family, 1, 1, theme.bold)
    return theme
