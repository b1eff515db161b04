"""The scenario files: all pass, a wrong expectation or a malformed file fails clearly."""

from __future__ import annotations

import shutil
from pathlib import Path

from rampage_invariants import CARDS
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.scenarios.runner import collect, run_scenario_file

SCENARIOS = CARDS.parent / "scenarios"


def test_every_scenario_passes():
    files = collect([SCENARIOS])
    assert len(files) >= 11
    outcomes = [run_scenario_file(f) for f in files]
    assert [o.problems for o in outcomes if not o.ok] == []
    assert any("Anton and Beatrix" in o.name for o in outcomes)


def test_cli_runs_the_folder():
    res = CliRunner().invoke(app, ["scenario", "run", str(SCENARIOS)])
    assert res.exit_code == 0, res.output
    assert "25 passed, 0 failed" in res.output


def _copy(tmp_path: Path, name: str) -> Path:
    (tmp_path / "scenarios").mkdir()
    shutil.copytree(CARDS, tmp_path / "cards")
    dest = tmp_path / "scenarios" / name
    shutil.copy(SCENARIOS / name, dest)
    return dest


def test_a_wrong_expectation_names_the_event(tmp_path):
    path = _copy(tmp_path, "01-anton-and-beatrix.yaml")
    path.write_text(
        path.read_text().replace(
            '"reveal ogre from the castle: defence 6"', '"reveal ogre from the castle: defence 5"'
        )
    )
    outcome = run_scenario_file(path)
    assert not outcome.ok
    assert outcome.problems[0] == (
        "event 6: expected 'reveal ogre from the castle: defence 5', "
        "got 'reveal ogre from the castle: defence 6'"
    )
    res = CliRunner().invoke(app, ["scenario", "run", str(path)])
    assert res.exit_code == 1 and "FAIL" in res.output


def test_a_wrong_state_expectation(tmp_path):
    path = _copy(tmp_path, "04-break-through-into-castle.yaml")
    path.write_text(path.read_text().replace("castle: [tower]}", "castle: []}"))
    problems = run_scenario_file(path).problems
    assert problems == ["defender castle: expected [], got ['tower']"]


def test_malformed_scenarios_are_reported_not_raised(tmp_path):
    path = _copy(tmp_path, "02-equal-strength.yaml")
    path.write_text(
        path.read_text().replace(
            "attack: {card: crossbowman}", "attack: {card: crossbowman, speed: 3}"
        )
    )
    problems = run_scenario_file(path).problems
    assert problems and "speed" in problems[0] and "02-equal-strength.yaml:" in problems[0]
    path.write_text(
        path.read_text().replace("attack: {card: crossbowman, speed: 3}", "attack: {card: dragon}")
    )
    problems = run_scenario_file(path).problems
    assert problems == [f"{path}:7:16: unknown card 'dragon'"]


def test_a_misspelled_card_id_is_named_at_its_line(tmp_path):
    """In the set-up (it could not run) and in an expectation (it could never match)."""
    path = _copy(tmp_path, "02-equal-strength.yaml")
    src = path.read_text()
    lines = src.splitlines()
    attack = 1 + lines.index("attack: {card: crossbowman}       # attack 6")
    discard = 1 + lines.index("  discard: [wall, crossbowman]")
    path.write_text(
        src.replace("{card: crossbowman}", "{card: crossbowmen}").replace(
            "discard: [wall, crossbowman]", "discard: [wal, crossbowman]"
        )
    )
    assert run_scenario_file(path).problems == [
        f"{path}:{attack}:16: unknown card 'crossbowmen' (did you mean 'crossbowman'?)",
        f"{path}:{discard}:13: unknown card 'wal' (did you mean 'wall'?)",
    ]
