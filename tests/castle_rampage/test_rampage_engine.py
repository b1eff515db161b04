"""The attack resolver: invariants over thousands of seeded random attacks under every
combination of settings, determinism, observations and a hypothesis stateful test."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from rampage_invariants import ALL_SETTINGS, CAT, attack_and_check, random_state

from cardgen.packs.castle_rampage.engine import Game, GameSetupError, resolve_attack


@pytest.mark.parametrize("index", range(len(ALL_SETTINGS)))
def test_invariants_over_seeded_random_attacks(index):
    settings_ = ALL_SETTINGS[index]
    attacks = wins = 0
    for seed in range(300):
        rng = random.Random(f"{index}:{seed}")
        state = random_state(rng, settings_)
        player = 0
        while state.winner is None and any(c.attack for c in state.deck):
            attack_and_check(state, player, rng)
            player = 1 - player
            attacks += 1
        wins += state.winner is not None
    assert attacks > 1200
    assert wins > 200  # most random sequences of attacks end a game


def test_a_game_is_deterministic_and_alternates():
    game = Game.from_catalogue(CAT)

    def play(seed):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        players = []
        while state.legal_actions():
            players.append(state.current_player)
            state.apply_action(rng.choice(state.legal_actions()))
        return state, players

    a, pa = play(7)
    b, pb = play(7)
    assert pb == pa
    assert a.state_hash() == b.state_hash() and [e.text for e in a.history] == [
        e.text for e in b.history
    ]
    assert pa == [i % 2 for i in range(len(pa))]
    assert play(8)[0].state_hash() != a.state_hash()


def test_setup_deals_the_public_facts():
    state = Game.from_catalogue(CAT).new_initial_state(3)
    for side in state.sides:
        assert (len(side.gate), len(side.castle), len(side.hand)) == (4, 4, 2)
    assert len(state.deck) == 118 - 20
    assert sorted(state.cards()) == sorted(
        c.id for c in CAT if c.pile == "deck" for _ in range(c.copies)
    )


def test_too_small_a_deck_is_a_setup_error():
    few = [c.model_copy(update={"copies": 1}) for c in list(CAT)[:5]]
    with pytest.raises(GameSetupError, match="deals 20"):
        Game(CAT.rules, few).new_initial_state(1)


def test_observation_hides_face_down_cards_until_revealed():
    state = Game.from_catalogue(CAT).new_initial_state(11)
    obs = state.observation(0)
    assert obs["sides"][1]["gate"] == ["?"] * 4 and obs["sides"][1]["castle"] == ["?"] * 4
    assert obs["hand"] == [c.id for c in state.sides[0].hand]
    assert obs["sides"][1]["hand_size"] == 2 and "hand" not in obs["sides"][1]
    # an attack that fails on the first Gate card: that card is now known to both players
    weakest = CAT.card("peasant")  # attack 1 < every Gate defence but the 1s
    top = state.sides[1].gate[0].card
    if top.gate > 1:
        resolve_attack(state, 0, weakest)
        for viewer in (0, 1):
            assert state.observation(viewer)["sides"][1]["gate"][0] == top.id
            assert state.observation(viewer)["sides"][1]["gate"][1:] == ["?"] * 3


def test_an_attack_after_the_game_ended_is_refused():
    state = Game.from_catalogue(CAT).new_initial_state(2)
    state.winner = 0
    with pytest.raises(ValueError, match="over"):
        resolve_attack(state, 1, CAT.card("knight"))
    assert state.legal_actions() == []


class AttackMachine(RuleBasedStateMachine):
    """Any sequence of attacks, by any card and strength, under any settings."""

    @initialize(seed=st.integers(0, 2**32), which=st.integers(0, len(ALL_SETTINGS) - 1))
    def start(self, seed, which):
        self.rng = random.Random(seed)
        self.state = random_state(self.rng, ALL_SETTINGS[which])

    @rule(player=st.integers(0, 1), seed=st.integers(0, 2**16))
    def attack(self, player, seed):
        if self.state.winner is None and any(c.attack for c in self.state.deck):
            attack_and_check(self.state, player, random.Random(seed))

    @invariant()
    def castles_or_winner(self):
        if hasattr(self, "state"):
            empty = [not s.castle for s in self.state.sides]
            assert (self.state.winner is not None) == any(empty)


AttackMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
TestAttackMachine = AttackMachine.TestCase
