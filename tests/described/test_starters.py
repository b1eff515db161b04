"""`cardgen new DIR --game trick-taking` and `--game drafting`: games whose rules are data,
with no Python file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.standard_checks import standard
from cardgen.catalogue.validate import validate
from cardgen.engine.conformance import check_engine
from cardgen.engine.described import DescribedEngine
from cardgen.engine.play import play
from cardgen.engine.registry import engine_of
from cardgen.engine.scenario import collect, run_file
from cardgen.scaffold import new_game, starter_packs


@pytest.fixture(scope="module")
def trick_taking(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "suits"
    new_game(folder, "trick-taking")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("starter", ["trick-taking", "drafting"])
def test_the_starter_is_offered_and_holds_no_python(starter: str, tmp_path: Path) -> None:
    assert starter in starter_packs()
    folder = new_game(tmp_path / "g", starter).folder
    assert not list(folder.rglob("*.py"))
    assert (folder / "cards" / "play.yaml").is_file()
    assert "rules-as-data.md" in (folder / "README.md").read_text("utf-8")
    files = collect([folder / "scenarios"])
    assert len(files) >= 2
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)


@pytest.mark.slow
@pytest.mark.parametrize("starter", starter_packs())
def test_every_starter_validates_with_no_warning(starter: str, tmp_path: Path) -> None:
    """`cardgen new DIR --game ID` then `cardgen validate`: no error and no warning (a layout
    element drawing on a field the starter's cards lack is a W402)."""
    folder = new_game(tmp_path / "g", starter).folder
    result = validate(folder / "cards", extra_checks=standard(0), use_cache=False)
    assert result.ok and not result.warnings, [str(d) for d in result.diagnostics]


def test_drafting_passes_the_hands_and_scores_by_suit(tmp_path: Path) -> None:
    folder = new_game(tmp_path / "g", "drafting").folder
    cat = load_catalogue(folder / "cards")
    engine = engine_of(cat)
    assert engine.info.simultaneous and engine.info.max_players == 3
    state = engine.new_game(cat, engine.setup(cat, 3)).new_initial_state(2)
    hands = [list(state.observation(None)["players"][s]["hand"]) for s in range(3)]
    picks = {s: state.legal_actions(s)[0] for s in range(3)}
    chosen = [state.action_to_string(s, a).split()[1] for s, a in picks.items()]
    state.apply(picks)
    after = [state.observation(None)["players"][s]["hand"] for s in range(3)]
    for s in range(3):
        rest = list(hands[s])
        rest.remove(chosen[s])
        assert after[(s + 1) % 3] == rest  # passed to the next seat
    played = play(engine, cat, engine.setup(cat, 2), ["greedy", "random"], 5)
    assert played.state.is_terminal() and len(played.steps) == 8


def test_its_scenarios_pass_and_can_fail(trick_taking: Path) -> None:
    files = collect([trick_taking / "scenarios"])
    assert len(files) == 3
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)
    broken = trick_taking / "scenarios" / "trumps.yaml"
    text = broken.read_text("utf-8")
    broken.write_text(text.replace("P2: {tricks: 0}", "P2: {tricks: 1}"), "utf-8")
    try:
        outcome = run_file(broken)
    finally:
        broken.write_text(text, "utf-8")
    assert outcome.problems == [f"{broken}:17:16: P2.tricks is 0, expected 1"]


def test_a_game_deals_bids_at_once_and_follows_the_turn(trick_taking: Path) -> None:
    cat = load_catalogue(trick_taking / "cards")
    engine = engine_of(cat)
    assert isinstance(engine, DescribedEngine) and engine.info.simultaneous
    assert (engine.info.min_players, engine.info.max_players) == (2, 4)
    state = engine.new_game(cat, engine.setup(cat, 3)).new_initial_state(7)
    assert state.movers() == [0, 1, 2]  # the bids: everyone at once
    legal = [state.action_to_string(0, a) for a in state.legal_actions(0)]
    assert legal == [f"bid {k}" for k in range(6)]
    view = state.observation(1)
    assert view["phase"] == "bidding" and view["players"][0]["hand"] == 5
    assert view["players"][1]["hand"] == sorted(view["players"][1]["hand"])
    state.apply({p: state.legal_actions(p)[1] for p in range(3)})
    assert state.observation(None)["phase"] == "playing"
    assert len(state.movers()) == 1
    played = play(engine, cat, engine.setup(cat, 4), ["random"] * 4, 3)
    assert played.state.is_terminal() and len(played.steps) == 3 * (1 + 5 * 4)


@pytest.mark.slow
def test_it_conforms_at_every_player_count(trick_taking: Path) -> None:
    cat = load_catalogue(trick_taking / "cards")
    engine = engine_of(cat)
    setups = [engine.setup(cat, n) for n in (2, 3, 4)]
    report = check_engine(engine, cat, setups, seeds=range(3), bots=["random", "greedy"])
    assert report.games == 9 and report.hidden_changed > 0
