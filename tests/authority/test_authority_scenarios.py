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


def test_a_missing_unit_is_named_with_its_line(tmp_path):
    path = _variant(tmp_path, "assassin-discard.yaml", "hand: [assassin]", "hand: [asassin]")
    (problem,) = run_scenario_file(path).problems
    assert problem.endswith("unknown unit 'asassin' (did you mean 'assassin'?)")
    assert "assassin-discard.yaml:7:" in problem


def test_an_illegal_step_that_cannot_be_written_is_an_error(tmp_path):
    """A unit that is not where the step takes it from (not in the hand) is not a refusal of
    the rules: the step would test nothing.  It used to count as refused."""
    path = _variant(tmp_path, "retirement-fund-retires.yaml", "  - illegal: {retire: knight}",
                    "  - illegal: {retire: man-at-arms}")  # fmt: skip
    (problem,) = run_scenario_file(path).problems
    assert "retirement-fund-retires.yaml:12:5: step 4: retire: no man-at-arms in P1's hand" in (
        problem
    )
    assert "an illegal step must be an action the rules refuse" in problem


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("woodsman-ignores.yaml", "{hand: [woodsman]}", "{hnd: [woodsman]}",
         ":7:8: unknown key 'hnd' (did you mean 'hand'?); keys here: hp, hand,"),
        ("woodsman-ignores.yaml", "  - attack: {unit", "  - atack: {unit",
         ":10:5: unknown key 'atack' (did you mean 'attack'?)"),
        ("woodsman-ignores.yaml", "[hooded-brothers, iron-wall]", "[hooded-brother, iron-wall]",
         ":4:12: unknown faction 'hooded-brother' (did you mean 'hooded-brothers'?)"),
        ("woodsman-ignores.yaml", "[hooded-brothers, iron-wall]", "[hooded-brothers]",
         ":4:11: 1 factions for 2 players"),
        ("woodsman-ignores.yaml", "shieldbearer, player: 2}", "shieldbearer, player: 3}",
         ":11:42: seat 3: the game has seats 1-2"),
        ("woodsman-ignores.yaml", "shieldbearer, player: 2}", "shieldbearer, player: 2, target: 2}",
         ":11:45: ignore takes player, row, unit, not 'target'"),
        ("woodsman-ignores.yaml", "{unit: woodsman, target: 2}", "{unit: woodsman}",
         ":10:13: attack: say which player is attacked (target: N)"),
        ("woodsman-ignores.yaml", "[\"P1 ignores P2's", "[\"P1 ignore P2's",
         ":16:12: no line of the log reads \"P1 ignore P2's Shieldbearer\" (did you mean a line "
         "like \"{seat} ignores {seat}'s {unit}\"?)"),
        ("woodsman-ignores.yaml", "P2's Shieldbearer", "P2's Sheildbearer",
         ":16:12: \"P1 ignores P2's Sheildbearer\": no unit is called 'Sheildbearer' "
         "(did you mean 'Shieldbearer'?)"),
        ("woodsman-ignores.yaml", "P2's Monarch takes", "P5's Monarch takes",
         ":16:44: \"P5's Monarch takes 3 damage (37 HP)\": seat P5, the game has P1-P2"),
        ("disable-silences-sentinel.yaml", "{disable_lasts: until_next_turn}",
         "{disable_lasts: until_next_trn}",
         ":5:27: setting disable_lasts: 'until_next_trn' is not 'turn' or 'until_next_turn' "
         "(did you mean 'until_next_turn'?)"),
        ("disable-silences-sentinel.yaml", "{disable_lasts: until_next_turn}",
         "{disable_last: until_next_turn}",
         ":5:12: unknown setting 'disable_last' (did you mean 'disable_lasts'?)"),
        ("disable-silences-sentinel.yaml", "1: [golden-sentinel]", "4: [golden-sentinel]",
         ":9:22: row 4: rows are 0 (the Kingsguard's) to 3"),
        ("disable-silences-sentinel.yaml", "  - end: true", "  - end: false",
         ":13:10: a step `end: true` ends the command phase; nothing else"),
        ("disable-silences-sentinel.yaml", "no_events: [\"P2's Sentinel gives",
         "no_events: [\"P2's Sentinel give",
         ":20:15: no line of the log reads \"P2's Sentinel give 2 authority\""),
        ("recruit-and-replacement.yaml", "  - illegal: {buy: legion}", "  - illegal: {buy: legoin}",
         ":12:20: unknown unit 'legoin' (did you mean 'legion'?)"),
        ("recruit-and-replacement.yaml", "1: {discard:", "3: {discard:",
         ":19:5: seat 3: the game has seats 1-2"),
    ],
)  # fmt: skip
def test_every_key_and_name_is_checked_with_its_line(tmp_path, name, old, new, message):
    """A scenario cannot test nothing because of a typo: each is an error at its line."""
    path = _variant(tmp_path, name, old, new)
    problems = run_scenario_file(path).problems
    assert any(f"{name}{message}" in p for p in problems), problems


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
