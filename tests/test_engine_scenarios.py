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


SPEARMAN_BATTLE = """setup:
  phase: battle
  players:
    - {glory: 0, tableau: {right: [spearman]}}
    - {glory: 1}
"""
WRONG = (
    """name: wrong expectation
"""
    + SPEARMAN_BATTLE
    + """expect:
  players: {0: {glory: 1}}
  events: [{type: battle, attacker: 0, attack: 5}]
"""
)


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
    assert outcome.name == "no catalogue"
    assert outcome.problems == [f"{broken}:2:1: cards: the catalogue folder does not exist"]


def test_cli_scenario_run(tmp_path, runner, app):
    ok = runner.invoke(app, ["scenario", "run", str(HERE / "scenarios")])
    assert ok.exit_code == 0, ok.output
    assert f"{len(SCENARIOS)} passed, 0 failed" in ok.output
    bad = runner.invoke(app, ["scenario", "run", str(_write(tmp_path, WRONG))])
    assert bad.exit_code == 1
    assert "FAIL" in bad.output and "expected 1, got 6" in bad.output
    missing = runner.invoke(app, ["scenario", "run", str(tmp_path / "none")])
    assert missing.exit_code == 1


WALL_SETUP = """setup:
  first_end_done: true
  players:
    - {coins: 5, hand: [wall]}
    - {ended: true}
steps:
"""
TYPOS = (
    "name: typos\n"
    + WALL_SETUP
    + """  - {0: {play: wall, zone: left}, 2: end}
expect:
  players: {3: {coins: 1}}
  illegal:
    0: [{play: wal, zone: left}]
  no_events:
    - {type: play, crad: wall}
    - {type: plya}
  events:
    - {type: steal, from: 5, source: incme}
  piles: {sprng: {stars: 0}}
"""
)


def test_every_name_is_checked_with_its_line(tmp_path):
    """A typo in a card id, seat, event type, event field, source or season is an error naming
    the file and line, before anything runs (it would otherwise make a check that never fails)."""
    path = _write(tmp_path, TYPOS)
    problems = run_scenario_file(path).problems
    at: dict[int, str] = {}
    for line in problems:
        n = int(line.split(":")[1])
        at[n] = at.get(n, "") + line
    assert at[10].endswith("seat 2: the game has seats 0-1")  # the step's seat key
    assert at[12].endswith("seat 3: the game has seats 0-1")
    assert at[14].endswith("unknown card 'wal' (did you mean 'wall'?)")
    assert "'play' events have no field 'crad' (did you mean 'card'?)" in at[16]
    assert at[17].endswith("unknown event type 'plya' (did you mean 'play'?)")
    assert "seat 5" in at[19] and "unknown source 'incme' (did you mean 'income'?)" in at[19]
    assert at[20].endswith("unknown season 'sprng' (did you mean 'spring'?)")
    assert len(problems) == 8
    assert all(line.startswith(f"{path}:") for line in problems)


def test_a_card_of_another_deck_is_named_as_such(tmp_path):
    body = "name: x\nsetup: {players: [{hand: [pickpocket]}]}\n"
    problems = run_scenario_file(_write(tmp_path, body)).problems
    where = f"{tmp_path / 'sc.yaml'}:4:27"
    assert problems == [f"{where}: card 'pickpocket' is not in this scenario's decks (red, blue)"]


def test_an_illegal_entry_on_a_card_not_held_fails(tmp_path):
    body = (
        "name: x\nsetup: {players: [{coins: 5, hand: [wall]}, {ended: true}]}\n"
        "expect: {illegal: {0: [{play: spearman, zone: right}]}}\n"
    )
    outcome = run_scenario_file(_write(tmp_path, body))
    assert outcome.problems == [
        "end: illegal, player 0: play: 'spearman' is not in the hand: an expectation that "
        "cannot fail"
    ]


COUNTS = (
    """name: counts
"""
    + SPEARMAN_BATTLE
    + """expect:
  events:
    - {type: battle, count: 2}
    - {type: glory, source: battle, count: 2}            # seat 0 attacks; seat 1 defends a tie
    - {type: die, count: 0}
"""
)


def test_event_counts_are_exact(tmp_path):
    assert run_scenario_file(_write(tmp_path, COUNTS)).ok
    wrong = COUNTS.replace("source: battle, count: 2", "source: battle, count: 3")
    problems = run_scenario_file(_write(tmp_path, wrong)).problems
    assert (
        len(problems) == 1
        and "expected 3 event(s) {'type': 'glory', 'source': 'battle'}, got 2" in problems[0]
    )


DEALS = """name: deals
first_game: true
deals:
  2: {0: [spearman, wall], 1: [farm]}
setup:
  players:
    - {coins: 5, hand: [shieldbearer]}
    - {coins: 5, hand: [guard]}
steps:
  - {0: {save: shieldbearer}, 1: {save: guard}}
expect:
  round: 2
  piles: {spring: {stars: 0, size: 15}}
  bank: {coins: 22, tokens: 30}
"""


def test_later_deals_piles_and_bank(tmp_path):
    outcome = run_scenario_file(_write(tmp_path, DEALS))
    assert outcome.ok, outcome.problems
    wrong = DEALS.replace("size: 15", "size: 16").replace("tokens: 30", "tokens: 29")
    problems = run_scenario_file(_write(tmp_path, wrong)).problems
    assert problems == [
        "end: spring pile size: expected 16, got 15",
        "end: bank tokens: expected 29, got 30",
    ]
    dealt = DEALS.replace("  round: 2\n", "  round: 2\n  dealt: {1: [farm, wall]}\n")
    problems = run_scenario_file(_write(tmp_path, dealt)).problems
    assert len(problems) == 1 and problems[0].startswith(
        "end: player 1 dealt: expected ['farm', 'wall'], got ['farm', "
    )
    late = DEALS.replace("2: {0:", "1: {0:")
    assert (
        "round 1 is dealt before the scenario starts"
        in run_scenario_file(_write(tmp_path, late)).problems[0]
    )
    fall = DEALS.replace("[farm]", "[knight]")
    assert (
        "'knight' is a fall card; that round deals spring"
        in run_scenario_file(_write(tmp_path, fall)).problems[0]
    )


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


HEADER_TYPOS = """name: header typos
decks: [red, blu]
settings: {defender_wins_tie: false, simultaneous_effects: nett, bank_unlimited: maybe}
"""
VALUE_TYPOS = (
    "name: value typos\ndecks: [red, blue]\n"
    + WALL_SETUP
    + """  - {0: {play: wall, zone: left}}
expect:
  no_events:
    - {type: phase, phase: batle}
    - {type: remove, reason: upkep}
    - {type: round, season: sprng, round: 9}
    - {type: upkeep, paid: "no", due: -1}
  events:
    - {type: coins, amount: "1", count: 0}
    - {type: play, step: first, price: 2, count: 1}
"""
)


def _problems_by_line(tmp_path: Path, body: str) -> dict[int, list[str]]:
    path = tmp_path / "sc.yaml"
    fixture = (HERE / "fixtures" / "engine").as_posix()
    path.write_text(f"cards: {fixture}\n{body}", encoding="utf-8")
    at: dict[int, list[str]] = {}
    for line in run_scenario_file(path).problems:
        assert line.startswith(f"{path}:"), line
        at.setdefault(int(line.split(":")[1]), []).append(line.split(": ", 1)[1])
    return at


def test_every_deck_and_setting_is_checked_with_its_line(tmp_path):
    """Issue 28: a misspelt deck, setting or setting value is an error at its line with the
    nearest valid name (a misspelt setting was ignored, a bad value a traceback)."""
    assert _problems_by_line(tmp_path, HEADER_TYPOS) == {
        3: ["unknown deck 'blu' (did you mean 'blue'?)"],
        4: [
            "unknown setting 'defender_wins_tie' (did you mean 'defender_wins_ties'?)",
            "setting simultaneous_effects: 'nett' is not one of snapshot, net "
            "(did you mean 'net'?)",
            "setting bank_unlimited: 'maybe' is not true or false",
        ],
    }


def test_every_plain_value_of_an_expected_event_is_checked_with_its_line(tmp_path):
    """Issue 28: a misspelt plain value of an event (a phase, a reason, a season), a round the
    game does not have and a value of the wrong kind are errors at their line with the nearest
    valid name, before anything runs: never a no_events entry that cannot fail."""
    assert _problems_by_line(tmp_path, VALUE_TYPOS) == {
        13: ["phase 'batle': phases logged are play, battle, income, age (did you mean 'battle'?)"],
        14: ["reason 'upkep': reasons are replaced, upkeep (did you mean 'upkeep'?)"],
        15: ["unknown season 'sprng' (did you mean 'spring'?)", "round 9: the game has rounds 1-4"],
        16: ["paid: 'no' is not true or false", "due: -1 is not a whole number from 0"],
        18: ["amount: '1' is not a whole number"],
        19: ["step: 'first' is not a whole number from 0"],
    }


def test_every_value_the_engine_logs_is_in_the_checked_vocabulary(cards_dir):
    """The other half of the value checks: each plain value of every event of seeded games
    (the real catalogue, 2 and 4 players, the Spy deck's looks included) passes them, so the
    checks refuse only values the engine never logs."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.packs.attack_right.engine import Game, GreedyBot, RandomBot, play_game
    from cardgen.packs.attack_right.engine.events import EVENT_FIELDS, to_dict
    from cardgen.packs.attack_right.scenario.references import value_problem

    cat = load_catalogue(cards_dir)
    seen: set[tuple[str, str]] = set()
    for decks, seed in ((["battle", "age"], 1), (["spy", "resource", "battle", "age"], 2)):
        game = Game(cat, decks, seed=seed)
        st = play_game(game.new_initial_state(), [GreedyBot(seed), RandomBot(seed)] * 2)
        for event in st.raw_events:
            d = to_dict(event, game.card_id)
            for name, how in EVENT_FIELDS[d["type"]]:
                assert value_problem(how, d[name], game) is None, (d, name)
                seen.add((d["type"], name))
    assert {("phase", "phase"), ("round", "season"), ("upkeep", "paid"), ("look", "step")} <= seen


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
