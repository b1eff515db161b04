"""The PDF report: the report model (:mod:`.report_model`) laid out on A4, its figures drawn as
reportlab vector shapes.  No timestamps (``invariant``), so equal summaries give equal bytes.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Circle, Drawing, PolyLine, String
from reportlab.graphics.shapes import Line as RLine
from reportlab.graphics.shapes import Rect as RRect
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

from cardgen.charts import Dot, Figure, Line, Poly, Rect, Text
from cardgen.simulate.protocol import Simulation
from cardgen.simulate.report_model import ReportModel, Table, build_model
from cardgen.util.atomic import atomic_write_bytes

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def figure_drawing(fig: Figure, scale: float = 1.0) -> Drawing:
    """One figure as a reportlab ``Drawing`` (y flipped: reportlab's origin is bottom left)."""
    h = fig.height
    d = Drawing(fig.width * scale, h * scale)
    for it in fig.items:
        if isinstance(it, Rect):
            d.add(
                RRect(
                    it.x,
                    h - it.y - it.h,
                    it.w,
                    it.h,
                    fillColor=colors.HexColor(it.fill),
                    strokeColor=colors.HexColor(it.stroke) if it.stroke else None,
                    strokeWidth=0.5 if it.stroke else 0,
                )
            )
        elif isinstance(it, Line):
            d.add(
                RLine(
                    it.x1,
                    h - it.y1,
                    it.x2,
                    h - it.y2,
                    strokeColor=colors.HexColor(it.stroke),
                    strokeWidth=it.width,
                    strokeDashArray=[3, 2] if it.dash else None,
                )
            )
        elif isinstance(it, Poly):
            pts = [v for x, y in it.points for v in (x, h - y)]
            d.add(PolyLine(pts, strokeColor=colors.HexColor(it.stroke), strokeWidth=it.width))
        elif isinstance(it, Dot):
            d.add(Circle(it.x, h - it.y, it.r, fillColor=colors.HexColor(it.fill), strokeWidth=0))
        elif isinstance(it, Text):
            d.add(
                String(
                    it.x,
                    h - it.y,
                    it.text,
                    fontName="Helvetica-Bold" if it.bold else "Helvetica",
                    fontSize=it.size,
                    fillColor=colors.HexColor(it.fill),
                    textAnchor=_ANCHOR[it.anchor],
                )
            )
    if scale != 1.0:
        d.scale(scale, scale)
    return d


def _table(table: Table) -> LongTable:
    t = LongTable([list(table.head), *map(list, table.rows)], repeatRows=1)
    t.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 7),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return t


def render_pdf(summary: dict, simulation: Simulation) -> bytes:
    """The whole report as PDF bytes."""
    return pdf_bytes(build_model(summary, simulation))


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
    for fig in model.figures:
        scale = min(1.0, width / fig.width)
        story.append(
            KeepTogether(
                [
                    Spacer(1, 4 * mm),
                    Paragraph(escape(fig.title), styles["Heading4"]),
                    figure_drawing(fig, scale),
                ]
            )
        )
    for table in model.tables:
        story += [
            Paragraph(escape(table.title), styles["Heading2"]),
            Paragraph(escape(table.note), styles["Italic"]),
            _table(table),
        ]
    doc.build(story)
    return buf.getvalue()


def write_pdf(summary: dict, path: Path, simulation: Simulation) -> Path:
    """Write the PDF report atomically."""
    atomic_write_bytes(path, render_pdf(summary, simulation))
    return path
