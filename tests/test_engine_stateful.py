"""Hypothesis stateful test: any sequence of legal simultaneous choices keeps the invariants,
and a clone replayed with the same choices reaches the same state."""

from __future__ import annotations

from pathlib import Path

from engine_invariants import check_finished, check_state
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardgen.catalogue.loader import load_catalogue
from tests.attack_right.engine_helpers import Game, advance, moves

CAT = load_catalogue(Path(__file__).parent / "fixtures" / "engine")
DECKS = ["spy", "blue", "red", "green"]


class EngineMachine(RuleBasedStateMachine):
    @initialize(
        n=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        first_game=st.booleans(),
        tie=st.booleans(),
    )
    def start(self, n, seed, first_game, tie):
        settings_ = CAT.rules.settings.model_copy(update={"defender_wins_ties": tie})
        self.game = Game(CAT, DECKS[:n], seed=seed, first_game=first_game, settings=settings_)
        self.state = self.game.new_initial_state()

    @rule(data=st.data())
    def step(self, data):
        s = self.state
        if s.is_terminal():
            return
        acts = []
        for p in range(s.n):
            legal = s.legal_actions(p)
            acts.append(data.draw(st.sampled_from(legal)) if p in s.movers() else None)
        before = s.clone()
        advance(s, moves(acts))
        advance(before, moves(acts))
        assert before.digest() == s.digest()

    @invariant()
    def holds(self):
        if hasattr(self, "state"):
            check_state(self.state)
            if self.state.is_terminal():
                check_finished(self.state)


EngineMachine.TestCase.settings = settings(
    max_examples=50,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestEngine = EngineMachine.TestCase
