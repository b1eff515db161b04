"""Drawing helpers shared by the components, on top of the card renderer's library.

Components use the cards' fonts, icons and colour handling (``cardgen.render``) so the whole kit
looks like one product.  :class:`Sheet` bundles a render ``Document`` with the fonts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.colours import Ink, hex_rgb
from cardgen.render.document import Document
from cardgen.render.elements.layout import layout_model
from cardgen.render.fonts import register_fonts, string_width
from cardgen.render.layout import CardLayout, load_layout
from cardgen.render.svg_icons import pack_icons

if TYPE_CHECKING:
    from cardgen.pack import Pack


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str


@dataclass
class Sheet:
    """A PDF being written for a component: the render document plus the kit's fonts."""

    doc: Document
    fonts: Fonts

    @property
    def c(self) -> Canvas:
        return self.doc.c

    def colour(self, hex_code: str) -> Color:
        return self.doc.ink(hex_code)

    def fill(self, hex_code: str) -> None:
        self.c.setFillColor(self.doc.ink(hex_code))

    def stroke(self, hex_code: str) -> None:
        self.c.setStrokeColor(self.doc.ink(hex_code))

    def icon(self, name: str, cx: float, cy: float, size: float) -> None:
        """Icon ``name`` centred on ``(cx, cy)``, ``size`` user units square."""
        self.doc.icon(name, cx - size / 2, cy - size / 2, size)

    def text(
        self, text: str, x: float, y: float, size: float, *, bold: bool = True, align: str = "c"
    ) -> None:
        """One line of text; ``align`` is ``l``, ``c`` or ``r`` about ``x``."""
        self.c.setFont(self.fonts.bold if bold else self.fonts.regular, size)
        {"l": self.c.drawString, "c": self.c.drawCentredString, "r": self.c.drawRightString}[align](
            x, y, text
        )

    def wrapped(
        self, text: str, x: float, top: float, width: float, size: float, *, bold: bool = False
    ) -> float:
        """Draw ``text`` wrapped to ``width`` from ``top`` downwards; return the y below it."""
        font = self.fonts.bold if bold else self.fonts.regular
        lead = size * 1.2
        self.c.setFont(font, size)
        y = top - size
        for line in simpleSplit(text, font, size, width):
            self.c.drawString(x, y, line)
            y -= lead
        return y + lead - size * 0.3

    def fit(self, text: str, width: float, size: float, *, bold: bool = True) -> float:
        """The largest size ≤ ``size`` at which ``text`` fits on one line of ``width``."""
        w = string_width(text, self.fonts.bold if bold else self.fonts.regular, size)
        return size if w <= width else size * width / w


def card_layout(pack: Pack) -> CardLayout:
    """The pack's card layout (its card size sizes the boards' slots; its fonts are the kit's)."""
    return load_layout(pack.data / pack.print.layout_file, layout_model(pack))


def new_sheet(pack: Pack, rules: Any, pagesize: tuple[float, float], title: str) -> Sheet:
    """A deterministic PDF with the card fonts registered and the pack's icons available."""
    cards = card_layout(pack)
    names = register_fonts({"regular": cards.fonts["regular"], "bold": cards.fonts["bold"]})
    fonts = Fonts(names["regular"], names["bold"])
    icons = pack_icons(pack, rules, fonts.regular)
    return Sheet(Document(pagesize, Ink(), icons, fonts.regular, title=title), fonts)


def text_on(hex_code: str) -> str:
    """Black or white, whichever reads better on ``hex_code`` (WCAG relative luminance)."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in hex_rgb(hex_code))
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.2 else "#FFFFFF"


def shape_path(c: Canvas, shape: str, cx: float, cy: float, r: float):
    """A closed path of ``shape`` (circle, square, triangle, diamond, hexagon, star)."""
    p = c.beginPath()
    if shape == "circle":
        p.circle(cx, cy, r)
        return p
    if shape == "square":
        s = r * 0.88
        p.rect(cx - s, cy - s, 2 * s, 2 * s)
        return p
    corners = {"triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}[shape]
    for i in range(corners):
        a = math.pi / 2 + 2 * math.pi * i / corners
        rr = r * (0.45 if shape == "star" and i % 2 else 1.0) * (1.2 if corners == 3 else 1.0)
        px = cx + rr * math.cos(a)
        py = cy + rr * math.sin(a) - (r * 0.25 if corners == 3 else 0)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    return p


class Marker(Protocol):
    """A player's marker: a colour, a shape and a letter (colour is never the only cue)."""

    @property
    def colour(self) -> str: ...
    @property
    def shape(self) -> str: ...
    @property
    def letter(self) -> str: ...


def player_marker(sheet: Sheet, player: Marker, cx: float, cy: float, r: float) -> None:
    """The player's shape in their colour with their letter: colour is never the only cue."""
    c = sheet.c
    c.saveState()
    sheet.fill(player.colour)
    sheet.stroke("#000000")
    c.setLineWidth(max(0.2, r * 0.06))
    c.drawPath(shape_path(c, player.shape, cx, cy, r), stroke=1, fill=1)
    sheet.fill(text_on(player.colour))
    size = r * (0.85 if player.shape == "triangle" else 1.1)
    dy = -size * 0.36 - (r * 0.18 if player.shape == "triangle" else 0)
    sheet.text(player.letter, cx, cy + dy, size)
    c.restoreState()


def arrow(c: Canvas, x0: float, y: float, x1: float, width: float) -> None:
    """A filled horizontal arrow from ``x0`` to ``x1`` (pointing at ``x1``)."""
    head = min(abs(x1 - x0) * 0.45, width * 1.6)
    sign = 1 if x1 > x0 else -1
    p = c.beginPath()
    p.moveTo(x0, y - width / 2)
    for px, py in (
        (x1 - sign * head, y - width / 2),
        (x1 - sign * head, y - width),
        (x1, y),
        (x1 - sign * head, y + width),
        (x1 - sign * head, y + width / 2),
        (x0, y + width / 2),
    ):
        p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
