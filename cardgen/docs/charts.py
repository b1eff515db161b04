"""Bar-chart geometry shared by the SVG (HTML) and the vector PDF charts.

:func:`layout` turns a :class:`Chart` into boxes and labels in a y-down coordinate system
(category bands and legend rows from :mod:`cardgen.charts`, shared with the simulation
report); the HTML template draws them as SVG and the PDF writer as reportlab shapes, so the two
formats draw the same chart.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.charts import bands, legend
from cardgen.docs.content import Chart

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
    n_ser = max(len(chart.series), 1)
    peak = max(chart.max_value, 1)
    bars: list[Bar] = []
    labels: list[Label] = []
    for i, band in enumerate(bands(len(chart.categories), pad, width - 2 * pad)):
        cat = chart.categories[i]
        bar_w = band.size / n_ser
        labels.append(Label(_r(band.centre), _r(baseline + LABEL_SIZE + 3), cat))
        for j, s in enumerate(chart.series):
            v = s.values[i]
            h = plot_h * v / peak
            x = band.start + j * bar_w
            bars.append(
                Bar(_r(x), _r(baseline - h), _r(bar_w), _r(h), s.colour, v, f"{cat}: {v} {s.name}")
            )
            if v:
                labels.append(Label(_r(x + bar_w / 2), _r(baseline - h - 2), str(v)))
    swatches: list[Swatch] = []
    if len(chart.series) > 1:
        names = [s.name for s in chart.series]
        for s, x in zip(chart.series, legend(names, pad, _legend_room), strict=True):
            swatches.append(Swatch(_r(x), 2.0, 7.0, s.colour))
            labels.append(Label(_r(x + 10), 8.5, s.name, anchor="start"))
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


def _legend_room(name: str) -> float:
    return 14 + 4.5 * len(name)
