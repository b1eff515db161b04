"""A tiny recording canvas that turns reportlab-style drawing calls into SVG elements.

It implements just the part of the :class:`reportlab.pdfgen.canvas.Canvas` API the card
renderer's vector icons use, so the HTML appendix shows the very icons printed on the cards.
Coordinates are PDF-like (y up); :meth:`SvgCanvas.svg` returns the elements for a
``0 0 size size`` viewBox, flipped to SVG's y-down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from xml.sax.saxutils import escape, quoteattr

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, c: Matrix) -> Matrix:
    """``m`` applied first, then ``c`` (PDF ``cm`` order)."""
    return (
        m[0] * c[0] + m[1] * c[2],
        m[0] * c[1] + m[1] * c[3],
        m[2] * c[0] + m[3] * c[2],
        m[2] * c[1] + m[3] * c[3],
        m[4] * c[0] + m[5] * c[2] + c[4],
        m[4] * c[1] + m[5] * c[3] + c[5],
    )


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _colour(c: object) -> str:
    if isinstance(c, str):
        return c
    hexval = getattr(c, "hexval", None)
    return "#" + hexval()[2:].upper() if hexval else "#000000"


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: str = "#000000"
    stroke: str = "#000000"
    width: float = 1.0
    cap: int = 0
    join: int = 0
    font: str = "sans-serif"
    size: float = 12.0


@dataclass
class SvgPath:
    """A path under construction (``beginPath()``)."""

    d: list[str] = field(default_factory=list)

    def moveTo(self, x: float, y: float) -> None:
        self.d.append(f"M{_n(x)} {_n(y)}")

    def lineTo(self, x: float, y: float) -> None:
        self.d.append(f"L{_n(x)} {_n(y)}")

    def curveTo(self, x1, y1, x2, y2, x3, y3) -> None:
        self.d.append(f"C{_n(x1)} {_n(y1)} {_n(x2)} {_n(y2)} {_n(x3)} {_n(y3)}")

    def close(self) -> None:
        self.d.append("Z")


class SvgCanvas:
    """Records drawing calls as SVG elements."""

    def __init__(self) -> None:
        self._state = _State()
        self._stack: list[_State] = []
        self.elements: list[str] = []

    # --- state ----------------------------------------------------------------------------
    def saveState(self) -> None:
        self._stack.append(replace(self._state))

    def restoreState(self) -> None:
        self._state = self._stack.pop()

    def _concat(self, m: Matrix) -> None:
        self._state.ctm = _mul(m, self._state.ctm)

    def translate(self, dx: float, dy: float) -> None:
        self._concat((1.0, 0.0, 0.0, 1.0, dx, dy))

    def scale(self, sx: float, sy: float) -> None:
        self._concat((sx, 0.0, 0.0, sy, 0.0, 0.0))

    def rotate(self, degrees: float) -> None:
        a = math.radians(degrees)
        self._concat((math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0))

    def setFillColor(self, c: object) -> None:
        self._state.fill = _colour(c)

    def setStrokeColor(self, c: object) -> None:
        self._state.stroke = _colour(c)

    def setLineWidth(self, w: float) -> None:
        self._state.width = w

    def setLineCap(self, cap: int) -> None:
        self._state.cap = cap

    def setLineJoin(self, join: int) -> None:
        self._state.join = join

    def setFont(self, name: str, size: float) -> None:
        self._state.font, self._state.size = name, size

    # --- drawing ----------------------------------------------------------------------------
    def _paint(self, stroke: int, fill: int) -> str:
        s = self._state
        out = f' fill="{s.fill}"' if fill else ' fill="none"'
        if stroke:
            caps, joins = ("butt", "round", "square"), ("miter", "round", "bevel")
            out += (
                f' stroke="{s.stroke}" stroke-width="{_n(s.width)}"'
                f' stroke-linecap="{caps[s.cap]}" stroke-linejoin="{joins[s.join]}"'
            )
        return out

    def _emit(self, tag: str, attrs: str, stroke: int, fill: int) -> None:
        m = " ".join(_n(v) for v in self._state.ctm)
        self.elements.append(f'<{tag} transform="matrix({m})" {attrs}{self._paint(stroke, fill)}/>')

    def beginPath(self) -> SvgPath:
        return SvgPath()

    def drawPath(self, path: SvgPath, stroke: int = 1, fill: int = 0) -> None:
        self._emit("path", f'd="{" ".join(path.d)}"', stroke, fill)

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self._emit("circle", f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"', stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke: int = 1, fill: int = 0) -> None:
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2
        attrs = f'cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}"'
        self._emit("ellipse", attrs, stroke, fill)

    def rect(self, x, y, w, h, stroke: int = 1, fill: int = 0) -> None:
        self.roundRect(x, y, w, h, 0, stroke, fill)

    def roundRect(self, x, y, w, h, r, stroke: int = 1, fill: int = 0) -> None:
        x, w = (x + w, -w) if w < 0 else (x, w)
        y, h = (y + h, -h) if h < 0 else (y, h)
        attrs = f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'
        attrs += f' rx="{_n(r)}"' if r else ""
        self._emit("rect", attrs, stroke, fill)

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        s = self._state
        m = " ".join(_n(v) for v in _mul((1, 0, 0, -1, x, y), s.ctm))
        self.elements.append(
            f'<text transform="matrix({m})" font-size="{_n(s.size)}" font-weight="bold" '
            f'font-family="sans-serif" text-anchor="middle" fill="{s.fill}">{escape(text)}</text>'
        )

    def svg(self, size: float) -> str:
        """The recorded elements, flipped into a y-down ``0 0 size size`` box."""
        body = "".join(self.elements)
        return f"<g transform={quoteattr(f'matrix(1 0 0 -1 0 {_n(size)})')}>{body}</g>"
