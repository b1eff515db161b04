"""The kit's search bot on Attack the Tower: with the pack's heuristics (ai.py) it finds a
winning attack without touching the state, and plays whole games that replay exactly."""

from __future__ import annotations

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.bots import make_bot
from cardgen.engine.search import search_bot
from cardgen.packs.attack_the_tower.engine import ENGINE
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.ai import evaluate, search_actions
from tests.attack_the_tower.tower_invariants import check_finished, check_state
from tests.attack_the_tower.tower_paths import TOWER_CARDS, new_state

CAT = load_catalogue(TOWER_CARDS)
EMPTY = [None] * 9


def test_search_finds_the_winning_palace_assault():
    # scenario 09's position: P2's territories 0 and 2 are empty; its territory 1 also gets two
    # Workshops of Catapults, so ending the turn would let it storm P1's empty territories and
    # palace next turn
    st = new_state(CAT)
    mine = ["workshop", "workshop", "temple", *EMPTY[3:]]
    theirs = [None, None, None, "temple", "workshop", "workshop", None, None, None]
    ENGINE.arrange(
        st,
        {
            "turn": 1,
            "phase": "main",
            "attacker": "P1",
            "players": {
                0: {"board": mine, "troops": [2, 1, 1, 0, 0, 0, 0, 0, 0]},
                1: {"board": theirs, "troops": [0, 0, 0, 2, 2, 2, 0, 0, 0]},
            },
        },
    )
    attacks = {A.attack_action(0, 0), A.attack_action(0, 2)}
    assert attacks <= set(search_actions(st, 0))
    assert 0.0 < evaluate(st, 0) < 1.0 and abs(evaluate(st, 0) + evaluate(st, 1) - 1) < 1e-9
    before = st.digest()
    choice = make_bot(ENGINE, st.game, "search", 1).choose(st, 0)
    assert choice in attacks, st.action_to_string(0, choice)
    assert st.digest() == before  # the search does not touch the state


def test_a_whole_game_with_the_search_bot_replays():
    def play():
        st = new_state(CAT, seed=4)
        bots = [search_bot(ENGINE, 4, iterations=4), make_bot(ENGINE, st.game, "random", 9)]
        steps = []
        while not st.is_terminal():
            joint = {st.actor: bots[st.actor].choose(st, st.actor)}
            steps.append(joint)
            st.apply(joint)
        return st, steps

    (one, steps_one), (two, steps_two) = play(), play()
    check_state(one)
    check_finished(one)
    assert steps_one == steps_two and one.digest() == two.digest()
