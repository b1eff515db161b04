"""The font metrics cache gives the very font reportlab reads, and survives a damaged entry."""

from __future__ import annotations

import marshal

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.render.fontcache import CachedFace, CachedTTFont, cache_dir
from cardgen.render.fonts import FONT_DIR

FONT = str(FONT_DIR / "DejaVuSansCondensed-Oblique.ttf")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))


def _same_face(cached: CachedFace, real) -> None:
    theirs = dict(vars(real))
    mine = {k: getattr(cached, k) for k in theirs}  # glyphToChar is made when asked for
    scale, real_scale = mine.pop("_pdfScale"), theirs.pop("_pdfScale")
    assert vars(cached).keys() == theirs.keys() | {"_pdfScale"}
    for k, v in theirs.items():
        assert type(mine[k]) is type(v) and mine[k] == v, k
    assert cached.name.ustr == real.name.ustr
    assert [scale(x) for x in (1, 333, 2048, -7)] == [real_scale(x) for x in (1, 333, 2048, -7)]


def test_cached_font_is_the_font_reportlab_reads():
    real = TTFont("Oblique", FONT)
    first = CachedTTFont("Oblique", FONT)  # reads the font and writes the entry
    assert list(cache_dir().glob("*.marshal"))
    again = CachedTTFont("Oblique", FONT)  # from the entry
    for font in (first, again):
        assert vars(font).keys() == vars(real).keys()
        for k in ("fontName", "_asciiReadable", "shapable", "_multiByte", "_dynamicFont"):
            assert getattr(font, k) == getattr(real, k), k
        _same_face(font.face, real.face)
        assert font.stringWidth("Fall · ×2", 9) == real.stringWidth("Fall · ×2", 9)


@pytest.mark.parametrize(
    "damage",
    [b"not marshal", marshal.dumps(([1], 2)), marshal.dumps(({"name": 5}, {"unitsPerEm": 1000}))],
)
def test_a_damaged_entry_is_read_again(damage):
    CachedTTFont("Oblique", FONT)
    (entry,) = cache_dir().glob("*.marshal")
    entry.write_bytes(damage)
    _same_face(CachedTTFont("Oblique", FONT).face, TTFont("Oblique", FONT).face)
    assert entry.read_bytes() != damage  # written anew


def test_a_font_embedded_in_many_pdfs_writes_the_same_bytes_as_reportlab():
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.document import binary_streams

    for name, cls in (("ObliqueCached", CachedTTFont), ("ObliquePlain", TTFont)):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(cls(name, FONT))

    def pdf(font: str) -> bytes:
        c = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
        c.setFont(font, 9)
        c.drawString(10, 10, "Fall · Rounds 3–4 ×2")
        c.showPage()
        with binary_streams():
            return c.getpdfdata()

    plain = pdf("ObliquePlain")
    assert [pdf("ObliqueCached") for _ in range(2)] == [
        plain.replace(b"ObliquePlain", b"ObliqueCached")
    ] * 2
