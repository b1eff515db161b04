"""Bar-chart geometry shared by the SVG (HTML) and the vector PDF charts.

:func:`layout` turns a :class:`Chart` into boxes and labels in a y-down coordinate system;
the HTML template draws them as SVG and the PDF writer as reportlab shapes, so the two
formats draw the same chart.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.appendix.model import Chart

LABEL_SIZE = 7.0
AXIS_COLOUR = "#444444"


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    w: float
    h: float
    colour: str
    value: int
    title: str


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    anchor: str = "middle"
    colour: str = AXIS_COLOUR


@dataclass(frozen=True)
class Swatch:
    x: float
    y: float
    size: float
    colour: str


@dataclass(frozen=True)
class ChartLayout:
    """A chart's drawing: ``width`` x ``height`` points, origin top left, y downwards."""

    width: float
    height: float
    baseline: float
    left: float
    right: float
    bars: tuple[Bar, ...]
    labels: tuple[Label, ...]
    swatches: tuple[Swatch, ...]
    font_size: float = LABEL_SIZE


def _r(v: float) -> float:
    """Round coordinates so output text is short and stable."""
    return round(v, 2)


def layout(chart: Chart, width: float = 220, height: float = 110) -> ChartLayout:
    """Lay out ``chart``: one group of bars per category, a value above each bar."""
    pad, top, bottom = 6.0, 12.0 + (10.0 if len(chart.series) > 1 else 0.0), 14.0
    plot_h = height - top - bottom
    baseline = height - bottom
    n_cat = max(len(chart.categories), 1)
    n_ser = max(len(chart.series), 1)
    slot = (width - 2 * pad) / n_cat
    bar_w = slot * 0.8 / n_ser
    peak = max(chart.max_value, 1)
    bars: list[Bar] = []
    labels: list[Label] = []
    for i, cat in enumerate(chart.categories):
        x0 = pad + i * slot + slot * 0.1
        labels.append(Label(_r(pad + (i + 0.5) * slot), _r(baseline + LABEL_SIZE + 3), cat))
        for j, s in enumerate(chart.series):
            v = s.values[i]
            h = plot_h * v / peak
            x = x0 + j * bar_w
            bars.append(
                Bar(_r(x), _r(baseline - h), _r(bar_w), _r(h), s.colour, v, f"{cat}: {v} {s.name}")
            )
            if v:
                labels.append(Label(_r(x + bar_w / 2), _r(baseline - h - 2), str(v)))
    swatches: list[Swatch] = []
    if len(chart.series) > 1:
        x = pad
        for s in chart.series:
            swatches.append(Swatch(_r(x), 2.0, 7.0, s.colour))
            labels.append(Label(_r(x + 10), 8.5, s.name, anchor="start"))
            x += 14 + 4.5 * len(s.name)
    return ChartLayout(
        width,
        height,
        _r(baseline),
        pad,
        _r(width - pad),
        tuple(bars),
        tuple(labels),
        tuple(swatches),
    )
