"""Harbour Bid described in data plays as its Python rules: the same action strings, events,
scores and winners on seeded games; its scenarios pass on both; the kit's tools reach it."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from cardgen.engine.conformance import check_engine
from cardgen.engine.described import DescribedEngine
from cardgen.engine.log import to_json
from cardgen.engine.play import apply_strings, play
from cardgen.engine.scenario import collect, run_file
from tests.described.conftest import HARBOUR


def _compare(described, python_harbour, seeds, bots: str) -> list[int]:
    """The seeds whose games differ between the two engines in any action string, event,
    score or return."""
    cat, engine = described
    pycat, pyengine = python_harbour
    differ = []
    for seed in seeds:
        a = play(pyengine, pycat, pyengine.setup(pycat, 2), [bots, bots], seed)
        b = play(engine, cat, engine.setup(cat, 2), [bots, bots], seed)
        same = (
            a.strings == b.strings
            and a.state.events == b.state.events
            and list(a.state.returns()) == list(b.state.returns())
            and [pyengine.score(a.state, s) for s in (0, 1)]
            == [engine.score(b.state, s) for s in (0, 1)]
        )
        if not same:
            differ.append(seed)
    return differ


def test_the_description_compiles_to_a_described_engine(described) -> None:
    _, engine = described
    assert isinstance(engine, DescribedEngine)
    assert engine.info.id == "harbour-bid" and engine.info.simultaneous
    assert engine.info.hidden_information
    assert [p.text for p in engine.grammar.patterns] == ["bid {card}"]


def test_random_games_are_the_same_as_the_python_rules(described, python_harbour) -> None:
    assert _compare(described, python_harbour, range(60), "random") == []


@pytest.mark.slow
def test_greedy_games_are_the_same_as_the_python_rules(described, python_harbour) -> None:
    """The described `evaluate` is the Python one: the greedy bots choose alike."""
    assert _compare(described, python_harbour, range(12), "greedy") == []


@pytest.mark.slow
def test_a_thousand_seeded_games_are_the_same(described, python_harbour) -> None:
    assert _compare(described, python_harbour, range(1000), "random") == []


def test_a_changed_rule_is_told_apart(described, python_harbour, tmp_path: Path) -> None:
    """The comparison can fail: a description whose tie throws the cargo away differs."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.registry import engine_of
    from tests.described.conftest import described_copy

    cards = described_copy(tmp_path)
    play_yaml = cards / "play.yaml"
    text = (HARBOUR / "play.yaml").read_text("utf-8")
    play_yaml.write_text(text.replace("settings.tie == 'discard'", "true"), "utf-8")
    cat = load_catalogue(cards)
    assert _compare((cat, engine_of(cat)), python_harbour, range(20), "random") != []


def test_a_log_replays_on_both_rules(described, python_harbour) -> None:
    """A game log the Python rules wrote replays on the description, event for event, to the
    same final state, and the other way round."""
    from cardgen.engine.log import replay

    cat, engine = described
    pycat, pyengine = python_harbour
    for seed in (3, 8):
        played = play(pyengine, pycat, pyengine.setup(pycat, 2), ["greedy", "random"], seed)
        text = to_json(played, "cards")
        result = replay(text, engine, cat)
        assert result.ok, result.problem
        doc = json.loads(text)
        state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(seed)
        for step in doc["steps"]:
            apply_strings(state, {int(k[1:]) - 1: v for k, v in step.items()})
        assert [engine.events.to_dict(e) for e in state.events] == doc["events"]
        assert state.digest() == doc["final_digest"]
        back = play(engine, cat, engine.setup(cat, 2), ["random", "greedy"], seed)
        assert replay(to_json(back, "cards"), pyengine, pycat).ok
    broken = json.loads(text)
    broken["steps"][2]["P1"] = broken["steps"][3]["P1"]
    assert not replay(json.dumps(broken), engine, cat).ok


def test_the_scenarios_pass_on_both_rules(described_dir: Path) -> None:
    files = collect([HARBOUR / "scenarios"])
    assert len(files) >= 5
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)
    for f in collect([described_dir.parent / "scenarios"]):
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)


def test_a_scenario_can_fail_on_the_described_rules(described_dir: Path) -> None:
    f = described_dir.parent / "scenarios" / "tie-carries.yaml"
    text = f.read_text("utf-8")
    broken = described_dir.parent / "scenarios" / "broken.yaml"
    broken.write_text(text.replace("score: 4", "score: 5"), "utf-8")
    try:
        outcome = run_file(broken)
    finally:
        broken.unlink()
    assert not outcome.ok and any("P1.score is 4, expected 5" in p for p in outcome.problems)


@pytest.mark.slow
def test_the_described_rules_conform(described) -> None:
    cat, engine = described
    report = check_engine(engine, cat, [engine.setup(cat, 2)], seeds=range(6))
    assert report.games == 6 and report.hidden_changed > 0 and report.arranged > 0


def test_the_engine_pickles_for_the_simulation_workers(described) -> None:
    cat, engine = described
    again = pickle.loads(pickle.dumps(engine))
    assert again.info == engine.info
    a = play(engine, cat, engine.setup(cat, 2), ["random", "random"], 5)
    b = play(again, cat, again.setup(cat, 2), ["random", "random"], 5)
    assert a.strings == b.strings


def test_a_seat_sees_counts_of_what_it_cannot_see(described) -> None:
    cat, engine = described
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(4)
    mine = state.observation(0)
    assert isinstance(mine["players"][0]["hand"], list)
    assert mine["players"][1]["hand"] == 5 and mine["crew_deck"] == 12
    import random

    other = state.determinise(0, random.Random(1))
    assert other.observation(0) == mine
    assert other.observation(None) != state.observation(None)
    crew = set(cat.by_id[c].id for c in cat.by_id if cat.by_id[c].kind == "crew")
    assert set(other.observation(None)["players"][1]["hand"]) <= crew


@pytest.mark.slow
def test_cli_play_validate_and_scenarios(described_dir: Path, runner) -> None:
    from cardgen.cli import make_app

    app = make_app()
    r = runner.invoke(app, ["play", str(described_dir), "--bots", "greedy,random", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "the harbour closes" in r.output
    r = runner.invoke(app, ["validate", str(described_dir)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["scenario", "run", str(described_dir.parent / "scenarios")])
    assert r.exit_code == 0 and "5 passed" in r.output, r.output


def test_the_shipped_game_folder_is_the_starter_s_cards_and_scenarios() -> None:
    """games/harbour-bid-data plays the pack's cards and scenarios by the pack's play.yaml."""
    folder = HARBOUR.parents[2] / "games" / "harbour-bid-data"
    for name in ("crew.yaml", "cargo.yaml"):
        assert (folder / "cards" / name).read_bytes() == (HARBOUR / "cards" / name).read_bytes()
    for f in (HARBOUR / "scenarios").iterdir():
        assert (folder / "scenarios" / f.name).read_bytes() == f.read_bytes()
    assert not (folder / "cards" / "play.yaml").exists()
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.described import description_path

    assert description_path(load_catalogue(folder / "cards")) == HARBOUR / "play.yaml"


def test_an_edited_catalogue_gets_an_engine_of_its_cards(tmp_path: Path) -> None:
    """The compiled rules hold the cards' fields: a catalogue whose cards changed is compiled
    anew, never played with the old numbers."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.registry import engine_of
    from tests.described.conftest import described_copy

    cards = described_copy(tmp_path)
    first = engine_of(load_catalogue(cards, use_cache=False))
    crew = cards / "crew.yaml"
    crew.write_text(crew.read_text("utf-8").replace("strength: 7", "strength: 9"), "utf-8")
    cat = load_catalogue(cards, use_cache=False)
    second = engine_of(cat)
    assert second is not first
    state = second.new_game(cat, second.setup(cat, 2)).new_initial_state(0)
    state.arrange({"players": {0: {"hand": ["captain"]}, 1: {"hand": ["bosun"]}}})
    actions = {0: state.legal_actions(0)[0], 1: state.legal_actions(1)[0]}
    state.apply(actions)
    assert ("bid", 0, "captain", 9) in state.events
