"""The report's charts, laid out once as drawing primitives (:mod:`cardgen.charts`, shared with
the appendix's bar charts), which :mod:`.report_html` writes as inline SVG and
:mod:`.report_pdf` as reportlab vector shapes.

Coordinates are points with the origin at the top left (y grows downwards).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.charts import (
    GRID,
    INK,
    MUTED,
    PALETTE,
    Band,
    Dot,
    Figure,
    Item,
    Line,
    Poly,
    Rect,
    Text,
    bands,
    legend,
    nice_max,
    tick_label,
    ticks,
)


def _value_axis(
    fig: Figure, top: float, left: float, sx: float, head: float, base_y: float, percent: bool
) -> None:
    """Vertical grid lines with their tick labels under a horizontal bar chart."""
    for t in ticks(top):
        x = left + t * sx
        fig.items.append(Line(x, head - 2, x, base_y, GRID, 0.5))
        fig.items.append(Text(x, base_y + 11, tick_label(t, percent), 7, "middle", MUTED))


def _rows(count: int, head: float, row: float) -> list[Band]:
    """One band per bar row: bars leave 3 points free above and below."""
    return bands(count, head, row * count, margin=3 / row)


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
    top = top if top is not None else (min(1.0, nice_max(hi)) if percent else nice_max(hi))
    plot_w = width - left - right
    sx = plot_w / top if top else 0.0
    base_y = head + row * len(labels)
    _value_axis(fig, top, left, sx, head, base_y, percent)
    for k, band in enumerate(_rows(len(labels), head, row)):
        v, text_y, mid = values[k], band.centre + 3, band.centre
        colour = colours[k % len(colours)] if colours else PALETTE[0]
        fig.items.append(Text(left - 5, text_y, labels[k], 7.5, "end"))
        fig.items.append(Rect(left, band.start, max(0.0, v * sx), band.size, colour))
        label_x = left + v * sx + 3
        if intervals:
            lo, hi_ = intervals[k]
            fig.items.append(Line(left + lo * sx, mid, left + hi_ * sx, mid, INK, 1))
            fig.items.append(Line(left + lo * sx, mid - 3, left + lo * sx, mid + 3, INK, 1))
            fig.items.append(Line(left + hi_ * sx, mid - 3, left + hi_ * sx, mid + 3, INK, 1))
            label_x = left + hi_ * sx + 3
        value = tick_label(v, percent) if percent else f"{v:.2f}"
        fig.items.append(Text(label_x, text_y, value, 7))
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
    """Horizontal stacked bars (e.g. points per game by source), with a legend."""
    row, left, right, head = 18.0, 150.0, 40.0, 28.0
    height = head + row * len(labels) + 26
    fig = Figure(title, width, height)
    totals = [sum(max(0.0, s[1][k]) for s in series) for k in range(len(labels))]
    top = nice_max(max(totals, default=0.0))
    sx = (width - left - right) / top
    base_y = head + row * len(labels)
    _value_axis(fig, top, left, sx, head, base_y, False)
    names = [name for name, _vals in series]
    for j, lx in enumerate(legend(names, left, lambda name: 16 + 5.2 * len(name))):
        fig.items.append(Rect(lx, 6, 8, 8, PALETTE[(j + 3) % len(PALETTE)]))
        fig.items.append(Text(lx + 11, 13, names[j], 7.5))
    for k, band in enumerate(_rows(len(labels), head, row)):
        fig.items.append(Text(left - 5, band.centre + 3, labels[k], 7.5, "end"))
        x = left
        for j, (_name, vals) in enumerate(series):
            w = max(0.0, vals[k]) * sx
            fig.items.append(Rect(x, band.start, w, band.size, PALETTE[(j + 3) % len(PALETTE)]))
            x += w
        fig.items.append(Text(x + 3, band.centre + 3, f"{totals[k]:.2f}", 7))
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
    top = nice_max(max((y for _, ys, _ in series for y in ys), default=0.0))
    plot_w, plot_h = width - left - right, height - head - foot
    x0, x1 = min(xs), max(xs)

    def px(x: float) -> float:
        return left + (plot_w * (x - x0) / (x1 - x0) if x1 > x0 else plot_w / 2)

    def py(y: float) -> float:
        return head + plot_h * (1 - y / top)

    for t in ticks(top):
        fig.items.append(Line(left, py(t), left + plot_w, py(t), GRID, 0.5))
        fig.items.append(Text(left - 4, py(t) + 3, tick_label(t, False), 7, "end", MUTED))
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


__all__ = [
    "PALETTE",
    "Dot",
    "Figure",
    "Item",
    "Line",
    "Poly",
    "Rect",
    "Text",
    "interval_bars",
    "line_chart",
    "stacked_bars",
]
