"""`cardgen build --service`: the kit holds the print service's files, counted in the manifest."""

from __future__ import annotations

import json
import shutil

import pikepdf
from conftest import FIXTURES

from cardgen.build.pipeline import build
from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import RenderOptions


def test_a_dtc_build_adds_a_pdfx_per_deck_to_the_kit(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    cat = load_catalogue(cards)
    report = build(cards, tmp_path / "kit", only=["cards"], service="dtc", jobs=1)
    decks = {
        cat.pack.print.printed_back(c, cat.rules).slug for c in cat
    }  # a pile's cards, one back
    written = {str(p) for p in report.written}
    assert {f"cards/dtc/{deck}.pdf" for deck in decks} <= written
    assert {f"cards/dtc/{deck}.csv" for deck in decks} <= written
    with pikepdf.open(tmp_path / "kit" / "cards" / "dtc" / f"{sorted(decks)[0]}.pdf") as pdf:
        assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2001"
    manifest = json.loads((tmp_path / "kit" / "manifest.json").read_text())
    (cards_check,) = [c for c in manifest["components"] if c["component"] == "cards"]
    assert cards_check["variants"]["dtc"] == cat.count()  # every physical card, once
    assert "DriveThruCards" in (tmp_path / "kit" / "README.md").read_text()
    again = build(cards, tmp_path / "kit", only=["cards"], service="dtc", jobs=1)
    assert not again.written  # nothing changed: nothing rewritten


def test_a_tgc_build_counts_each_face_by_its_quantity(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    cat = load_catalogue(cards)
    build(cards, tmp_path / "kit", only=["cards"], service="tgc", jobs=1)
    manifest = json.loads((tmp_path / "kit" / "manifest.json").read_text())
    (cards_check,) = [c for c in manifest["components"] if c["component"] == "cards"]
    assert cards_check["variants"]["tgc"] == cat.count()
    faces = sorted((tmp_path / "kit" / "cards" / "tgc").glob("*/faces/*.png"))
    assert len(faces) == len(cat.cards)


def test_the_home_kit_has_both_papers_and_tts_addresses_from_a_base(tmp_path):
    """docs/print-services.md lists pnp-a4.pdf and pnp-letter.pdf; --tts-url names where the
    Tabletop Simulator images are."""
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    options = RenderOptions(tts_url="https://example.org/g/")  # `build --tts-url` gives it
    build(cards, tmp_path / "kit", only=["cards"], jobs=1, card_options=options)
    kit = tmp_path / "kit" / "cards"
    assert (kit / "pnp-a4.pdf").is_file() and (kit / "pnp-letter.pdf").is_file()
    guide = (tmp_path / "kit" / "README.md").read_text()
    assert "pnp-a4.pdf" in guide and "pnp-letter.pdf" in guide
    (saved,) = (kit / "tts").glob("*.json")
    decks = json.loads(saved.read_text())["ObjectStates"]
    urls = [
        u for d in decks for s in d["CustomDeck"].values() for u in (s["FaceURL"], s["BackURL"])
    ]
    assert urls and all(u.startswith("https://example.org/g/") for u in urls)
    assert all((kit / "tts" / u.rsplit("/", 1)[1]).is_file() for u in urls)
