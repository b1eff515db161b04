"""The catalogue: schema, checks, placeholder notes and the printed text of effects."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from rampage_invariants import CARDS
from typer.testing import CliRunner

from cardgen.catalogue.validate import validate
from cardgen.cli import app
from cardgen.diagnostics import Severity
from cardgen.packs.castle_rampage.text import card_text


@pytest.fixture
def copy(tmp_path) -> Path:
    dest = tmp_path / "cards"
    shutil.copytree(CARDS, dest)
    return dest


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_catalogue_is_valid_and_lists_its_placeholders():
    result = validate(CARDS, use_cache=False)
    assert result.ok and not result.errors and not result.warnings
    notes = [d for d in result.diagnostics if d.code == "I001"]
    assert all(d.severity is Severity.INFO for d in notes)
    marked = sorted(c.id for c in result.catalogue if c.placeholders)
    assert sorted(d.card for d in notes if d.card) == marked and len(marked) == 31
    ogre = next(d for d in notes if d.card == "ogre")
    # the Ogre's Castle defence 6 is the seed's: not a placeholder
    assert (
        "attack = 7" in ogre.message
        and "effects.0 = {'kind': 'weaken', 'amount': 3}" in ogre.message
    )
    assert "castle" not in ogre.message
    assert ogre.position.file.endswith("purple.yaml") and ogre.position.line > 0
    (colours,) = [d for d in notes if d.card is None]  # rules.yaml: the colours but purple
    assert (
        "colours.3 = {'id': 'grey'" in colours.message
        and "purple" not in colours.message.split("(")[0]
    )


def test_validate_cli_reports_notes_without_failing_even_strict():
    res = run("validate", CARDS, "--strict")
    assert res.exit_code == 0
    assert "info I001 [giant] placeholder values" in res.output
    assert "0 error(s), 0 warning(s), 32 info" in res.output
    doc = json.loads(run("validate", CARDS, "--format", "json").output)
    assert doc["valid"] and doc["summary"] == {"errors": 0, "warnings": 0, "info": 32}
    assert {d["severity"] for d in doc["info"]} == {"info"}


def _edits(folder: Path, *edits: tuple[str, str, str]) -> None:
    """Replace text in the catalogue's files: (file, old, new) each."""
    for name, old, new in edits:
        path = folder / name
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))


def test_purple_and_effect_checks_name_file_line_and_card(copy):
    _edits(
        copy,
        ("purple.yaml", "effects: [{kind: end_attack}]", "effects: []"),
        ("grey.yaml", "name: Cook,", "name: Cook, effects: [{kind: weaken, amount: 1}],"),
        ("blue.yaml", "name: Wall,", "name: Wall, effects: [{kind: targets_castle}],"),
    )
    res = run("validate", copy)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "purple.yaml:" in res.output and "E281" in res.output and "[bomber]" in res.output
    assert "grey.yaml:" in res.output and "E282" in res.output and "[cook]" in res.output
    assert "E284" in res.output and "[wall]" in res.output


def test_schema_errors_are_diagnostics(copy):
    _edits(
        copy,
        ("purple.yaml", "{kind: end_attack}", "{kind: explode}"),
        ("red.yaml", "name: Militia, colour: red,", "name: Militia, colour: pink,"),
        ("grey.yaml", "attack: 3, gate: 2, castle: 2,", "attack: 3, gate: 2,"),
    )
    res = run("validate", copy)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "explode" in res.output and "pink" in res.output
    assert "[squire]" in res.output and "castle" in res.output


def test_deck_size_and_placeholder_consistency(copy):
    _edits(
        copy,
        ("grey.yaml", "copies: 7", "copies: 8"),
        (
            "blue.yaml",
            "castle: 3,\n     placeholders: [gate,",
            "castle: 3,\n     placeholders: [atack, gate,",
        ),
    )
    res = run("validate", copy)
    assert "W281" in res.output and "add up to 119" in res.output
    assert "E116" in res.output and "'atack' names no value" in res.output


def test_effects_print_their_words():
    cards = validate(CARDS, use_cache=False).catalogue
    assert (
        card_text(cards.card("spy"))
        == "{destroyed} The next card below it in the same structure is destroyed too."
    )
    assert card_text(cards.card("saboteur")) == "{destroyed} The attack loses 2 more strength."
    assert "Castle, even if the Gate has cards" in card_text(cards.card("digger"))
    assert "back into your hand" in card_text(cards.card("veteran"))
    assert card_text(cards.card("militia")) == ""


def test_too_few_deck_cards_for_the_set_up(copy):
    _edits(
        copy,
        (
            "rules.yaml",
            "setup: {gate: 4, castle: 4, hand: 2, draw: 1}",
            "setup: {gate: 20, castle: 20, hand: 20, draw: 1}",
        ),
    )
    res = run("validate", copy)
    assert res.exit_code == 1 and "E283" in res.output and "the set-up deals 120" in res.output
    assert "rules.yaml" in res.output
