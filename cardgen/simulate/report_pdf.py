"""The PDF report: the report model (:mod:`.report_model`) laid out on A4, its charts vector
drawings (:func:`cardgen.charts.drawing`).  No timestamps (``invariant``), so equal summaries
give equal bytes.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from cardgen.charts import drawing
from cardgen.simulate.report_model import ReportModel, Table
from cardgen.util.atomic import atomic_write_bytes


def _table(table: Table, width: float) -> LongTable:
    """``table`` at 7 pt, or the largest size down to 4 pt at which it fits ``width``."""
    for size in (7, 6, 5, 4):
        t = _styled(table, size)
        if t.wrap(width, A4[1])[0] <= width:
            break
    return t


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
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=model.document,
        author="cardgen",
        invariant=1,
    )
    width = A4[0] - 30 * mm
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
        story += [
            Paragraph(escape(table.title), styles["Heading2"]),
            Paragraph(escape(table.note), styles["Italic"]),
            _table(table, width),
        ]
    doc.build(story)
    return buf.getvalue()


def write_pdf(model: ReportModel, path: Path) -> Path:
    """Write the PDF report atomically."""
    atomic_write_bytes(path, pdf_bytes(model))
    return path
