"""The PDF report: the same figures as the HTML one, drawn as reportlab vector shapes, and the
deck, seat and card tables.  No timestamps (``invariant``), so equal summaries give equal bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

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

from cardgen.simulate.charts import Dot, Figure, Line, Poly, Rect, Text
from cardgen.simulate.report_html import build_figures
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


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _table(head: list[str], rows: list[list[str]], widths: list[float] | None = None):
    t = LongTable([head, *rows], colWidths=widths, repeatRows=1)
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


def render_pdf(summary: dict) -> bytes:
    """The whole report as PDF bytes."""
    styles = getSampleStyleSheet()
    spec = summary["spec"]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title="Attack Right balance report",
        author="cardgen",
        invariant=1,
    )
    width = A4[0] - 30 * mm
    story: list = [
        Paragraph(
            f"Attack Right balance report: {summary['games']} games, {spec['players']} players",
            styles["Title"],
        ),
        Paragraph(
            f"Bots: {spec['bots']}; master seed {spec['seed']}; {len(spec['matchups'])} seatings"
            f" cycled{'; first game' if spec['first_game'] else ''}; {summary['shared_wins']}"
            f" shared wins; fair share {_pct(summary['fair_share'])}.",
            styles["Normal"],
        ),
    ]
    story += [Paragraph(f"warning: {w}", styles["Italic"]) for w in summary["warnings"]]
    for fig in build_figures(summary):
        scale = min(1.0, width / fig.width)
        story.append(
            KeepTogether(
                [
                    Spacer(1, 4 * mm),
                    Paragraph(fig.title, styles["Heading4"]),
                    figure_drawing(fig, scale),
                ]
            )
        )
    story += [Paragraph("Decks", styles["Heading2"])]
    story.append(
        _table(
            ["deck", "games", "win rate", "95% CI", "glory", "battles", "end coins", "effects"],
            [
                [
                    d["deck"],
                    str(d["games"]),
                    _pct(d["win_rate"]),
                    f"{_pct(d['win_ci'][0])}–{_pct(d['win_ci'][1])}",
                    f"{d['glory_mean']:.2f}",
                    f"{d['glory_sources']['battles']:.2f}",
                    f"{d['glory_sources']['end_coins']:.2f}",
                    f"{d['glory_sources']['effects']:.2f}",
                ]
                for d in summary["decks"]
            ],
        )
    )
    story += [Paragraph("Cards", styles["Heading2"])]
    story.append(
        _table(
            ["card", "dealt", "pick", "pick pos", "play", "never aff.", "win played", "95% CI"],
            [
                [
                    c["card"],
                    str(c["dealt"]),
                    _pct(c["pick_rate"]),
                    f"{c['mean_pick_position']:.2f}",
                    _pct(c["play_rate"]),
                    _pct(c["never_affordable_rate"]),
                    _pct(c["win_rate_when_played"]),
                    f"{_pct(c['win_when_played_ci'][0])}–{_pct(c['win_when_played_ci'][1])}",
                ]
                for c in summary["cards"]
            ],
        )
    )
    doc.build(story)
    return buf.getvalue()


def write_pdf(summary: dict, path: Path) -> Path:
    """Write the PDF report atomically."""
    atomic_write_bytes(path, render_pdf(summary))
    return path
