"""`cardgen new DIR --game trick-taking` and `--game drafting`: games whose rules are data,
with no Python file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.checks import standard
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


@pytest.mark.parametrize("starter", ["trick-taking", "drafting"])
def test_a_starter_s_name_is_its_rules_name_too(starter: str, tmp_path: Path) -> None:
    """`cardgen new DIR --game ID --name NAME` names the game in rules.yaml and in its rules
    (the Play view's title, the logs)."""
    folder = new_game(tmp_path / "g", starter, name='Harvest "Moon"').folder
    cat = load_catalogue(folder / "cards")
    assert cat.rules.game == 'Harvest "Moon"'
    assert engine_of(cat).info.name == 'Harvest "Moon"'


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
    assert len(files) == 8
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
    # the result tells the points (the Play view's "game over" line), not the shares of the win
    scores = [played.state.observation(None)["players"][s]["score"] for s in range(4)]
    lines = engine.result_lines(played.state)
    assert [x.split(" (")[0] for x in lines] == [f"P{s + 1}: {scores[s]}" for s in range(4)]
    assert [s for s in range(4) if lines[s].endswith("(winner)")] == [
        s for s, x in enumerate(played.state.returns()) if x > 0
    ]
    assert max(scores) > 1


@pytest.mark.slow
def test_it_conforms_at_every_player_count(trick_taking: Path) -> None:
    cat = load_catalogue(trick_taking / "cards")
    engine = engine_of(cat)
    setups = [engine.setup(cat, n) for n in (2, 3, 4)]
    report = check_engine(engine, cat, setups, seeds=range(3), bots=["random", "greedy"])
    assert report.games == 9 and report.hidden_changed > 0


#: (starter, the play.yaml text, what it becomes: the rule broken, the scenarios that fail)
MUTATIONS = [
    # trick-taking
    (
        "trick-taking",
        '"size(played[leader]) == 0 or card.suit == led or not any',
        '"true or not any',
        ["follow-suit"],
    ),
    (
        "trick-taking",
        'or card.suit == led or not any(c in hand[me]: c.suit == led)"',
        'or card.suit == led"',
        ["highest-of-led", "trumps"],
    ),
    (
        "trick-taking",
        "if(c.suit == 'star', 20 + c.rank,",
        "if(c.suit == 'star', c.rank,",
        ["trumps"],
    ),
    (
        "trick-taking",
        "if(c.suit == led, c.rank, 0)",
        "if(c.suit == led, c.rank, 9)",
        ["highest-of-led"],
    ),
    (
        "trick-taking",
        "set: {leader: winner, turn: winner}",
        'set: {leader: winner, turn: "next(winner)"}',
        ["winner-leads"],
    ),
    ("trick-taking", 'set: {turn: "next(turn)"}', 'set: {turn: "prev(turn)"}', ["winner-leads"]),
    (
        "trick-taking",
        'number: {min: 0, max: "size(hand[me])"}',
        "number: {min: 0, max: 5}",
        ["bids"],
    ),
    (
        "trick-taking",
        "movers: all                             # the bids",
        "movers: turn  # the bids",
        ["bids"],
    ),
    (
        "trick-taking",
        "if(tricks[s] == bid[s], 5, 0)",
        "if(tricks[s] >= bid[s], 5, 0)",
        ["next-round"],
    ),
    (
        "trick-taking",
        '"tricks[s] + if(',
        '"2 * tricks[s] + if(',
        ["exact-bid", "next-round", "tie-break"],
    ),
    ("trick-taking", 'set: {starter: "next(starter)"}', "set: {starter: starter}", ["next-round"]),
    (
        "trick-taking",
        "{deal: 5, from: deck, to: hand}",
        "{deal: 4, from: deck, to: hand}",
        ["next-round"],
    ),
    ("trick-taking", 'end: "round > 3"', 'end: "round > 4"', ["exact-bid", "tie-break"]),
    ("trick-taking", 'rank: ["score[s]", "tricks[s]"]', 'rank: ["score[s]"]', ["tie-break"]),
    # drafting
    (
        "drafting",
        "movers: all                             # everyone picks",
        "movers: P1  #",
        ["simultaneous"],
    ),
    ("drafting", "- rotate: hand   ", "- {rotate: hand, by: 2}", ["passing", "pass-two"]),
    (
        "drafting",
        "{deal: 4, from: deck, to: hand}",
        "{deal: 3, from: deck, to: hand}",
        ["deal", "next-round"],
    ),
    (
        "drafting",
        "hand: {per_seat: true, see: owner",
        "hand: {per_seat: true, see: everyone",
        ["deal"],
    ),
    (
        "drafting",
        'moon: [{add: {"score[s]": c.rank}}]',
        'moon: [{add: {"score[s]": 1}}]',
        ["scoring", "next-round", "tie-break"],
    ),
    (
        "drafting",
        'sun: [{add: {"score[s]": 3}}]',
        'sun: [{add: {"score[s]": 2}}]',
        ["scoring", "next-round", "tie-break"],
    ),
    ("drafting", 'if: "stars(s) >= 2"', 'if: "stars(s) >= 1"', ["stars"]),
    ("drafting", "'star') + count(c in kept[s]: c.suit == 'star')", "'star')", ["stars"]),
    (
        "drafting",
        '{move: all, from: "laid[s]", to: "kept[s]"}',
        "{emit: deal, round: 0}",
        ["next-round", "scoring"],
    ),
    ("drafting", 'end: "round > 2"', 'end: "round > 1"', ["next-round"]),
    ("drafting", 'rank: ["score[s]", "moons(s)"]', 'rank: ["score[s]"]', ["tie-break"]),
]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("mutants")
    return {s: new_game(root / s, s).folder for s in ("trick-taking", "drafting")}


def _failing(folder: Path) -> set[str]:
    return {f.stem for f in collect([folder / "scenarios"]) if not run_file(f).ok}


@pytest.mark.slow
@pytest.mark.parametrize("starter", ["trick-taking", "drafting"])
def test_the_starter_has_eight_scenarios_each_caught_breaking_a_rule(
    starter: str, made: dict[str, Path]
) -> None:
    """Each scenario fails when the rule it tests is broken in play.yaml: each mutation below
    fails the scenarios it names, and every scenario is failed by one mutation."""
    folder = made[starter]
    names = {f.stem for f in collect([folder / "scenarios"])}
    assert len(names) >= 8
    assert _failing(folder) == set()
    play_file = folder / "cards" / "play.yaml"
    text = play_file.read_text("utf-8")
    caught: set[str] = set()
    try:
        for s, old, new, expected in MUTATIONS:
            if s != starter:
                continue
            assert text.count(old) == 1, old
            play_file.write_text(text.replace(old, new), "utf-8")
            assert set(expected) <= _failing(folder), (old, new)
            caught |= set(expected)
    finally:
        play_file.write_text(text, "utf-8")
    assert caught == names


@pytest.mark.slow
def test_the_kit_s_game_wide_tests_play_both_starters() -> None:
    """The kit's tests over every shipped catalogue (a game clicked through in the studio's
    Play view: tests/test_studio_play_games.py; conformance, the design counters) reach the
    two starters' cards."""
    from tests.kit.catalogues import ids, kit_folders

    assert {
        "cardgen/scaffold/starters/trick-taking/cards",
        "cardgen/scaffold/starters/drafting/cards",
    } <= set(ids(kit_folders()))


@pytest.mark.slow
def test_scenario_run_on_a_whole_game_folder_names_each_file_that_is_no_scenario(
    runner, app, tmp_path: Path
) -> None:
    """`cardgen scenario run GAME/` reads the rules description too: its list `setup:` is a
    problem at its line, never a traceback."""
    folder = new_game(tmp_path / "g", "drafting").folder
    res = runner.invoke(app, ["scenario", "run", str(folder)])
    assert res.exit_code == 1 and isinstance(res.exception, SystemExit), res.exception
    play_file = folder / "cards" / "play.yaml"
    assert f"{play_file}:56:3: setup is a mapping (players, sides" in res.output
    assert f"{play_file}:7:1: unknown key 'game' in a scenario" in res.output
    assert "8 passed, 6 failed" in res.output
