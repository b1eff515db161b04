"""The fast PDF objects write the very bytes reportlab writes, and replayed forms the bytes of
forms drawn afresh."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.document import binary_streams
from cardgen.render.fastpdf import (
    draw_string,
    end_form,
    fast_pages,
    pdfdoc_bytes,
    place_form,
    set_colour,
)
from cardgen.render.fonts import register_font
from cardgen.render.formcache import FontSeed, FormCache
from cardgen.render.geometry import Duplex
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.products.pnp import render_pnp
from cardgen.render.products.print import render_print_backs, render_print_pile
from cardgen.render.theme import Theme

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"


def _pdf(fast: bool, tmp_path: Path) -> bytes:
    """A document with nested forms, text, an image, print boxes and pages reportlab must
    still write itself (transparency, a link, a rotation)."""
    font = register_font("DejaVuSansCondensed", "DejaVuSansCondensed.ttf")
    image = tmp_path / "dot.png"
    Image.new("RGB", (4, 4), (200, 30, 30)).save(image)
    c = Canvas(io.BytesIO(), pagesize=(200, 280), invariant=1, pageCompression=1)
    c.setFont(font, 9)

    def form(name: str, bbox: tuple[float, float, float, float], body) -> None:
        c.beginForm(name, *bbox)
        body()
        if fast:
            end_form(c, name, bbox)
        else:
            c.endForm()

    for i in range(8):  # more than six: the XObject dictionary wraps
        form(f"dot-{i}", (-8, -8, 108, 108.5), lambda i=i: c.circle(50, 50, 10 + i, fill=1))

    def card() -> None:
        c.setFont(font, 7.25)
        c.drawString(3.3, 4.1, "Shield Wall · 2 × {coin} – ok")
        c.drawImage(str(image), 10, 10, 20, 20)
        for i in range(8):
            c.saveState()
            c.transform(0.1, 0, 0, 0.1, 5 * i, 40)
            c.doForm(f"dot-{i}")
            c.restoreState()

    form("card", (-9.0, -9.0, 189.0, 261.0), card)
    for page in range(6):
        if page < 3:
            c.setTrimBox((9, 9, 189, 261))
            c.setBleedBox((0, 0, 198, 270))
        c.doForm("card")
        c.drawString(20, 20, f"page {page}")
        if page == 3:
            c.setFillAlpha(0.5)
            c.rect(0, 0, 10, 10, fill=1)
        if page == 4:
            c.linkURL("https://example.org", (0, 0, 10, 10))
        if page == 5:
            c.setPageRotation(90)
        c.showPage()
    if fast:
        fast_pages(c)
    with binary_streams():
        return c.getpdfdata()


def test_fast_forms_and_pages_write_what_reportlab_writes(tmp_path):
    assert _pdf(True, tmp_path) == _pdf(False, tmp_path)


@pytest.mark.parametrize("text", ["0 0 m 1 1 l S", "BT (\\001\\002) Tj ET\n", "é·×", "a\x1bb"])
def test_pdfdoc_bytes_is_reportlabs_encoding(text):
    try:
        expected = text.encode("extpdfdoc")
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            pdfdoc_bytes(text)
        return
    assert pdfdoc_bytes(text) == expected


class _NoReplay(FormCache):
    """A form cache that keeps the font seed but never replays a form."""

    def get(self, name):
        return None


def test_replayed_forms_are_the_forms_drawn_afresh():
    cat = load_catalogue(FIXTURE)
    settings = load_product_settings()
    theme = Theme.of(cat)
    replay = RenderContext(cat, theme, settings)
    render_pnp(replay, "a4", Duplex.LONG)  # draws every face and back once
    fresh = RenderContext(cat, theme, settings)
    fresh.forms = _NoReplay(FontSeed(replay.forms.seed.fonts, dict(replay.forms.seed.order)))
    assert replay.forms.forms, "the pnp sheets filled the cache"
    for deck in cat.rules.deck_ids:
        if cat.select(deck=deck):
            for render in (render_print_pile, render_print_backs):
                assert _body(render(replay, deck)) == _body(render(fresh, deck))


def _body(pdf: bytes) -> bytes:
    """All but the version line: drawing afresh sets opaque colours, which makes reportlab
    ask for PDF 1.4 (transparency) though nothing is transparent; a replay does not."""
    head, body = pdf.split(b"\n", 1)
    assert head in (b"%PDF-1.3", b"%PDF-1.4")
    return body


@pytest.mark.parametrize(
    "text", ["Shield Wall", "", "(a) \\ b", "Fall · Rounds 3–4 ×2", "€ ∞ ✓ ☀ ⚔ ★ é à", "x" * 300]
)
def test_fast_text_and_placed_forms_write_what_the_canvas_writes(text):
    font = register_font("DejaVuSansCondensed", "DejaVuSansCondensed.ttf")

    def page(fast: bool) -> list[str]:
        c = Canvas(io.BytesIO(), invariant=1)
        c.setFont(font, 7.3)
        for anchor, draw in (
            (0.0, c.drawString),
            (0.5, c.drawCentredString),
            (1.0, c.drawRightString),
        ):
            if fast:
                draw_string(c, 10.25, 20.5, text, anchor)
            else:
                draw(10.25, 20.5, text)
        c.setFont("Helvetica", 9)  # not TrueType: left to the canvas
        draw_string(c, 1, 2, text) if fast else c.drawString(1, 2, text)
        if fast:
            place_form(c, "f", 3.5, 4.25, 0.07)
        else:
            c.saveState()
            c.transform(0.07, 0, 0, 0.07, 3.5, 4.25)
            c.doForm("f")
            c.restoreState()
        return [*c._code, *c._formsinuse]

    assert page(True) == page(False)


def test_fast_colours_write_what_the_canvas_writes():
    from reportlab.lib.colors import CMYKColor, Color

    opaque, cmyk = Color(0.1, 0.25, 1 / 3), CMYKColor(0, 0.5, 1, 0.2)
    rgb = [opaque, Color(1, 0, 0, alpha=0.5), cmyk, opaque, (0.5, 0.5, 0.5)]  # opaque after alpha

    def page(fast: bool, colours: list) -> tuple:
        c = Canvas(
            io.BytesIO(), invariant=1, enforceColorSpace="cmyk" if colours[0] is cmyk else None
        )
        for colour in colours:
            for stroke in (False, True):
                if fast:
                    set_colour(c, colour, stroke)
                elif stroke:
                    c.setStrokeColor(colour)
                else:
                    c.setFillColor(colour)
        return c._code, c._fillColorObj, c._strokeColorObj, c._doc._pdfVersion

    for colours in (rgb, [cmyk, CMYKColor(1, 0, 0, 0, alpha=0.5), cmyk]):
        assert page(True, colours) == page(False, colours)
