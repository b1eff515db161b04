"""The HTML appendix: one self-contained, autoescaped, well-formed (XHTML-compatible) page."""

from __future__ import annotations

from markupsafe import Markup

from cardgen.appendix.charts import layout
from cardgen.appendix.icons import badge, svg_symbol
from cardgen.appendix.model import Appendix
from cardgen.appendix.templating import render

CHART_SIZE = (220.0, 110.0)


def render_html(appendix: Appendix) -> str:
    """The whole appendix as an HTML page; icons are inline SVG, charts are inline SVG."""
    labels = appendix.icon_labels
    symbols = [Markup(svg_symbol(badge(n, labels, appendix.icon_colours))) for n in labels]
    layouts = {ch.id: layout(ch, *CHART_SIZE) for st in appendix.stats for ch in st.charts}
    return render(
        "appendix.html.j2",
        a=appendix,
        labels=labels,
        symbols=symbols,
        layouts=layouts,
    )
