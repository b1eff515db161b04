"""The HTML report (tables and inline SVG charts) and the dispatch to HTML or PDF.

The tables and charts come from the report model (:mod:`.report_model`); this module only lays
them out, with the charts as inline SVG (the PDF, :mod:`.report_pdf`, draws the same figures
with reportlab shapes).  The page holds no timestamps, so equal summaries give equal bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from cardgen.charts import Dot, Figure, Line, Poly, Rect, Text
from cardgen.simulate.protocol import Simulation
from cardgen.simulate.report_model import ReportModel, Table, build_model
from cardgen.util.atomic import atomic_write_text


# ------------------------------------------------------------------ SVG
def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def figure_svg(fig: Figure) -> str:
    """One figure as an inline ``<svg>`` element."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(fig.width)} {_n(fig.height)}"'
        f' width="{_n(fig.width)}" height="{_n(fig.height)}" role="img"'
        f' aria-label="{escape(fig.title)}" font-family="Helvetica, Arial, sans-serif">'
    ]
    for it in fig.items:
        if isinstance(it, Rect):
            stroke = f' stroke="{it.stroke}"' if it.stroke else ""
            out.append(
                f'<rect x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}"'
                f' fill="{it.fill}"{stroke}/>'
            )
        elif isinstance(it, Line):
            dash = ' stroke-dasharray="3 2"' if it.dash else ""
            out.append(
                f'<line x1="{_n(it.x1)}" y1="{_n(it.y1)}" x2="{_n(it.x2)}" y2="{_n(it.y2)}"'
                f' stroke="{it.stroke}" stroke-width="{_n(it.width)}"{dash}/>'
            )
        elif isinstance(it, Poly):
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in it.points)
            out.append(
                f'<polyline points="{pts}" fill="none" stroke="{it.stroke}"'
                f' stroke-width="{_n(it.width)}"/>'
            )
        elif isinstance(it, Dot):
            out.append(f'<circle cx="{_n(it.x)}" cy="{_n(it.y)}" r="{_n(it.r)}" fill="{it.fill}"/>')
        elif isinstance(it, Text):
            weight = ' font-weight="bold"' if it.bold else ""
            out.append(
                f'<text x="{_n(it.x)}" y="{_n(it.y)}" font-size="{_n(it.size)}"'
                f' text-anchor="{it.anchor}" fill="{it.fill}"{weight}>{escape(it.text)}</text>'
            )
    out.append("</svg>")
    return "".join(out)


# ------------------------------------------------------------------ HTML
_CSS = """
body{font-family:Helvetica,Arial,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
figure{margin:1em 0}figure svg{width:100%;max-width:760px;height:auto}
figcaption{font-weight:bold;font-size:.9em;margin-bottom:.2em}
.note{color:#666;font-size:.85em}
"""


def _table(table: Table) -> str:
    h = "".join(f"<th>{escape(c)}</th>" for c in table.head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in table.rows
    )
    return (
        f"<h2>{escape(table.title)}</h2><p class='note'>{escape(table.note)}</p>"
        f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"
    )


def render_html(summary: dict, simulation: Simulation) -> str:
    """The whole report as one self-contained HTML page."""
    return html_page(build_model(summary, simulation))


def html_page(model: ReportModel) -> str:
    """The report model laid out as HTML: intro, charts, tables."""
    figs = "".join(
        f"<figure><figcaption>{escape(f.title)}</figcaption>{figure_svg(f)}</figure>"
        for f in model.figures
    )
    warn = "".join(f"<p class='note'>warning: {escape(w)}</p>" for w in model.warnings)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(model.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(model.title)}</h1>",
        f"<p>{escape(model.intro)}</p>",
        warn,
        "<h2>Charts</h2>",
        figs,
        *(_table(t) for t in model.tables),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def write_report(summary: dict, path: Path, simulation: Simulation) -> Path:
    """Write the report as HTML or PDF, chosen by the file extension."""
    path = Path(path)
    if path.suffix.lower() == ".pdf":
        from cardgen.simulate.report_pdf import write_pdf

        write_pdf(summary, path, simulation)
    else:
        atomic_write_text(path, render_html(summary, simulation))
    return path
