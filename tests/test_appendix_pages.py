"""The seed games' appendices read as a player reads them: no raw field notation (a card's
placeholders are field names, not ``name=""`` cells) and no page left blank (a heading whose
table moved to the next page)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs.gather import build_appendix
from cardgen.docs.writer import write_appendix

GAMES = Path(__file__).resolve().parents[1] / "games"
#: a page holding no more lines than this besides its running header and page number (a
#: lone heading and its introduction) is blank to a reader
BLANK = 2


@pytest.mark.parametrize("game", ["greedy-kingdoms", "castle-rampage"])
def test_no_raw_placeholders_and_no_blank_page(tmp_path, game):
    cat = load_catalogue(GAMES / game / "cards")
    written = write_appendix(build_appendix(cat), tmp_path, ["pdf", "md"])
    md = next(p for p in written if p.suffix == ".md").read_text(encoding="utf-8")
    assert '=""' not in md
    drafts = [c for c in cat if getattr(c, "placeholders", None)]
    assert drafts, "the game has cards with placeholder values"
    assert "Placeholders" not in md  # the designer's (validate's I001), not the players'
    pdf = next(p for p in written if p.suffix == ".pdf")
    doc = pdfium.PdfDocument(pdf)
    try:
        pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
    running = f"{cat.rules.game}: rulebook appendices"
    lines = [
        [
            ln
            for ln in page.splitlines()
            if ln.strip() and running not in ln and ln.strip() != str(k)
        ]
        for k, page in enumerate(pages, 1)
    ]
    assert [k for k, page in enumerate(lines, 1) if len(page) <= BLANK] == []
