"""Charts (:mod:`cardgen.charts`): one spec drawn by reportlab into PDF and into inline SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from conftest import pdf_fills, pdf_text
from reportlab.graphics import renderPDF

from cardgen.charts import BarChart, LineChart, Series, drawing, nice_max, svg, ticks

SVG = "{http://www.w3.org/2000/svg}"
RED, BLUE = "#B23A2E", "#0072B2"

COUNTS = BarChart(
    "Cost curve",
    ("0", "1", "2", "3"),
    (Series("cards", (2, 6, 11, 3), RED),),
    skip_zero=True,
    value_axis=False,
)
RATES = BarChart(
    "Win rate per deck",
    ("battle", "resource", "age"),
    (
        Series(
            "win rate",
            (0.2, 0.3, 0.25),
            colours=(RED, BLUE),
            intervals=((0.15, 0.26), (0.24, 0.37), (0.2, 0.31)),
        ),
    ),
    horizontal=True,
    percent=True,
    reference=0.25,
)
STACKED = BarChart(
    "Glory by source",
    ("battle", "spy"),
    (Series("battles", (11.5, 12.25), RED), Series("end coins", (3.0, 3.5), BLUE)),
    horizontal=True,
    stacked=True,
    label="{:.2f}",
)
LINES = LineChart(
    "Coins after each round",
    (1, 2, 3, 4),
    (Series("battle", (6.0, 7.5, 9.0, 10.0), RED), Series("spy", (6.5, 7.0, 8.0, 9.5), BLUE)),
    x_label="round",
)


def _svg(chart) -> ET.Element:
    return ET.fromstring(svg(chart))


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def _bars(root: ET.Element) -> list[ET.Element]:
    return [r for r in root.iter(f"{SVG}rect") if r.get("class") == "bar"]


def _pdf(chart) -> bytes:
    """``chart`` alone as a one-page PDF (no timestamps: equal charts, equal bytes)."""
    return renderPDF.drawToString(drawing(chart), invariant=1)


# ------------------------------------------------------------------ axes
def test_round_axes():
    assert nice_max(0.3) == 0.5 and nice_max(9.8) == 10 and nice_max(11) == 20
    assert nice_max(0) == 1.0
    assert ticks(0.5) == pytest.approx([0, 0.1, 0.2, 0.3, 0.4, 0.5])
    assert ticks(20) == [0, 5, 10, 15, 20]


# ------------------------------------------------------------------ PDF
def test_pdf_bars_one_per_value_in_proportion():
    paths = [bounds for colour, bounds in pdf_fills(_pdf(COUNTS)) if colour == RED]
    assert len(paths) == 4
    heights = [top - bottom for _l, bottom, _r, top in paths]
    assert heights == pytest.approx([h * heights[0] / 2 for h in (2, 6, 11, 3)], rel=1e-3)
    assert len({round(bottom, 3) for _l, bottom, _r, _t in paths}) == 1  # one baseline
    text = pdf_text(_pdf(COUNTS))
    for label in ("0", "1", "2", "3", "6", "11"):
        assert label in text.split()


def test_pdf_interval_bars():
    pdf = _pdf(RATES)
    paths = pdf_fills(pdf)
    assert [c for c, _b in paths if c in (RED, BLUE)] == [RED, BLUE, RED]  # colours in turn
    words = pdf_text(pdf).split()
    for label in ("battle", "resource", "age", "20%", "30%", "25%", "0%", "40%"):
        assert label in words


def test_pdf_stacked_bars_show_totals_and_legend():
    pdf = _pdf(STACKED)
    colours = [c for c, _b in pdf_fills(pdf)]
    assert colours.count(RED) == 2 + 1 and colours.count(BLUE) == 2 + 1  # bars + swatch
    text = pdf_text(pdf)
    assert "14.50" in text and "15.75" in text and "battles" in text and "end coins" in text


# ------------------------------------------------------------------ SVG
def test_svg_bars_labels_and_tooltips():
    root = _svg(COUNTS)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.get("aria-label") == "Cost curve" and root.find(f"{SVG}title").text == "Cost curve"
    bars = _bars(root)
    assert len(bars) == 4
    assert [b.find(f"{SVG}title").text for b in bars] == [
        "0: 2 cards",
        "1: 6 cards",
        "2: 11 cards",
        "3: 3 cards",
    ]
    heights = [float(b.get("height")) for b in bars]
    assert heights == pytest.approx([h * heights[0] / 2 for h in (2, 6, 11, 3)], rel=1e-3)
    assert all(f"fill: {RED}" in b.get("style") for b in bars)  # the colour as given
    texts = _texts(root)
    assert all(v in texts for v in ("2", "6", "11", "3"))  # above the bars
    assert texts.count("0") == 1  # the category only: no value axis


def test_svg_interval_whiskers_reference_and_labels():
    root = _svg(RATES)
    bars = _bars(root)
    assert len(bars) == 3
    assert [RED in b.get("style") for b in bars] == [True, False, True]
    # in the order of the data, the first category at the top
    assert bars[0].find(f"{SVG}title").text == "battle: 20% win rate (15%–26%)"
    paths = [p.get("d") for p in root.iter(f"{SVG}path")]
    dashed = [p for p in root.iter(f"{SVG}path") if "stroke-dasharray" in p.get("style", "")]
    assert len(dashed) == 1 and "Z" not in dashed[0].get("d")  # open: the gaps stay gaps
    assert len(paths) >= 3 * 3  # a whisker and two caps per bar
    assert float(bars[0].get("y")) > float(bars[1].get("y")) > float(bars[2].get("y"))  # y up
    texts = _texts(root)
    assert {"20%", "30%", "25%"} <= set(texts) and {"0%", "10%", "40%"} <= set(texts)
    # category labels end at the plot; the browser anchors them in whatever font it has
    labels = [t for t in root.iter(f"{SVG}text") if t.text in ("battle", "resource", "age")]
    assert {t.get("text-anchor") for t in labels} == {"end"}
    assert {t.get("x") for t in labels} == {"0"}  # at the anchor point, whatever the width
    ticks_ = [t for t in root.iter(f"{SVG}text") if t.text in ("0%", "10%", "40%", "50%")]
    assert {t.get("text-anchor") for t in ticks_} == {"middle"}


def test_svg_text_sits_on_its_exact_baseline():
    for t in _svg(LINES).iter(f"{SVG}text"):
        y = float(t.get("y"))
        shift = t.get("transform").removeprefix("translate(0,").removesuffix(") scale(1,-1)")
        assert float(shift) == pytest.approx(2 * y, abs=2e-3)  # not rounded to a whole point


def test_svg_stacked_segments_start_where_the_last_ends():
    root = _svg(STACKED)
    bars = _bars(root)
    assert len(bars) == 4
    x = {b.find(f"{SVG}title").text: float(b.get("x")) for b in bars}
    w = {b.find(f"{SVG}title").text: float(b.get("width")) for b in bars}
    first, second = "battle: 11.50 battles", "battle: 3.00 end coins"
    assert x[second] == pytest.approx(x[first] + w[first], abs=1e-3)
    assert {"14.50", "15.75", "battles", "end coins"} <= set(_texts(root))


def test_svg_line_chart():
    root = _svg(LINES)
    assert len(list(root.iter(f"{SVG}polyline"))) == 2  # the plot's lines (legend: paths)
    assert len(list(root.iter(f"{SVG}circle"))) == 2 * 4  # a dot at each point
    texts = _texts(root)
    assert {"battle", "spy", "round", "1", "4", "0", "10"} <= set(texts)


def test_svg_is_deterministic_and_has_no_ids():
    for chart in (COUNTS, RATES, STACKED, LINES):
        text = svg(chart)
        assert text == svg(chart)
        assert " id=" not in text and "<?xml" not in text and "clip" not in text
        assert _pdf(chart) == _pdf(chart)


def test_svg_family_and_title_are_escaped():
    chart = replace(COUNTS, title='Cost <curve> & "more"')
    root = _svg(chart)  # well-formed whatever the title
    assert root.get("aria-label") == 'Cost <curve> & "more"'
    assert "font-family: serif" in svg(COUNTS, family="serif")


# ------------------------------------------------------------------ edge cases
@pytest.mark.parametrize(
    "chart",
    [
        BarChart("Nothing", (), ()),
        BarChart("No series", ("a", "b"), ()),
        LineChart("No rounds", (), ()),
        LineChart("No lines", (1, 2), ()),
    ],
)
def test_empty_charts_say_so(chart):
    root = _svg(chart)
    assert _texts(root) == ["no data"] and not _bars(root)
    assert pdf_text(_pdf(chart)).strip() == "no data"


def test_zero_values_draw_no_bar_and_skip_their_text():
    chart = replace(COUNTS, series=(Series("cards", (0, 6, 0, 3), RED),))
    root = _svg(chart)
    assert [b.find(f"{SVG}title").text for b in _bars(root)] == ["1: 6 cards", "3: 3 cards"]
    assert _texts(root).count("0") == 1  # the category, no value text over the empty bars
    assert len([c for c, _b in pdf_fills(_pdf(chart)) if c == RED]) == 2
    zeros = replace(chart, series=(Series("cards", (0, 0, 0, 0), RED),))
    assert not _bars(_svg(zeros)) and "0" in _texts(_svg(zeros))


def test_a_whisker_over_an_empty_bar():
    chart = replace(RATES, series=(replace(RATES.series[0], values=(0.0, 0.3, 0.25)),))
    texts = _texts(_svg(chart))
    assert "0%" in texts and len(_bars(_svg(chart))) == 2


def test_one_x_stands_in_the_middle():
    chart = LineChart("One round", (3,), (Series("all", (2.0,)),))
    root = _svg(chart)
    (dot,) = root.iter(f"{SVG}circle")
    grid = [p.get("d") for p in root.iter(f"{SVG}path")]
    assert dot is not None and grid
    d = drawing(chart)
    plot = d.contents[0]
    assert float(dot.get("cx")) == pytest.approx(plot.x + plot.width / 2)


def test_spec_lengths_are_checked():
    with pytest.raises(ValueError, match="'Cost curve', series 'cards': 3 values, expected 4"):
        replace(COUNTS, series=(Series("cards", (1, 2, 3)),))
    with pytest.raises(ValueError, match="1 intervals, expected 3"):
        replace(RATES, series=(replace(RATES.series[0], intervals=((0.1, 0.2),)),))
    with pytest.raises(ValueError, match="2 values, expected 4"):
        replace(LINES, series=(Series("x", (1.0, 2.0)),))


def test_pdf_names_only_the_font_given():
    for chart in (COUNTS, RATES, STACKED, LINES, BarChart("Nothing", (), ())):
        pdf = renderPDF.drawToString(drawing(chart, font="Courier"), invariant=1)
        assert b"/BaseFont /Courier" in pdf and b"Helvetica" not in pdf


def test_horizontal_groups_read_from_the_top():
    chart = BarChart(
        "Grouped",
        ("alpha", "beta"),
        (Series("x", (3, 7), RED), Series("y", (5, 2), BLUE)),
        horizontal=True,
    )
    bars = {b.find(f"{SVG}title").text: float(b.get("y")) for b in _bars(_svg(chart))}
    # y grows upwards: the first category, and in it the first series, uppermost
    assert bars["alpha: 3 x"] > bars["alpha: 5 y"] > bars["beta: 7 x"] > bars["beta: 2 y"]
    assert {"x", "y", "alpha", "beta", "3", "5", "7", "2"} <= set(_texts(_svg(chart)))


@pytest.mark.parametrize("horizontal", [True, False])
@pytest.mark.parametrize("stacked", [True, False])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_whiskers_stand_where_reportlab_places_the_bars(horizontal, stacked, n):
    """The bar middles charts computes from the bar chart's public settings are reportlab's own
    bar positions (``_barPositions``, read here only), bars of 0 included."""
    from reportlab.graphics.charts.barcharts import BarChart as RLBarChart

    from cardgen.charts import _bar_middle

    values = [tuple(0.0 if k == 1 else 0.1 * (i + k + 1) for k in range(4)) for i in range(n)]
    series = tuple(Series(f"s{i}", v, intervals=((0.05, 0.3),) * 4) for i, v in enumerate(values))
    chart = BarChart("t", tuple("abcd"), series, horizontal=horizontal, stacked=stacked)
    (bc,) = [x for x in drawing(chart).contents if isinstance(x, RLBarChart)]
    bc.draw()  # places the bars
    for row in range(n):
        for col in range(4):
            x, y, w, h = bc._barPositions[row][col]
            middle = y + h / 2 if horizontal else x + w / 2
            mine = _bar_middle(bc, bc.categoryAxis.scale, n, stacked, row, col)
            assert mine == pytest.approx(middle, abs=1e-9), (row, col)
