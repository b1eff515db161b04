"""The attack resolver and the game on the engine kit: invariants over thousands of seeded
random attacks under every combination of settings, whole games (turns, draws, the end),
observations, the card_values option and a hypothesis stateful test."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from rampage_invariants import (
    ALL_SETTINGS,
    CAT,
    attack_and_check,
    every_card,
    new_state,
    random_state,
    readable,
)

from cardgen.engine import IllegalAction, ScenarioError, SetupError
from cardgen.engine.play import play
from cardgen.packs.castle_rampage.engine.definition import ENGINE
from cardgen.packs.castle_rampage.engine.resolve import resolve_attack


@pytest.mark.parametrize("index", range(len(ALL_SETTINGS)))
def test_invariants_over_seeded_random_attacks(index):
    settings_ = ALL_SETTINGS[index]
    attacks = wins = 0
    for seed in range(300):
        rng = random.Random(f"{index}:{seed}")
        state = random_state(rng, settings_)
        player = 0
        cards = state.game.cards
        while state.winner is None and any(cards[c].attack for c in state.deck):
            attack_and_check(state, player, rng)
            player = 1 - player
            attacks += 1
        wins += state.winner is not None
    assert attacks > 1200
    assert wins > 200  # most random sequences of attacks end a game


def test_a_game_is_deterministic_alternates_and_draws_each_turn():
    setup = ENGINE.setup(CAT)
    a = play(ENGINE, CAT, setup, ["random", "random"], 7)
    b = play(ENGINE, CAT, setup, ["random", "random"], 7)
    assert a.state.digest() == b.state.digest() and a.state.events == b.state.events
    plays = [e for e in a.state.events if e[0] in ("play", "pass")]
    assert [e[2] for e in plays] == [i % 2 for i in range(len(plays))]  # P1 first, in turn
    assert [e[1] for e in plays] == list(range(1, len(plays) + 1))
    draws = [e[1] for e in a.state.events if e[0] == "draw"]
    assert draws[: len(plays)] == [i % 2 for i in range(len(plays))]  # a draw starts a turn
    assert a.state.is_terminal()
    assert play(ENGINE, CAT, setup, ["random", "random"], 8).state.digest() != a.state.digest()


def test_setup_deals_the_public_facts_and_the_first_draw():
    state = new_state(3)
    for p, seat in enumerate(state.seats):
        assert (len(seat.gate), len(seat.castle)) == (4, 4)
        assert len(seat.hand) == (3 if p == 0 else 2)  # P1 has drawn for turn 1
        assert not any(seat.gate_seen + seat.castle_seen)
    assert len(state.deck) == 118 - 21
    assert sorted(every_card(state)) == sorted(
        c.id for c in CAT if c.pile == "deck" for _ in range(c.copies)
    )
    assert state.events == [("draw", 0, state.seats[0].hand[-1])]


def test_too_small_a_deck_is_a_setup_error():
    """validate refuses such a catalogue (E283); the engine refuses it too, as a set-up error."""
    import copy

    from cardgen.packs.castle_rampage.model import Setup as Deal

    small = copy.copy(CAT)
    small.rules = CAT.rules.model_copy(update={"setup": Deal(gate=20, castle=20, hand=20)})
    with pytest.raises(SetupError, match="the deck has 118 cards; the set-up deals 120"):
        ENGINE.new_game(small, ENGINE.setup(small))


def test_legal_actions_attack_with_a_card_or_pass():
    state = new_state(0)
    state.seats[0].hand = ["wall", "knight", "knight", "cook"]
    assert [state.action_to_string(0, a) for a in state.legal_actions(0)] == ["attack with knight"]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        state.apply({1: state.game.index["archer"]})
    state.seats[0].hand = ["wall", "cook"]
    assert [state.action_to_string(0, a) for a in state.legal_actions(0)] == ["pass"]
    state.apply({0: state.game.pass_action})
    assert state.to_move == 1 and state.seats[0].hand == ["wall", "cook"]


def test_the_deck_running_out_ends_the_game_in_a_draw():
    state = new_state(0)
    state.deck = []
    state.seats[0].hand = ["militia"]
    state.seats[1].gate = ["wall"]  # 2 < 6: the attack fails
    state.apply({0: state.game.index["militia"]})
    assert state.is_terminal() and state.winner is None and state.returns() == [0.5, 0.5]
    assert state.events[-1] == ("deck_out", 1)


def test_observation_hides_face_down_cards_until_revealed():
    state = new_state(11)
    obs = state.observation(0)
    assert obs["players"][1]["gate"] == [None] * 4 and obs["players"][1]["castle"] == [None] * 4
    assert obs["players"][0]["gate"] == [None] * 4  # nobody sees their own structures
    assert obs["players"][0]["hand"] == state.seats[0].hand
    assert obs["players"][1]["hand"] == 2 and obs["deck"] == len(state.deck)
    # an attack that fails on the first Gate card: that card is now known to both players
    top = state.seats[1].gate[0]
    if CAT.card(top).gate > 1:
        resolve_attack(state, 0, CAT.card("peasant"))  # attack 1
        for viewer in (0, 1):
            assert state.observation(viewer)["players"][1]["gate"] == [top, None, None, None]
            assert state.observation(viewer)["players"][1]["known"] == [top]


def test_determinise_keeps_what_a_seat_knows():
    state = new_state(5)
    resolve_attack(state, 0, CAT.card("peasant"))
    known = state.seats[1].known()
    rng = random.Random(1)
    changed = 0
    for _ in range(20):
        world = state.determinise(0, rng)
        assert world.observation(0) == state.observation(0)
        assert world.seats[1].known() == known and world.seats[0].hand == state.seats[0].hand
        assert sorted(every_card(world)) == sorted(every_card(state))
        changed += world.seats[1].hand != state.seats[1].hand
    assert changed > 10


def test_an_attack_after_the_game_ended_is_refused():
    state = new_state(2)
    state.winner, state.to_move = 0, None
    with pytest.raises(ValueError, match="over"):
        resolve_attack(state, 1, CAT.card("knight"))
    assert state.legal_actions(0) == state.legal_actions(1) == []


def test_card_values_change_a_design_for_one_game():
    setup = ENGINE.setup(CAT, options={"card_values": {"knight": {"attack": 12}}})
    state = ENGINE.new_game(CAT, setup).new_initial_state(0)
    state.seats[0].hand = ["knight"]
    state.apply({0: state.game.index["knight"]})
    assert readable(state.events)[2].text.startswith("knight attacks the gate with strength 12")
    for bad, words in (
        ({"dragon": {"attack": 3}}, "'dragon' is not a deck card"),
        ({"knight": {"speed": 3}}, "give attack, gate, castle or effects"),
        ({"knight": {"attack": 0}}, "card_values.knight.attack"),
        ("knight", "is a mapping"),
    ):
        with pytest.raises(SetupError, match=words):
            ENGINE.setup(CAT, options={"card_values": bad})


def test_a_described_state_marks_the_known_cards_and_is_checked():
    state = new_state(0)
    state.arrange({"players": {1: {"gate": ["wall", "moat"], "known": ["moat"]}}})
    assert state.observation(0)["players"][1]["gate"] == [None, "moat"]
    assert state.seats[1].gate_seen == [False, True] and not any(state.seats[1].castle_seen)
    with pytest.raises(ScenarioError, match=r"known: wall is not \(in that order\)"):
        state.arrange({"players": {1: {"known": ["moat", "wall"]}}})
    with pytest.raises(ScenarioError, match="a Castle is empty"):
        new_state(0).arrange({"players": {0: {"castle": []}}})
    with pytest.raises(ScenarioError, match=r"P1\.score cannot be set"):
        new_state(0).arrange({"players": {0: {"score": 3}}})


class AttackMachine(RuleBasedStateMachine):
    """Any sequence of attacks, by any card and strength, under any settings."""

    @initialize(seed=st.integers(0, 2**32), which=st.integers(0, len(ALL_SETTINGS) - 1))
    def start(self, seed, which):
        self.rng = random.Random(seed)
        self.state = random_state(self.rng, ALL_SETTINGS[which])

    @rule(player=st.integers(0, 1), seed=st.integers(0, 2**16))
    def attack(self, player, seed):
        cards = self.state.game.cards
        if self.state.winner is None and any(cards[c].attack for c in self.state.deck):
            attack_and_check(self.state, player, random.Random(seed))

    @invariant()
    def castles_or_winner(self):
        if hasattr(self, "state"):
            empty = [not s.castle for s in self.state.seats]
            assert (self.state.winner is not None) == any(empty)


AttackMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None, derandomize=True
)
TestAttackMachine = AttackMachine.TestCase
