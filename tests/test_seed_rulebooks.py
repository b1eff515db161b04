"""Every seed game's kit has a rulebook players read at the table: typeset from its pack's
``rulebook.md``, its numbers and readings from the rules model, its figures the real cards."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs.rulebook import RulebookError, build_rulebook, default_source
from cardgen.docs.writer import write_rulebook

GAMES = Path(__file__).resolve().parents[1] / "games"

#: what each rulebook must say with the shipped rules.yaml
SAYS = {
    "authority": (
        "The Royal Soldiers: 36 units",
        "every player's starting units",
        "Each Monarch starts with 40 HP",
        "Shuffle your starting units: 3 × Squire, 3 × Man-at-arms, 2 × Knight.",
        "The first player draws three units, the others four.",
        "row 1 holds three, row 2 holds two, row 3 holds one",
        "turn six of them face up",
        "A bought place stays empty until this step.",
        "An attack meets the outermost row with a defender first",
        "is lost: it never carries to the next row",
        "is forgotten at the end of the turn",
    ),
    "attack-the-tower": (
        "each player needs their own army",
        "Draw 5 cards, one at a time, each from the pile you choose",
        "as often as you like",
        "Every base has power 4",
        "It has power 10",
        "Workshop recruits Catapults (siege weapon), power 4, artillery.",
        "Shooting Range recruits Crossbowmen (shooter), power 1, initiative.",
        "they attack the palace at once",
    ),
    "greedy-kingdoms": (
        "the first to build two Royal Palaces wins",
        "16 Ordinary Workers (white) and 8 Special Workers (yellow), numbered 1 to 8",
        "48 Resource chips, 12 of each",
        "A Royal Palace costs 4 {honor} and 1 {land}.",
        "draw from the Upgrade Deck until four Upgrades lie face up",
        "return two chips of any kinds",
        "chooses three of their Characters",
        "the Attacker first, then the Defender, who does not see the Attacker's",
        "take what is left",
    ),
}

#: rules.yaml edits (old, new) and what the rulebook then says, and no longer says
CHANGES = {
    "authority": (
        [
            ("monarch_hp: 40", "monarch_hp: 30"),
            ("  leftover_to_monarch: false", "  leftover_to_monarch: true"),
            ("  mode: free_for_all", "  mode: 2v2"),
            ("  attack_order: outermost", "  attack_order: innermost"),
        ],
        [
            "Each Monarch starts with 30 HP",
            "goes on to the Monarch",
            "A game for four players in two teams.",
            "the team with a Monarch standing wins together",
            "2 VS. 2",
            "closest row with a defender first",
        ],
        ["is lost: it never carries to the next row", "each for themselves"],
    ),
    "attack-the-tower": (
        [
            ("base_power: 4 ", "base_power: 5 "),
            ("  reshuffle_discards: true", "  reshuffle_discards: false\n  max_burns: 2"),
            ("  initiative_simultaneous: true", "  initiative_simultaneous: false"),
            ("  attacks_per_territory: 1", "  attacks_per_territory: 2"),
        ],
        [
            "Every base has power 5",
            "takes 5 damage",
            "it stays empty: you can no longer draw from it",
            "at most 2 times",
            "are made by the attacking player first",
            "may attack two times this turn",
        ],
        ["as often as you like", "Every base has power 4"],
    ),
    "greedy-kingdoms": (
        [
            ("palaces_to_win: 2", "palaces_to_win: 3"),
            ("promotion_cost: 2", "promotion_cost: 3"),
            ("  defender_reveals_after: false", "  defender_reveals_after: true"),
            ("  supply_shortfall: partial", "  supply_shortfall: nothing"),
        ],
        [
            "the first to build three Royal Palaces wins",
            "places their 3rd Royal Palace",
            "return three chips of any kinds",
            "the Defender after seeing the Attacker's",
            "you take none of that kind",
        ],
        ["who does not see the Attacker's", "take what is left"],
    ),
}

#: words the figures print (the cards as the kit draws them)
FIGURE_WORDS = {
    "authority": ("Squire", "Man-at-arms", "Kingsguard"),
    "attack-the-tower": ("Recruits Catapults", "Special troop · power 1"),
    "greedy-kingdoms": ("Cook", "Knight", "ORDINARY WORKER"),
}


def _text(cards: Path) -> str:
    """The rulebook's rendered markdown (icons as their ``{token}``), without bold marks."""
    cat = load_catalogue(cards)
    return " ".join(build_rulebook(cat.rules, catalogue=cat).markdown.replace("**", "").split())


@pytest.mark.parametrize("game", sorted(SAYS))
def test_the_pack_has_a_rulebook_with_the_rules_models_numbers(game):
    cards = GAMES / game / "cards"
    assert default_source(load_catalogue(cards).rules).is_file()
    text = _text(cards)
    assert [w for w in SAYS[game] if w not in text] == []


@pytest.mark.parametrize("game", sorted(CHANGES))
def test_numbers_and_readings_follow_rules_yaml(tmp_path, game):
    cards = shutil.copytree(GAMES / game / "cards", tmp_path / "cards")
    edits, says, gone = CHANGES[game]
    rules = cards / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    rules.write_text(text, encoding="utf-8")
    changed = _text(cards)
    assert [w for w in says if w not in changed] == []
    assert [w for w in gone if w in changed] == []


@pytest.mark.parametrize("game", sorted(FIGURE_WORDS))
def test_the_kit_rulebook_draws_real_cards(tmp_path, game):
    cat = load_catalogue(GAMES / game / "cards")
    (pdf,) = write_rulebook(cat, tmp_path, ["pdf"])
    doc = pdfium.PdfDocument(pdf)
    try:
        text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    assert [w for w in FIGURE_WORDS[game] if w not in text] == []
    rules = text[: text.index("Card reference")]  # the appendices explain the {tokens}
    assert "{" not in rules  # every icon token drawn, none printed raw


def test_an_unknown_card_in_a_figure_is_named(tmp_path):
    cards = shutil.copytree(GAMES / "attack-the-tower" / "cards", tmp_path / "cards")
    source = tmp_path / "rulebook.md"
    source.write_text("# T\n\n![x](figure:cards-workshop+catapult)\n", encoding="utf-8")
    cat = load_catalogue(cards)
    with pytest.raises(RulebookError, match=r"no card 'catapult' in the catalogue.*cards-ID"):
        write_rulebook(cat, tmp_path / "out", ["pdf"], source)
