"""Hypothesis stateful test of Authority's engine: any sequence of legal actions, under any
reading, keeps the invariants, and a clone given the same actions reaches the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tests.authority._helpers import game


class AuthorityMachine(RuleBasedStateMachine):
    @initialize(
        n=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        order=st.sampled_from(["outermost", "innermost"]),
        flags=st.lists(st.booleans(), min_size=6, max_size=6),
    )
    def start(self, n, seed, order, flags):
        self.state = game(
            n,
            **{
                "attack_order": order,
                "damage_persists": flags[0],
                "leftover_to_monarch": flags[1],
                "bonus_retroactive": flags[2],
                "refill_immediately": flags[3],
                "generals_aside": flags[4],
                "kingsguard_returns": flags[5],
            },
        ).new_initial_state(seed)

    @rule(data=st.data())
    def act(self, data):
        s = self.state
        if s.is_terminal():
            return
        action = data.draw(st.sampled_from(s.legal_actions(s.current)))
        before = s.clone()
        s.apply({s.current: action})
        before.apply({before.current: action})
        assert before.digest() == s.digest()

    @invariant()
    def holds(self):
        if hasattr(self, "state"):
            self.state.check_invariants()
            assert self.state.is_terminal() == (not self.state.legal_actions(self.state.current))


AuthorityMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestAuthorityMachine = AuthorityMachine.TestCase
