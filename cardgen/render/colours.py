"""Colours: hex strings from the rules model and templates to reportlab colours, RGB or CMYK."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, Color

from cardgen.render.hex_colours import hex_rgb as hex_rgb
from cardgen.render.hex_colours import rgb_hex as rgb_hex
from cardgen.render.icc import Separation, rgb_to_lab


@lru_cache(maxsize=1024)
def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    ra, rb = hex_rgb(a), hex_rgb(b)
    (r1, g1, b1), (r2, g2, b2) = ra, rb
    return rgb_hex((r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t))


def lighten(c: str, t: float) -> str:
    return mix(c, "#FFFFFF", t)


def darken(c: str, t: float) -> str:
    return mix(c, "#000000", t)


@lru_cache(maxsize=512)
def _rgb(hex_colour: str) -> Color:
    return Color(*hex_rgb(hex_colour))


@lru_cache(maxsize=512)
def _cmyk(hex_colour: str) -> CMYKColor:
    r, g, b = hex_rgb(hex_colour)
    k = 1 - max(r, g, b)
    if k >= 1:
        return CMYKColor(0, 0, 0, 1)
    return CMYKColor((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)


@dataclass(frozen=True)
class Ink:
    """Turns hex colours into the colour space of the output: RGB, or CMYK for print (through
    an ICC profile's ``separation`` when given, else a plain formula)."""

    cmyk: bool = False
    separation: Separation | None = None

    def __call__(self, hex_colour: str) -> Color:
        if self.separation is not None:
            return CMYKColor(*self.separation.cmyk(hex_colour))
        return _cmyk(hex_colour) if self.cmyk else _rgb(hex_colour)

    def line(self, hex_colour: str) -> Color:
        """``hex_colour`` for text and line art: in CMYK, a black (:func:`is_black`) is the
        black plate alone at 100 %, so thin strokes print sharp and unscreened (a large area
        keeps the rich black of :meth:`__call__`)."""
        if (self.cmyk or self.separation is not None) and is_black(hex_colour):
            return CMYKColor(0, 0, 0, 1)
        return self(hex_colour)


@lru_cache(maxsize=512)
def is_black(hex_colour: str) -> bool:
    """Whether a colour reads as black: CIE L* at most 25 and chroma at most 10 (ink text
    ``#1F1A17``, outlines ``#2B2420``; not a dark brown or blue)."""
    lightness, a, b = rgb_to_lab(hex_rgb(hex_colour))
    return lightness <= 25 and (a * a + b * b) ** 0.5 <= 10
