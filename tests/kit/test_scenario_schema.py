"""A scenario file's shape is pydantic models (:mod:`cardgen.engine.scenario_model`): their
problems name the file, the line and the field; their JSON Schema ships as
``docs/scenario.schema.json`` (``cardgen schema --scenario``) and holds every shipped scenario."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from cardgen.engine.scenario import collect, run_file
from cardgen.engine.scenario_model import scenario_schema_json
from tests.kit.catalogues import ROOT
from tests.kit.test_scenario_keys import SCENARIO_FOLDERS

SCHEMA_FILE = ROOT / "docs/scenario.schema.json"
HARBOUR = ROOT / "games/harbour-bid-data/cards"
#: a scenario that passes; each case below breaks one line of it
BASE = """\
name: A bid
seed: 3
setup: {players: 2}
steps:
  - expect: {terminal: false}
expect:
  terminal: false
"""


def test_the_shipped_schema_is_the_models() -> None:
    """docs/scenario.schema.json is what `cardgen schema --scenario` writes now."""
    assert SCHEMA_FILE.read_text("utf-8") == scenario_schema_json()


@pytest.mark.slow
def test_every_shipped_scenario_holds_to_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8")))
    files = collect(SCENARIO_FOLDERS)
    assert len(files) > 50
    for f in files:
        doc = yaml.safe_load(f.read_text("utf-8"))
        errors = [e.message for e in validator.iter_errors(doc)]
        assert errors == [], f


CASES = [
    ("seed: 3", "sede: 3", "2:1: unknown key 'sede' in a scenario (did you mean 'seed'?)"),
    # (the line replaced, its new text, the problem at line:column of the new line)
    ("seed: 3", "seed: three", "2:7: the seed is a whole number"),
    ("setup: {players: 2}", "setup: {players: two}", "3:18: players is a whole number"),
    ("setup: {players: 2}", "setup: {players: 2, seats: 2}", "3:21: unknown key 'seats' in setup"),
    ("  - expect: {terminal: false}", "  - chance: 3", "5:13: a chance step is"),
    ("  - expect: {terminal: false}", "  - illegal: {P1: 5}", "5:19: 5 is not an"),
    ("  - expect: {terminal: false}", "  - {}", "5:5: a step is a mapping"),
    ("  terminal: false", "  terminal: nope", "7:13: terminal is true or false"),
    ("  terminal: false", "  events: [{count: 1}]", "7:12: an event pattern is a mapping with a"),
    ("  terminal: false", "  legal: {P1: {include: []}}", "7:16: unknown key 'include' in legal"),
    ("  terminal: false", "  log: [1]", "7:8: log is a list of lines"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("line", "new", "problem"), CASES)
def test_a_shape_problem_names_file_line_and_field(tmp_path, line, new, problem) -> None:
    text = f"cards: {HARBOUR}\n" + BASE
    path = tmp_path / "s.yaml"
    path.write_text(text)
    assert run_file(path).problems == []  # the base passes
    path.write_text(text.replace(line, new))
    file_line, _, message = problem.partition(" ")
    row, col = (int(x) + (1 if i == 0 else 0) for i, x in enumerate(file_line[:-1].split(":")))
    (found,) = run_file(path).problems  # one problem, at its place, naming the field
    assert found.startswith(f"{path}:{row}:{col}: {message}"), found
    # the JSON Schema refuses it too (an editor marks it before it runs)
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    doc = yaml.safe_load(path.read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(doc)), new


@pytest.mark.slow
def test_the_schema_command_writes_it(tmp_path) -> None:
    from typer.testing import CliRunner

    from cardgen.cli import app

    out = tmp_path / "scenario.schema.json"
    done = CliRunner().invoke(app, ["schema", "--scenario", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text("utf-8") == scenario_schema_json()
    assert json.loads(out.read_text())["title"] == "cardgen scenario"


@pytest.mark.slow
def test_an_unknown_key_does_not_hide_the_other_problems(tmp_path) -> None:
    """Each misspelt key, and the problems of the keys beside it, in one run."""
    text = f"cards: {HARBOUR}\n" + BASE
    path = tmp_path / "s.yaml"
    path.write_text(
        text.replace("seed: 3", "seed: three\nsede: 4")
        .replace("setup: {players: 2}", "setup: {players: 2, seats: 2}")
        .replace("  terminal: false", "  terminal: 0")
    )
    assert run_file(path).problems == [
        f"{path}:4:1: unknown key 'sede' in a scenario (did you mean 'seed'?); the keys are: "
        "name, description, cards, setup, seed, given, steps, expect",
        f"{path}:5:21: unknown key 'seats' in setup (did you mean 'settings'?); the keys are: "
        "players, sides, settings, options, teams",
        f"{path}:3:7: the seed is a whole number",
        f"{path}:9:13: terminal is true or false",
    ]
