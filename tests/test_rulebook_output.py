"""The printed rulebook: PDF (outline, page numbers, fonts, icons) and HTML, then the appendices."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from conftest import CARDS, open_pdf, page_text, pdf_texts
from pypdf import PdfReader
from test_appendix_pdf import _titles
from test_rulebook_source import SECTIONS, passage_in, squash

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, build_rulebook, render_rulebook, write_rulebook
from cardgen.packs.attack_right.clarifications import clarifications

NS = {"h": "http://www.w3.org/1999/xhtml"}


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(CARDS)


#: the real rulebook's files, written once a process (test_rulebook_figures reads them too)
_WRITTEN: dict[str, Path] = {}


@pytest.fixture(scope="module")
def written(catalogue, tmp_path_factory):
    if not _WRITTEN:
        out = tmp_path_factory.mktemp("rulebook")
        _WRITTEN.update({p.suffix[1:]: p for p in write_rulebook(catalogue, out)})
    return _WRITTEN


@pytest.fixture(scope="module")
def rulebook(catalogue):
    return build_rulebook(catalogue.rules)


@pytest.fixture(scope="module")
def reader(written) -> PdfReader:
    return PdfReader(written["pdf"])


@pytest.fixture(scope="module")
def pdf_pages(written) -> list[str]:
    return pdf_texts(written["pdf"])


@pytest.fixture(scope="module")
def pdf_text(pdf_pages) -> str:
    return "\n".join(pdf_pages)


@pytest.fixture(scope="module")
def tree(written) -> ET.Element:
    return ET.fromstring(written["html"].read_text(encoding="utf-8"))


def _html_text(el: ET.Element) -> str:
    """Visible text: everything but icon titles and the SVG sprite."""
    out = [el.text or ""] if not el.tag.endswith("}svg") else []
    for child in el:
        if not child.tag.endswith("}svg"):
            out.append(_html_text(child))
        out.append(child.tail or "")
    return "".join(out)


def test_writes_every_format(written):
    assert sorted(written) == ["html", "md", "pdf"]
    assert all(p.name.startswith("rulebook.") for p in written.values())


def test_pdf_outline_has_every_section_then_the_appendices(reader, rulebook):
    entries = list(_titles(reader.outline))
    top = [t for d, t in entries if d == 0]
    assert top[: len(SECTIONS)] == SECTIONS
    assert top[len(SECTIONS) :] == [
        "Appendices",
        "Card reference",
        "Card indexes",
        "Glossary",
        "Clarifications",
        "Components",
        "Deck statistics",
    ]
    subsections = [h.text for h in rulebook.headings if h.level == 3]
    assert [t for t in subsections if (1, t) not in entries] == []
    pages = [
        reader.get_destination_page_number(o) for o in reader.outline if not isinstance(o, list)
    ]
    assert pages == sorted(pages) and pages[0] >= 1  # after the cover, in reading order


def test_every_heading_and_passage_in_the_pdf_text(pdf_text, rulebook):
    flat = squash(pdf_text)
    for h in rulebook.headings:
        assert squash(h.text) in flat, h.text
    for c in clarifications():
        assert passage_in(c.passage, pdf_text), c.id
    assert "Rønn" in pdf_text


def test_cover_contents_link_to_the_sections(reader, pdf_pages):
    assert "Contents" in pdf_pages[0] and "THE BATTLE DECKS" in pdf_pages[0]
    links = [a.get_object() for a in reader.pages[0].get("/Annots", [])]
    assert len(links) >= len(SECTIONS) + 7


def test_page_numbers_on_the_outer_corner(written):
    with open_pdf(written["pdf"]) as doc:
        for i in range(1, len(doc) + 1):
            page = doc[i - 1]
            width, _ = page.get_size()
            assert width == pytest.approx(595.28, abs=0.1)
            # the words in the bottom margin, left and right of the middle
            left = page_text(page, (0, 0, width / 2, 30)).split()
            right = page_text(page, (width / 2, 0, width, 30)).split()
            outer, inner = (right, left) if i % 2 == 1 else (left, right)  # recto right
            assert outer.count(str(i)) == 1 and str(i) not in inner, (i, left, right)


def test_only_embedded_fonts(reader):
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font


def test_html_well_formed_with_every_heading_and_passage(tree, rulebook):
    ids = [el.get("id") for el in tree.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    for link in tree.iterfind(".//h:a[@href]", NS):
        href = link.get("href")
        assert not href.startswith("#") or href[1:] in ids, href
    heads = {el.get("id"): _html_text(el).strip() for el in tree.iterfind(".//h:article//*", NS)}
    for h in rulebook.headings:
        assert heads.get(h.id) == h.text, h.text
    article = _html_text(tree.find(".//h:article[@id='rulebook']", NS))
    for c in clarifications():
        assert passage_in(c.passage, article), c.id
    assert tree.find(".//h:section[@id='cards']", NS) is not None  # then the appendices


def test_markdown_has_the_numbers_and_the_appendices(written):
    md = written["md"].read_text(encoding="utf-8")
    assert md.startswith("# Attack Right\n")
    assert "startwith5coins" in squash(md)
    assert "{{" not in md and "[coin]" in md and "rulebook appendices" in md


def test_changed_rules_reach_pdf_and_html_and_every_icon_is_drawn(tmp_path, monkeypatch):
    from cardgen.docs import rulebook_pdf

    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards)
    data = yaml.safe_load((cards / "rules.yaml").read_text(encoding="utf-8"))
    data["economy"]["starting_coins"] = 7
    data["components"]["coin_tokens"] = 44
    (cards / "rules.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    catalogue = load_catalogue(cards)
    drawn: list[str] = []
    theme_of = rulebook_pdf.pdf_theme

    def recording(appendix):
        theme = theme_of(appendix)

        def draw(canv, name, x, y, size):
            drawn.append(name)
            theme.draw_icon(canv, name, x, y, size)

        return replace(theme, draw_icon=draw)

    monkeypatch.setattr(rulebook_pdf, "pdf_theme", recording)
    rb, appendix = build_rulebook(catalogue.rules), build_appendix(catalogue)
    text = squash("".join(pdf_texts(render_rulebook(rb, appendix, "pdf"))[:6]))
    assert "startwith7coinsfromthebank" in text and "44Cointokens" in text
    html = render_rulebook(rb, appendix, "html").decode("utf-8")
    assert "start with 7 coins" in re.sub(r"\s+", " ", html)
    used = {s.icon for b in rb.blocks for s in b.spans if s.icon}
    assert used <= set(drawn)


def test_byte_identical(catalogue, written):
    rb, appendix = build_rulebook(catalogue.rules), build_appendix(catalogue)
    assert render_rulebook(rb, appendix, "pdf") == written["pdf"].read_bytes()
    assert render_rulebook(rb, appendix, "html") == written["html"].read_bytes()


def test_cli_rulebook_option(runner, app, tmp_path):
    res = runner.invoke(
        app, ["appendix", str(CARDS), "-f", "md", "--rulebook", "-o", str(tmp_path)]
    )
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["appendix.md", "rulebook.md"]
    bad = tmp_path / "bad.md"
    bad.write_text("# T\n\n{nope}\n", encoding="utf-8")
    res = runner.invoke(
        app,
        ["appendix", str(CARDS), "-f", "md", "--rulebook-source", str(bad), "-o", str(tmp_path)],
    )
    assert res.exit_code == 1 and "unknown icon {nope}" in res.output
