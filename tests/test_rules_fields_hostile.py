"""Hostile `fields:` of a designer's rules.yaml (issue 46 "Checks that cannot lie"): each is an
error at its line of rules.yaml with a non-zero exit, never a traceback, a hang or a pass
that the build then refuses; and a game at every limit of docs/cli.md "Limits" validates and
builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.util.limits import MAX_FIELD_CHOICES, MAX_FIELDS, MAX_LIST_ITEMS


@pytest.fixture(scope="module")
def plain_game(tmp_path_factory) -> Path:
    """A new plain game's cards folder (`cardgen new mine --game plain`), made once."""
    from typer.testing import CliRunner

    from cardgen.cli import app

    root = tmp_path_factory.mktemp("hostile") / "mine"
    res = CliRunner().invoke(app, ["new", str(root), "--game", "plain", "-q"])
    assert res.exit_code == 0, res.output
    return root / "cards"


def _words(n: int, stem: str = "w") -> str:
    return ", ".join(f"{stem}{i}" for i in range(n))


#: (id, the rules.yaml lines added after its own, the line of the error, words of its message)
CASES = [
    ("nan-min", "  rank: {type: number, min: .nan}", "not nan"),
    ("inf-max", "  rank: {type: number, max: .inf}", "not inf"),
    ("minus-inf-min", "  rank: {type: number, min: -.inf}", "not -inf"),
    ("inf-min-whole", "  rank: {type: whole number, min: .inf}", "not inf"),
    ("huge-max", "  rank: {type: number, max: 1.0e+300}", "between -1e+12 and 1e+12"),
    ("string-min", "  rank: {type: whole number, min: '5'}", "a bound is a number, not '5'"),
    ("bool-min", "  rank: {type: whole number, min: true}", "a bound is a number, not True"),
    ("fraction-min-whole", "  rank: {type: whole number, min: 1.5}", "a whole number, not 1.5"),
    ("string-required", "  rank: {type: whole number, required: 'yes'}", "valid boolean"),
    ("empty-choice", "  suit: {type: choice, choices: ['', moon]}", "at least 1 character"),
    ("blank-choice", "  suit: {type: choice, choices: ['  ', moon]}", "only whitespace"),
    ("brace-choice", "  suit: {type: choice, choices: ['{x}', moon]}", "no braces"),
    ("closing-brace-choice", "  suit: {type: choice, choices: ['a}', moon]}", "no braces"),
    ("newline-choice", '  suit: {type: choice, choices: ["a\\nb", moon]}', "line breaks"),
    ("long-choice", f"  suit: {{type: choice, choices: [{'a' * 41}]}}", "at most 40"),
    ("number-choice", "  suit: {type: choice, choices: [1, 2]}", "valid string"),
    pytest.param(
        "many-choices",
        f"  suit: {{type: choice, choices: [{_words(100_000, 'c')}]}}",
        f"at most {MAX_FIELD_CHOICES} items",
        marks=pytest.mark.slow,
    ),
    ("named-fields", "  fields: text", "'fields' is a reserved word"),
    ("named-cards", "  cards: text", "'cards' is a reserved word"),
    ("named-file", "  file: text", "'file' is a reserved word"),
    ("named-like-the-pack", "  cost: text", "already a card field"),
    pytest.param(
        "list-default-100000",
        f"  tags: {{type: list, default: [{_words(100_000)}]}}",
        f"at most {MAX_LIST_ITEMS} items",
        marks=pytest.mark.slow,
    ),
    (
        "list-default-past-limit",
        f"  tags: {{type: list, default: [{_words(MAX_LIST_ITEMS + 1)}]}}",
        f"at most {MAX_LIST_ITEMS} items",
    ),
    ("icon-default-without-file", "  mark: {type: icon, default: moon}", "unknown icon 'moon'"),
    ("default-out-of-range", "  rank: {type: whole number, max: 5, default: 9}", "default 9"),
]


def _rules(plain_game: Path, extra: str) -> str:
    return (plain_game / "rules.yaml").read_text() + "fields:\n" + extra + "\n"


def _case(case) -> Any:
    """A case as a parameter: its rules.yaml lines and words, its id, its marks."""
    values = case.values if hasattr(case, "values") else case
    marks = getattr(case, "marks", ())
    return pytest.param(*values[1:], id=values[0], marks=marks)


@pytest.mark.parametrize(("extra", "words"), [_case(c) for c in CASES])
def test_a_hostile_field_is_an_error_at_its_line(runner, app, plain_game, tmp_path, extra, words):
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in plain_game.iterdir():
        if f.is_file():
            (cards / f.name).write_bytes(f.read_bytes())
    (cards / "icons").mkdir()
    text = _rules(plain_game, extra)
    (cards / "rules.yaml").write_text(text)
    line = len(text.splitlines())  # the field's line: the last
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output and "SchemaError" not in res.output
    errors = [ln for ln in res.output.splitlines() if " error " in ln]
    assert errors and all(f"rules.yaml:{line}:" in ln for ln in errors), res.output
    assert words in res.output, res.output
    assert all(len(ln) < 400 for ln in res.output.splitlines())  # never the whole value


@pytest.mark.slow
def test_a_back_size_given_as_strings_is_an_error_at_its_line(runner, app, plain_game, tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in plain_game.iterdir():
        if f.is_file():
            (cards / f.name).write_bytes(f.read_bytes())
    rules = (cards / "rules.yaml").read_text()
    assert "pattern: dots}" in rules
    (cards / "rules.yaml").write_text(
        rules.replace("pattern: dots}", 'pattern: dots, size: ["63.5", "88.9"]}', 1)
    )
    line = next(i for i, t in enumerate(rules.splitlines(), 1) if "pattern: dots}" in t)
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1, res.output
    errors = [ln for ln in res.output.splitlines() if " error " in ln]
    assert len(errors) == 2 and all(f"rules.yaml:{line}:" in ln for ln in errors), res.output
    assert "valid number (got '63.5')" in res.output


def test_a_value_map_template_naming_an_unknown_field_is_an_error(
    runner, app, plain_game, tmp_path
):
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in plain_game.iterdir():
        if f.is_file():
            (cards / f.name).write_bytes(f.read_bytes())
    (cards / "rules.yaml").write_text(_rules(plain_game, "  rank: whole number"))
    layout = (cards / "layout.yaml").read_text()
    index = (
        "  rank_index: {kind: text, box: [50, 68, 8, 6], font: bold, size: 9,\n"
        '               text: {field: rank, map: {1: "{nmae}"}, default: "{rank}"}}\n'
    )
    layout = layout.replace("  prototype_line:", index + "  prototype_line:", 1)
    (cards / "layout.yaml").write_text(layout)
    line = layout.splitlines().index(index.splitlines()[1]) + 1
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1, res.output
    assert f"layout.yaml:{line}:" in res.output, res.output
    assert "E104 face.rank_index: unknown field 'nmae'" in res.output


@pytest.mark.slow
def test_a_game_at_every_limit_validates_and_builds(runner, app, plain_game, tmp_path):
    """The most fields, the longest texts, choices and lists there may be: if validate passes,
    build must (a list of 100,000 words passed validate and failed the appendix's build with
    a reportlab LayoutError: a card's row taller than a page)."""
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in plain_game.iterdir():
        if f.is_file():
            (cards / f.name).write_bytes(f.read_bytes())
    long_text = " ".join(["x" * 9] * 100)[:1000]
    choices = [f"c{i:03d}" + "a" * 36 for i in range(MAX_FIELD_CHOICES)]
    items = ["w" * 59 + str(i % 10) for i in range(MAX_LIST_ITEMS)]
    lines = [f"  t{i}: {{type: text, default: '{long_text}'}}" for i in range(MAX_FIELDS - 6)]
    lines += [
        f"  tags: {{type: list, default: [{', '.join(items)}]}}",
        f"  suit: {{type: choice, choices: [{', '.join(choices)}], default: {choices[-1]}}}",
        "  rank: {type: whole number, min: -1000000000000, max: 1000000000000, default: 7}",
        "  num: {type: number, min: -1000000000000.0, max: 1000000000000.0, default: -1.5}",
        "  band: {type: colour, default: '#123456'}",
        "  mark: {type: icon, default: coin}",
    ]
    (cards / "rules.yaml").write_text(_rules(plain_game, "\n".join(lines)))
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 0, res.output
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(cards), "-o", str(out), "-q"])
    assert res.exit_code == 0, res.output
    assert (out / "appendix" / "appendix.pdf").stat().st_size > 0


def test_a_required_field_no_card_gives_names_rules_yaml(runner, app, plain_game, tmp_path):
    """The cards are what lacks the value (each error at its card), the hint says which
    declaration asks for it."""
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in plain_game.iterdir():
        if f.is_file():
            (cards / f.name).write_bytes(f.read_bytes())
    (cards / "rules.yaml").write_text(
        _rules(plain_game, "  rank: {type: whole number, required: true}")
    )
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1, res.output
    assert "heroes.yaml:4:5: error E103 [squire] missing required field 'rank'" in res.output
    assert "fix: give it: rules.yaml declares 'rank' `required: true`" in res.output
