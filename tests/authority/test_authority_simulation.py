"""Authority's balance lab and its search bot: seeded and worker-independent results, the
faction, first-player and length figures add up, and the ISMCTS bot plays legal moves well."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.cli import app
from cardgen.engine.search import ISMCTSBot
from cardgen.packs.authority.engine import Game, GreedyBot, RandomBot, play_game
from cardgen.packs.authority.engine.search import ADAPTER, SearchBot

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)


def _sim(runner, *args: str) -> dict:
    r = runner.invoke(app, ["simulate", str(CARDS), "-f", "json", "--no-progress", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_simulation_is_seeded_and_adds_up(runner):
    a = _sim(runner, "--games", "24", "--players", "3", "--bots", "greedy", "--seed", "5")
    b = _sim(runner, "--games", "24", "--players", "3", "--bots", "greedy", "--seed", "5",
             "--workers", "2", "--chunk-size", "5")  # fmt: skip
    assert a == b
    factions = a["factions"]
    assert sum(f["games"] for f in factions) == 24 * 3
    assert sum(f["wins"] for f in factions) == 24
    assert a["first_player"]["games"] == 24 and a["first_player"]["fair"] == round(1 / 3, 4)
    length = a["length"]
    assert length["games"] == 24 and sum(length["histogram"].values()) == 24
    assert 3 <= length["turns_mean"] <= CAT.rules.turn_limit


def test_greedy_beats_random():
    wins = 0
    for k in range(20):
        state = Game(CAT, ["iron-wall", "golden-ox"], log_events=False).new_initial_state(k)
        bots = [GreedyBot(k), RandomBot(k)] if k % 2 else [RandomBot(k), GreedyBot(k)]
        play_game(state, bots)
        wins += state.winners == ((1,) if k % 2 == 0 else (0,))
    assert wins >= 16


def test_search_bot_finds_the_killing_blow():
    """Both Monarchs have 5 HP; P2 stands behind three Shieldbearers and holds four Knights, P1
    has no defence: only the Assassin's discard (5 damage) now wins, anything else loses."""
    from cardgen.packs.authority.scenario import Scenario, build_state

    sc = Scenario.model_validate(
        {
            "name": "lethal",
            "factions": ["hooded-brothers", "iron-wall"],
            "state": {
                "players": [
                    {"hp": 5, "rows": {0: []}, "hand": ["assassin", "knight", "squire"],
                     "deck": ["squire"] * 6},
                    {"hp": 5, "rows": {1: ["shieldbearer"] * 3}, "hand": ["knight"] * 4,
                     "deck": ["knight"] * 3},
                ]
            },
        }
    )  # fmt: skip
    state = build_state(sc, CAT)
    bot = SearchBot(seed=3, iterations=30)
    while not state.is_terminal() and state.current == 0:  # its own turn
        action = bot.step(state, 0)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.is_terminal() and state.winners == (0,)


def test_adapter_hides_what_a_player_cannot_see():
    state = Game(CAT, ["golden-ox", "iron-wall", "hooded-brothers"]).new_initial_state(4)
    det = ADAPTER.determinise(state, 1, random.Random(0))
    assert det.events is None and state.events  # a search copy logs nothing
    assert det.players[1].hand == state.players[1].hand
    assert ADAPTER.movers(state) == (0,)
    assert 0.0 <= ADAPTER.evaluate(state, 0) <= 1.0
    bot = ISMCTSBot(ADAPTER, iterations=5, seed=1, rollout_depth=10)
    a = bot.choose(state, 0)
    assert a in state.legal_actions()
    assert a == ISMCTSBot(ADAPTER, iterations=5, seed=1, rollout_depth=10).choose(state, 0)
