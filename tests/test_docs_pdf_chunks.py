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


def _plain_chunk(name: str) -> pdf_chunks.Chunk:
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    style = getSampleStyleSheet()["BodyText"]
    key = pdf_chunks.chunk_key("context", "test", "page", name)
    return pdf_chunks.Chunk(name, "page", lambda: [Paragraph(f"Chunk {name}.", style)], key)


def test_a_chunk_another_process_is_drawing_is_read_back_once_it_is_done(
    tmp_path, drawn, monkeypatch
):
    """The appendix's and the rulebook's workers share the appendix sections: a chunk whose
    lock another process holds is left for last, then read back, never drawn twice."""
    import threading
    import time

    from cardgen.docs.pdf import page_template
    from cardgen.util.locks import exclusive_lock
    from cardgen.util.store import Store

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    layout = pdf_chunks.Layout(lambda: [page_template()], (), "T", "S", "C", "Helvetica")
    first, second = _plain_chunk("first"), _plain_chunk("second")
    store = Store(pdf_chunks.KIND)
    assert store.folder is not None and first.key is not None
    theirs = pdf_chunks._draw(first, layout)  # what the other process draws
    drawn.clear()
    got: dict[str, list[pdf_chunks.Drawn]] = {}

    def mine() -> None:
        got["drawn"] = pdf_chunks.draw_chunks([first, second], layout)

    with exclusive_lock(pdf_chunks.chunk_lock(store.folder, first.key)):  # it is drawing
        worker = threading.Thread(target=mine)
        worker.start()
        deadline = time.monotonic() + 30
        while drawn != ["second"] and time.monotonic() < deadline:
            time.sleep(0.01)
        assert drawn == ["second"]  # the free chunk first
        store.put(first.key, theirs.to_entry())  # done: kept
    worker.join(30)
    assert drawn == ["second"]  # the first read back, not drawn again
    assert [d.pdf for d in got["drawn"]] == [theirs.pdf, pdf_chunks._draw(second, layout).pdf]


@pytest.mark.slow
def test_the_rules_are_drawn_again_only_when_a_figure_changes(tmp_path, drawn, monkeypatch):
    """Attack Right's rules place figures of real cards: in a build, a card edit no figure
    shows keeps the rules' chunk, an edit of a card a figure shows draws it again (the same
    bytes as drawing everything afresh)."""
    from cardgen.build.pipeline import build
    from cardgen.build.products import rulebook_source

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder, out = tmp_path / "cards", tmp_path / "out"
    shutil.copytree(Path(__file__).parent.parent / "cards", folder)

    def edit(deck: str, old: str, new: str) -> None:
        path = folder / f"{deck}.yaml"
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1
        path.write_text(text.replace(old, new), encoding="utf-8")

    build(folder, out, only=["appendix"], jobs=1)
    edit("age", "name: Greybeard Spearman\n", "name: Greybeard Pikeman\n")  # in no figure
    drawn.clear()
    build(folder, out, only=["appendix"], jobs=1)
    assert "rules" not in drawn and "sections cards" in drawn
    edit("battle", "name: Warlord of the Red Cliffs\n", "name: Warlord of the Cliffs\n")
    drawn.clear()
    build(folder, out, only=["appendix"], jobs=1)  # the anatomy of cards shows the Warlord
    assert "rules" in drawn
    edited = (out / "rulebook" / "rulebook.pdf").read_bytes()
    catalogue = load_catalogue(folder)
    source = rulebook_source(catalogue.pack, catalogue.root)
    rulebook = build_rulebook(catalogue.rules, source, catalogue)
    assert render_rulebook(rulebook, build_appendix(catalogue), "pdf") == edited  # afresh
