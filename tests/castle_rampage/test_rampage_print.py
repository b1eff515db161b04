"""Castle Rampage's mats: every place the seed's attack and the turn (readings R14-R16) use, in
the kit's manifest and build, the same bytes every build."""

from __future__ import annotations

import json

import pypdfium2
from conftest import pdf_texts
from rampage_invariants import CARDS, CAT

from cardgen.build.pipeline import build
from cardgen.catalogue.components_file import kit_counts


def _kit(out):
    report = build(CARDS, out, only=["components"])
    manifest = json.loads((out / "manifest.json").read_text())
    return report, {f["path"]: f for f in manifest["files"]}


def test_the_kit_has_a_mat_per_player_and_one_for_the_deck_and_discard_pile(tmp_path):
    """Each player builds a Gate and a Castle (seed: "the opposing Gate", "revealing cards from
    the Castle"); everyone draws from one deck (R15: a draw at the start of each turn) and
    destroyed cards go to the discard pile: a mat for each player's two structures, and one
    between them for the deck and the discard pile, counted in the manifest."""
    assert kit_counts(CAT) == {"cards": CAT.count(), "player-mat": 2, "deck-mat": 1}
    report, files = _kit(tmp_path / "kit")
    assert all(c.found == {"a4": c.expected} for c in report.checks)
    assert {c.component for c in report.checks} == {"player-mat", "deck-mat"}
    players = files["components/player-mat-a4.pdf"]
    assert players["pages"] == 2 and players["contains"] == {"player-mat": 2}
    for page in pdf_texts(tmp_path / "kit" / players["path"]):
        words = " ".join(page.split())
        for area in ("Gate · face down", "Castle · face down", "Your opponent sits on this side"):
            assert area in words
        assert "reveals your Gate's top card first; with the Gate empty, your Castle's" in words
        assert "Your last Castle card destroyed: you lose" in words
    deck = files["components/deck-mat-a4.pdf"]
    assert deck["pages"] == 1 and deck["contains"] == {"deck-mat": 1}
    (page,) = pdf_texts(tmp_path / "kit" / deck["path"])
    words = " ".join(page.split())
    for area in ("Deck · face down", "Discard pile", "Start of your turn: draw from the deck"):
        assert area in words
    assert "attack with one card from your hand" in words and "the game is a draw" in words


def test_the_gate_lies_between_the_castle_and_the_opponent(tmp_path):
    """An attack meets the Gate first: on the mat, the Gate is on the opponent's side, above
    the Castle, each label inside its own card-sized place."""
    _kit(tmp_path / "kit")
    pdf = pypdfium2.PdfDocument(tmp_path / "kit" / "components" / "player-mat-a4.pdf")
    tp = pdf[0].get_textpage()
    text = tp.get_text_range()
    opponent, gate, castle = (
        tp.get_charbox(text.index(w)) for w in ("Your opponent", "Gate · face", "Castle · face")
    )
    pdf.close()
    assert opponent[1] > gate[3] > castle[3]
    assert gate[1] - castle[3] > 200  # a poker card's height (252 pt) apart, less the label


def test_the_mats_are_the_same_bytes_every_build(tmp_path):
    _kit(tmp_path / "a")
    _kit(tmp_path / "b")
    for name in ("player-mat-a4.pdf", "deck-mat-a4.pdf"):
        first = (tmp_path / "a" / "components" / name).read_bytes()
        assert (tmp_path / "b" / "components" / name).read_bytes() == first
