"""The PDF documents drawn in chunks: kept chunks give the bytes drawing them gives, a changed
card draws again only the chunks that show it, and the joined document keeps one copy of each
font, every link and the outline."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pikepdf
import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, build_rulebook, pdf_chunks, render, render_rulebook

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"
RULEBOOK = "# A game\n\nWhat it is.\n\n## Setting up\n\nDeal.\n\n## Playing\n\nPlay them.\n"


def _documents(folder: Path, source: Path) -> tuple[bytes, bytes]:
    catalogue = load_catalogue(folder)
    appendix = build_appendix(catalogue)
    rulebook = build_rulebook(catalogue.rules, source)
    return render(appendix, "pdf"), render_rulebook(rulebook, appendix, "pdf")


@pytest.fixture
def game(tmp_path, monkeypatch) -> tuple[Path, Path]:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "cards"
    shutil.copytree(FIXTURE, folder)
    source = tmp_path / "rulebook.md"
    source.write_text(RULEBOOK, encoding="utf-8")
    return folder, source


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The names of the chunks drawn (not read back)."""
    names: list[str] = []
    draw = pdf_chunks._draw

    def counted(chunk, layout):
        names.append(chunk.name)
        return draw(chunk, layout)

    monkeypatch.setattr(pdf_chunks, "_draw", counted)
    return names


def test_kept_chunks_give_the_bytes_of_drawn_ones(game, drawn):
    fresh = _documents(*game)  # outside `kept`: every chunk drawn
    assert "rules" in drawn and "cover" in drawn and "front" in drawn
    drawn.clear()
    with pdf_chunks.kept("context"):
        assert _documents(*game) == fresh  # drawn, and kept
        assert drawn
        drawn.clear()
        assert _documents(*game) == fresh  # read back
    assert drawn == []
    with pdf_chunks.kept("another context"):  # e.g. the code or the fonts changed
        assert _documents(*game) == fresh
    assert drawn


def test_a_changed_card_draws_only_the_chunks_that_show_it(game, drawn):
    folder, source = game
    with pdf_chunks.kept("context"):
        _documents(folder, source)
        battle = folder / "1-battle.yaml"
        battle.write_text(battle.read_text().replace("Chop, chop.", "Chop, chop, chop."))
        drawn.clear()
        edited = _documents(folder, source)
    # the card reference of both documents; not the rules, the indexes, the glossary …
    assert sorted(drawn) == ["sections cards"] * 2
    drawn.clear()
    assert _documents(folder, source) == edited  # the same as drawing everything afresh
    assert len(drawn) > 6


def test_the_joined_document_keeps_fonts_links_and_outline(game):
    appendix, rulebook = _documents(*game)
    for data, first in ((appendix, "Card reference"), (rulebook, "Setting up")):
        pdf = pikepdf.open(io.BytesIO(data))
        pages = {p.objgen: i for i, p in enumerate(pdf.pages)}
        fonts = {
            (str(f.BaseFont), f.objgen)
            for p in pdf.pages
            for f in p.Resources.get("/Font", {}).values()
        }
        names = [name for name, _ in fonts]
        assert len(names) == len(set(names))  # one copy of each font (subset) the chunks use
        links = [a.Dest for p in pdf.pages for a in p.get("/Annots", ()) if "/Dest" in a]
        assert links and all(d[0].objgen in pages and float(d[2]) >= 0 for d in links)
        with pdf.open_outline() as outline:
            titles = [item.title for item in outline.root]
        assert titles[0] == first
        assert all(item.destination is not None for item in outline.root)


@pytest.mark.slow
def test_the_rulebook_reads_back_the_appendix_sections_the_appendix_drew(
    tmp_path, drawn, monkeypatch
):
    """Attack Right's rulebook labels some pictured icons differently (its web page's alt
    texts): the PDF draws pictures, not labels, so its appendix sections are the appendix's."""
    from cardgen.build.products import rulebook_source

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    catalogue = load_catalogue(Path(__file__).parent.parent / "cards")
    appendix = build_appendix(catalogue)
    source = rulebook_source(catalogue.pack, catalogue.root)
    rulebook = build_rulebook(catalogue.rules, source, catalogue)
    assert any(appendix.icon_labels.get(k) != v for k, v in rulebook.icon_labels.items())
    with pdf_chunks.kept("context"):
        render(appendix, "pdf")
        sections = [name for name in drawn if name.startswith("sections ")]
        assert len(sections) > 2
        drawn.clear()
        render_rulebook(rulebook, appendix, "pdf")
    # its rules, its cover, and the first section, which follows the appendices' heading
    assert sorted(drawn) == sorted(["rules", "cover", sections[0]])
