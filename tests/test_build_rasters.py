"""The build's card images: each design drawn once, straight at the TTS sheets' card size; the
full-size images only for a print service's files, which leave the sheets as they are."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from conftest import FIXTURES
from PIL import Image

from cardgen.build.pipeline import build
from cardgen.build.products import RASTER_FOLDER
from cardgen.build.steps import PRIVATE_DIR
from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import Renderer
from cardgen.render.products import raster, raster_worker
from cardgen.render.products.tts import tts_decks

FIXTURE = FIXTURES / "render" / "cards"


@pytest.fixture
def cards(tmp_path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "cards")
    return tmp_path / "cards"


def _record(monkeypatch) -> dict[str, list]:
    """The pages PDFium draws in this process: at full size, and straight at a cell's size."""
    drawn: dict[str, list] = {"full": [], "cell": []}
    pixels, trim_pixels = raster_worker.pixels, raster_worker.trim_pixels

    def full(doc, index, size):
        drawn["full"].append(size)
        return pixels(doc, index, size)

    def cell(doc, index, size, bleed_pt):
        drawn["cell"].append(size)
        return trim_pixels(doc, index, size, bleed_pt)

    monkeypatch.setattr(raster_worker, "pixels", full)
    monkeypatch.setattr(raster_worker, "trim_pixels", cell)
    return drawn


def _sheet_cells(kit: Path, cat) -> dict[str, Image.Image]:
    """Each card's picture cut from its TTS sheet."""
    ctx = Renderer(cat).context()
    saved = json.loads(next((kit / "cards" / "tts").glob("*.json")).read_text())
    ((sheet_id, entry),) = saved["ObjectStates"][0]["CustomDeck"].items()
    cells = {}
    for deck in tts_decks(ctx, None):
        for sheet in deck.sheets:
            with Image.open(kit / "cards" / "tts" / sheet.file) as im:
                whole = im.convert("RGB")
            w, h = whole.width // sheet.cols, whole.height // sheet.rows
            for i, card in enumerate(sheet.cards):
                r, c = divmod(i, sheet.cols)
                cells.setdefault(card.id, whole.crop((c * w, r * h, (c + 1) * w, (r + 1) * h)))
    assert sheet_id and entry["NumWidth"]
    return cells


def test_the_home_kit_draws_each_design_once_at_the_sheets_card_size(cards, tmp_path, monkeypatch):
    drawn = _record(monkeypatch)
    cat = load_catalogue(cards)
    build(cards, tmp_path / "kit", only=["cards"], jobs=1)
    stored = list((tmp_path / "kit" / PRIVATE_DIR / RASTER_FOLDER).glob("*.cell.png"))
    assert drawn["full"] == []  # no 300 dpi image: no product of the home kit needs one
    # every distinct design once (an unmarked back is one design in every pile)
    assert len(drawn["cell"]) == len(stored) <= len(raster.sprites(Renderer(cat).context()))
    assert len(set(drawn["cell"])) == 1
    assert not (tmp_path / "kit" / "cards" / "png").exists()
    # the sheets paste the cells as drawn: the card's picture on its sheet is that size
    (size,) = set(drawn["cell"])
    assert {im.size for im in _sheet_cells(tmp_path / "kit", cat).values()} == {size}


def test_a_cell_is_the_cards_trim_as_the_print_image_shows_it(cards, tmp_path):
    """Drawn straight at the cell's size, the card lines up with its 300 dpi print image
    scaled down: the bleed is cut off, nothing shifted or stretched."""
    cat = load_catalogue(cards)
    build(cards, tmp_path / "kit", only=["cards"], jobs=1)
    cells = _sheet_cells(tmp_path / "kit", cat)
    ctx = Renderer(cat).context()
    plan = raster.plan(ctx, full_size=True)
    items = [s for s in raster.sprites(ctx) if s.card is not None][:3]
    doc = raster_worker.open_pdf(raster.raster_pdf(ctx, items))
    try:
        for i, item in enumerate(items):
            full = raster_worker.pixels(doc, i, plan.size)
            cell = cells[item.card.id]
            b = plan.bleed_px
            box = (b, b, full.width - b, full.height - b)
            scaled = full.resize(cell.size, Image.Resampling.LANCZOS, box=box)
            diff = np.abs(np.asarray(cell, float) - np.asarray(scaled, float))
            assert diff.mean() < 4, (item.card.id, diff.mean())  # anti-aliasing apart
            # a cell one pixel off (or with a sliver of bleed) is far from it
            shifted = full.resize(cell.size, Image.Resampling.LANCZOS, box=(0, 0, *full.size))
            assert np.abs(np.asarray(cell, float) - np.asarray(shifted, float)).mean() > diff.mean()
    finally:
        doc.close()


def test_a_print_service_adds_full_size_images_and_keeps_the_sheets(cards, tmp_path, monkeypatch):
    build(cards, tmp_path / "home", only=["cards"], jobs=1)
    drawn = _record(monkeypatch)
    build(cards, tmp_path / "tgc", only=["cards"], service="tgc", jobs=1)
    assert drawn["full"] and set(drawn["full"]) == {(825, 1125)}
    faces = sorted((tmp_path / "tgc" / "cards" / "tgc").glob("*/faces/*.png"))
    with Image.open(faces[0]) as im:
        assert im.size == (825, 1125)
    for sheet in (tmp_path / "home" / "cards" / "tts").iterdir():
        assert (tmp_path / "tgc" / "cards" / "tts" / sheet.name).read_bytes() == sheet.read_bytes()
