"""The PDF appendix: outline, clickable contents, embedded fonts, complete and reproducible."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from conftest import pdf_fills, pdf_texts
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, render
from cardgen.docs.inline import humanise
from cardgen.packs.attack_right.docs.deck_stats import ATTACK_COLOUR, DEFENCE_COLOUR
from cardgen.packs.attack_right.effects import KINDS

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(FIXTURE)


@pytest.fixture(scope="module")
def pdf_bytes(catalogue) -> bytes:
    return render(build_appendix(catalogue), "pdf")


@pytest.fixture(scope="module")
def reader(pdf_bytes) -> PdfReader:
    return PdfReader(BytesIO(pdf_bytes))


@pytest.fixture(scope="module")
def texts(pdf_bytes) -> list[str]:
    return pdf_texts(pdf_bytes)


@pytest.fixture(scope="module")
def text(texts) -> str:
    return re.sub(r"\s+", "", "".join(texts))


def _titles(outline, depth=0):
    for item in outline:
        if isinstance(item, list):
            yield from _titles(item, depth + 1)
        else:
            yield depth, item.title


def test_outline_has_every_section_and_subsection(reader):
    titles = list(_titles(reader.outline))
    top = [t for d, t in titles if d == 0]
    assert top == [
        "Card reference",
        "Card indexes",
        "Glossary",
        "Clarifications",
        "Components",
        "Deck statistics",
    ]
    assert (1, "Battle deck · 8 cards") in titles
    assert (2, "Spring (rounds 1–2) · 4 cards") in titles
    assert (1, "Spy deck, fall") in titles


def test_outline_entries_point_into_the_document(reader):
    pages = {
        reader.get_destination_page_number(o) for o in reader.outline if not isinstance(o, list)
    }
    assert min(pages) >= 1 and len(pages) >= 4


def test_contents_page_links_are_clickable(reader):
    annots = [a.get_object() for a in reader.pages[0].get("/Annots", [])]
    links = [a for a in annots if a["/Subtype"] == "/Link"]
    assert len(links) >= 6


def test_index_links_jump_to_card_rows(reader, texts):
    page = reader.pages[next(i for i, t in enumerate(texts) if "Cost 0" in t)]
    links = [a.get_object() for a in page.get("/Annots", [])]
    assert len(links) == 8 + 8 + 12  # every card under cost, type and each of its placements
    page_ids = {p.indirect_reference.idnum for p in reader.pages}
    reference = reader.pages[1].indirect_reference.idnum
    targets = {link["/Dest"][0].idnum for link in links}
    assert targets <= page_ids and reference in targets


def test_every_card_and_effect_kind_appears(text, catalogue):
    for card in catalogue:
        assert re.sub(r"\s+", "", card.name) in text
    for kind in KINDS:
        assert humanise(kind).replace(" ", "") in text


def test_only_embedded_fonts(reader):
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontDescriptor" in font or "/DescendantFonts" in font, font
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_deck_statistics_charts_are_vector_bars(catalogue, pdf_bytes, texts):
    """Every power chart draws a bar per count above 0 and a legend swatch in each colour."""
    power = [ch for ch in build_appendix(catalogue).charts if ch.title == "Power distribution"]
    fills = [colour for colour, _bounds in pdf_fills(pdf_bytes)]
    for colour, k in ((DEFENCE_COLOUR, 0), (ATTACK_COLOUR, 1)):
        bars = sum(1 for ch in power for v in ch.series[k].values if v > 0)
        assert fills.count(colour) == bars + len(power)
    stats = "".join(t for t in texts if "Power distribution" in t)
    assert stats.count("Cost curve") == stats.count("Placement mix") == len(power)


def test_byte_identical(catalogue, pdf_bytes):
    assert render(build_appendix(catalogue), "pdf") == pdf_bytes


def test_icon_unknown_to_the_renderer_gets_a_badge(catalogue, monkeypatch):
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.docs import pdf_theme as theme_mod

    drawn: list[str] = []
    monkeypatch.setattr(theme_mod, "draw_badge", lambda canv, b, *args: drawn.append(b.mark))
    theme = theme_mod.pdf_theme(build_appendix(catalogue))
    canv = Canvas(BytesIO())
    theme.draw_icon(canv, "mystery", 0, 0, 10)
    theme.draw_icon(canv, "coin", 10, 0, 10)
    assert drawn == ["M"]
