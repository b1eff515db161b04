"""Run every scenario in tests/scenarios, and check the runner reports failures readably."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.scenarios import collect, run_scenario_file

HERE = Path(__file__).parent
SCENARIOS = collect([HERE / "scenarios"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    outcome = run_scenario_file(path)
    assert outcome.ok, "\n".join(outcome.problems)


def test_every_effect_kind_has_a_scenario():
    from cardgen.packs.attack_right.effects import KINDS

    text = "\n".join(p.read_text(encoding="utf-8") for p in SCENARIOS)
    missing = [k for k in KINDS if k not in text]
    assert not missing


def _write(tmp_path: Path, body: str) -> Path:
    fixture = (HERE / "fixtures" / "engine").as_posix()
    path = tmp_path / "sc.yaml"
    path.write_text(f"cards: {fixture}\ndecks: [red, blue]\n{body}", encoding="utf-8")
    return path


WRONG = """name: wrong expectation
setup:
  phase: battle
  players:
    - {glory: 0, tableau: {right: [spearman]}}
    - {glory: 1}
expect:
  players: {0: {glory: 1}}
  events: [{type: battle, attacker: 0, attack: 5}]
"""


def test_failures_are_reported_with_a_diff(tmp_path):
    outcome = run_scenario_file(_write(tmp_path, WRONG))
    assert not outcome.ok
    text = "\n".join(outcome.problems)
    assert "player 0 glory: expected 1, got 6" in text
    assert "missing event" in text and "'attack': 2" in text


def test_bad_scenarios_fail_cleanly(tmp_path):
    bad = run_scenario_file(_write(tmp_path, "name: x\nsetup: {players: [{hand: [nope]}]}\n"))
    assert not bad.ok and "unknown card 'nope'" in bad.problems[0]
    typo = run_scenario_file(_write(tmp_path, "name: x\nsetpu: {}\n"))
    assert not typo.ok and "setpu" in typo.problems[0]
    illegal = run_scenario_file(
        _write(
            tmp_path,
            "name: x\nsetup: {players: [{coins: 0, hand: [wall]}, {ended: true}]}\n"
            "steps: [{0: {play: wall, zone: left}}]\n",
        )
    )
    assert not illegal.ok and "not legal" in illegal.problems[0]


def test_scenarios_go_to_their_catalogues_pack(tmp_path):
    from cardgen.packs.attack_right import scenario
    from cardgen.packs.attack_right.pack import PACK

    assert PACK.module("scenarios") is scenario
    plain = (HERE / "fixtures" / "plain").as_posix()
    path = tmp_path / "plain.yaml"
    path.write_text(f"name: on plain cards\ncards: {plain}\n", encoding="utf-8")
    outcome = run_scenario_file(path)
    assert outcome.name == "on plain cards"
    assert outcome.problems == ["cannot run: the plain pack has no scenarios"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: no catalogue\ncards: nowhere\n", encoding="utf-8")
    outcome = run_scenario_file(broken)
    assert outcome.name == "no catalogue" and outcome.problems[0].startswith("catalogue: ")


def test_cli_scenario_run(tmp_path, runner, app):
    ok = runner.invoke(app, ["scenario", "run", str(HERE / "scenarios")])
    assert ok.exit_code == 0, ok.output
    assert f"{len(SCENARIOS)} passed, 0 failed" in ok.output
    bad = runner.invoke(app, ["scenario", "run", str(_write(tmp_path, WRONG))])
    assert bad.exit_code == 1
    assert "FAIL" in bad.output and "expected 1, got 6" in bad.output
    missing = runner.invoke(app, ["scenario", "run", str(tmp_path / "none")])
    assert missing.exit_code == 1
