"""The search bot on Attack the Tower: the generic ISMCTS through the pack's adapter finds a
winning attack, never sees hidden cards, and plays whole games that replay exactly."""

from __future__ import annotations

import random

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.yaml_source import load_yaml
from cardgen.packs.attack_the_tower.engine import Game, make_bot, play_game
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.search import ADAPTER, evaluate, ismcts_bot
from cardgen.packs.attack_the_tower.scenario import build_state, parse
from tests.attack_the_tower.tower_invariants import check_finished, check_state
from tests.attack_the_tower.tower_paths import TOWER_CARDS, TOWER_SCENARIOS

CAT = load_catalogue(TOWER_CARDS)


def _scenario_state(name: str):
    data, smap = load_yaml(TOWER_SCENARIOS / name)
    return build_state(parse(data, smap), CAT)


def test_search_finds_the_winning_palace_assault():
    state = _scenario_state("09-palace-assault.yaml")  # territories 0 and 2 of seat 1 are empty
    # seat 1's territory 1 gets two Workshops of Catapults: ending the turn would let it storm
    # seat 0's empty territories and palace next turn
    workshop = state.table.by_id["workshop"]
    them = state.players[1]
    for slot in (4, 5):
        them.board[slot], them.troops[slot] = workshop, 2
    before = state.state_hash()
    choice = ismcts_bot(seed=1, iterations=60).choose(state, 0)
    assert choice in (A.attack_action(0, 0), A.attack_action(0, 2))
    assert state.state_hash() == before  # the search does not touch the state


def test_determinisations_keep_the_searchers_view():
    st = Game(CAT, seed=0).new_initial_state(seed=3)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while st.turn < 2 or len(st.players[1].hand) < 2:
        st.apply_action(bots[st.current_player()].step(st, st.current_player()))
    rng = random.Random(0)
    hands = set()
    for _ in range(20):
        det = ADAPTER.determinise(st, 0, rng)
        assert det.observation(0) == st.observation(0) and det.events is None
        hands.add(tuple(det.players[1].hand))
    assert len(hands) > 1  # the opponent's hand is resampled
    assert 0.0 <= evaluate(st, 0) <= 1.0 and abs(evaluate(st, 0) + evaluate(st, 1) - 1) < 1e-9


def test_a_whole_game_with_the_search_bot_replays():
    game = Game(CAT, seed=0)

    def play():
        bots = [ismcts_bot(seed=4, iterations=4), make_bot("random", 9)]
        return play_game(game.new_initial_state(seed=4), bots)

    one, two = play(), play()
    check_state(one)
    check_finished(one)
    assert one.history == two.history and one.state_hash() == two.state_hash()
