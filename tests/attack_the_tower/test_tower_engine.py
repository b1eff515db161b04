"""Attack the Tower's engine: invariants over thousands of seeded games, replay of logs,
determinism, hidden information and the search adapter's determinisation."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_the_tower.engine import (
    Game,
    GameSetupError,
    IllegalActionError,
    ReplayError,
    make_bot,
    play_game,
    play_with_bots,
    replay_log,
    to_json_log,
    to_text_log,
    to_view_log,
)
from tests.attack_the_tower.tower_invariants import check_finished, check_state
from tests.attack_the_tower.tower_paths import TOWER_CARDS

CAT = load_catalogue(TOWER_CARDS)


def _bots(names, seed):
    return [make_bot(n, seed * 10 + i) for i, n in enumerate(names)]


def _checked_games(game, names, seeds):
    """Each seed's game played to the end by ``names`` bots, the invariants checked at every
    step and at the end."""
    for seed in seeds:
        st = game.new_initial_state(seed=seed)
        bots = _bots(names, seed)
        while not st.is_terminal():
            check_state(st)
            p = st.current_player()
            st.apply_action(bots[p].step(st, p))
        check_state(st)
        check_finished(st)
        yield st


def test_invariants_hold_at_every_step_of_random_games():
    assert len(list(_checked_games(Game(CAT, seed=0), ("random", "random"), range(80)))) == 80


@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random")])
def test_thousands_of_seeded_games_end_by_the_rules(names):
    game = Game(CAT, seed=0)
    outcomes = set()
    for seed in range(1000 if names[0] == "random" else 300):
        st = play_game(game.new_initial_state(seed=seed), _bots(names, seed))
        check_state(st)
        check_finished(st)
        outcomes.add(st.winner)
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
    game = Game(load_catalogue(cards, use_cache=False), seed=0)
    games = _checked_games(game, ("greedy", "random"), range(40))
    assert sum(e["event"] == "unique-replaced" for st in games for e in st.events) > 0


def test_greedy_beats_random():
    game = Game(CAT, seed=0, log_events=False)
    wins = 0
    for seed in range(60):
        seat = seed % 2
        names = ("greedy", "random") if seat == 0 else ("random", "greedy")
        st = play_game(game.new_initial_state(seed=seed), _bots(names, seed))
        wins += st.winner == seat
    assert wins >= 55


def test_same_seed_same_log_and_replay_checks_every_event():
    one = to_json_log(play_with_bots(CAT, ["red", "blue"], ["greedy", "random"], 5), "c")
    two = to_json_log(play_with_bots(CAT, ["red", "blue"], ["greedy", "random"], 5), "c")
    other = to_json_log(play_with_bots(CAT, ["red", "blue"], ["greedy", "random"], 6), "c")
    assert one == two and one != other
    result = replay_log(one, CAT)
    assert result.ok and result.problem is None
    doc = json.loads(one)
    doc["events"][3]["card"] = "forged"
    bad = replay_log(json.dumps(doc), CAT)
    assert not bad.ok and bad.problem == "event 4 differs"
    doc = json.loads(one)
    doc["actions"][0][1] = 999
    assert replay_log(json.dumps(doc), CAT).problem == "step 1 is not legal"
    with pytest.raises(ReplayError):
        replay_log("{}", CAT)


def test_text_and_view_logs():
    played = play_with_bots(CAT, ["red", "blue"], ["greedy", "greedy"], 3)
    text = to_text_log(played)
    assert "== turn 1 ==" in text and text.rstrip().endswith(f"turn {played.state.turn}")
    view = json.loads(to_view_log(played, 0, "c", as_json=True))
    draws = [e for e in view["events"] if e["event"] == "draw"]
    assert all(e["card"] is None for e in draws if e["player"] == 1)
    assert all(e["card"] for e in draws if e["player"] == 0)
    for d in view["decisions"]:
        assert "hand" in d["observation"]["players"][0]
        assert "hand" not in d["observation"]["players"][1]


def test_clone_is_independent_and_illegal_actions_are_refused():
    st = Game(CAT, seed=2).new_initial_state()
    copy = st.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert st.history == [] and copy.history
    with pytest.raises(IllegalActionError):
        st.apply_action(12345)
    with pytest.raises(GameSetupError):
        Game(CAT, ["red", "red"])


def test_determinise_keeps_what_the_player_sees():
    game = Game(CAT, seed=0)
    st = game.new_initial_state(seed=11)
    bots = _bots(("greedy", "greedy"), 11)
    rng = random.Random(1)
    changed = 0
    while not st.is_terminal() and st.turn < 6:
        p = st.current_player()
        for viewer in (0, 1):
            det = st.determinise(viewer, rng)
            assert det.observation(viewer) == st.observation(viewer)
            check_state(det)
            other = 1 - viewer
            changed += det.players[other].hand != st.players[other].hand
            assert det.legal_actions() == st.legal_actions() or det.current_player() != viewer
        st.apply_action(bots[p].step(st, p))
    assert changed > 0


def test_observation_hides_hands_and_pile_order():
    st = Game(CAT, seed=4).new_initial_state()
    while st.phase != "renew-choice":
        st.apply_action(st.legal_actions()[0])  # draw abilities, keep, build nothing
    obs = st.observation(0)
    assert "hand" in obs["players"][0] and "hand" not in obs["players"][1]
    assert obs["players"][1]["hand_size"] == len(st.players[1].hand)
    assert isinstance(obs["players"][1]["piles"]["ability"], int)


def test_a_game_that_cannot_end_is_a_stalemate():
    settings = CAT.rules.settings.model_copy(update={"max_turns": 3})
    st = Game(CAT, seed=0, settings=settings).new_initial_state()
    while not st.is_terminal():  # nobody ever attacks
        legal = st.legal_actions()
        st.apply_action(1 if 1 in legal else (3 if 3 in legal else legal[0]))
    assert st.stalemate and st.winner is None and st.returns() == [0.5, 0.5]
    check_finished(st)
