"""Backend-neutral charts: each chart is laid out once as a list of drawing primitives, which
:mod:`.report_html` writes as inline SVG and :mod:`.report_pdf` as reportlab vector shapes.

Coordinates are points with the origin at the top left (y grows downwards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

INK = "#222222"
GRID = "#d9d9d9"
MUTED = "#777777"
PALETTE = ("#B23A2E", "#4E7A3A", "#6B4C9A", "#2F4F6F", "#C08A2B", "#3A8A8A", "#8A3A6B")


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


def _nice_max(v: float) -> float:
    """A round axis maximum at or above ``v``."""
    if v <= 0:
        return 1.0
    for mag in range(-3, 9):
        for step in (1, 2, 2.5, 5):
            top = step * 10**mag
            if top >= v * (1 - 1e-9):
                return top
    return v  # pragma: no cover


def _ticks(top: float) -> list[float]:
    """Axis ticks from 0 to ``top`` in round steps (fifths of 5 or 2.5, else quarters)."""
    lead = top / 10 ** math.floor(math.log10(top)) if top > 0 else 1.0
    count = 5 if round(lead, 6) in (2.5, 5.0) else 4
    return [top * k / count for k in range(count + 1)]


def _fmt(v: float, percent: bool) -> str:
    if percent:
        return f"{100 * v:.0f}%"
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"


def interval_bars(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]] | None = None,
    *,
    colours: Sequence[str] | None = None,
    reference: float | None = None,
    percent: bool = True,
    top: float | None = None,
    width: float = 460,
) -> Figure:
    """Horizontal bars with optional interval whiskers and a dashed reference line."""
    row, left, right, head = 16.0, 150.0, 40.0, 14.0
    height = head + row * len(labels) + 26
    fig = Figure(title, width, height)
    hi = max([*values, *(b for _, b in intervals or ()), reference or 0.0], default=0.0)
    top = top if top is not None else (min(1.0, _nice_max(hi)) if percent else _nice_max(hi))
    plot_w = width - left - right
    sx = plot_w / top if top else 0.0
    base_y = head + row * len(labels)
    for t in _ticks(top):
        x = left + t * sx
        fig.items.append(Line(x, head - 2, x, base_y, GRID, 0.5))
        fig.items.append(Text(x, base_y + 11, _fmt(t, percent), 7, "middle", MUTED))
    for k, (label, v) in enumerate(zip(labels, values, strict=True)):
        y = head + row * k
        colour = colours[k % len(colours)] if colours else PALETTE[0]
        fig.items.append(Text(left - 5, y + 11, label, 7.5, "end"))
        fig.items.append(Rect(left, y + 3, max(0.0, v * sx), row - 6, colour))
        label_x = left + v * sx + 3
        if intervals:
            lo, hi_ = intervals[k]
            mid = y + row / 2
            fig.items.append(Line(left + lo * sx, mid, left + hi_ * sx, mid, INK, 1))
            fig.items.append(Line(left + lo * sx, mid - 3, left + lo * sx, mid + 3, INK, 1))
            fig.items.append(Line(left + hi_ * sx, mid - 3, left + hi_ * sx, mid + 3, INK, 1))
            label_x = left + hi_ * sx + 3
        fig.items.append(Text(label_x, y + 11, _fmt(v, percent) if percent else f"{v:.2f}", 7))
    if reference is not None:
        x = left + reference * sx
        fig.items.append(Line(x, head - 4, x, base_y, MUTED, 1, dash=True))
    fig.items.append(Line(left, head - 2, left, base_y, INK, 0.8))
    return fig


def stacked_bars(
    title: str,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    width: float = 460,
) -> Figure:
    """Horizontal stacked bars (e.g. glory per game by source), with a legend."""
    row, left, right, head = 18.0, 150.0, 40.0, 28.0
    height = head + row * len(labels) + 26
    fig = Figure(title, width, height)
    totals = [sum(max(0.0, s[1][k]) for s in series) for k in range(len(labels))]
    top = _nice_max(max(totals, default=0.0))
    sx = (width - left - right) / top
    base_y = head + row * len(labels)
    for t in _ticks(top):
        x = left + t * sx
        fig.items.append(Line(x, head - 2, x, base_y, GRID, 0.5))
        fig.items.append(Text(x, base_y + 11, _fmt(t, False), 7, "middle", MUTED))
    lx = left
    for j, (name, _vals) in enumerate(series):
        fig.items.append(Rect(lx, 6, 8, 8, PALETTE[(j + 3) % len(PALETTE)]))
        fig.items.append(Text(lx + 11, 13, name, 7.5))
        lx += 16 + 5.2 * len(name)
    for k, label in enumerate(labels):
        y = head + row * k
        fig.items.append(Text(left - 5, y + 12, label, 7.5, "end"))
        x = left
        for j, (_name, vals) in enumerate(series):
            w = max(0.0, vals[k]) * sx
            fig.items.append(Rect(x, y + 3, w, row - 6, PALETTE[(j + 3) % len(PALETTE)]))
            x += w
        fig.items.append(Text(x + 3, y + 12, f"{totals[k]:.2f}", 7))
    fig.items.append(Line(left, head - 2, left, base_y, INK, 0.8))
    return fig


def line_chart(
    title: str,
    xs: Sequence[int],
    series: Sequence[tuple[str, Sequence[float], str]],
    *,
    x_label: str = "round",
    width: float = 460,
    height: float = 190,
) -> Figure:
    """Lines with dots over integer x values (e.g. rounds); ``series`` = (name, ys, colour)."""
    left, right, head, foot = 36.0, 110.0, 10.0, 30.0
    fig = Figure(title, width, height)
    top = _nice_max(max((y for _, ys, _ in series for y in ys), default=0.0))
    plot_w, plot_h = width - left - right, height - head - foot
    x0, x1 = min(xs), max(xs)

    def px(x: float) -> float:
        return left + (plot_w * (x - x0) / (x1 - x0) if x1 > x0 else plot_w / 2)

    def py(y: float) -> float:
        return head + plot_h * (1 - y / top)

    for t in _ticks(top):
        fig.items.append(Line(left, py(t), left + plot_w, py(t), GRID, 0.5))
        fig.items.append(Text(left - 4, py(t) + 3, _fmt(t, False), 7, "end", MUTED))
    for x in xs:
        fig.items.append(Text(px(x), head + plot_h + 12, str(x), 7, "middle", MUTED))
    fig.items.append(Text(left + plot_w / 2, height - 4, x_label, 7, "middle", MUTED))
    for k, (name, ys, colour) in enumerate(series):
        pts = tuple((px(x), py(y)) for x, y in zip(xs, ys, strict=True))
        fig.items.append(Poly(pts, colour))
        fig.items.extend(Dot(x, y, 2.2, colour) for x, y in pts)
        ly = head + 6 + 12 * k
        fig.items.append(Line(left + plot_w + 10, ly, left + plot_w + 24, ly, colour, 2))
        fig.items.append(Text(left + plot_w + 28, ly + 3, name, 7.5))
    fig.items.append(Line(left, head + plot_h, left + plot_w, head + plot_h, INK, 0.8))
    return fig
