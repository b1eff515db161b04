"""Run every Attack Right scenario in tests/scenarios on the engine kit; failures and hostile
catalogue paths are reported readably (the kit's strictness: tests/kit/test_scenarios.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.scenario import collect
from cardgen.engine.scenario import run_file as run_scenario_file

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
    path.write_text(f"cards: {fixture}\nsetup: {{players: 2, sides: [red, blue]}}\n{body}", "utf-8")
    return path


WRONG = """name: wrong expectation
given:
  phase: battle
  P1: {glory: 0, tableau: [{card: spearman, zone: right}]}
  P2: {glory: 1}
expect:
  P1: {glory: 1}
"""


def test_cli_scenario_run(tmp_path, runner, app):
    ok = runner.invoke(app, ["scenario", "run", str(HERE / "scenarios")])
    assert ok.exit_code == 0, ok.output
    assert f"{len(SCENARIOS)} passed, 0 failed" in ok.output
    bad = runner.invoke(app, ["scenario", "run", str(_write(tmp_path, WRONG))])
    assert bad.exit_code == 1
    assert "FAIL" in bad.output and "P1.glory is" in bad.output and "expected 1" in bad.output
    missing = runner.invoke(app, ["scenario", "run", str(tmp_path / "none")])
    assert missing.exit_code == 1


OLD = """name: an old Attack Right file
decks: [red, blue]
setup:
  players:
    - {coins: 5, hand: [spearman]}
    - {coins: 5}
"""


def test_an_old_file_names_the_release_that_converts_it(tmp_path, runner, app):
    old = tmp_path / "old.yaml"
    old.write_text(OLD, "utf-8")
    res = runner.invoke(app, ["scenario", "run", str(old)])
    assert res.exit_code == 1
    assert f"{old}:2:8: a scenario in a pack's old format, no longer read" in res.output
    assert "cardgen 0.1.0" in res.output and "cardgen scenario upgrade" in res.output


SCENARIO_FOLDERS = [
    HERE / "scenarios",
    *sorted((HERE.parent / "games").glob("*/scenarios")),
]


def _hostile_cards(tmp_path: Path, case: str) -> str:
    if case == "nul":
        return '"../ca\\0rds"'
    if case == "5000 characters":
        return "x" * 5000
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    return str(loop)


@pytest.mark.parametrize("case", ["nul", "5000 characters", "symlink loop"])
@pytest.mark.parametrize("folder", SCENARIO_FOLDERS, ids=lambda p: p.parent.name)
def test_a_hostile_cards_path_is_a_failure_at_its_line(tmp_path, folder, case):
    """Every pack's scenario, its ``cards:`` a path no folder can have: a failure naming the
    file, line and key, never a traceback."""
    import yaml

    source = collect([folder])[0]
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.pop("cards", None)
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    path = tmp_path / "sc.yaml"
    path.write_text(f"{body}cards: {_hostile_cards(tmp_path, case)}\n", encoding="utf-8")
    line = len(body.splitlines()) + 1
    outcome = run_scenario_file(path)
    assert not outcome.ok
    (problem,) = outcome.problems
    assert problem.startswith(f"{path}:{line}:") and "cards" in problem, problem


def test_every_value_the_engine_logs_is_in_the_checked_vocabulary(cards_dir):
    """Each value of every event of seeded games (the real catalogue, 2 and 4 players, the
    Spy deck's looks included) passes the kit's scenario checks, so the checks refuse only
    values the engine never logs."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.log import event_dicts
    from cardgen.engine.vocab import Vocabulary
    from cardgen.packs.attack_right.engine.definition import ENGINE
    from tests.attack_right.engine_helpers import Game, GreedyBot, RandomBot, play_game

    cat = load_catalogue(cards_dir)
    seen: set[tuple[str, str]] = set()
    for decks, seed in ((["battle", "age"], 1), (["spy", "resource", "battle", "age"], 2)):
        game = Game(cat, decks, seed=seed)
        st = play_game(game.new_initial_state(), [GreedyBot(seed), RandomBot(seed)] * 2)
        vocab = Vocabulary(frozenset(cat.by_id), len(decks), dict(ENGINE.vocabulary))
        for d in event_dicts(ENGINE, st.events):
            for name, domain in ENGINE.events.types[d["type"]].fields:
                for v in d[name] if isinstance(d[name], list) else [d[name]]:
                    assert v is None or vocab.problem(v, domain) is None, (d, name)
                seen.add((d["type"], name))
    assert {("round", "season"), ("upkeep", "paid"), ("look", "step")} <= seen


@pytest.mark.parametrize("case", ["nul", "5000 characters", "symlink loop"])
@pytest.mark.parametrize("folder", SCENARIO_FOLDERS, ids=lambda p: p.parent.name)
def test_scenario_run_reports_a_hostile_cards_path(tmp_path, runner, app, folder, case):
    """The same through `cardgen scenario run`, which first asks whether the catalogue's engine
    is on the engine kit (an absolute symlink loop was a traceback there)."""
    import yaml

    source = collect([folder])[0]
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.pop("cards", None)
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    path = tmp_path / "sc.yaml"
    path.write_text(f"{body}cards: {_hostile_cards(tmp_path, case)}\n", encoding="utf-8")
    res = runner.invoke(app, ["scenario", "run", str(path)])
    assert res.exit_code == 1 and isinstance(res.exception, SystemExit | None), res.output
    assert "0 passed, 1 failed" in res.output, res.output
