"""The appendix's attack odds and clarifications, the rules reference, and the printed cards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2
import pytest
from rampage_invariants import CARDS, CAT, ROOT
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.pack import get_pack
from cardgen.packs.castle_rampage.docs import clarifications, rules_reference
from cardgen.packs.castle_rampage.model import Settings


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    """The catalogue with a quick odds configuration: exact, then simulated strengths."""
    dest = tmp_path_factory.mktemp("rampage") / "cards"
    shutil.copytree(CARDS, dest)
    rules = dest / "rules.yaml"
    text = rules.read_text().replace("exact_limit: 60000", "exact_limit: 1000")
    text = text.replace("samples: 10000", "samples: 400\n  strengths: [2, 3, 9]")
    rules.write_text(text)
    return dest


def run(*args):
    res = CliRunner().invoke(app, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res


def test_appendix_has_the_odds_table_and_charts(small, tmp_path):
    run("appendix", small, "--format", "md", "--format", "html", "-o", tmp_path / "a")
    run("appendix", small, "--format", "md", "-o", tmp_path / "b")
    md = (tmp_path / "a" / "appendix.md").read_text()
    assert md == (tmp_path / "b" / "appendix.md").read_text()  # seeded: the same bytes
    odds = md[md.index("## Attack odds") : md.index("## Clarifications")]
    assert "| Strength | Break the Gate | Take the last Castle card |" in odds
    assert "| **2** | \\<0.01% | 0% | 0.44 | exact (79 states) |" in odds
    assert "| **3** | 0.14% | 0% | 0.76 | exact (579 states) |" in odds
    assert "| **9** | 17.5% (14.1%–21.5%) | 0% (0%–0.95%) |" in odds  # simulated: intervals
    assert "simulated (400 deals)" in odds
    assert "**Chance to break the Gate, to win (%)**" in odds
    assert "### Which cards stop attacks" in odds and "| **Wall** | 6 | 3 | 5 |" in odds
    assert "### R1. Where a defending card that holds goes back" in md
    assert "Setting:" not in md and "(now `attacked_structure`)" not in md  # the designer's
    html = (tmp_path / "a" / "appendix.html").read_text()
    assert html.count("<svg") >= 4 and 'id="odds-1-shares"' in html


def test_rules_reference_is_up_to_date():
    shipped = (ROOT / "docs" / "castle-rampage-rules-reference.md").read_text()
    assert shipped == rules_reference("Castle Rampage")


def test_every_setting_has_its_clarification():
    settings = {f"settings.{name}" for name in Settings.model_fields}
    referenced = {c.setting for c in clarifications() if c.setting}
    assert settings == referenced
    assert len({c.id for c in clarifications()}) == len(clarifications()) == 18


def test_one_back_per_pile_hides_the_deck():
    pack = get_pack("castle-rampage")
    backs = {pack.print.back_of(c) for c in CAT if c.pile == "deck"}
    assert len(backs) == 1  # a Gate or Castle card's back never tells which card it is
    assert pack.print.back_of(CAT.card("attack-aid")) not in backs


def test_printed_faces_show_both_defences_and_mark_purple(tmp_path):
    run("render", CARDS, "-p", "print", "-o", tmp_path)
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    assert {p.stem for p in pdfs} == {"deck", "deck-backs", "aid", "aid-backs"}
    deck = next(p for p in pdfs if p.stem == "deck")
    doc = pypdfium2.PdfDocument(deck)
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    faces = [t for t in texts if "GATE" in t]
    assert len(faces) >= 31 and all("CASTLE" in t for t in faces)
    purple = [t for t in faces if "PURPLE · acts when destroyed" in t]
    assert len(purple) == 12  # the 4 purple designs, 3 copies each


def test_the_118_card_deck_is_one_tts_deck_over_two_sheets(tmp_path):
    run("render", CARDS, "-p", "tts", "-o", tmp_path)
    tts = tmp_path / "cards" / "tts"  # render writes where build does
    saved = json.loads((tts / "castle-rampage.json").read_text())
    decks = {o["Nickname"]: o for o in saved["ObjectStates"]}
    assert len(decks["Deck"]["DeckIDs"]) == 118 and len(decks["Deck"]["CustomDeck"]) == 2
    assert len(decks["Player aids"]["DeckIDs"]) == 2
    assert {p.name for p in tts.glob("*.png")} == {
        "deck.png",
        "deck.2.png",
        "deck-back.png",
        "aid.png",
        "aid-back.png",
    }


def test_rulebook_takes_its_numbers_from_rules_yaml(small, tmp_path):
    mine = shutil.copytree(small, tmp_path / "cards")
    rules = mine / "rules.yaml"
    rules.write_text(rules.read_text().replace("setup: {gate: 4,", "setup: {gate: 3,"))
    run("appendix", mine, "--rulebook", "--format", "md", "-o", tmp_path / "out")
    text = " ".join((tmp_path / "out" / "rulebook.md").read_text().split())
    assert "- 118 deck cards" in text
    assert "Each player deals 3 cards face down as their Gate and 4 cards" in text
    assert "## Attack odds" in text  # the appendices follow


SEED = Path("/work/shared/seeds/001_7748ccba636ab93e.txt")


def _plain(text: str) -> str:
    """Whitespace collapsed, typographic quotes made plain (the seed mixes both)."""
    return " ".join(text.translate(str.maketrans("’“”", '\'""')).split())


@pytest.mark.skipif(not SEED.exists(), reason="the seed is in the lab's shared folder")
def test_every_reading_quotes_the_seed():
    seed = _plain(SEED.read_text(encoding="utf-8"))
    for c in clarifications():
        for piece in c.passage.split("..."):
            quote = _plain(piece).rstrip(".").strip()
            assert quote in seed, f"{c.id} misquotes the seed: {quote!r}"


def test_the_aid_titles_across_the_card_and_its_foot_has_no_empty_part():
    """The aid has no attack badge: its title spans the card; a foot lists only what it has."""
    from cardgen.packs.castle_rampage.fields import prototype_line
    from cardgen.render.theme import Theme

    cat = CAT
    aid, horseman = cat.card("attack-aid"), cat.card("horseman")
    assert prototype_line(aid, cat.rules) == f"attack-aid · ×{aid.copies}"
    assert prototype_line(horseman, cat.rules).endswith(" · PLACEHOLDER VALUES")
    face = Theme.of(cat).layout.face
    assert tuple(face["aid_name"].box) == (3.5, 3.5, 56.5, 9.0)
    assert face["name"].when == "is_deck" and face["name_panel"].when == "is_deck"


def test_a_card_without_rules_text_has_no_empty_text_panel(tmp_path):
    """An empty rules box is not drawn (Castle Rampage's non-purple cards had one)."""
    from PIL import Image

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.api import Renderer, RenderOptions

    cat = load_catalogue(CARDS)
    Renderer(cat).render(tmp_path, RenderOptions(products=("png",), jobs=1))
    paper = (0xFB, 0xF7, 0xEE)  # the panel's fill (layout.yaml colours.paper)
    bleed = 3.175
    # inside the panel's left edge, short of the text's padding (1.5 mm)
    x, y = (bleed + 3.5 + 0.8) / 25.4 * 300, (bleed + 44.5 + 20.5 / 2) / 25.4 * 300
    for card_id, panel in (("militia", False), ("veteran", True)):
        with Image.open(tmp_path / "png" / "deck" / f"{card_id}.png") as im:
            got = im.convert("RGB").getpixel((round(x), round(y)))
        assert (got == paper) is panel, (card_id, got)
