"""The rulebook's How to play, generated from a rules description: the game's structure in
players' words, the designer's own words where the rules are expressions, no engine word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs.rulebook import build_rulebook
from cardgen.engine.described import how_to_play_of
from tests.described.conftest import ROOT

STARTERS = ROOT / "cardgen/scaffold/starters"


def test_harbour_bid_s_how_to_play(described) -> None:
    cat, _ = described
    text = how_to_play_of(cat)
    assert text.startswith("## How to play\n\nHarbour Bid is a game for 2 players. Two merchants")
    assert "- Crew deck: 22 cards\n- Cargo deck: 11 cards\n" in text
    assert "- Each player's hand: seen only by its owner.\n" in text
    assert "- The crew deck: face down.\n" in text
    assert "All players choose at the same time" in text
    assert "- **bid a card from your hand**: its strength is the card's" in text
    assert "the player with the highest score wins. Players still tied share the win." in text


@pytest.mark.parametrize("starter", ["trick-taking", "drafting"])
def test_a_starter_s_rulebook_prints_it(starter: str) -> None:
    cards = STARTERS / starter / "cards"
    cat = load_catalogue(cards)
    rulebook = build_rulebook(cat.rules, cards / "rulebook.md", cat)
    heads = [b.text for b in rulebook.headings]
    assert heads[:3] == ["How to play", "Components", "Where the cards are"]
    assert heads[-1] == "Winning" and "Playing" in heads and "The end" in heads


@pytest.mark.parametrize("folder", ["trick-taking", "drafting"])
def test_no_expression_or_engine_word_reaches_the_page(folder: str) -> None:
    text = how_to_play_of(load_catalogue(STARTERS / folder / "cards"))
    for word in ("[s]", "[me]", "size(", "max_length", "round >", "evaluate", "P1", "none"):
        assert word not in text, word
    assert not re.search(r"\b(phase|movers|per_seat)\b", text)


def test_a_designer_s_words_are_escaped(described_dir: Path, tmp_path: Path) -> None:
    import shutil

    from tests.described.conftest import HARBOUR

    cards = tmp_path / "cards"
    shutil.copytree(described_dir, cards)
    text = (HARBOUR / "play.yaml").read_text("utf-8")
    old = "summary: Two merchants bid crew cards for the cargo in the dock."
    assert old in text
    text = text.replace(old, 'summary: "*Two* [merchants](x) <b>"')
    (cards / "play.yaml").write_text(text, "utf-8")
    out = how_to_play_of(load_catalogue(cards))
    assert r"\*Two\* \[merchants\]\(x\) \<b\>" in out


def test_a_game_without_described_rules_has_none() -> None:
    assert how_to_play_of(load_catalogue(ROOT / "cardgen/packs/harbour_bid/cards")) == ""
