"""The one shortcut through reportlab's internals (``cardgen/render/_rl_fast.py``): a form
replayed from an earlier PDF writes the very bytes reportlab writes for the form drawn afresh.
Run these with a new reportlab before adding it to ``_rl_fast.TESTED``."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.catalogue.loader import load_catalogue
from cardgen.render import _rl_fast
from cardgen.render.colours import Ink
from cardgen.render.document import Document
from cardgen.render.fonts import register_font
from cardgen.render.formcache import FontSeed, FormCache
from cardgen.render.geometry import Box, Duplex
from cardgen.render.icons import NoIcons
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.products.pnp import render_pnp
from cardgen.render.products.print import render_print_backs, render_print_pile
from cardgen.render.theme import Theme

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"
FONTS = ("DejaVuSansCondensed", "DejaVuSansCondensed-Bold")


@pytest.fixture(autouse=True)
def _replay(monkeypatch):
    """The shortcut, whatever the reportlab version and CARDGEN_REPORTLAB_PUBLIC say: these
    tests are what checks it on a new version."""
    monkeypatch.setattr(_rl_fast, "replays", lambda: True)


class _NoReplay(FormCache):
    """A form cache that keeps the font seed but never replays a form."""

    def get(self, name):
        return None


def _pdf(cache: FormCache, image: Path) -> bytes:
    """A document of nested forms (more than six in one: its XObject dictionary wraps) holding
    text in two fonts and colours, a form with an image (never replayed), and pages with print
    boxes, transparency, a link and a rotation."""
    font, bold = (register_font(f, f"{f}.ttf") for f in FONTS)
    doc = Document((200, 280), Ink(), NoIcons(), font, title="forms", cache=cache)
    c = doc.c

    def dot(i: int):
        def draw(d: Document) -> None:
            d.fill("#c83c28" if i % 2 else "#284678")
            d.c.circle(50, 50, 10 + i, fill=1)

        return draw

    def card(d: Document) -> None:
        d.setFont(font, 7.25)
        d.drawString(3.3, 4.1, "Shield Wall · 2 × {coin} – ok")
        d.setFont(bold, 9)
        d.drawCentredString(90, 240, "Fall · Rounds 3–4 ×2 € ∞ ✓")
        d.drawRightString(170, 200, "(a) \\ b")
        for i in range(8):
            d.place(d.form(f"dot-{i}", Box(-8, -8, 116, 116.5), dot(i)), 5 * i, 40, 0.1)

    def photo(d: Document) -> None:
        d.c.drawImage(str(image), 10, 10, 20, 20)
        d.place(d.form("dot-0", Box(-8, -8, 116, 116.5), dot(0)), 0, 0, 0.1)

    for page in range(6):
        if page < 3:
            c.setTrimBox((9, 9, 189, 261))
            c.setBleedBox((0, 0, 198, 270))
        doc.place(doc.form("card", Box(-9, -9, 198, 270), card), 0, 0)
        doc.place(doc.form("photo", Box(0, 0, 40, 40), photo), 100, 10)
        doc.setFont(font, 9)
        doc.drawString(20, 20, f"page {page}")
        if page == 3:
            c.setFillAlpha(0.5)
            c.rect(0, 0, 10, 10, fill=1)
        if page == 4:
            c.linkURL("https://example.org", (0, 0, 10, 10))
        if page == 5:
            c.setPageRotation(90)
        c.showPage()
    return doc.save()


def test_replayed_forms_write_what_reportlab_writes(tmp_path):
    image = tmp_path / "dot.png"
    Image.new("RGB", (4, 4), (200, 30, 30)).save(image)
    cache = FormCache(FontSeed(FONTS))
    first = _pdf(cache, image)  # draws the forms and captures them
    assert {"card", *(f"dot-{i}" for i in range(8))} == cache.forms.keys()  # not the image's
    fresh = _NoReplay(FontSeed(FONTS, dict(cache.seed.order)))
    replayed = _pdf(cache, image)
    assert _body(replayed) == _body(_pdf(fresh, image))
    assert _body(replayed) == _body(first)
    assert all(form.stream is not None for form in cache.forms.values())  # compressed once


def test_forms_ended_by_end_form_write_what_reportlab_writes(tmp_path, monkeypatch):
    """A form drawn afresh is written by ``_rl_fast.end_form``: the bytes of ``endForm``."""
    image = tmp_path / "dot.png"
    Image.new("RGB", (4, 4), (200, 30, 30)).save(image)
    ours = _pdf(_NoReplay(FontSeed(FONTS)), image)

    def public(c, name, bbox):
        c.endForm()

    monkeypatch.setattr(_rl_fast, "end_form", public)
    assert ours == _pdf(_NoReplay(FontSeed(FONTS)), image)


@pytest.mark.parametrize("text", ["0 0 m 1 1 l S", "BT (\\001\\002) Tj ET\n", "é·×", "a\x1bb"])
def test_form_streams_are_encoded_as_reportlab_encodes_them(text):
    try:
        expected = text.encode("extpdfdoc")
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            _rl_fast._pdfdoc_bytes(text)
        return
    assert _rl_fast._pdfdoc_bytes(text) == expected


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
