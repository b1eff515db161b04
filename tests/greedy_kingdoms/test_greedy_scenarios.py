"""Greedy Kingdoms' scenarios: all pass, and a wrong expectation or a malformed file fails
with a readable problem (never a traceback)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.scenarios import collect, run_scenario_file

GAME = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms"
FILES = collect([GAME / "scenarios"])


def test_there_are_at_least_fifteen_scenarios() -> None:
    assert len(FILES) >= 15
    names = " ".join(f.name for f in FILES)
    for topic in ("knight-after-cook", "knight-before-cook", "every-character-fails",
                  "partial-payment", "promotion", "winning-palace"):  # fmt: skip
        assert topic in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path: Path) -> None:
    outcome = run_scenario_file(path)
    assert outcome.ok, outcome.problems


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(GAME / "cards", tmp_path / "cards")
    (tmp_path / "scenarios").mkdir()
    return tmp_path


def test_a_wrong_expectation_fails_naming_it(game: Path) -> None:
    src = (GAME / "scenarios" / "01-knight-after-cook.yaml").read_text()
    f = game / "scenarios" / "wrong.yaml"
    f.write_text(src.replace("{P1: {honor: 2, gold: 1}}", "{P1: {honor: 3, gold: 1}}"))
    outcome = run_scenario_file(f)
    assert outcome.problems == [
        "P1 resources: expected {'honor': 3, 'gold': 1}, got {'honor': 2, 'gold': 1}"
    ]


def test_swapping_the_order_changes_the_outcome(game: Path) -> None:
    src = (GAME / "scenarios" / "01-knight-after-cook.yaml").read_text()
    f = game / "scenarios" / "swapped.yaml"
    f.write_text(src.replace("  - resolve: 1\n  - resolve: 6", "  - resolve: 6\n  - resolve: 1"))
    assert any("P1 resources" in p for p in run_scenario_file(f).problems)


def test_malformed_scenarios_are_diagnostics(game: Path) -> None:
    f = game / "scenarios" / "bad.yaml"
    f.write_text("name: bad\ncards: ../cards\nsetup: {phase: commit, colour: red}\n")
    (problem,) = run_scenario_file(f).problems
    assert "bad.yaml:3" in problem and "colour" in problem
    f.write_text("name: bad\ncards: ../cards\nsetup: {kingdom: {P1: [castle]}}\n")
    (problem,) = run_scenario_file(f).problems
    assert "no Upgrade 'castle'" in problem
    res = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert res.exit_code == 1 and "Traceback" not in res.output
