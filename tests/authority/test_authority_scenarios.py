"""Authority's scenarios: every shipped scenario passes, and a scenario's expectations can fail
(a wrong reading, a wrong number, a malformed file, an impossible state)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.cli import app
from cardgen.scenarios.runner import collect, run_scenario_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "games" / "authority" / "scenarios"
FILES = collect([SCENARIOS])


def test_there_are_at_least_fifteen():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path):
    outcome = run_scenario_file(path)
    assert outcome.ok, outcome.problems


def _variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    shutil.copytree(ROOT / "games" / "authority" / "cards", tmp_path / "cards")
    text = (SCENARIOS / name).read_text()
    assert old in text
    dst = tmp_path / "scenarios" / name
    dst.parent.mkdir()
    dst.write_text(text.replace(old, new))
    return dst


def test_the_other_reading_fails_the_scenario(tmp_path):
    path = _variant(tmp_path, "leftover-after-last-row-default.yaml", "cards: ../cards",
                    "cards: ../cards\nsettings: {leftover_to_monarch: true}")  # fmt: skip
    outcome = run_scenario_file(path)
    assert outcome.problems and "P2 hp: expected 40, got 38" in outcome.problems[0]


def test_a_wrong_expectation_fails(tmp_path):
    path = _variant(tmp_path, "golden-sentinel-2x-row-3.yaml", "authority: 6", "authority: 3")
    assert run_scenario_file(path).problems == ["authority: expected 3, got 6"]


def test_a_missing_unit_cannot_run(tmp_path):
    path = _variant(tmp_path, "assassin-discard.yaml", "hand: [assassin]", "hand: [asassin]")
    (problem,) = run_scenario_file(path).problems
    assert "cannot run" in problem and "asassin" in problem


def test_a_malformed_scenario_names_its_line(tmp_path):
    path = _variant(
        tmp_path, "spies.yaml", "  - hunt: diplomat", "  - hunt: diplomat\n    end: true"
    )
    (problem,) = run_scenario_file(path).problems
    assert "spies.yaml:" in problem and "exactly one action" in problem


def test_cli_runs_the_folder(runner):
    result = runner.invoke(app, ["scenario", "run", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert f"{len(FILES)} passed, 0 failed" in result.output
