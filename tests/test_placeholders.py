"""Placeholders marked in the data are listed by `validate` as information (I001), never as a
problem; a placeholder path that names nothing is an error (E116)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.catalogue.validate import validate
from cardgen.cli import app

STARTER = Path(__file__).parents[1] / "cardgen" / "packs" / "plain" / "starter"

SQUIRE = "    copies: 3\n"


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(STARTER, root)
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_list_of_fields_is_listed_with_the_values(cards):
    heroes = cards / "heroes.yaml"
    _edit(heroes, SQUIRE, SQUIRE + "    placeholders: [cost, stats.attack]\n")
    result = validate(cards, use_cache=False)
    assert result.ok and not result.errors and not result.warnings
    (note,) = result.notes
    assert note.code == "I001" and note.card == "squire"
    assert "cost = 2" in note.message and "stats.attack = 1" in note.message
    assert note.position.file.endswith("heroes.yaml")
    assert note.position.line == _line(heroes, "placeholders:")


def test_reasons_are_shown_and_rules_values_can_be_marked(cards):
    _edit(
        cards / "market.yaml",
        "cost: 3, text",
        'cost: 3, placeholders: {cost: "the rulebook prices no Lantern"}, text',
    )
    game = "game: My Card Game\n"
    _edit(cards / "rules.yaml", game, game + "placeholders: [types]\n")
    notes = {d.card: d for d in validate(cards, use_cache=False).notes}
    assert "cost = 3 (cost: the rulebook prices no Lantern)" in notes["lantern"].message
    assert "types = ['hero', 'ware', 'event']" in notes[None].message
    assert notes[None].position.file.endswith("rules.yaml")


@pytest.mark.parametrize("path", ["cots", "stats.atack", "stats.attack.x", "placeholders"])
def test_a_path_that_names_nothing_is_an_error(cards, path):
    heroes = cards / "heroes.yaml"
    _edit(heroes, SQUIRE, SQUIRE + f"    placeholders: [cost, {path}]\n")
    result = validate(cards, use_cache=False)
    assert not result.ok
    (err,) = result.errors
    assert err.code == "E116" and err.card == "squire" and repr(path) in err.message
    assert err.position.line == _line(heroes, "placeholders:")


def test_cli_lists_notes_without_failing_even_strict(cards):
    _edit(cards / "heroes.yaml", SQUIRE, SQUIRE + "    placeholders: [cost]\n")
    runner = CliRunner()
    res = runner.invoke(app, ["validate", str(cards), "--strict", "--no-cache"])
    assert res.exit_code == 0, res.output
    assert "info I001" in res.output and "1 info" in res.output
    res = runner.invoke(app, ["validate", str(cards), "--format", "json", "--no-cache"])
    doc = json.loads(res.output)
    assert doc["summary"] == {"errors": 0, "warnings": 0, "info": 1}
    assert doc["info"][0]["code"] == "I001"
    res = runner.invoke(app, ["validate", str(cards), "--format", "github", "--no-cache"])
    assert res.output.startswith("::notice file=")


def test_no_placeholders_no_notes_and_json_unchanged(cards):
    result = validate(cards, use_cache=False)
    assert result.notes == []
    res = CliRunner().invoke(app, ["validate", str(cards), "--format", "json", "--no-cache"])
    assert "info" not in json.loads(res.output)


def test_a_pack_model_that_keeps_a_plain_list_is_read_too():
    """A pack may declare ``placeholders`` itself as a list of paths: listed the same way."""
    from pydantic import BaseModel

    from cardgen.catalogue.placeholders import _notes
    from cardgen.diagnostics import Position

    class Card(BaseModel):
        name: str
        power: int
        placeholders: list[str]

    at = Position("x.yaml", 3)
    card = Card(name="Farm", power=2, placeholders=["power", "powr"])
    err, note = _notes(card, at, "farm", lambda p: at, "card")
    assert err.code == "E116" and "'powr'" in err.message
    assert note.code == "I001" and "power = 2" in note.message


def test_models_in_a_list_show_as_plain_data():
    from pydantic import BaseModel

    from cardgen.catalogue.placeholders import _notes
    from cardgen.diagnostics import Position

    class Effect(BaseModel):
        kind: str
        amount: int = 1

    class Card(BaseModel):
        effects: list[Effect]
        placeholders: list[str]

    at = Position("x.yaml", 3)
    card = Card(effects=[Effect(kind="gain", amount=2)], placeholders=["effects"])
    (note,) = _notes(card, at, "farm", lambda p: at, "card")
    assert "effects = [{'kind': 'gain', 'amount': 2}]" in note.message
