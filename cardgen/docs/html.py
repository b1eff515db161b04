"""The HTML appendix: one self-contained, autoescaped, well-formed (XHTML-compatible) page."""

from __future__ import annotations

import base64
from dataclasses import asdict, replace
from xml.sax.saxutils import escape

from markupsafe import Markup

from cardgen.charts import BarChart, svg
from cardgen.docs._kept import kept_text
from cardgen.docs.badges import badge, svg_symbol
from cardgen.docs.content import Appendix, for_format
from cardgen.docs.pdf_theme import card_icons
from cardgen.docs.templating import render
from cardgen.util.hashing import code_digest

CHART_SIZE = (220.0, 110.0)


def icon_files(appendix: Appendix) -> dict[str, bytes]:
    """The SVG files (viewBox 0 0 100 100) of the icons the pack has, as they are, by name."""
    icons = card_icons(appendix, "sans-serif")
    read = getattr(icons, "svg", None)  # an icon set drawn from SVG files
    if read is None:
        return {}
    return {name: read(name) for name in appendix.icon_labels if name in icons}


def icon_symbol(name: str, label: str, file: bytes) -> str:
    """An ``<symbol id="sym-NAME">`` showing an icon's SVG file as it is, as a data URI (its
    ids and styles stay its own, whatever another icon names the same)."""
    data = base64.b64encode(file).decode("ascii")
    return (
        f'<symbol id="sym-{escape(name)}" viewBox="0 0 100 100"><title>{escape(label)}</title>'
        f'<image width="100" height="100" href="data:image/svg+xml;base64,{data}"/></symbol>'
    )


def symbols(appendix: Appendix) -> list[Markup]:
    """One ``<symbol id="sym-NAME">`` per icon: the pack's icon file, else a lettered badge."""
    files = icon_files(appendix)
    labels = appendix.icon_labels
    out = []
    for name in labels:
        if name in files:
            out.append(Markup(icon_symbol(name, labels[name], files[name])))
        else:
            out.append(Markup(svg_symbol(badge(name, labels, appendix.icon_colours))))
    return out


def chart_svg(chart: BarChart) -> str:
    """``chart`` as an inline ``<svg>`` element at the page's chart size, kept between builds
    by its data (:mod:`cardgen.docs._kept`): after a card edit only the charts it changed are
    drawn."""
    chart = replace(chart, width=CHART_SIZE[0], height=CHART_SIZE[1])
    made_from = {"chart": asdict(chart), "code": code_digest("charts.py", "docs/html.py")}
    return kept_text("chart-svg", made_from, lambda: svg(chart, family="sans-serif"))


def chart_svgs(appendix: Appendix) -> dict[str, Markup]:
    """Every chart as an inline ``<svg>`` element, by chart id."""
    return {ch.id: Markup(chart_svg(ch.chart)) for ch in appendix.charts}


def render_html(appendix: Appendix) -> str:
    """The whole appendix as an HTML page; icons are inline SVG, charts are inline SVG."""
    a = for_format(appendix, "html")
    return render(
        "appendix.html.j2",
        a.templates,
        a=a,
        labels=a.icon_labels,
        symbols=symbols(a),
        chart_svgs=chart_svgs(a),
    )
