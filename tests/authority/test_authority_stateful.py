"""Hypothesis stateful test of Authority's engine: any sequence of legal actions, under any
reading, keeps the invariants, and a clone given the same actions reaches the same state."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.authority.engine import Game
from cardgen.packs.authority.model import Settings

CAT = load_catalogue(Path(__file__).resolve().parents[2] / "games" / "authority" / "cards")
FACTIONS = ["bloodrunners", "iron-wall", "golden-ox", "hooded-brothers"]


class AuthorityMachine(RuleBasedStateMachine):
    @initialize(
        n=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        order=st.sampled_from(["outermost", "innermost"]),
        flags=st.lists(st.booleans(), min_size=6, max_size=6),
    )
    def start(self, n, seed, order, flags):
        reading = Settings.model_validate(
            {
                "attack_order": order,
                "damage_persists": flags[0],
                "leftover_to_monarch": flags[1],
                "bonus_retroactive": flags[2],
                "refill_immediately": flags[3],
                "generals_aside": flags[4],
                "kingsguard_returns": flags[5],
            }
        )
        self.state = Game(CAT, FACTIONS[:n], seed=seed, settings=reading).new_initial_state()

    @rule(data=st.data())
    def act(self, data):
        s = self.state
        if s.is_terminal():
            return
        action = data.draw(st.sampled_from(s.legal_actions()))
        before = s.clone()
        s.apply_action(action)
        before.apply_action(action)
        assert before.state_hash() == s.state_hash()

    @invariant()
    def holds(self):
        if hasattr(self, "state"):
            self.state.check_invariants()
            assert self.state.is_terminal() == (not self.state.legal_actions())


AuthorityMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestAuthorityMachine = AuthorityMachine.TestCase
