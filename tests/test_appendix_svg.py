"""The SVG recording canvas (card icons in HTML)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from reportlab.lib.colors import HexColor

from cardgen.docs.svg_canvas import SvgCanvas


def _parse(canvas: SvgCanvas) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{canvas.svg(100)}</svg>')


def test_transforms_compose_like_pdf():
    c = SvgCanvas()
    c.saveState()
    c.translate(10, 20)
    c.scale(2, 3)
    c.setFillColor(HexColor("#B23A2E"))
    c.circle(5, 5, 4, stroke=0, fill=1)
    c.restoreState()
    c.rect(0, 0, -10, 5, stroke=1, fill=0)
    root = _parse(c)
    circle, rect = list(root[0])
    assert circle.get("transform") == "matrix(2 0 0 3 10 20)"
    assert circle.get("fill") == "#B23A2E" and circle.get("stroke") is None
    assert rect.get("transform") == "matrix(1 0 0 1 0 0)"
    assert (rect.get("x"), rect.get("width"), rect.get("fill")) == ("-10", "10", "none")
    assert root[0].get("transform") == "matrix(1 0 0 -1 0 100)"


def test_paths_and_text():
    c = SvgCanvas()
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(10, 0)
    p.curveTo(10, 5, 5, 10, 0, 10)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFont("Any", 54)
    c.drawCentredString(50, 31, "<W>")
    path, text = list(_parse(c)[0])
    assert path.get("d") == "M0 0 L10 0 C10 5 5 10 0 10 Z"
    assert text.text == "<W>" and text.get("transform") == "matrix(1 0 0 -1 50 31)"
