"""Chart layout shared by the appendix's bar charts and the simulation report's charts.

Geometry only, in points with the origin at the top left (y grows downwards): round value axes
(:func:`nice_max`, :func:`ticks`), category bands (:func:`bands`), legend rows (:func:`legend`)
and backend-neutral drawing primitives collected in a :class:`Figure`, which the SVG and PDF
writers draw.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

INK = "#222222"
GRID = "#d9d9d9"
MUTED = "#777777"
PALETTE = ("#B23A2E", "#4E7A3A", "#6B4C9A", "#2F4F6F", "#C08A2B", "#3A8A8A", "#8A3A6B")


# ------------------------------------------------------------------ primitives
@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = INK
    width: float = 1.0
    dash: bool = False


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float = 1.5


@dataclass(frozen=True, slots=True)
class Dot:
    x: float
    y: float
    r: float
    fill: str


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float = 8.0
    anchor: str = "start"  # start | middle | end
    fill: str = INK
    bold: bool = False


Item = Rect | Line | Poly | Dot | Text


@dataclass
class Figure:
    """A chart: size, title and primitives."""

    title: str
    width: float
    height: float
    items: list[Item] = field(default_factory=list)


# ------------------------------------------------------------------ geometry
def nice_max(v: float) -> float:
    """A round axis maximum at or above ``v``."""
    if v <= 0:
        return 1.0
    for mag in range(-3, 9):
        for step in (1, 2, 2.5, 5):
            top = step * 10**mag
            if top >= v * (1 - 1e-9):
                return top
    return v  # pragma: no cover


def ticks(top: float) -> list[float]:
    """Axis ticks from 0 to ``top`` in round steps (fifths of 5 or 2.5, else quarters)."""
    lead = top / 10 ** math.floor(math.log10(top)) if top > 0 else 1.0
    count = 5 if round(lead, 6) in (2.5, 5.0) else 4
    return [top * k / count for k in range(count + 1)]


def tick_label(v: float, percent: bool) -> str:
    """An axis or value label: a whole percentage, or a number with at most one decimal."""
    if percent:
        return f"{100 * v:.0f}%"
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"


@dataclass(frozen=True, slots=True)
class Band:
    """One category's slot along the category axis."""

    start: float  # where its bars begin
    size: float  # the room its bars share
    centre: float  # the middle of the whole slot (its label)


def bands(count: int, start: float, length: float, margin: float = 0.1) -> list[Band]:
    """``count`` equal slots over ``length`` from ``start``; bars leave ``margin`` (a share of
    the slot) free on either side."""
    slot = length / max(count, 1)
    inner = slot * (1 - 2 * margin)
    return [
        Band(start + i * slot + slot * margin, inner, start + (i + 0.5) * slot)
        for i in range(count)
    ]


def legend(names: Sequence[str], x: float, room: Callable[[str], float]) -> list[float]:
    """The left edge of each entry of a legend row starting at ``x``; ``room(name)`` is the
    width one entry takes (swatch, gap and name)."""
    out = []
    for name in names:
        out.append(x)
        x += room(name)
    return out
