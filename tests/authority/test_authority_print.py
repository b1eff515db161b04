"""Authority's print: unit cards by faction (power, cost, abilities, faction mark), backs that
never tell a faction, the defence-row mats, the Monarch HP trackers and the market layout."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import pdf_text, pdf_texts

from cardgen.catalogue.backs import back_problems, face_down_groups
from cardgen.catalogue.loader import load_catalogue
from cardgen.cli import app
from cardgen.packs.authority.components import (
    write_defence_mats,
    write_hp_trackers,
    write_market_mat,
)
from cardgen.packs.authority.pack import PACK

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)


def test_cards_print_by_faction_with_power_cost_and_abilities(runner, tmp_path):
    r = runner.invoke(
        app, ["render", str(CARDS), "-p", "print", "-o", str(tmp_path), "--jobs", "1", "-q"]
    )
    assert r.exit_code == 0, r.output
    folder = tmp_path / "cards" / "print"  # render writes where build does
    assert sorted(p.name for p in folder.glob("*.pdf") if "backs" not in p.name) == sorted(
        f"{f}.pdf" for f in CAT.rules.faction_ids
    )
    hooded = " ".join(pdf_text(folder / "hooded-brothers.pdf").split())
    assert "Discard: deal 5 damage to an enemy Monarch, past its defence." in hooded  # Assassin
    assert "placeholder: power, cost" in hooded
    ox = " ".join(pdf_text(folder / "golden-ox.pdf").split())
    assert "gain 2X" in ox  # the Golden Sentinel's row multiplier
    royal = pdf_texts(folder / "royal.pdf")
    assert any("Squire" in page for page in royal)
    backs = {p.name: pdf_texts(p) for p in folder.glob("*-backs.pdf")}
    assert len(backs) == 5
    for pages in backs.values():  # hidden information: a back tells no faction
        for page in pages:
            assert not any(f.name in page for f in CAT.rules.factions)
    first = {tuple(pages[:1]) for pages in backs.values()}
    assert len(first) == 1


def test_components_hold_the_kit(tmp_path):
    rules = CAT.rules
    mats = write_defence_mats(tmp_path / "mats.pdf", rules, "a3")
    assert mats.pages == 4 and mats.contains == {"defence_mats": 4}
    text = pdf_text(tmp_path / "mats.pdf")
    for row in ("Row 3", "Row 2", "Row 1", "Row 0", "Kingsguard", "Your Monarch"):
        assert row in text
    tiled = write_defence_mats(tmp_path / "mats-a4.pdf", rules, "a4")
    assert tiled.pages > 4
    hp = write_hp_trackers(tmp_path / "hp.pdf", rules, "a4")
    assert hp.contains == {"hp_trackers": 4}
    page = pdf_texts(tmp_path / "hp.pdf")[0]
    assert page.count("Monarch HP") == 4 and "40" in page
    market = write_market_mat(tmp_path / "market.pdf", rules, "a3")
    text = pdf_text(tmp_path / "market.pdf")
    assert market.pages == 1 and "Marketplace 6" in text and "Market deck" in text
    assert PACK.components.counts(CAT) == {
        "cards": 140,
        "defence_mats": 4,
        "hp_trackers": 4,
        "market_mats": 1,
    }


def test_components_are_byte_identical(tmp_path):
    for write, paper in ((write_hp_trackers, "letter"), (write_defence_mats, "a3")):
        a = write(tmp_path / "a.pdf", CAT.rules, paper).path.read_bytes()
        assert write(tmp_path / "b.pdf", CAT.rules, paper).path.read_bytes() == a


def test_every_unit_is_one_face_down_group_and_marked_backs_are_flagged(tmp_path):
    """A player's deck mixes Royal and recruited units and the market deck mixes the factions,
    so every unit prints the one unmarked back; faction-marked backs are an option validate
    flags (W410)."""
    groups = face_down_groups(CAT)
    assert list(groups) == ["unit"] and len(groups["unit"]) == len(CAT.cards)
    assert {PACK.print.printed_back(c, CAT.rules).key for c in CAT} == {"unit"}
    assert back_problems(CAT) == []
    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards)
    rules = cards / "rules.yaml"
    rules.write_text(rules.read_text() + "printing: {backs: marked}\n")
    marked = load_catalogue(cards, use_cache=False)
    assert {PACK.print.printed_back(c, marked.rules).key for c in marked} == set(
        CAT.rules.faction_ids
    )
    (problem,) = back_problems(marked)
    assert problem.code == "W410" and "shows its pile" in problem.message


def test_each_defence_mat_has_a_general_zone_for_leaders_and_spies(tmp_path):
    """Leaders and spies sit in their owner's general zone (seed: "Leaders will be placed in
    general zone as soon as it is bought"; "A spy can only recruit or be placed in the general
    zone"): every player's mat has that area, beside the Kingsguard, within the mat."""
    import pypdfium2

    write_defence_mats(tmp_path / "mats.pdf", CAT.rules, "a3")
    pages = pdf_texts(tmp_path / "mats.pdf")
    assert all("General zone" in " ".join(p.split()) for p in pages)
    assert all("leaders and spies" in " ".join(p.split()) for p in pages)
    pdf = pypdfium2.PdfDocument(tmp_path / "mats.pdf")
    tp = pdf[0].get_textpage()
    text = tp.get_text_range()
    guard, zone = text.index("Kingsguard"), text.index("General zone")
    # on the Kingsguard's row, to its right
    g, z = tp.get_charbox(guard), tp.get_charbox(zone)
    assert abs((g[1] + g[3]) / 2 - (z[1] + z[3]) / 2) < 20 and z[0] > g[2]
    pdf.close()


def test_a_unit_without_abilities_has_no_empty_text_panel(tmp_path):
    """The Royal Soldiers have no abilities: no empty rules box is drawn on them."""
    from PIL import Image

    from cardgen.render.api import Renderer, RenderOptions

    Renderer(CAT).render(tmp_path, RenderOptions(products=("png",), jobs=1))
    bleed = 3.175
    x, y = (bleed + 3.3 + 56.9 / 2) / 25.4 * 300, (bleed + 55.0 + 25.0 / 2) / 25.4 * 300
    pixels = {}
    for card in (CAT.card("squire"), next(c for c in CAT.cards if c.abilities)):
        pile = PACK.print.back_of(card).pile
        with Image.open(tmp_path / "png" / pile / f"{card.id}.png") as im:
            pixels[bool(card.abilities)] = im.convert("RGB").getpixel((round(x), round(y)))
    assert pixels[False] != pixels[True]  # the panel's paper only where there is text


def test_each_defence_mat_has_a_draw_pile_and_a_discard_pile(tmp_path):
    """Every player draws from their own deck and discards to their own pile (seed: "the player
    draws 4 new units from his deck", "Recruited units are placed in your discard pile",
    "shuffle the discard pile to make a new draw pile"): each mat has both, filled card-sized
    places on either side of the top defence row, apart from its slot, on every page."""
    import pypdfium2

    write_defence_mats(tmp_path / "mats.pdf", CAT.rules, "a3")
    pages = [" ".join(p.split()) for p in pdf_texts(tmp_path / "mats.pdf")]
    assert len(pages) == 4
    for page in pages:
        assert f"Draw pile your deck, face down: draw {CAT.rules.hand_size}" in page
        assert "Discard pile spent and recruited units;" in page
        assert "shuffled into a new draw pile" in page
    pdf = pypdfium2.PdfDocument(tmp_path / "mats.pdf")
    tp = pdf[0].get_textpage()
    text = tp.get_text_range()

    def span(words: str) -> tuple[float, float]:  # the lowest and highest y of its characters
        first = text.index(words)
        boxes = [tp.get_charbox(i) for i in range(first, first + len(words))]
        return min(b[1] for b in boxes), max(b[3] for b in boxes)

    row3 = span("Row 3 · X = 3 · filled last")  # rotated beside the top row
    row2 = span("Row 2 · X = 2")
    draw, discard = tp.get_charbox(text.index("Draw pile")), tp.get_charbox(text.index("Discard"))
    pdf.close()
    for pile in (draw, discard):  # on the top row, above row 2
        assert row3[0] < (pile[1] + pile[3]) / 2 < row3[1] and pile[1] > row2[1]
    assert draw[2] < discard[0]  # the draw pile left, the discard pile right
