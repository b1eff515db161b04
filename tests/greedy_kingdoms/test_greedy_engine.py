"""Greedy Kingdoms' engine: invariants over thousands of seeded games, replay, determinism,
the hidden information of observations and determinisation, and illegal actions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from greedy_invariants import check_finished, check_state

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.greedy_kingdoms.engine import (
    Game,
    IllegalActionError,
    make_bot,
    play_game,
    play_with_bots,
    replay_log,
    to_json_log,
)
from cardgen.packs.greedy_kingdoms.engine.actions import COMMIT, PASS
from cardgen.packs.greedy_kingdoms.engine.log import ReplayError
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"
CAT = load_catalogue(CARDS)


def _play_checked(game: Game, seed: int, bots) -> None:
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        check_state(st)
        if st.is_chance_node():
            st.apply_chance(st.sample_chance())
            continue
        acting = st.acting_players()
        acts = [bots[p].step(st, p) if p in acting else None for p in (0, 1)]
        if rng.random() < 0.02:  # a clone applying the same actions reaches the same state
            twin = st.clone()
            twin.apply_actions(acts)
            st.apply_actions(acts)
            assert twin.state_hash() == st.state_hash()
        else:
            st.apply_actions(acts)
    check_state(st)
    check_finished(st)


@pytest.mark.parametrize("pairing", [("random", "random"), ("greedy", "random")])
def test_invariants_over_many_random_games(pairing) -> None:
    game = Game(CAT)
    for seed in range(1500 if pairing[0] == "random" else 300):
        _play_checked(game, seed, [make_bot(b, seed * 7 + i) for i, b in enumerate(pairing)])


@pytest.mark.parametrize(
    "setting",
    [
        {"supply_shortfall": "nothing"},
        {"defender_reveals_after": True},
        {"shuffle_special_deck": False},
        {"turn_limit": 6},
    ],
)
def test_invariants_hold_under_every_reading(setting) -> None:
    game = Game(CAT, settings=CAT.rules.settings.model_copy(update=setting))
    for seed in range(150):
        _play_checked(game, seed, [make_bot("random", seed), make_bot("greedy", seed + 1)])


def test_same_seed_same_game_and_bytes() -> None:
    a = to_json_log(play_with_bots(CAT, ["north", "south"], ["greedy", "random"], 11), "x")
    b = to_json_log(play_with_bots(CAT, ["north", "south"], ["greedy", "random"], 11), "x")
    c = to_json_log(play_with_bots(CAT, ["north", "south"], ["greedy", "random"], 12), "x")
    assert a == b and a != c


def test_replay_reaches_the_same_state_and_detects_tampering() -> None:
    text = to_json_log(play_with_bots(CAT, ["north", "south"], ["greedy", "greedy"], 5), "x")
    assert replay_log(text, CAT).ok
    tampered = text.replace('"seed": 5', '"seed": 6')
    with pytest.raises(ReplayError):  # another deck order: a recorded action is illegal …
        result = replay_log(tampered, CAT)
        if not result.ok:  # … or the events differ: both are detected
            raise ReplayError(result.problem or "state differs")


def test_the_commit_is_simultaneous_and_hidden() -> None:
    game = Game(CAT)
    st = game.new_initial_state(1)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while st.phase != COMMIT_PHASE:
        if st.is_chance_node():
            st.apply_chance(0)
            continue
        acting = st.acting_players()
        st.apply_actions([bots[p].step(st, p) if p in acting else None for p in (0, 1)])
    assert st.acting_players() == [0, 1]
    with pytest.raises(IllegalActionError, match="must act"):
        st.apply_actions([COMMIT, None])
    obs = st.observation(1)
    assert obs["commits"] == [None, None]
    assert "special_deck" not in obs and isinstance(obs["upgrade_deck"], int)


def test_determinise_keeps_what_the_player_sees() -> None:
    game = Game(CAT)
    st = game.new_initial_state(3)
    play = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(30):
        if st.is_chance_node():
            st.apply_chance(st.sample_chance())
            continue
        acting = st.acting_players()
        st.apply_actions([play[p].step(st, p) if p in acting else None for p in (0, 1)])
    rng = random.Random(0)
    copies = [st.determinise(0, rng) for _ in range(5)]
    for c in copies:
        assert c.observation(0) == st.observation(0)
        assert sorted(c.upgrade_deck) == sorted(st.upgrade_deck)
    assert len({tuple(c.upgrade_deck) for c in copies}) > 1, "the hidden order is resampled"


def test_illegal_actions_are_refused_with_their_phase() -> None:
    st = Game(CAT).new_initial_state(0)
    with pytest.raises(IllegalActionError, match="cannot act"):
        st.apply_actions([PASS, None])  # the chance node: nobody acts
    st.apply_chance(1)
    assert st.acting_players() == [0]  # the initial Defender chooses first
    with pytest.raises(IllegalActionError, match="not legal in the distribute phase"):
        st.apply_actions([PASS, None])


def test_greedy_beats_random() -> None:
    game = Game(CAT)
    wins = 0
    for seed in range(100):
        seat = seed % 2
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        bots[seat] = make_bot("greedy", seed + 2)
        st = play_game(game.new_initial_state(seed, log_events=False), bots)
        wins += st.winner == seat
    assert wins >= 90


def test_the_other_reading_shows_the_attack_to_the_defender() -> None:
    settings = CAT.rules.settings.model_copy(update={"defender_reveals_after": True})
    st = Game(CAT, settings=settings).new_initial_state(2)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while st.phase != COMMIT_PHASE:
        if st.is_chance_node():
            st.apply_chance(1)
            continue
        acting = st.acting_players()
        st.apply_actions([bots[p].step(st, p) if p in acting else None for p in (0, 1)])
    assert st.acting_players() == [st.attacker]
    st.apply_actions([COMMIT if p == st.attacker else None for p in (0, 1)])
    assert st.acting_players() == [st.defender]
    assert st.observation(st.defender)["commits"][st.attacker] == [1, 2, 3]
