"""Whole games: every player count, both modes, determinism, replay and setup errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import IllegalAction
from tests.attack_right.engine_helpers import (
    Game,
    GameSetupError,
    GreedyBot,
    RandomBot,
    advance,
    moves,
    play_game,
)

FIXTURE = Path(__file__).parent / "fixtures" / "engine"
DECKS = ["red", "blue", "green", "spy"]


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(FIXTURE)


def _game(cat, n=4, seed=0, **opts):
    return Game(cat, DECKS[:n], seed=seed, **opts)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("first_game", [False, True])
def test_complete_games(cat, n, first_game):
    for seed in range(5):
        st = _game(cat, n, seed, first_game=first_game).new_initial_state()
        play_game(st, [RandomBot(seed * 10 + p) for p in range(n)], check=True)
        assert st.is_terminal() and st.round == 4
        res = st.results()
        assert any(r.winner for r in res)
        assert st.returns() == [1.0 if r.winner else 0.0 for r in res]


def test_same_seed_same_game(cat):
    def run():
        st = _game(cat, 4, 11).new_initial_state()
        play_game(st, [RandomBot(p) if p % 2 else GreedyBot(p) for p in range(4)])
        return st

    a, b = run(), run()
    assert a.digest() == b.digest() and a.events == b.events
    c = _game(cat, 4, 12).new_initial_state()
    play_game(c, [RandomBot(p) for p in range(4)])
    assert c.digest() != a.digest()


def test_replay_history_reaches_same_hash(cat):
    st = _game(cat, 3, 5).new_initial_state()
    play_game(st, [RandomBot(p + 1) for p in range(3)])
    again = _game(cat, 3, 5).new_initial_state()
    for acts in st.history:
        advance(again, moves(list(acts)))
    assert again.digest() == st.digest()


def test_clone_is_independent(cat):
    st = _game(cat, 4, 3).new_initial_state()
    bots = [RandomBot(p) for p in range(4)]
    for _ in range(10):
        acting = st.movers()
        advance(st, {p: bots[p].step(st, p) for p in acting})
    copy = st.clone()
    assert copy.digest() == st.digest()
    play_game(copy, [RandomBot(9 + p) for p in range(4)])
    assert copy.is_terminal() and not st.is_terminal()
    c2 = st.clone()
    play_game(st, [RandomBot(9 + p) for p in range(4)])
    play_game(c2, [RandomBot(9 + p) for p in range(4)])
    assert st.digest() == c2.digest()


def test_first_game_has_no_star_cards_and_six_card_hands(cat):
    g = _game(cat, 4, 0, first_game=True)
    assert not any(c.star for c in g.pool.card)
    st = g.new_initial_state()
    assert all(len(p) == 6 for p in st.packs)
    for _ in range(5):
        advance(st, {p: st.legal_actions(p)[0] for p in range(4)})
    assert st.current_phase == "play"
    assert all(len(h) == 6 for h in st.hands) and not st.discard


def test_full_draft_keeps_seven_and_discards_one(cat):
    st = _game(cat, 3, 0).new_initial_state()
    assert all(len(p) == 8 for p in st.packs)
    for _ in range(7):
        advance(st, {p: st.legal_actions(p)[-1] for p in range(3)})
    assert all(len(h) == 7 for h in st.hands) and len(st.discard) == 3


def test_draft_passes_left(cat):
    st = _game(cat, 3, 0).new_initial_state()
    before = [p[:] for p in st.packs]
    picks = [st.packs[p][0] for p in range(3)]
    advance(st, moves(picks))
    for p in range(3):
        left = (p + 1) % 3
        assert sorted(st.packs[left]) == sorted(set(before[p]) - {picks[p]})


def test_illegal_actions_are_refused(cat):
    st = _game(cat, 2, 0).new_initial_state()
    with pytest.raises(IllegalAction):
        advance(st, {0: st.packs[1][0], 1: st.packs[1][1]})
    with pytest.raises(IllegalAction):
        advance(st, {0: st.packs[0][0]})


def test_setup_errors_and_warnings(cat):
    with pytest.raises(GameSetupError, match="different deck"):
        Game(cat, ["red", "red"])
    with pytest.raises(GameSetupError, match="unknown deck"):
        Game(cat, ["red", "nope"])
    with pytest.raises(GameSetupError, match="players"):
        Game(cat, ["red"])
    g = Game(cat, ["red", "spy"])
    assert any("spy" in w for w in g.warnings)
    assert not Game(cat, ["red", "spy", "blue"]).warnings


def test_merged_piles_are_shuffled_separately(cat):
    g = _game(cat, 2, 4)
    st = g.new_initial_state()
    spring = [i for i, s in enumerate(g.pool.season) if s == 0]
    in_play = st.piles[0] + [i for p in st.packs for i in p]
    assert sorted(in_play) == spring
    assert st.coins == [5, 5]
