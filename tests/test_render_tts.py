"""Tabletop Simulator: sheets at the largest card size within TTS's limits, and a saved object
the game loads (a Deck per pile and back, its CustomDeck sheets, card ids and image addresses)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import CARDS, FIXTURES
from PIL import Image

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import Renderer, RenderOptions
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.products.tts import master_cell, saved_object, sheet_layout, tts_decks
from cardgen.render.theme import Theme

SETTINGS = load_product_settings()
POKER_CELL = (750, 1050)


@pytest.mark.parametrize("n", range(1, 71))
def test_each_sheet_takes_the_grid_with_the_largest_cards(n):
    s = SETTINGS.tts
    cols, rows, w, h = sheet_layout(n, s, POKER_CELL)
    assert cols * rows >= n and cols <= s.max_cols and rows <= s.max_rows
    assert cols * w <= s.max_side and rows * h <= s.max_side
    assert w <= POKER_CELL[0] and h == min(math.floor(w * 1.4), s.max_side // rows)
    for c in range(1, s.max_cols + 1):  # no grid holds these cards larger
        r = math.ceil(n / c)
        if r <= s.max_rows:
            assert min(s.max_side // c, math.floor(s.max_side / r / 1.4), 750) <= w


@pytest.mark.parametrize("game", ["games/castle-rampage/cards", "games/authority/cards"])
def test_one_card_size_and_one_back_size_in_every_deck(game, tmp_path):
    """Castle Rampage's deck takes two sheets; Authority's decks have 4 to 12 designs: every
    sheet and every back of a game is one size (TTS scales a deck by its first sheet)."""
    cat = load_catalogue(Path(__file__).resolve().parents[1] / game)
    Renderer(cat).render(tmp_path, RenderOptions(products=("tts",)))
    saved = json.loads(next((tmp_path / "tts").glob("*.json")).read_text())
    sizes = set()
    for deck in saved["ObjectStates"]:
        for sheet in deck["CustomDeck"].values():
            with Image.open(tmp_path / "tts" / sheet["FaceURL"]) as face:
                w, h = face.size
                sizes.add((w // sheet["NumWidth"], h // sheet["NumHeight"]))
                assert w % sheet["NumWidth"] == 0 and h % sheet["NumHeight"] == 0
            with Image.open(tmp_path / "tts" / sheet["BackURL"]) as back:
                sizes.add(back.size)
    assert len(sizes) == 1, sizes
    if "castle" in game:
        assert max(len(d["CustomDeck"]) for d in saved["ObjectStates"]) == 2


def test_attack_right_cards_are_twice_as_wide_as_on_a_10x7_sheet():
    cat = load_catalogue(CARDS)
    ctx = RenderContext(cat, Theme.of(cat), SETTINGS)
    assert master_cell(ctx) == POKER_CELL
    decks = tts_decks(ctx)
    assert len(decks) == 8  # a deck per pile (battle deck …) and season
    for deck in decks:
        (sheet,) = deck.sheets
        assert len(sheet.cards) == 20 and (sheet.cols, sheet.rows) == (5, 4)
        assert sheet.cell == (731, 1023)  # 10 × 7 sheets gave 409 × 572


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("tts")
    cat = load_catalogue(FIXTURES / "render" / "cards")
    Renderer(cat).render(out, RenderOptions(products=("tts",)))
    return out, cat


def test_the_saved_object_holds_every_card_once_on_its_sheet(rendered):
    out, cat = rendered
    saved = json.loads((out / "tts" / "attack-right.json").read_text())
    assert {"SaveName", "ObjectStates"} <= set(saved) and saved["SaveName"] == "Attack Right"
    seen, guids = [], set()
    for deck in saved["ObjectStates"]:
        assert deck["Name"] == "Deck" and deck["Transform"]["rotZ"] == 180.0  # face down
        cards = deck["ContainedObjects"]
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        backs = {s["BackURL"] for s in deck["CustomDeck"].values()}
        assert len(backs) == 1  # one back per deck object
        for card in cards:
            assert card["Name"] == "Card" and card["Nickname"] == cat.card(card["Description"]).name
            sheet_id, slot = divmod(card["CardID"], 100)
            sheet = deck["CustomDeck"][str(sheet_id)]
            assert card["CustomDeck"] == {str(sheet_id): sheet}
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] and sheet["BackIsHidden"]
            seen.append(card["Description"])
            guids.add(card["GUID"])
        guids.add(deck["GUID"])
    assert sorted(seen) == sorted(c.id for c in cat for _ in range(c.copies))
    assert len(guids) == len(seen) + len(saved["ObjectStates"])


def test_the_addresses_are_file_names_or_where_they_were_uploaded(rendered, tmp_path):
    out, cat = rendered
    saved = json.loads((out / "tts" / "attack-right.json").read_text())
    urls = [
        u
        for d in saved["ObjectStates"]
        for s in d["CustomDeck"].values()
        for u in (s["FaceURL"], s["BackURL"])
    ]
    for url in urls:  # TTS finds a bare file name in its Mods/Images folder
        assert "/" not in url and (out / "tts" / url).is_file()
    options = RenderOptions(products=("tts",), tts_parts=("index",), tts_url="https://x.example/g/")
    Renderer(cat).render(tmp_path, options)
    moved = json.loads((tmp_path / "tts" / "attack-right.json").read_text())
    faces = [s["FaceURL"] for d in moved["ObjectStates"] for s in d["CustomDeck"].values()]
    assert faces == ["https://x.example/g/" + u for u in urls[::2]]


def test_decks_of_one_season_show_the_same_back_in_tts(rendered):
    out, cat = rendered
    saved = json.loads((out / "tts" / "attack-right.json").read_text())
    by_season: dict[str, set[bytes]] = {}
    for deck in saved["ObjectStates"]:
        season = cat.card(deck["ContainedObjects"][0]["Description"]).season
        (sheet,) = {s["BackURL"] for s in deck["CustomDeck"].values()}
        with Image.open(out / "tts" / sheet) as im:
            by_season.setdefault(season, set()).add(im.convert("RGB").tobytes())
    assert len(by_season) == 2 and all(len(v) == 1 for v in by_season.values())


def test_a_deck_larger_than_a_sheet_spreads_over_several(rendered):
    _, cat = rendered
    small = SETTINGS.model_copy(
        update={"tts": SETTINGS.tts.model_copy(update={"max_cols": 1, "max_rows": 1})}
    )
    ctx = RenderContext(cat, Theme.of(cat), small)
    deck = max(tts_decks(ctx), key=lambda d: sum(len(s.cards) for s in d.sheets))
    assert len(deck.sheets) > 1 and all(len(s.cards) == 1 for s in deck.sheets)
    assert deck.sheets[1].file.endswith(".2.png")
    obj = next(o for o in saved_object(ctx, "")["ObjectStates"] if o["Nickname"] == deck.name)
    assert len(obj["CustomDeck"]) == len(deck.sheets)
    assert len(obj["DeckIDs"]) == sum(len(s.cards) for s in deck.sheets)
