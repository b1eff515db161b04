"""Hypothesis stateful test: any sequence of legal choices (and chance outcomes) keeps the
invariants, under any reading of the open rules, and a clone replayed with the same choices
reaches the same state."""

from __future__ import annotations

from pathlib import Path

from greedy_invariants import check_state
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.chance import at_chance
from cardgen.packs.greedy_kingdoms.engine import ENGINE

CAT = load_catalogue(Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards")


class GreedyMachine(RuleBasedStateMachine):
    @initialize(
        seed=st.integers(0, 2**32),
        shortfall=st.sampled_from(["partial", "nothing"]),
        sequential=st.booleans(),
        limit=st.integers(1, 40),
    )
    def start(self, seed, shortfall, sequential, limit):
        update = {
            "supply_shortfall": shortfall,
            "defender_reveals_after": sequential,
            "turn_limit": limit,
        }
        game = ENGINE.new_game(CAT, ENGINE.setup(CAT, settings=update))
        self.state = game.new_initial_state(seed)

    @rule(data=st.data())
    def step(self, data):
        s = self.state
        if s.is_terminal():
            return
        before = s.clone()
        if at_chance(s):
            outcome = data.draw(st.sampled_from([o for o, _ in s.chance_outcomes()]))
            s.apply_chance(outcome)
            before.apply_chance(outcome)
        else:
            acts = {p: data.draw(st.sampled_from(s.legal_actions(p))) for p in s.movers()}
            s.apply(acts)
            before.apply(acts)
        assert before.digest() == s.digest()

    @invariant()
    def holds(self):
        if hasattr(self, "state"):
            check_state(self.state)


GreedyMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGreedyMachine = GreedyMachine.TestCase
