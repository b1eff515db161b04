"""The Play table on the engine kit's protocol (Harbour Bid, the starter game on the kit): a
seeded game played by action strings against a bot, its log replayed, time travel and a
branch, a log opened, a seat's view holding only what the engine lets that seat see, a
simultaneous choice hidden until every person has chosen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.catalogue.snapshot import check_catalogue
from cardgen.engine.chance import CHANCE
from cardgen.engine.errors import EngineError, IllegalAction
from cardgen.engine.log import replay
from cardgen.engine.play import apply_strings
from cardgen.engine.registry import engine_of
from cardgen.studio.table import PERSON, Table

HARBOUR = Path(__file__).resolve().parents[1] / "cardgen" / "packs" / "harbour_bid" / "cards"


@pytest.fixture(scope="module")
def game():
    catalogue, _ = check_catalogue(HARBOUR)
    engine = engine_of(catalogue)
    return engine, catalogue, engine.setup(catalogue, 2)


def _play(table: Table, seat: int = 0, pick=lambda legal: legal[-1]) -> list[str]:
    chosen = []
    while not table.state.is_terminal():
        legal = table.view(seat)["legal"]
        chosen.append(pick(legal))
        table.choose(seat, chosen[-1])
    return chosen


def test_a_game_against_a_bot_is_played_by_action_strings_and_its_log_replays(game):
    engine, catalogue, setup = game
    table = Table(engine, catalogue, setup, [PERSON, "greedy"], 7)
    chosen = _play(table)
    view = table.view(0)
    assert view["terminal"] and view["result"]["ended"] and view["result_lines"]
    assert [s["P1"] for s in view["steps"]] == chosen
    assert view["seats"][1]["who"] == "greedy" and view["seats"][1]["thinking"] is not None
    log = table.log("cards")
    doc = json.loads(log)
    assert doc["seats"] == [{"seat": "P1", "bot": PERSON}, {"seat": "P2", "bot": "greedy"}]
    result = replay(log, engine, catalogue)
    assert result.ok, result.problem
    assert result.state.digest() == table.state.digest()


def test_time_travel_shows_an_earlier_step_and_a_choice_there_is_a_branch(game):
    engine, catalogue, setup = game
    table = Table(engine, catalogue, setup, [PERSON, "random"], 3)
    _play(table)
    n = len(table.steps)
    end = table.view(None)
    table.go(n - 3)
    assert table.position == n - 3 and not table.state.is_terminal()
    again = engine.new_game(catalogue, setup).new_initial_state(3)
    for texts in table.steps[: n - 3]:
        apply_strings(again, texts)
    assert table.view(0)["observation"] == again.observation(0)
    table.go(n)
    assert table.view(None)["observation"] == end["observation"]
    table.go(n - 3)
    legal = table.view(0)["legal"]
    table.choose(0, legal[0])  # a branch: the later steps are dropped, the game goes on
    assert len(table.steps) == n - 2 and table.steps[-1][0] == legal[0]
    assert replay(table.log("cards"), engine, catalogue).ok


def test_a_log_opens_at_its_end_and_steps_back(game):
    engine, catalogue, setup = game
    played = Table(engine, catalogue, setup, ["greedy", "random"], 11)  # bots only: played out
    assert played.state.is_terminal()
    log = played.log("cards")
    table = Table.from_log(engine, catalogue, log)
    assert table.position == len(played.steps) and table.state.digest() == played.state.digest()
    assert table.log("cards") == log  # the same bytes: seats, steps, events
    table.go(table.position - 3)
    assert table.view(None)["position"] == len(played.steps) - 3


def test_a_seat_sees_only_what_the_engine_lets_it_see(game):
    engine, catalogue, setup = game
    table = Table(engine, catalogue, setup, [PERSON, "greedy"], 5)
    while not table.state.is_terminal():
        for seat in (0, 1):
            shown = table.view(seat)
            assert shown["observation"] == table.state.observation(seat)
            other = shown["observation"]["players"][1 - seat]["hand"]
            assert isinstance(other, int)  # a count, never the cards
            other_draws = [x for x in shown["log"] if x.startswith(f"P{2 - seat} draws")]
            assert other_draws and all(x.endswith("draws a hidden card") for x in other_draws)
            own = [x for x in shown["log"] if x.startswith(f"P{seat + 1} draws")]
            assert own and not any(x.endswith("a hidden card") for x in own)
        table.choose(0, table.view(0)["legal"][0])


def test_a_simultaneous_choice_stays_hidden_until_every_person_has_chosen(game):
    engine, catalogue, setup = game
    table = Table(engine, catalogue, setup, [PERSON, PERSON], 2)
    first = table.view(0)["legal"][0]
    table.choose(0, first)
    for seat in (1, None):
        view = table.view(seat)
        assert view["chosen"] == ["P1"] and view["steps"] == [] and first not in view["log"]
    assert table.view(0)["legal"] == []  # P1 has chosen: nothing more to choose
    with pytest.raises(IllegalAction):
        table.choose(0, first)
    table.choose(1, table.view(1)["legal"][0])
    assert len(table.steps) == 1 and table.steps[0][0] == first and table.view(1)["chosen"] == []


@pytest.mark.parametrize(("name", "described"), [("tie-carries", True), ("new-game", False)])
def test_a_scenario_opens_at_its_last_move(game, name, described):
    from cardgen.engine.scenario import parse_text

    engine, catalogue, _ = game
    path = HARBOUR.parent / "scenarios" / f"{name}.yaml"
    scenario = parse_text(path.read_text(), path.name, engine, catalogue)
    assert (scenario.given is not None) == described
    table = Table.from_scenario(scenario)
    moves = scenario.moves()
    assert [s for s in table.steps if CHANCE not in s] == [m for m in moves if CHANCE not in m]
    # the state shown is the one `scenario run` reaches (its expectations hold there)
    state = scenario.start()
    for texts in table.steps:
        apply_strings(state, texts)
    assert table.state.digest() == state.digest()
    table.go(0)
    assert table.view(None)["observation"] == scenario.start().observation(None)
    if described:  # a log starts from a seed: a described state has none
        with pytest.raises(EngineError):
            table.log("cards")
    else:
        table.go(len(table.steps))
        assert replay(table.log("cards"), engine, catalogue).ok


def test_the_studio_starts_without_the_engine_kit(tmp_path):
    """The Play view imports the engine kit (and a catalogue's own rules.py) only when it is
    used: a studio's start, which the designer waits for, does not pay for it."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from cardgen.studio.app import create_app\n"
        "from cardgen.studio.session import Studio\n"
        f"create_app(Studio({str(HARBOUR)!r}, {str(tmp_path / 'out')!r}, kit=False))\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardgen.engine')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
