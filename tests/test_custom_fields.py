"""A game's own card fields (issue 30): declared in rules.yaml, validated at their line, read by
layouts, exported and imported; a sheet's new columns become fields of their inferred type."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES

from cardgen.catalogue.custom_fields import FieldDef, infer_field, with_fields
from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.checks import standard

PLAIN = FIXTURES / "plain"
FIELDS = """
fields:
  suit: {type: choice, choices: [moon, sun], required: true}
  rank: whole number
  weight: {type: number, min: 0, max: 9.5}
  band: {type: colour, default: "#445566"}
  mark: icon
  tags: list
  motto: text
"""


def _game(tmp_path: Path, cards: str, fields: str = FIELDS) -> Path:
    root = tmp_path / "cards"
    root.mkdir()
    rules = (PLAIN / "rules.yaml").read_text() + fields
    (root / "rules.yaml").write_text(rules)
    (root / "deck.yaml").write_text(cards)
    return root


def _codes(root: Path) -> list[tuple[str, int | None, str]]:
    result = validate(root, extra_checks=standard(), use_cache=False)
    return [(d.code, d.position.line, f"{d.message} ({d.hint})") for d in result.diagnostics]


GOOD = """back: market
cards:
  - {id: one, name: One, suit: moon, rank: 3, weight: 2.5, mark: coin, tags: [a, b], motto: Hi}
  - {id: two, name: Two, suit: sun}
"""


def test_declared_fields_are_card_fields_with_defaults(tmp_path):
    cat = load_catalogue(_game(tmp_path, GOOD), use_cache=False)
    one, two = cat.card("one"), cat.card("two")
    assert (one.suit, one.rank, one.weight, one.tags, one.band) == (
        "moon",
        3,
        2.5,
        ["a", "b"],
        "#445566",
    )
    assert (two.suit, two.rank, two.mark, two.band) == ("sun", None, None, "#445566")


@pytest.mark.parametrize(
    ("card", "code", "words"),
    [
        ("{id: bad, name: Bad, suit: star}", "E104", "moon, sun"),  # not one of the choices
        ("{id: bad, name: Bad}", "E103", "suit"),  # required
        ("{id: bad, name: Bad, suit: moon, rank: two}", "E102", "integer"),
        ("{id: bad, name: Bad, suit: moon, weight: 10}", "E109", "more than 9.5"),
        ('{id: bad, name: Bad, suit: moon, band: "red"}', "E109", "pattern"),
        ("{id: bad, name: Bad, suit: moon, mark: moon}", "E104", "icons/moon.svg"),
        ("{id: bad, name: Bad, suit: moon, sute: moon}", "E101", "suit"),  # a typo is no field
    ],
)
def test_a_bad_value_is_reported_at_its_card_line(tmp_path, card, code, words):
    root = _game(tmp_path, f"back: market\ncards:\n  - {GOOD.splitlines()[2][4:]}\n  - {card}\n")
    found = [(c, line, msg) for c, line, msg in _codes(root) if c.startswith("E")]
    assert found, found
    c, line, msg = found[0]
    assert c == code and line == 4, found
    assert words in msg, found


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ("fields:\n  text: text\n", "already a card field"),
        ("fields:\n  suit: {type: choice}\n", "lists its `choices`"),
        ("fields:\n  rank: {type: whole number, required: true, default: 1}\n", "no default"),
        ("fields:\n  rank: {type: whole number, default: x}\n", "default"),
        ("fields:\n  rank: integer\n", "whole number"),
        ("fields:\n  Rank: text\n", "pattern"),
    ],
)
def test_a_bad_declaration_is_reported_at_its_rules_line(tmp_path, fields, words):
    root = _game(tmp_path, "back: market\ncards:\n  - {id: one, name: One}\n", "\n" + fields)
    found = _codes(root)
    rules_lines = len((PLAIN / "rules.yaml").read_text().splitlines())
    assert found and found[0][0].startswith("E"), found
    assert found[0][1] in (rules_lines + 2, rules_lines + 3), found  # the declaration's line
    assert words in found[0][2], found


def test_layouts_read_declared_fields(tmp_path):
    root = _game(tmp_path, GOOD)
    layout = yaml.safe_load((Path("cardgen/packs/plain/layout.yaml")).read_text())
    layout["face"]["rank"] = {
        "kind": "text",
        "box": [5, 20, 20, 6],
        "text": "{rank} of {suit}",
        "when": {"field": "suit", "equals": "moon"},
    }
    (root / "layout.yaml").write_text(yaml.safe_dump(layout, sort_keys=False))
    assert [c for c, *_ in _codes(root) if c.startswith("E")] == []
    layout["face"]["rank"]["text"] = "{rnak}"
    (root / "layout.yaml").write_text(yaml.safe_dump(layout, sort_keys=False))
    problems = [m for c, _, m in _codes(root) if c == "E104"]
    assert problems and "rnak" in problems[0]


def test_a_card_file_without_a_back_gets_the_first_back(tmp_path):
    root = _game(tmp_path, "cards:\n  - {id: one, name: One, suit: moon}\n")
    first = yaml.safe_load((root / "rules.yaml").read_text())["backs"][0]["id"]
    assert load_catalogue(root, use_cache=False).card("one").back == first


@pytest.mark.parametrize(
    ("cells", "summary"),
    [
        (["1", "2", "", "13"], "whole number"),
        (["1", "2.5"], "number"),
        (["#112233", "#AABBCC"], "colour"),
        (["moon", "sun", "moon", "star"], "choice: moon, sun, star"),
        (["moon", "sun", "star"], "text"),  # no value repeats: not a choice
        (["A long sentence.", "A long sentence."], "text"),
        (["yes", "no", "yes"], "text"),
    ],
)
def test_infer_field(cells, summary):
    assert infer_field(cells).summary() == summary


def test_with_fields_adds_to_an_existing_block_and_keeps_comments():
    text = "pack: plain  # mine\nfields:\n    # my fields\n    suit: text\ngame: G\n"
    out = with_fields(text, {"rank": FieldDef(type="whole number")}, "new")
    assert out == (
        "pack: plain  # mine\nfields:\n    # my fields\n    suit: text\n    # new\n"
        "    rank: whole number\ngame: G\n"
    )
    assert with_fields("fields: {suit: text}\n", {"rank": FieldDef(type="text")}, "n") is None
    assert yaml.safe_load(with_fields("pack: plain\n", {"r": FieldDef(type="text")}, "n")) == {
        "pack": "plain",
        "fields": {"r": "text"},
    }


SHEET = """id,name,suit,rank,text,flavour,copies
moon-1,Moon One,moon,1,Lead any card.,,1
moon-2,Moon Two,moon,2,,Quiet night.,1
sun-1,Sun One,sun,1,Win ties.,,2
sun-2,Sun Two,sun,12,,,1
"""


def test_import_adds_new_columns_as_fields_and_says_so(runner, app, tmp_path):
    game = tmp_path / "game"
    assert runner.invoke(app, ["new", str(game), "-q"]).exit_code == 0
    sheet = tmp_path / "cards.csv"
    sheet.write_text(SHEET)
    cards = game / "cards"
    res = runner.invoke(app, ["import", str(sheet), "--to", str(cards), "--force"])
    assert res.exit_code == 0, res.output
    assert "new field 'suit' (choice: moon, sun)" in res.output
    assert "new field 'rank' (whole number)" in res.output
    rules = yaml.safe_load((cards / "rules.yaml").read_text())
    assert rules["fields"] == {
        "suit": {"type": "choice", "choices": ["moon", "sun"]},
        "rank": "whole number",
    }
    assert "# The rules model of your game" in (cards / "rules.yaml").read_text()  # kept
    cat = load_catalogue(cards, use_cache=False)
    assert [(c.suit, c.rank) for c in cat] == [("moon", 1), ("moon", 2), ("sun", 1), ("sun", 12)]
    before = {p.name: p.read_bytes() for p in cards.iterdir() if p.is_file()}
    again = runner.invoke(app, ["import", str(sheet), "--to", str(cards), "--force"])
    assert again.exit_code == 0 and "new field" not in again.output
    assert {p.name: p.read_bytes() for p in cards.iterdir() if p.is_file()} == before
    out = tmp_path / "back.csv"
    assert runner.invoke(app, ["export", str(cards), "-o", str(out)]).exit_code == 0
    header = out.read_text().splitlines()[0].split(",")
    assert header[-2:] == ["suit", "rank"]


def test_a_column_that_is_a_near_miss_of_a_field_stays_an_error(runner, app, tmp_path):
    game = tmp_path / "game"
    runner.invoke(app, ["new", str(game), "-q"])
    sheet = tmp_path / "cards.csv"
    sheet.write_text("id,name,coppies\nx-1,X,2\n")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(game / "cards"), "--force"])
    assert res.exit_code == 1 and "E111" in res.output and "did you mean 'copies'" in res.output
    assert "fields" not in yaml.safe_load((game / "cards" / "rules.yaml").read_text())


def test_fields_of_another_pack(tmp_path):
    """Any pack's catalogue may declare fields (Attack the Tower's)."""
    root = tmp_path / "tower"
    shutil.copytree(Path(__file__).parents[1] / "games" / "attack-the-tower" / "cards", root)
    with (root / "rules.yaml").open("a") as f:
        f.write("fields:\n  artist: text\n")
    deck = root / "bases.yaml"
    deck.write_text(deck.read_text().replace("\n  - id: ", "\n  - artist: Ann\n    id: ", 1))
    assert [c for c, *_ in _codes(root) if c.startswith("E")] == []
    cat = load_catalogue(root, use_cache=False)
    assert [c.artist for c in cat if c.artist] == ["Ann"]
