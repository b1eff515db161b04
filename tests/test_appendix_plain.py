"""Every pack gets an appendix: the plain pack's catalogue in markdown, HTML and PDF."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from dataclasses import replace
from io import BytesIO

import pytest
from conftest import FIXTURES
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, render, write_appendices, write_rulebook
from cardgen.docs.content import Components, Glossary, Paragraph, Section, Segment, Table
from cardgen.docs.inline import segments
from cardgen.engine.registry import supports

PLAIN = FIXTURES / "plain" / "tavern"  # a plain game with two piles, icons and stats


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(PLAIN)


@pytest.fixture(scope="module")
def appendix(catalogue):
    return build_appendix(catalogue)


@pytest.fixture(scope="module")
def written(catalogue, tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("plain-appendix")
    return {p.suffix[1:]: p.read_bytes() for p in write_appendices(catalogue, out)}


def _visible(el: ET.Element) -> str:
    """The text of an HTML element without its inline SVG icons."""
    out = [el.text or ""]
    for child in el:
        if not child.tag.endswith("}svg"):
            out.append(_visible(child))
        out.append(child.tail or "")
    return "".join(out)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_generic_sections(appendix, catalogue):
    assert appendix.game == "Tavern Brawl"
    assert [s.id for s in appendix.sections] == ["cards", "glossary-icons", "components"]
    piles = appendix.section("cards").sections
    assert [(s.title, s.count) for s in piles] == [("Heroes", "3 cards"), ("Tricks", "4 cards")]
    rows = [r for t in appendix.section("cards").blocks_of(Table) for r in t.rows]
    assert [r.id for r in rows] == [f"card-{c.id}" for c in catalogue]
    barkeep = rows[0]
    assert [s.text for s in barkeep.cells[0] if s.text] == ["Barkeep", "barkeep"]
    details = "".join(s.text for s in barkeep.cells[2])
    assert "Cost: 2" in details and "Flavour: Last orders!" in details
    assert "Stats: attack 1, health 3" in details and "Stats: {}" not in details
    (components,) = appendix.blocks_of(Components)
    assert [(c.key, c.count, c.checked, c.ok) for c in components.entries] == [
        ("cards", 7, 7, True)
    ]
    (icons,) = appendix.blocks_of(Glossary)
    used = {e.icon: [c.id for c in e.cards] for e in icons.entries}
    assert used["coin"] == ["barkeep"] and "shield" not in used  # no card prints it


def test_markdown_lists_every_card_and_its_text(written, catalogue):
    md = written["md"].decode("utf-8")
    assert md.startswith("# Tavern Brawl: rulebook appendices\n")
    for card in catalogue:
        assert f'<a id="card-{card.id}"></a>' in md
        text = (
            "".join(f"[{s.icon}]" if s.icon else s.text for s in segments(card.text, {}))
            .replace("<", "\\<")
            .replace(">", "\\>")
        )
        assert text in md, card.id
        assert f"×{card.copies} |" in md
    assert "**Bouncer &amp; Sons**" in md and "(rulebook version" not in md


def test_html_lists_every_card_and_its_text(written, catalogue):
    html = written["html"].decode("utf-8")
    tree = ET.fromstring(html)
    ids = [el.get("id") for el in tree.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    hrefs = {el.get("href")[1:] for el in tree.iter() if (el.get("href") or "").startswith("#")}
    assert hrefs <= set(ids)
    rows = {el.get("id"): el for el in tree.iter() if (el.get("id") or "").startswith("card-")}
    for card in catalogue:
        row = rows[f"card-{card.id}"]
        uses = {u.get("href") for u in row.iter("{http://www.w3.org/1999/xhtml}use")}
        assert {f"#sym-{s.icon}" for s in segments(card.text, {}) if s.icon} <= uses
        cells = {td.get("class"): _visible(td) for td in row}
        words = "".join(s.text for s in segments(card.text, {}) if not s.icon)
        assert cells["text"] == words, card.id
        assert cells["name"] == card.name + card.id and cells["copies"] == f"×{card.copies}"
    assert "&lt;hero&gt;" in html and "<hero>" not in html
    symbols = [el.get("id") for el in tree.iter("{http://www.w3.org/2000/svg}symbol")]
    assert symbols == [f"sym-{n}" for n in ("coin", "heart", "star", "shield", "sword", "card")]


def test_pdf_lists_every_card_and_its_text(written, catalogue):
    reader = PdfReader(BytesIO(written["pdf"]))
    text = _squash("".join(p.extract_text() for p in reader.pages))
    for card in catalogue:
        assert _squash(card.name) in text and card.id in text
        for s in segments(card.text, {}):
            if not s.icon:
                assert _squash(s.text) in text, (card.id, s.text)
    top = [o.title for o in reader.outline if not isinstance(o, list)]
    assert top == ["Card reference", "Icons", "Components"]
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()


def test_deterministic(catalogue, written):
    for fmt in ("md", "html", "pdf"):
        assert render(build_appendix(catalogue), fmt) == written[fmt]


def test_a_pack_adds_a_section(catalogue, monkeypatch):
    from cardgen.docs.gather import default_sections

    pack = catalogue.pack
    extra = Section("house-rules", "House rules", (Paragraph((Segment("No {biting}."),)),))

    def sections(self, cat):  # as docs/packs.md says: the core's sections and one more
        return [*default_sections(cat.pack, cat), extra]

    monkeypatch.setattr(type(pack.docs), "appendix_sections", sections)
    appendix = build_appendix(catalogue)
    assert [s.id for s in appendix.sections][-1] == "house-rules"
    assert appendix.contents == ("card reference", "icons", "components", "house rules")
    md = render(appendix, "md").decode("utf-8")
    assert "- [House rules](#house-rules)" in md and "No {biting}." in md
    assert b"No {biting}." in render(appendix, "html")
    pdf = PdfReader(BytesIO(render(replace(appendix, sections=(extra,)), "pdf")))
    assert "No {biting}." in pdf.pages[1].extract_text()


def test_no_rulebook_unless_there_is_a_source(catalogue, tmp_path):
    from cardgen.build.pipeline import build
    from cardgen.docs import RulebookError

    assert not supports(catalogue.pack)["docs"]
    with pytest.raises(RulebookError, match="no rulebook source"):
        write_rulebook(catalogue, tmp_path / "none", ["md"])
    report = build(PLAIN, tmp_path / "kit", only=["appendix"])
    assert [r.step_id for r in report.results] == ["appendix/appendices"]
    assert sorted(p.name for p in (tmp_path / "kit" / "appendix").iterdir()) == [
        "appendix.html",
        "appendix.md",
        "appendix.pdf",
    ]
    assert not (tmp_path / "kit" / "rulebook").exists()


def test_a_rulebook_beside_the_catalogue(tmp_path):
    from cardgen.build.pipeline import build

    cards = tmp_path / "cards"
    shutil.copytree(PLAIN, cards)
    (cards / "rulebook.md").write_text(
        "# {{ rules.game }}\n\nA brawl for {{ 2 | words }} to four.\n\n"
        "## Winning\n\nThe first to 5 {star} wins.\n",
        encoding="utf-8",
    )
    report = build(cards, tmp_path / "kit", only=["appendix"])
    assert [r.step_id for r in report.results] == ["appendix/appendices", "appendix/rulebook"]
    md = (tmp_path / "kit" / "rulebook" / "rulebook.md").read_text(encoding="utf-8")
    assert md.startswith("# Tavern Brawl\n\nA brawl for two to four.")
    assert "The first to 5 [star] wins." in md and "rulebook appendices" in md
    reader = PdfReader(tmp_path / "kit" / "rulebook" / "rulebook.pdf")
    assert "Tavern Brawl" in reader.pages[0].extract_text()
    html = (tmp_path / "kit" / "rulebook" / "rulebook.html").read_text(encoding="utf-8")
    ET.fromstring(html)
    assert 'id="rules-winning"' in html and "Rulebook</p>" in html
