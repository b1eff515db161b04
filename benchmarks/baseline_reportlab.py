"""Baseline: a plain reportlab script drawing 160 comparable cards to 3×3 A4 sheets.

Each card: a frame, a title, a cost circle with its number, two power numbers, three lines of
wrapped text and a few vector icons.  No layout engine, no fonts to embed, no reuse: the
simplest thing a person might write.
``python benchmarks/baseline_reportlab.py OUT.pdf [CARDS]`` (default 160 cards).
"""

from __future__ import annotations

import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

CARD_W, CARD_H = 63.5 * mm, 88.9 * mm
TEXT = (
    "When played: gain 2 coins. Battle: if you win your attack, gain 1 glory per unit in "
    "your Kingdom. Upkeep: pay 1 coin."
)


def _icon(c: Canvas, x: float, y: float, s: float, kind: int) -> None:
    if kind == 0:  # coin
        c.setFillColorRGB(0.89, 0.7, 0.24)
        c.circle(x + s / 2, y + s / 2, s / 2, stroke=1, fill=1)
    elif kind == 1:  # shield
        p = c.beginPath()
        p.moveTo(x, y + s)
        p.lineTo(x + s, y + s)
        p.lineTo(x + s, y + s * 0.4)
        p.lineTo(x + s / 2, y)
        p.lineTo(x, y + s * 0.4)
        p.close()
        c.setFillColorRGB(0.25, 0.37, 0.56)
        c.drawPath(p, stroke=1, fill=1)
    else:  # sword
        c.setFillColorRGB(0.84, 0.85, 0.88)
        c.rect(x + s * 0.42, y + s * 0.25, s * 0.16, s * 0.75, stroke=1, fill=1)
        c.rect(x + s * 0.15, y + s * 0.2, s * 0.7, s * 0.1, stroke=1, fill=1)


def draw_card(c: Canvas, x: float, y: float, i: int) -> None:
    c.setFillColorRGB(0.37, 0.62, 0.29) if i % 2 else c.setFillColorRGB(0.25, 0.43, 0.66)
    c.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    c.setFillColorRGB(0.96, 0.94, 0.86)
    c.roundRect(x + 3 * mm, y + 3 * mm, CARD_W - 6 * mm, CARD_H - 6 * mm, 2 * mm, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x + 5 * mm, y + CARD_H - 10 * mm, f"Card number {i}")
    c.setFillColorRGB(0.89, 0.7, 0.24)
    c.circle(x + CARD_W - 9 * mm, y + CARD_H - 9 * mm, 5 * mm, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(x + CARD_W - 9 * mm, y + CARD_H - 11 * mm, str(i % 10))
    c.drawString(x + 12 * mm, y + 36 * mm, str(i % 7))
    c.drawRightString(x + CARD_W - 12 * mm, y + 36 * mm, str(i % 5))
    _icon(c, x + 5 * mm, y + 35 * mm, 5 * mm, 1)
    _icon(c, x + CARD_W - 10 * mm, y + 35 * mm, 5 * mm, 2)
    c.setFont("Helvetica", 8)
    lines = simpleSplit(TEXT, "Helvetica", 8, CARD_W - 12 * mm)[:3]
    for k, line in enumerate(lines):
        c.drawString(x + 6 * mm, y + 26 * mm - k * 10, line)
    for k in range(3):
        _icon(c, x + 6 * mm + k * 7 * mm, y + 8 * mm, 5 * mm, k)


def render(out, cards: int = 160) -> None:
    """Write ``cards`` cards, 9 to an A4 page, to ``out`` (a path or file object)."""
    c = Canvas(out, pagesize=A4, invariant=1)
    w, h = A4
    x0, y0 = (w - 3 * CARD_W) / 2, (h - 3 * CARD_H) / 2
    for i in range(cards):
        slot = i % 9
        row, col = divmod(slot, 3)
        draw_card(c, x0 + col * CARD_W, y0 + (2 - row) * CARD_H, i)
        if slot == 8 or i == cards - 1:
            c.showPage()
    c.save()


if __name__ == "__main__":
    render(
        sys.argv[1] if len(sys.argv) > 1 else "baseline.pdf",
        int(sys.argv[2]) if len(sys.argv) > 2 else 160,
    )
