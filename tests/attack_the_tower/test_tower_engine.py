"""Attack the Tower's engine: invariants over thousands of seeded games, determinism, hidden
information, stalemates and the greedy bot against the random one (the kit's tests cover the
log, replay and views of every game)."""

from __future__ import annotations

import random
import shutil

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import IllegalAction, SetupError
from cardgen.engine.bots import make_bot
from cardgen.packs.attack_the_tower.engine import ENGINE
from cardgen.packs.attack_the_tower.engine.game import Game
from tests.attack_the_tower.tower_invariants import check_finished, check_state
from tests.attack_the_tower.tower_paths import TOWER_CARDS, new_state

CAT = load_catalogue(TOWER_CARDS)


def _bots(game, names, seed):
    return [make_bot(ENGINE, game, n, seed * 10 + i) for i, n in enumerate(names)]


def _checked_games(game, names, seeds):
    """Each seed's game played to the end by ``names`` bots, the invariants checked at every
    step and at the end."""
    for seed in seeds:
        st = game.new_initial_state(seed)
        bots = _bots(game, names, seed)
        while not st.is_terminal():
            check_state(st)
            p = st.actor
            st.apply({p: bots[p].choose(st, p)})
        check_state(st)
        check_finished(st)
        yield st


def test_invariants_hold_at_every_step_of_random_games():
    game = Game(CAT, ENGINE.setup(CAT))
    assert len(list(_checked_games(game, ("random", "random"), range(80)))) == 80


def play_seeded_games(names, seeds):
    """Each seed's game played to its end by ``names``, checked by the rules; the winners."""
    game = Game(CAT, ENGINE.setup(CAT))
    outcomes = set()
    for seed in seeds:
        bots = _bots(game, names, seed)
        st = game.new_initial_state(seed)
        while not st.is_terminal():
            st.apply({st.actor: bots[st.actor].choose(st, st.actor)})
        check_state(st)
        check_finished(st)
        outcomes.add(st.winner)
    return outcomes


@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random")])
def test_seeded_games_end_by_the_rules(names):
    """A smoke run (120 and 40 seeds); ``benchmarks/tower_games_campaign.py`` plays thousands."""
    outcomes = play_seeded_games(names, range(120 if names[0] == "random" else 40))
    assert outcomes >= {0, 1} if names[0] == "random" else 0 in outcomes


def test_invariants_hold_with_unique_troops_of_every_kind(tmp_path):
    """Catapults, Knights and the Blacksmith all unique: one of them on the field at most."""
    cards = tmp_path / "cards"
    shutil.copytree(TOWER_CARDS, cards)
    for name, old, new in [
        ("rules.yaml", "traits: [artillery]", "traits: [artillery, unique]"),
        ("rules.yaml", 'colour: "#8F3A3A"', 'colour: "#8F3A3A"\n    traits: [unique]'),
        ("abilities.yaml", "extra_damage: 1}", "extra_damage: 1, traits: [unique]}"),
    ]:
        path = cards / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    cat = load_catalogue(cards, use_cache=False)
    game = Game(cat, ENGINE.setup(cat))
    games = _checked_games(game, ("greedy", "random"), range(40))
    assert sum(e[0] == "unique-replaced" for st in games for e in st.events) > 0


def test_greedy_beats_random():
    game = Game(CAT, ENGINE.setup(CAT))
    wins = 0
    for seed in range(60):
        seat = seed % 2
        names = ("greedy", "random") if seat == 0 else ("random", "greedy")
        bots = _bots(game, names, seed)
        st = game.new_initial_state(seed)
        while not st.is_terminal():
            st.apply({st.actor: bots[st.actor].choose(st, st.actor)})
        wins += st.winner == seat
    assert wins >= 55


def test_clone_is_independent_and_illegal_actions_are_refused():
    st = new_state(CAT, 2)
    copy = st.clone()
    copy.apply({0: copy.legal_actions(0)[0]})
    assert st.players[0].hand == [] and copy.players[0].hand
    with pytest.raises(IllegalAction):
        st.apply({0: 12345})
    with pytest.raises(IllegalAction):
        st.apply({1: st.legal_actions(0)[0]})  # seat 0 is to act
    with pytest.raises(SetupError):
        ENGINE.setup(CAT, sides=["red", "red"])


def test_determinise_keeps_what_the_player_sees():
    game = Game(CAT, ENGINE.setup(CAT))
    st = game.new_initial_state(11)
    bots = _bots(game, ("greedy", "greedy"), 11)
    rng = random.Random(1)
    changed = 0
    while not st.is_terminal() and st.turn < 6:
        p = st.actor
        for viewer in (0, 1):
            det = st.determinise(viewer, rng)
            assert det.observation(viewer) == st.observation(viewer)
            check_state(det)
            other = 1 - viewer
            changed += det.players[other].hand != st.players[other].hand
            assert det.legal_actions(viewer) == st.legal_actions(viewer) or st.actor != viewer
            assert det.events is None
        st.apply({p: bots[p].choose(st, p)})
    assert changed > 0


def test_observation_hides_hands_and_pile_order():
    st = new_state(CAT, 4)
    while st.phase != "renew-choice":
        st.apply({st.actor: st.legal_actions(st.actor)[0]})  # draw abilities, keep, build none
    obs = st.observation(0)
    assert obs["players"][0]["hand"] and obs["players"][1]["hand"] is None
    assert sum(obs["players"][1]["hand_piles"].values()) == len(st.players[1].hand)
    assert isinstance(obs["players"][1]["piles"]["ability"], int)
    full = st.observation(None)["players"][1]
    assert len(full["hand"]) == len(st.players[1].hand) and isinstance(full["piles"]["base"], list)


def test_a_game_that_cannot_end_is_a_stalemate():
    st = new_state(CAT, 0, max_turns=3)
    while not st.is_terminal():  # nobody ever attacks
        legal = st.legal_actions(st.actor)
        st.apply({st.actor: 1 if 1 in legal else (3 if 3 in legal else legal[0])})
    assert st.stalemate and st.winner is None and st.returns() == [0.5, 0.5]
    check_finished(st)
