"""The HTML report (tables and inline SVG charts) and the dispatch to HTML or PDF.

The tables and charts come from the report model (:mod:`.report_model`); this module only lays
them out, with the charts as inline SVG (:func:`cardgen.charts.svg`: the drawings the PDF,
:mod:`.report_pdf`, shows).  The page holds no timestamps, so equal summaries give equal bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from cardgen.charts import svg
from cardgen.simulate.report_model import ReportModel, Table
from cardgen.simulate.report_pdf import write_pdf
from cardgen.util.atomic import atomic_write_text

# ------------------------------------------------------------------ HTML
_CSS = """
body{font-family:Helvetica,Arial,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}td{white-space:nowrap}
.wide{overflow-x:auto}
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
        f"<div class='wide'><table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def html_page(model: ReportModel) -> str:
    """The report model laid out as HTML: intro, charts, tables."""
    figs = "".join(
        f"<figure><figcaption>{escape(f.title)}</figcaption>{svg(f)}</figure>"
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


def write_report(model: ReportModel, path: Path) -> Path:
    """Write the report as HTML or PDF, chosen by the file extension."""
    path = Path(path)
    if path.suffix.lower() == ".pdf":
        write_pdf(model, path)
    else:
        atomic_write_text(path, html_page(model))
    return path
