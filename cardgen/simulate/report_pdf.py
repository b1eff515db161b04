"""The PDF report: the report model (:mod:`.report_model`) laid out on A4, its charts vector
drawings (:func:`cardgen.charts.drawing`).  No timestamps (``invariant``), so equal summaries
give equal bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepTogether,
    LongTable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)

from cardgen.charts import drawing
from cardgen.simulate.report_model import ReportModel, Table
from cardgen.util.atomic import atomic_write_bytes

#: the tables' type size (points): a table too wide for a portrait page is set on a landscape one
#: at this size, or split by columns where it is too wide for that too
SIZE = 7
MARGIN = 15 * mm
#: the width a table may take: the frame's, less its padding (6 pt each side)
PORTRAIT = A4[0] - 2 * MARGIN - 12
LANDSCAPE = landscape(A4)[0] - 2 * MARGIN - 12


def _width(table: Table, columns: Sequence[int]) -> float:
    """The width of ``table``'s ``columns`` set at :data:`SIZE`."""
    return float(_styled(_columns(table, columns), SIZE).wrap(LANDSCAPE, A4[1])[0])


def _columns(table: Table, columns: Sequence[int]) -> Table:
    return replace(
        table,
        head=tuple(table.head[c] for c in columns),
        rows=tuple(tuple(row[c] for c in columns) for row in table.rows),
    )


def _parts(table: Table, width: float) -> list[Table]:
    """``table`` split by columns, in order, into parts at most ``width`` wide, each led by the
    label column (a column too wide even alone with it makes a part of its own)."""
    parts: list[list[int]] = []
    for c in range(1, len(table.head)):
        if parts and _width(table, [0, *parts[-1], c]) <= width:
            parts[-1].append(c)
        else:
            parts.append([c])
    return [_columns(table, [0, *part]) for part in parts] or [table]


def _table(table: Table) -> list:
    """``table`` with its title and note as flowables: at :data:`SIZE` on the portrait page
    where it fits; else on a landscape page of its own, split by columns if it is wider than
    that too (then the page turns back to portrait)."""
    styles = getSampleStyleSheet()
    head = [
        Paragraph(escape(table.title), styles["Heading2"]),
        Paragraph(escape(table.note), styles["Italic"]),
    ]
    if _width(table, range(len(table.head))) <= PORTRAIT:
        return [*head, _styled(table, SIZE)]
    out: list = [NextPageTemplate("landscape"), PageBreak(), *head]
    for k, part in enumerate(_parts(table, LANDSCAPE)):
        out += [Spacer(1, 3 * mm)] if k else []
        out.append(_styled(part, SIZE))
    return [*out, NextPageTemplate("portrait"), PageBreak()]


def _styled(table: Table, size: float) -> LongTable:
    t = LongTable([list(table.head), *map(list, table.rows)], repeatRows=1)
    t.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", size),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", size),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return t


def pdf_bytes(model: ReportModel) -> bytes:
    """The report model laid out as an A4 PDF: intro, charts, tables."""
    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=A4, title=model.document, author="cardgen", invariant=1)
    doc.addPageTemplates([_page("portrait", A4), _page("landscape", landscape(A4))])
    width = PORTRAIT
    story: list = [
        Paragraph(escape(model.title), styles["Title"]),
        Paragraph(escape(model.intro), styles["Normal"]),
    ]
    story += [Paragraph(f"warning: {escape(w)}", styles["Italic"]) for w in model.warnings]
    for chart in model.figures:
        story.append(
            KeepTogether(
                [
                    Spacer(1, 4 * mm),
                    Paragraph(escape(chart.title), styles["Heading4"]),
                    drawing(replace(chart, width=min(chart.width, width))),
                ]
            )
        )
    for table in model.tables:
        story += _table(table)
    if isinstance(story[-1], PageBreak):  # no blank portrait page after a landscape table
        story[-2:] = []
    doc.build(story)
    return buf.getvalue()


def _page(name: str, size: tuple[float, float]) -> PageTemplate:
    """A page template of ``size`` with one frame inside the margins."""
    w, h = size
    frame = Frame(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN, id=name)
    return PageTemplate(id=name, frames=[frame], pagesize=size)


def write_pdf(model: ReportModel, path: Path) -> Path:
    """Write the PDF report atomically."""
    atomic_write_bytes(path, pdf_bytes(model))
    return path
