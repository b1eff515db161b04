"""Authority's scenarios: every shipped file passes in the kit's format; every name the game does
not know is an error at its line with a did-you-mean, never a pass; a wrong number or the other
reading of a rule fails; the old format is refused with the release that converts it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import app
from cardgen.engine.scenario import collect, run_file
from tests.kit.scenario_edits import mutated

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "games" / "authority"
SCENARIOS = GAME / "scenarios"
FILES = collect([SCENARIOS])


def test_there_are_at_least_fifteen():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path):
    outcome = run_file(path)
    assert outcome.ok, outcome.problems


def test_an_old_scenario_is_refused_with_the_release_that_converts_it(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(f"name: x\ncards: {GAME / 'cards'}\nstate: {{current: 1}}\n")
    (problem,) = run_file(path).problems
    assert problem.startswith(f"{path}:3:") and "old format, no longer read" in problem
    assert "cardgen 0.1.0" in problem and f"cardgen scenario upgrade {path}" in problem


def _mutated(tmp_path: Path, name: str, old: str, new: str):
    return mutated(GAME, tmp_path, name, old, new)


def test_the_other_reading_fails_the_scenario(tmp_path):
    outcome, _ = _mutated(tmp_path, "leftover-after-last-row-default.yaml", "setup: {players: 2}",
                          "setup: {players: 2, settings: {leftover_to_monarch: true}}")  # fmt: skip
    assert outcome.problems and any("hp is 38, expected 40" in p for p in outcome.problems), (
        outcome.problems
    )


def test_a_wrong_expectation_fails(tmp_path):
    outcome, line = _mutated(
        tmp_path, "golden-sentinel-2x-row-3.yaml", "{authority: 6}", "{authority: 3}"
    )
    (problem,) = outcome.problems
    assert f":{line}:" in problem and "authority is 6, expected 3" in problem, problem


def test_an_illegal_step_the_rules_allow_fails(tmp_path):
    old, new = "{illegal: {P1: buy legion}}", "{illegal: {P1: buy barbarian}}"
    outcome, line = _mutated(tmp_path, "recruit-and-replacement.yaml", old, new)
    (problem,) = outcome.problems
    assert f":{line}:" in problem and "was allowed" in problem, problem


W, D, R = "woodsman-ignores.yaml", "disable-silences-sentinel.yaml", "recruit-and-replacement.yaml"
TYPOS = [
    # (file, text, typo, what is said): every name the game does not know is an error at its
    # line, with the nearest known name, before anything runs
    (W, "P1: {hand: [woodsman]}", "P1: {hnd: [woodsman]}", "did you mean 'hand'?"),
    (W, "hand: [woodsman]", "hand: [wodsman]", "did you mean 'woodsman'?"),
    (W, "{P1: attack P2 with woodsman}", "{P1: atack P2 with woodsman}", "did you mean 'attack"),
    (W, "{P1: attack P2 with woodsman}", "{P1: attack P3 with woodsman}", "'P3' is not a seat"),
    (W, "{P1: ignore shieldbearer", "{P1: ignore sheildbearer", "did you mean 'shieldbearer'?"),
    (W, "P2: {hp: 37", "P2: {hpp: 37", "did you mean 'hp'?"),
    (W, "- P1 ignores P2's Shieldbearer", "- P1 ignore P2's Shieldbearer", "P1 ignore P2's"),
    (D, "{type: authority, seat", "{type: authority, sat", "did you mean 'seat'?"),
    (D, "{type: authority, seat", "{type: authorty, seat", "did you mean 'authority'?"),
    (R, "{illegal: {P1: buy legion}}", "{illegal: {P1: buy legoin}}", "did you mean 'legion'?"),
    (R, "{illegal: {P1: buy legion}}", "{ilegal: {P1: buy legion}}", "is not a seat"),
    (R, "  current: P1", "  current: P3", "'P3' is not a seat"),
]


@pytest.mark.parametrize("name, old, new, said", TYPOS, ids=[t[2] for t in TYPOS])
def test_a_typo_is_an_error_at_its_line(tmp_path, name, old, new, said):
    outcome, line = _mutated(tmp_path, name, old, new)
    assert outcome.problems, "a typo passed"
    assert f"{name}:{line}:" in outcome.problems[0] and said in outcome.problems[0], (
        line,
        outcome.problems,
    )


SETUP_TYPOS = [
    # the set-up's sides and settings: an error naming the set-up's place and the nearest name
    (W, "[hooded-brothers, iron-wall]", "[hooded-brother, iron-wall]", "'hooded-brothers'?"),
    (D, "{disable_lasts: until_next_turn}", "{disable_lasts: until_next_trn}", "until_next_turn"),
    (D, "{disable_lasts: until_next_turn}", "{disable_last: until_next_turn}", "'disable_lasts'"),
]


@pytest.mark.parametrize("name, old, new, said", SETUP_TYPOS, ids=[t[2] for t in SETUP_TYPOS])
def test_a_setup_typo_is_an_error_at_the_setup(tmp_path, name, old, new, said):
    outcome, _ = _mutated(tmp_path, name, old, new)
    (problem,) = outcome.problems
    assert f"{name}:5:" in problem and said in problem, problem


def test_cli_runs_the_folder(runner):
    result = runner.invoke(app, ["scenario", "run", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert f"{len(FILES)} passed, 0 failed" in result.output
