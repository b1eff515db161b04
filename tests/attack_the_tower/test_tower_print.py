"""Attack the Tower's print kit: cards with a back per pile, the board on A3 and tiled, the
counters, and the manifest checked against the seed's component list."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from cardgen.build import build
from cardgen.catalogue.loader import load_catalogue
from cardgen.components.draw import card_layout
from cardgen.pack import get_pack
from cardgen.packs.attack_the_tower.components import board_size, load_style, palace_size
from tests.attack_the_tower.tower_paths import TOWER_CARDS


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("tower-kit")
    build(TOWER_CARDS, out, paper="a4", jobs=1)
    return out


def test_manifest_matches_the_seeds_component_list(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    rows = {c["component"]: c for c in manifest["components"]}
    assert {k: r["rulebook"] for k, r in rows.items()} == {"cards": 50, "counters": 9, "board": 1}
    assert all(r["ok"] for r in rows.values())
    assert rows["board"]["variants"] == {"a3": 1, "tiled-a4": 1}


def test_the_kit_says_to_print_two_armies(kit):
    """ "EACH PLAYER MUST HAVE HIS OWN ARMY": the kit is one army, its manifest and guide say to
    print it twice."""
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["sets"]["count"] == 2
    assert "EACH PLAYER MUST HAVE HIS OWN ARMY" in manifest["sets"]["why"]
    guide = (kit / "README.md").read_text()
    assert "**Print this kit twice**" in guide and "per set" in guide


def test_a_back_per_pile_and_its_cards(kit):
    # the home kit's images: a Tabletop Simulator sheet and back per pile (the 300 dpi PNGs
    # per card are a print service's files, `--service tgc|mpc`)
    tts = kit / "cards" / "tts"
    assert sorted(p.name for p in tts.glob("*-back.png")) == ["ability-back.png", "base-back.png"]
    manifest = json.loads((kit / "manifest.json").read_text())
    sheets = {f["path"]: set(f["cards"]) for f in manifest["files"] if f["variant"] == "tts"}
    assert {"blacksmith", "volley"} <= sheets["cards/tts/ability.png"]
    assert "workshop" in sheets["cards/tts/base.png"]


def test_board_and_counters_pages(kit):
    comps = kit / "components"
    board = pdfium.PdfDocument(comps / "board-a3.pdf")
    assert len(board) == 2  # the territories, the palace and piles
    territories = board[0].get_textpage().get_text_range()
    assert territories.count("base slot") == 9 and territories.count("Territory") == 3
    palace = board[1].get_textpage().get_text_range()
    assert palace.count("discards") == 2 and palace.count("draw pile") == 2
    assert "PALACE" in palace
    assert len(pdfium.PdfDocument(comps / "board-tiled-a4.pdf")) >= 2
    counters = pdfium.PdfDocument(comps / "counters-a4.pdf")
    assert len(counters) == 2  # fronts and mirrored backs
    text = counters[0].get_textpage().get_text_range()
    assert text.count("1\r\ntroop") >= 9 and "1\r\ntroops" not in text  # "1 troop"
    assert counters[1].get_textpage().get_text_range().count("2\r\ntroops") >= 9


def test_board_on_tabloid_and_tiled_over_letter(tmp_path):
    from cardgen.packs.attack_the_tower.components import write_board

    rules = load_catalogue(TOWER_CARDS).rules
    pack = get_pack("attack-the-tower")
    assert write_board(pack, tmp_path / "t.pdf", rules, "tabloid").pages == 2
    assert write_board(pack, tmp_path / "l.pdf", rules, "letter").pages >= 2


@pytest.mark.parametrize("paper", [(297, 420), (279.4, 431.8)], ids=["a3", "tabloid"])
def test_board_parts_hold_cards_upright_and_fit_the_large_sheet(paper):
    rules = load_catalogue(TOWER_CARDS).rules
    style = load_style()
    card = card_layout(get_pack("attack-the-tower")).card
    width, height, sw, sh = board_size(rules, style, card)
    assert sw >= card.width and sh >= card.height and sh > sw  # base cards stand upright
    margin = 2 * style.pages.a3_item_margin
    for w, h in [(width, height), palace_size(style, card)]:
        assert min(w, h) <= min(paper) - margin and max(w, h) <= max(paper) - margin
    assert get_pack("attack-the-tower").components.counts(load_catalogue(TOWER_CARDS)) == {
        "cards": 50,
        "counters": 9,
        "board": 1,
    }
