"""The `plain` pack's icons, drawn as vectors in a 0..100 square: ``{coin}``, ``{heart}`` …"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from cardgen.render.colours import Ink, mix

#: token -> what it shows (card text may use ``{token}``; stats name one as their icon)
ICONS: dict[str, str] = {
    "coin": "a coin",
    "heart": "a heart (health, life)",
    "star": "a star (victory points)",
    "shield": "a shield (defence)",
    "sword": "a sword (attack)",
    "card": "a card (draw)",
}

OUTLINE = "#2B2420"
COLOURS = {
    "coin": "#E0B43A",
    "heart": "#C8373B",
    "star": "#E8C547",
    "shield": "#5A7FA8",
    "sword": "#9AA3AD",
    "card": "#F4EEDD",
}


def _star(c: Canvas) -> None:
    p = c.beginPath()
    for i in range(10):
        r = 48 if i % 2 == 0 else 20
        a = math.radians(90 + 36 * i)
        x, y = 50 + r * math.cos(a), 50 + r * math.sin(a)
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _heart(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(50, 8)
    p.curveTo(20, 35, 4, 50, 8, 70)
    p.curveTo(12, 92, 42, 96, 50, 74)
    p.curveTo(58, 96, 88, 92, 92, 70)
    p.curveTo(96, 50, 80, 35, 50, 8)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _shield(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(50, 4)
    p.curveTo(22, 18, 12, 40, 12, 86)
    p.lineTo(50, 96)
    p.lineTo(88, 86)
    p.curveTo(88, 40, 78, 18, 50, 4)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _sword(c: Canvas) -> None:
    p = c.beginPath()
    for x, y in ((46, 30), (46, 88), (50, 97), (54, 88), (54, 30)):
        p.moveTo(x, y) if (x, y) == (46, 30) else p.lineTo(x, y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.rect(30, 24, 40, 7, stroke=1, fill=1)
    c.rect(46, 4, 8, 20, stroke=1, fill=1)


def _coin(c: Canvas) -> None:
    c.circle(50, 50, 44, stroke=1, fill=1)
    c.circle(50, 50, 32, stroke=1, fill=0)


def _card(c: Canvas) -> None:
    c.roundRect(22, 6, 56, 88, 8, stroke=1, fill=1)


PAINTERS: dict[str, Callable[[Canvas], None]] = {
    "coin": _coin,
    "heart": _heart,
    "star": _star,
    "shield": _shield,
    "sword": _sword,
    "card": _card,
}


class PlainIcons:
    """The icon set of the plain pack."""

    def __contains__(self, name: str) -> bool:
        return name in PAINTERS

    def paint(self, c: Canvas, ink: Ink, name: str, faded: bool = False) -> None:
        """Draw icon ``name`` into the 0..100 square of the current transform."""
        fill, line = COLOURS[name], OUTLINE
        if faded:
            fill, line = mix(fill, "#FFFFFF", 0.62), mix(line, "#FFFFFF", 0.62)
        c.saveState()
        c.setLineJoin(1)
        c.setLineWidth(5)
        c.setFillColor(ink(fill))
        c.setStrokeColor(ink(line))
        PAINTERS[name](c)
        c.restoreState()
