"""Authority's bots on the engine kit: simulation is seeded and worker-independent, the greedy
bot beats the random one, the search bot finds a killing blow, and a determinised copy keeps
what its seat sees."""

from __future__ import annotations

import json
import random

from cardgen.cli import app
from cardgen.engine.bots import make_bot
from cardgen.packs.authority.engine import ENGINE
from tests.authority._helpers import CARDS, CAT, game, play_out, step


def _sim(runner, *args: str) -> dict:
    r = runner.invoke(app, ["simulate", str(CARDS), "-f", "json", "--no-progress", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_simulation_is_seeded_and_adds_up(runner):
    a = _sim(runner, "--games", "24", "--players", "3", "--bots", "greedy", "--seed", "5")
    b = _sim(runner, "--games", "24", "--players", "3", "--bots", "greedy", "--seed", "5",
             "--workers", "2", "--chunk-size", "5")  # fmt: skip
    assert a == b
    assert sum(s["games"] for s in a["seats"]) == 24 * 3
    assert sum(s["wins"] for s in a["seats"]) == 24 + a["shared_wins"]


def test_greedy_beats_random():
    wins = 0
    for k in range(20):
        names = ["greedy", "random"] if k % 2 else ["random", "greedy"]
        state = play_out(game(2).new_initial_state(k), names, k)
        wins += state.winners == ((0,) if k % 2 else (1,))
    assert wins >= 16


def test_the_random_bot_ends_a_turn_a_tenth_as_often():
    """Authority's own random bot: a uniform choice ends most turns after a decision or two."""
    state = game(2).new_initial_state(3)
    bot = make_bot(ENGINE, state.game, "random", 1)
    ends = sum(bot.choose(state, 0) == state.legal_actions(0)[-1] for _ in range(2000))
    assert 2000 * 0.1 / len(state.legal_actions(0)) * 0.5 < ends < 2000 * 0.2


def test_search_bot_finds_the_killing_blow():
    """Both Monarchs have 5 HP; P2 stands behind three Shieldbearers and holds four Knights, P1
    has no defence: only the Assassin's discard (5 damage) now wins, anything else loses."""
    g = ENGINE.new_game(CAT, ENGINE.setup(CAT, 2, ["hooded-brothers", "iron-wall"]))
    state = g.new_initial_state(0)
    ENGINE.arrange(state, {"phase": "start", "turn": 0, "current": "P1", "players": {
        0: {"hp": 5, "row0": [], "hand": ["assassin", "knight", "squire"], "deck": ["squire"] * 6},
        1: {"hp": 5, "row1": ["shieldbearer"] * 3, "hand": ["knight"] * 4, "deck": ["knight"] * 3},
    }})  # fmt: skip
    state.apply_chance(0)
    bot = make_bot(ENGINE, g, "search", 3)
    while not state.is_terminal() and state.current == 0:  # its own turn
        step(state, bot.choose(state, 0))
    assert state.is_terminal() and state.winners == (0,)


def test_determinise_keeps_what_the_seat_sees():
    state = game(3).new_initial_state(4)
    det = state.determinise(1, random.Random(0))
    assert det.events is None and state.events  # a search copy logs nothing
    assert det.observation(1) == state.observation(1)
    assert sorted(det.players[0].hand + det.players[0].deck) == sorted(
        state.players[0].hand + state.players[0].deck
    )
    assert CAT.rules.monarch_hp == det.players[0].hp
