"""Charts: one typed spec, drawn by ``reportlab.graphics`` into PDFs and, as inline SVG, into HTML.

A chart is a :class:`BarChart` (vertical or horizontal bars, grouped or stacked, with optional
intervals drawn as whiskers and a dashed reference line) or a :class:`LineChart` (lines with a
dot at each point).  :func:`drawing` builds a reportlab ``Drawing`` from it with the charts of
``reportlab.graphics.charts`` (bar charts, line plot, legends; axes, round ticks, grid lines,
value labels); whiskers and the reference line are shapes added through the bar chart's
``annotations``.  A ``Drawing`` is a platypus flowable, so a PDF places it as it is;
:func:`svg` writes the same ``Drawing`` with ``renderSVG`` as an inline ``<svg>`` element.  The
appendix's deck statistics and the simulation report both define their charts here.

Every number a bar shows is also written as text (a value at each bar's end, a legend naming
each colour); in SVG every bar has a tooltip (``<title>``) and the chart is one ``role="img"``
named by its title.  A chart without data is drawn as a short "no data" note.  Equal charts
give equal bytes (PDF operators and SVG text alike): the SVG carries no ids.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.dom.minidom import Element

from reportlab.graphics import renderSVG
from reportlab.graphics.charts.barcharts import BarChart as RLBarChart
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend, LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

INK = "#222222"
GRID = "#d9d9d9"
MUTED = "#777777"
PALETTE = ("#B23A2E", "#4E7A3A", "#6B4C9A", "#2F4F6F", "#C08A2B", "#3A8A8A", "#8A3A6B")

#: size of value, tick and legend text; category labels of horizontal bars are a little larger
FONT_SIZE = 7.0
CATEGORY_SIZE = 7.5
#: the CSS font family of SVG text when the caller names none
FAMILY = "Helvetica, Arial, sans-serif"
#: a bar's tooltip by the bar's corners (x1, y1, x2, y2), as recorded while a chart is drawn
Tips = dict[tuple[float, float, float, float], str]


# ------------------------------------------------------------------ the spec
@dataclass(frozen=True)
class Series:
    """One data series: the bars of one colour, or one line."""

    name: str
    values: tuple[float, ...]
    colour: str = PALETTE[0]
    #: each bar's own colour instead of ``colour``, taken in turn (repeated when shorter)
    colours: tuple[str, ...] = ()
    #: a (low, high) interval per value, drawn as a whisker across the bar's end
    intervals: tuple[tuple[float, float], ...] = ()

    def bar_colour(self, k: int) -> str:
        """The colour of the bar of value ``k``."""
        return self.colours[k % len(self.colours)] if self.colours else self.colour


@dataclass(frozen=True)
class BarChart:
    """Bars: one group per category, one bar per series (``stacked``: one bar of segments)."""

    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    #: categories down the left (the first at the top), values along the bottom
    horizontal: bool = False
    stacked: bool = False
    #: values are shares (0 to 1): percentages on the axis and, by default, on the bars
    percent: bool = False
    #: the text at each bar's end, a ``str.format`` pattern: by default ``{:.0%}`` for shares
    #: and ``{:g}`` else; ``""`` shows none; a stacked bar shows its total
    label: str | None = None
    #: no text at bars of value 0
    skip_zero: bool = False
    #: a dashed line across the bars at this value (e.g. the fair share)
    reference: float | None = None
    #: round ticks with grid lines along the value axis; without, the tallest bar fills the
    #: plot and the texts at the bars' ends carry the numbers
    value_axis: bool = True
    width: float = 460.0
    #: ``None``: 110 points for vertical bars, enough rows for horizontal ones
    height: float | None = None

    def __post_init__(self) -> None:
        for s in self.series:
            _check_length(self.title, s, "values", len(s.values), len(self.categories))
            if s.intervals:
                _check_length(self.title, s, "intervals", len(s.intervals), len(s.values))

    @property
    def label_format(self) -> str:
        """The ``str.format`` pattern of the text at each bar's end (``""``: none)."""
        if self.label is not None:
            return self.label
        return "{:.0%}" if self.percent else "{:g}"

    @property
    def empty(self) -> bool:
        return not self.categories or not self.series


@dataclass(frozen=True)
class LineChart:
    """Lines with a dot at each point over numeric x values (e.g. rounds), a legend beside."""

    title: str
    xs: tuple[float, ...]
    series: tuple[Series, ...]
    #: the name of the x axis, under it
    x_label: str = ""
    width: float = 460.0
    height: float = 190.0

    def __post_init__(self) -> None:
        for s in self.series:
            _check_length(self.title, s, "values", len(s.values), len(self.xs))

    @property
    def empty(self) -> bool:
        return not self.xs or not self.series


@dataclass(frozen=True)
class Point:
    """One dot of a scatter chart; a ``label`` is written beside it."""

    x: float
    y: float
    colour: str = PALETTE[3]
    label: str = ""


@dataclass(frozen=True)
class ScatterChart:
    """Dots over two share axes (0 to 1 each, percentages), a dashed line across at
    ``reference`` (e.g. the pooled rate), a legend naming each colour (``keys``)."""

    title: str
    points: tuple[Point, ...]
    x_label: str = ""
    y_label: str = ""
    reference: float | None = None
    #: (name, colour) of the legend
    keys: tuple[tuple[str, str], ...] = ()
    width: float = 460.0
    height: float = 260.0

    @property
    def empty(self) -> bool:
        return not self.points


Chart = BarChart | LineChart | ScatterChart


def _check_length(title: str, s: Series, what: str, got: int, want: int) -> None:
    if got != want:
        raise ValueError(f"chart {title!r}, series {s.name!r}: {got} {what}, expected {want}")


# ------------------------------------------------------------------ axes
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
    """An axis label: a whole percentage, or a number with at most one decimal."""
    if percent:
        return f"{100 * v:.0f}%"
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"


def _colour(value: str) -> Color:
    return HexColor(value)


def _text_width(texts: list[str], font: str, size: float = FONT_SIZE) -> float:
    return max((stringWidth(t, font, size) for t in texts), default=0.0)


def _style_labels(labels: Any, font: str, colour: str = MUTED, size: float = FONT_SIZE) -> None:
    """Labels in ``font``; each anchored at its point by the text itself (``boxauto``: the end
    of a label boxed at its east side...), so that an SVG's text stays in place in any font."""
    labels.fontName, labels.fontSize, labels.fillColor = font, size, _colour(colour)
    labels.textAnchor = "boxauto"


def _value_scale(axis: Any, top: float, font: str, percent: bool, grid: bool) -> None:
    """A value axis from 0 to ``top``: round ticks labelled under (or beside) a grid line each,
    or nothing shown at all."""
    axis.valueMin, axis.valueMax = 0.0, top
    axis.visibleAxis = axis.visibleTicks = 0
    if grid:
        axis.valueSteps = ticks(top)
        axis.labelTextFormat = lambda v: tick_label(v, percent)
        axis.visibleGrid, axis.gridStrokeColor, axis.gridStrokeWidth = 1, _colour(GRID), 0.5
        _style_labels(axis.labels, font)
    else:
        axis.visibleLabels = axis.visibleGrid = 0


def _legend(widget: Legend, chart: BarChart | LineChart, font: str, x: float, top: float) -> Legend:
    """``widget`` naming each series by its colour, its top left corner at ``x``, ``top``."""
    widget.x, widget.y, widget.boxAnchor = x, top, "nw"
    widget.colorNamePairs = [(_colour(s.colour), s.name) for s in chart.series]
    widget.fontName, widget.fontSize = font, CATEGORY_SIZE
    widget.fillColor, widget.strokeColor = _colour(INK), None
    widget.alignment, widget.dxTextSpace = "right", 4  # the swatch, then its name
    return widget


# ------------------------------------------------------------------ bar charts
#: the thickness of one bar of a horizontal chart, the free room around a row's bars
_BAR, _STACKED_BAR, _ROW_GAP = 10.0, 12.0, 6.0
_LEGEND_ROW = 14.0


def _top_value(chart: BarChart) -> float:
    """The value axis maximum: round with an axis, the tallest bar or whisker else."""
    if chart.stacked:
        ends = [
            sum(max(0.0, s.values[k]) for s in chart.series) for k in range(len(chart.categories))
        ]
    else:
        ends = [v for s in chart.series for v in s.values]
    ends += [hi for s in chart.series for _lo, hi in s.intervals]
    if chart.reference is not None:
        ends.append(chart.reference)
    hi = max(ends, default=0.0)
    if not chart.value_axis:
        return hi if hi > 0 else 1.0
    top = nice_max(hi)
    return min(1.0, top) if chart.percent and hi <= 1 else top


def _bar_height(chart: BarChart) -> float:
    if chart.height is not None:
        return chart.height
    if not chart.horizontal:
        return 110.0
    legend = _LEGEND_ROW if len(chart.series) > 1 else 0.0
    per_row = _STACKED_BAR if chart.stacked else _BAR * len(chart.series)
    foot = 26.0 if chart.value_axis else 8.0
    return 14.0 + legend + (per_row + _ROW_GAP) * len(chart.categories) + foot


def _texts(chart: BarChart) -> list[list[str]]:
    """The text at each bar's end, by series and category: a stacked bar's total on its last
    segment; none on bars with an interval (their text follows the whisker, drawn with it)."""
    fmt = chart.label_format

    def text(v: float) -> str:
        return "" if not fmt or (chart.skip_zero and not v) else fmt.format(v)

    count = len(chart.categories)
    if chart.stacked:
        totals = [sum(max(0.0, s.values[k]) for s in chart.series) for k in range(count)]
        blank = [[""] * count for _ in chart.series[:-1]]
        return [*blank, [text(t) for t in totals]]
    return [[""] * count if s.intervals else [text(v) for v in s.values] for s in chart.series]


class _Bars:
    """The callbacks a reportlab bar chart calls while it draws: ``record`` as each bar is
    made (its tooltip), ``annotate`` once all are (whiskers, the text after them, the
    reference line)."""

    def __init__(self, chart: BarChart, font: str, tips: Tips | None = None) -> None:
        self.chart, self.font, self.tips = chart, font, tips

    def record(self, bar: Any, rowNo: int = 0, colNo: int = 0, **_kw: Any) -> None:
        """Called by reportlab for every bar drawn (``barRecord``): its tooltip, kept by the
        bar's corners for the SVG canvas (which draws the bar at those)."""
        if self.tips is None:
            return
        chart = self.chart
        s, cat = chart.series[rowNo], chart.categories[colNo]
        fmt = chart.label_format or "{:g}"
        tip = f"{cat}: {fmt.format(s.values[colNo])} {s.name}"
        if s.intervals:
            lo, hi = s.intervals[colNo]
            tip += f" ({fmt.format(lo)}–{fmt.format(hi)})"
        self.tips[(bar.x, bar.y, bar.x + bar.width, bar.y + bar.height)] = tip

    def annotate(self, bc: RLBarChart, cscale: Callable, vscale: Callable) -> Group:
        """Called by reportlab once the bars are drawn (``annotations``)."""
        chart, g = self.chart, Group()
        flip, fmt, ink = chart.horizontal, chart.label_format, _colour(INK)

        def line(a: float, b: float, c: float, d: float, **kw: Any) -> None:
            # (value, across) coordinates, whatever the chart's orientation
            g.add(Line(a, b, c, d, **kw) if flip else Line(b, a, d, c, **kw))

        for row, s in enumerate(chart.series):
            for col, (lo, hi) in enumerate(s.intervals):
                mid = _bar_middle(bc, cscale, len(chart.series), chart.stacked, row, col)
                a, b = vscale(lo), vscale(hi)
                for args in ((a, mid, b, mid), (a, mid - 3, a, mid + 3), (b, mid - 3, b, mid + 3)):
                    line(*args, strokeColor=ink, strokeWidth=1)
                v = s.values[col]
                if fmt and not (chart.skip_zero and not v):
                    end = max(vscale(max(0.0, v)), b) + 3
                    at = (end, mid - FONT_SIZE * 0.35) if flip else (mid, end)
                    anchor = "start" if flip else "middle"
                    text = fmt.format(v)
                    kw = {"fontName": self.font, "fontSize": FONT_SIZE, "fillColor": ink}
                    g.add(String(*at, text, textAnchor=anchor, **kw))
        if chart.reference is not None:
            at = vscale(chart.reference)
            start, length = (bc.y, bc.height) if flip else (bc.x, bc.width)
            dash = {"strokeColor": _colour(MUTED), "strokeWidth": 1, "strokeDashArray": [3, 2]}
            line(at, start, at, start + length + (4 if flip else 0), **dash)
        return g


def _bar_middle(
    bc: RLBarChart, cscale: Callable, n: int, stacked: bool, row: int, col: int
) -> float:
    """The middle across its bar of the bar of series ``row`` in category ``col``, drawn or not
    (a bar of 0 is not): where reportlab places it, from the chart's public settings.  The
    category's band (``cscale``) holds half the group spacing, the bars, half the spacing;
    with ``reversePlotOrder`` reportlab steps from the first bar backwards (as a horizontal
    chart reads from the top)."""
    start, band = cscale(col)
    if stacked or n == 1:
        return start + band / 2
    unit = band / (bc.groupSpacing + n * bc.barWidth + (n - 1) * bc.barSpacing)
    step = row * unit * (bc.barWidth + bc.barSpacing)
    first = start + unit * (bc.groupSpacing + bc.barWidth) / 2
    return first - step if bc.reversePlotOrder else first + step


def _bars(chart: BarChart, font: str, tips: Tips | None = None) -> Drawing:
    width, height = math.ceil(chart.width), math.ceil(_bar_height(chart))
    d = _drawing(width, height, font)
    n = len(chart.series)
    legend = _LEGEND_ROW if n > 1 else 0.0
    bc: RLBarChart = HorizontalBarChart() if chart.horizontal else VerticalBarChart()
    top = _top_value(chart)
    if chart.horizontal:
        # the labels' column: a third of the chart at least, so that charts of one width
        # line up on a page, and room for a wider font than ``font`` where an SVG is shown
        room = 12.0 + 1.1 * _text_width(list(chart.categories), font, CATEGORY_SIZE)
        left = max(room, width / 3)
        right, head = 40.0, 14.0 + legend
        foot = 26.0 if chart.value_axis else 8.0
    else:
        tick_room = _text_width([tick_label(t, chart.percent) for t in ticks(top)], font) + 8
        left = 6.0 + (tick_room if chart.value_axis else 0.0)
        right, head, foot = 6.0, 12.0 + (10.0 if n > 1 else 0.0), 14.0
    bc.x, bc.y, bc.width, bc.height = left, foot, width - left - right, height - foot - head
    bc.data = [[max(0.0, v) for v in s.values] for s in chart.series]

    # bars: each category's slot keeps a fixed room free around its bars
    bc.bars.strokeColor = None
    for row, s in enumerate(chart.series):
        bc.bars[row].fillColor, bc.bars[row].name = _colour(s.colour), s.name
        if s.colours:
            for col in range(len(s.values)):
                bc.bars[(row, col)].fillColor = _colour(s.bar_colour(col))
    per_group = 1 if chart.stacked else n
    if chart.horizontal:
        bc.barWidth = (_STACKED_BAR if chart.stacked else _BAR * n) / per_group
        bc.groupSpacing = _ROW_GAP
    else:  # a tenth of the slot free on either side
        bc.barWidth, bc.groupSpacing = 10.0, 2.5 * per_group
    bc.barSpacing = 0
    if chart.stacked:
        bc.categoryAxis.style = "stacked"

    cat = bc.categoryAxis
    cat.categoryNames = list(chart.categories)
    cat.strokeColor, cat.strokeWidth, cat.visibleTicks = _colour(INK), 0.8, 0
    if chart.horizontal:
        _style_labels(cat.labels, font, INK, CATEGORY_SIZE)
        # read from the top: the first category, and in a group the first series, uppermost
        cat.reverseDirection, bc.reversePlotOrder = 1, 1
        cat.labels.boxAnchor, cat.labels.dx = "e", -5
    else:
        _style_labels(cat.labels, font, INK)
        cat.labels.boxAnchor, cat.labels.dy = "n", -3
    _value_scale(bc.valueAxis, top, font, chart.percent, chart.value_axis)
    if chart.horizontal:
        bc.valueAxis.labels.boxAnchor, bc.valueAxis.labels.dy = "n", -5
    else:
        bc.valueAxis.labels.boxAnchor, bc.valueAxis.labels.dx = "e", -4

    _style_labels(bc.barLabels, font, INK)
    bc.barLabels.boxAnchor, bc.barLabels.nudge = ("w", 3) if chart.horizontal else ("s", 2)
    bc.barLabelFormat, bc.barLabelArray = "values", _texts(chart)

    callbacks = _Bars(chart, font, tips)
    bc.barRecord = callbacks.record
    bc.annotations = [callbacks.annotate]
    d.add(bc)
    if legend:
        size = 8.0 if chart.horizontal else 7.0
        row = _legend(Legend(), chart, font, left, height - (6 if chart.horizontal else 2))
        row.columnMaximum, row.dx, row.dy, row.deltax, row.autoXPadding = 1, size, size, 0, 14
        d.add(row)
    return d


# ------------------------------------------------------------------ line charts
def _lines(chart: LineChart, font: str) -> Drawing:
    width, height = math.ceil(chart.width), math.ceil(chart.height)
    d = _drawing(width, height, font)
    lp = LinePlot()
    names = [s.name for s in chart.series]
    legend_w = 18.0 + _text_width(names, font, CATEGORY_SIZE)
    lp.x, lp.y = 36.0, 30.0
    lp.width, lp.height = width - lp.x - max(110.0, legend_w + 20), height - lp.y - 10
    lp.data = [list(zip(chart.xs, s.values, strict=True)) for s in chart.series]
    for k, s in enumerate(chart.series):
        line = lp.lines[k]
        line.strokeColor, line.strokeWidth, line.name = _colour(s.colour), 1.5, s.name
        line.symbol = makeMarker("FilledCircle", size=4.4)
        line.symbol.fillColor, line.symbol.strokeColor = _colour(s.colour), None
    x, y = lp.xValueAxis, lp.yValueAxis
    lo, hi = min(chart.xs), max(chart.xs)
    # one x alone stands in the middle
    x.valueMin, x.valueMax = (lo, hi) if hi > lo else (lo - 1, lo + 1)
    x.valueSteps, x.labelTextFormat = list(chart.xs), lambda v: tick_label(v, False)
    x.strokeColor, x.strokeWidth, x.visibleTicks = _colour(INK), 0.8, 0
    _style_labels(x.labels, font)
    x.labels.boxAnchor, x.labels.dy = "n", -4
    top = nice_max(max((v for s in chart.series for v in s.values), default=0.0))
    _value_scale(y, top, font, False, True)
    y.labels.boxAnchor, y.labels.dx = "e", -4
    d.add(lp)
    legend = _legend(LineLegend(), chart, font, lp.x + lp.width + 10, lp.y + lp.height)
    legend.dx, legend.dy, legend.strokeWidth = 14, 2, 2
    legend.columnMaximum, legend.deltay = max(len(names), 1), 12
    d.add(legend)
    if chart.x_label:
        kw = {"fontName": font, "fontSize": FONT_SIZE, "fillColor": _colour(MUTED)}
        d.add(String(lp.x + lp.width / 2, 4, chart.x_label, textAnchor="middle", **kw))
    return d


# ------------------------------------------------------------------ scatter charts
def _scatter(chart: ScatterChart, font: str) -> Drawing:
    width, height = math.ceil(chart.width), math.ceil(chart.height)
    d = _drawing(width, height, font)
    legend_w = 18.0 + _text_width([k for k, _ in chart.keys], font, CATEGORY_SIZE)
    x0, y0 = 40.0, 30.0
    w = width - x0 - (legend_w + 16 if chart.keys else 10)
    h = height - y0 - 10
    grid, ink, muted = _colour(GRID), _colour(INK), _colour(MUTED)
    kw = {"fontName": font, "fontSize": FONT_SIZE, "fillColor": muted}
    for k in range(5):
        v = k / 4
        gx, gy = x0 + v * w, y0 + v * h
        d.add(Line(gx, y0, gx, y0 + h, strokeColor=grid, strokeWidth=0.5))
        d.add(Line(x0, gy, x0 + w, gy, strokeColor=grid, strokeWidth=0.5))
        d.add(String(gx, y0 - 10, tick_label(v, True), textAnchor="middle", **kw))
        d.add(String(x0 - 4, gy - 2.5, tick_label(v, True), textAnchor="end", **kw))
    d.add(Line(x0, y0, x0 + w, y0, strokeColor=ink, strokeWidth=0.8))
    d.add(Line(x0, y0, x0, y0 + h, strokeColor=ink, strokeWidth=0.8))
    if chart.reference is not None:
        ry = y0 + max(0.0, min(1.0, chart.reference)) * h
        d.add(Line(x0, ry, x0 + w, ry, strokeColor=ink, strokeWidth=0.6, strokeDashArray=(3, 2)))
    placed: list[tuple[float, float, float]] = []  # the labels' (left, right, baseline)
    labelled = []
    for pt in chart.points:
        cx = x0 + max(0.0, min(1.0, pt.x)) * w
        cy = y0 + max(0.0, min(1.0, pt.y)) * h
        r = 3.6 if pt.label else 2.6
        d.add(Circle(cx, cy, r, fillColor=_colour(pt.colour), strokeColor=None))
        if pt.label:
            labelled.append((cx, cy, pt))
    # the labels from the top down, each moved down below any it would overprint (a leader
    # line to its dot where it moved)
    for cx, cy, pt in sorted(labelled, key=lambda t: (-t[1], t[0], t[2].label)):
        anchor = "end" if pt.x > 0.8 else "start"
        dx = -5 if anchor == "end" else 5
        tw = _text_width([pt.label], font, CATEGORY_SIZE)
        left = cx + dx - (tw if anchor == "end" else 0)
        y = cy - 2.5
        for pl, pr, py in sorted(placed, key=lambda b: -b[2]):
            if left < pr and pl < left + tw and abs(y - py) < CATEGORY_SIZE + 1:
                y = py - CATEGORY_SIZE - 1
        placed.append((left, left + tw, y))
        if y < cy - 6:
            d.add(Line(cx, cy, cx + dx, y + 3, strokeColor=muted, strokeWidth=0.4))
        d.add(
            String(
                cx + dx,
                y,
                pt.label,
                textAnchor=anchor,
                fontName=font,
                fontSize=CATEGORY_SIZE,
                fillColor=ink,
            )
        )
    d.add(String(x0 + w / 2, 4, chart.x_label, textAnchor="middle", **kw))
    if chart.y_label:
        label = String(0, 0, chart.y_label, textAnchor="middle", **kw)
        g = Group(label)
        g.translate(9, y0 + h / 2)
        g.rotate(90)
        d.add(g)
    ly = y0 + h
    for name, colour in chart.keys:
        lx = x0 + w + 14
        d.add(Circle(lx, ly - 3, 3.2, fillColor=_colour(colour), strokeColor=None))
        d.add(String(lx + 8, ly - 5.5, name, fontName=font, fontSize=CATEGORY_SIZE, fillColor=ink))
        ly -= 13
    return d


def _drawing(width: float, height: float, font: str) -> Drawing:
    """An empty drawing whose text starts in ``font`` (a PDF names no other font for it)."""
    return Drawing(width, height, initialFontName=font, initialFontSize=FONT_SIZE)


def _no_data(chart: Chart, font: str) -> Drawing:
    d = _drawing(math.ceil(chart.width), 24, font)
    kw = {"fontName": font, "fontSize": CATEGORY_SIZE, "fillColor": _colour(MUTED)}
    d.add(String(0, 8, "no data", **kw))
    return d


def drawing(chart: Chart, font: str = "Helvetica", tips: Tips | None = None) -> Drawing:
    """``chart`` as a reportlab ``Drawing`` (a platypus flowable), its text in ``font`` (a
    registered font name); a chart without data is a short "no data" note.  With ``tips``,
    each bar's tooltip goes there as the bar is drawn."""
    if chart.empty:
        return _no_data(chart, font)
    if isinstance(chart, ScatterChart):
        return _scatter(chart, font)
    return _lines(chart, font) if isinstance(chart, LineChart) else _bars(chart, font, tips)


# ------------------------------------------------------------------ SVG
def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _hex(colour: Color) -> str:
    return "#" + colour.hexval()[2:].upper()


class _SvgCanvas(renderSVG.SVGCanvas):
    """renderSVG's canvas, fit to draw inline charts: colours exactly as given (``#RRGGBB``, not
    whole percentages), text placed by the browser's own ``text-anchor`` and at its exact
    baseline (not the PDF font's widths, not a baseline rounded down to a point), and a bar's
    tooltip as its ``<title>`` (``tips``, by the bar's corners)."""

    def __init__(self, *args: Any, tips: Tips, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.tips = tips

    def setFillColor(self, color: Color | None) -> None:
        super().setFillColor(color)
        if color is not None:
            self.style["fill"] = _hex(color)

    def setStrokeColor(self, color: Color | None) -> None:
        super().setStrokeColor(color)
        if color is not None:
            self.style["stroke"] = _hex(color)

    def drawString(
        self,
        s: str,
        x: float,
        y: float,
        angle: float = 0,
        link_info: dict | None = None,
        text_anchor: str = "left",
        textRenderMode: int = 0,
        **attrs: Any,
    ) -> None:
        if text_anchor in ("middle", "end"):
            attrs["text-anchor"] = text_anchor
        before = self.currGroup.lastChild
        super().drawString(s, x, y, angle, link_info, "start", textRenderMode, **attrs)
        text = self.currGroup.lastChild
        if text is not before and text.tagName == "text":
            text.setAttribute("transform", f"translate(0,{_num(2 * y)}) scale(1,-1)")

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        # renderSVG closes a line's path (``M a L b Z``): the way back dashes the gaps of a
        # dashed line; an open path is the line alone
        if self.style.get("stroke", "none") != "none":
            d = f"M {_num(x1)},{_num(y1)} L {_num(x2)},{_num(y2)}"
            keys = renderSVG.LINE_STYLES
            style = "; ".join(f"{k}: {v}" for k, v in self.style.items() if k in keys) + ";"
            self.currGroup.appendChild(renderSVG.transformNode(self.doc, "path", d=d, style=style))

    def rect(self, x1: float, y1: float, x2: float, y2: float, *args: Any, **attrs: Any) -> None:
        tip = self.tips.get((x1, y1, x2, y2))
        if tip:
            attrs["class"] = "bar"
        super().rect(x1, y1, x2, y2, *args, **attrs)
        if tip:
            title = self.doc.createElement("title")
            title.appendChild(self.doc.createTextNode(tip))
            self.currGroup.lastChild.appendChild(title)


@lru_cache(maxsize=512)
def svg(chart: Chart, family: str = FAMILY, font: str = "Helvetica") -> str:
    """``chart`` as an inline ``<svg>`` element, drawn by ``renderSVG`` from the ``Drawing`` a
    PDF shows: no XML declaration, no ids (a page holds many charts), the chart one image
    named by its title (``role="img"``, ``aria-label``, ``<title>``), a tooltip on every bar.
    Text is laid out with ``font``'s widths and shown in the CSS font ``family``.  Kept per
    process: the appendix and the rulebook show the same charts."""
    tips: Tips = {}
    d = drawing(chart, font, tips)
    canvas = _SvgCanvas(
        (d.width, d.height),
        tips=tips,
        useClip=True,
        fontHacks={font: {"family": family}},
        svgAttrs={"role": "img", "aria-label": chart.title},
    )
    renderSVG.draw(d, canvas)
    root = canvas.svg
    for name in ("version", "xmlns:xlink"):
        root.removeAttribute(name)
    for el in list(root.childNodes):
        if el.tagName == "title":
            el.firstChild.data = chart.title
        elif el.tagName == "desc":
            root.removeChild(el)
        elif el.tagName == "g":  # the drawing's group: its id and its clip go
            el.removeAttribute("id")
            el.removeAttribute("clip")
            _tidy(el)
    return root.toxml()


#: the attributes that hold one number, written short
_NUMBERS = ("x", "y", "width", "height", "cx", "cy", "r")


def _tidy(node: Element) -> None:
    """Short numbers, and no group that does nothing (renderSVG opens one per reportlab group,
    most with an empty transform): the same picture in less text."""
    for child in list(node.childNodes):
        if child.nodeType != child.ELEMENT_NODE:
            continue
        _tidy(child)
        for name in _NUMBERS:
            if child.hasAttribute(name):
                child.setAttribute(name, _num(float(child.getAttribute(name))))
        if child.tagName != "g":
            continue
        if not child.getAttribute("transform").strip():
            child.removeAttribute("transform")
        if not child.attributes.length:  # its children take its place
            for grandchild in list(child.childNodes):
                node.insertBefore(grandchild, child)
            node.removeChild(child)


__all__ = [
    "FAMILY",
    "GRID",
    "INK",
    "MUTED",
    "PALETTE",
    "BarChart",
    "Chart",
    "LineChart",
    "Series",
    "drawing",
    "nice_max",
    "svg",
    "tick_label",
    "ticks",
]
