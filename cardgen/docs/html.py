"""The HTML appendix: one self-contained, autoescaped, well-formed (XHTML-compatible) page."""

from __future__ import annotations

from dataclasses import replace
from xml.sax.saxutils import escape

from markupsafe import Markup

from cardgen.charts import svg
from cardgen.docs.badges import badge, svg_symbol
from cardgen.docs.content import Appendix, for_format
from cardgen.docs.pdf_theme import card_icons
from cardgen.docs.svg_canvas import SvgCanvas
from cardgen.docs.templating import render
from cardgen.render.colours import Ink

CHART_SIZE = (220.0, 110.0)


def renderer_icons(appendix: Appendix) -> dict[str, str]:
    """SVG bodies (viewBox 0 0 100 100) of the pack's icons, recorded as SVG."""
    icons = card_icons(appendix, "sans-serif")
    out = {}
    for name in appendix.icon_labels:
        if name in icons:
            canvas = SvgCanvas()
            icons.paint(canvas, Ink(False), name)  # type: ignore[arg-type]
            out[name] = canvas.svg(100)
    return out


def symbols(appendix: Appendix) -> list[Markup]:
    """One ``<symbol id="sym-NAME">`` per icon: the pack's icon, else a lettered badge."""
    drawn = renderer_icons(appendix)
    labels = appendix.icon_labels
    out = []
    for name in labels:
        if name in drawn:
            out.append(
                Markup(
                    f'<symbol id="sym-{escape(name)}" viewBox="0 0 100 100">'
                    f"<title>{escape(labels[name])}</title>{drawn[name]}</symbol>"
                )
            )
        else:
            out.append(Markup(svg_symbol(badge(name, labels, appendix.icon_colours))))
    return out


def chart_svgs(appendix: Appendix) -> dict[str, Markup]:
    """Every chart as an inline ``<svg>`` element, by chart id."""
    width, height = CHART_SIZE
    return {
        ch.id: Markup(svg(replace(ch.chart, width=width, height=height), family="sans-serif"))
        for ch in appendix.charts
    }


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
