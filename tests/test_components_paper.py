"""`--paper letter`: the boards and the scoreboard come on Tabloid (11 × 17 in) and tiled over
Letter, never on A3; the player boards keep card-size slots."""

from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest
from conftest import CARDS, FIXTURES

from cardgen.build.pipeline import build
from cardgen.packs.attack_right.components.kit import (
    card_size,
    fit_to_sheet,
    player_board_items,
    scoreboard_items,
    write_player_boards,
    write_scoreboard,
)
from cardgen.packs.attack_right.components.player_board import board_geometry
from cardgen.packs.attack_right.components.style import load_layout
from cardgen.packs.attack_right.model import load_rules_model
from cardgen.packs.attack_right.pack import PACK
from cardgen.render.units import to_mm

PT = 72 / 25.4
SHEETS = {"a3": (297.0, 420.0), "tabloid": (279.4, 431.8), "letter": (215.9, 279.4)}


def _sizes(path) -> set[tuple[float, float]]:
    pdf = pdfium.PdfDocument(path)
    return {tuple(sorted(round(v / PT, 1) for v in pdf[i].get_size())) for i in range(len(pdf))}


@pytest.mark.parametrize(("paper", "large"), [("letter", "tabloid"), ("a4", "a3")])
def test_the_boards_fit_the_large_sheet_of_the_kit_paper(paper, large):
    rules, layout = load_rules_model(CARDS / "rules.yaml"), load_layout()
    card = card_size(PACK)
    fitted = fit_to_sheet(layout, paper, rules, card)
    w, h = SHEETS[large]
    margin = layout.pages.a3_item_margin
    for item in player_board_items(rules, fitted, card) + scoreboard_items(rules, fitted, card):
        short, long = sorted((to_mm(item.width), to_mm(item.height)))
        assert short <= w - 2 * margin + 1e-6 and long <= h - 2 * margin + 1e-6, item.title
    g = board_geometry(rules, fitted, card)
    assert {(round(s.rect.w, 3), round(s.rect.h, 3)) for s in g.slots} == {
        (card.w, card.h)
    }  # a card still fits every slot


def test_letter_boards_are_printed_on_tabloid_and_letter_only(tmp_path):
    rules, layout = load_rules_model(CARDS / "rules.yaml"), load_layout()
    for paper in ("tabloid", "letter"):
        boards = write_player_boards(PACK, tmp_path / f"b-{paper}.pdf", rules, layout, paper)
        score = write_scoreboard(PACK, tmp_path / f"s-{paper}.pdf", rules, layout, paper)
        assert boards.pages >= rules.components.player_boards and score.pages >= 1
        for path in (tmp_path / f"b-{paper}.pdf", tmp_path / f"s-{paper}.pdf"):
            assert _sizes(path) == {SHEETS[paper]}


def test_a_letter_build_makes_no_a3(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    report = build(cards, tmp_path / "kit", paper="letter", only=["components"], jobs=1)
    files = sorted(str(p) for p in report.written if str(p).endswith(".pdf"))
    assert "components/player-boards-tabloid.pdf" in files
    assert "components/scoreboard-tabloid.pdf" in files
    assert not [f for f in files if "a3" in f or "a4" in f]
    for f in files:
        sizes = _sizes(tmp_path / "kit" / f)
        assert sizes <= {SHEETS["tabloid"], SHEETS["letter"]}, (f, sizes)
