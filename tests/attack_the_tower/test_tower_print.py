"""Attack the Tower's print kit: cards with a back per pile, the board on A3 and tiled, the
counters, and the manifest checked against the seed's component list."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from cardgen.build import build
from cardgen.catalogue.loader import load_catalogue
from cardgen.pack import get_pack
from cardgen.packs.attack_the_tower.components import board_size, load_style
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


def test_a_back_per_pile_and_its_cards(kit):
    png = kit / "cards" / "png"
    assert sorted(p.name for p in png.iterdir()) == ["ability", "base"]
    assert (png / "ability" / "back-ability.png").is_file()
    assert (png / "base" / "back-base.png").is_file()
    assert {p.name for p in (png / "ability").iterdir()} >= {"blacksmith.png", "volley.png"}
    assert "workshop.png" in {p.name for p in (png / "base").iterdir()}


def test_board_and_counters_pages(kit):
    comps = kit / "components"
    assert len(pdfium.PdfDocument(comps / "board-a3.pdf")) == 1
    assert len(pdfium.PdfDocument(comps / "board-tiled-a4.pdf")) >= 2
    counters = pdfium.PdfDocument(comps / "counters-a4.pdf")
    assert len(counters) == 2  # fronts and mirrored backs
    text = counters[0].get_textpage().get_text_range()
    assert text.count("troops") >= 9


def test_board_holds_every_slot_and_fits_a3():
    rules = load_catalogue(TOWER_CARDS).rules
    width, height, sw, sh = board_size(rules, load_style())
    assert max(width, height) <= 420 - 16 and min(width, height) <= 297 - 16
    assert sw > sh  # base cards lie sideways in their slots
    assert get_pack("attack-the-tower").component_counts(load_catalogue(TOWER_CARDS)) == {
        "cards": 50,
        "counters": 9,
        "board": 1,
    }
