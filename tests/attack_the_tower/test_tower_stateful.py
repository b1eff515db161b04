"""Hypothesis stateful test of Attack the Tower: any sequence of legal choices, under any
reading of the settings, keeps the invariants, and a clone given the same choices reaches the
same state."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardgen.catalogue.loader import load_catalogue
from tests.attack_the_tower.tower_invariants import check_finished, check_state
from tests.attack_the_tower.tower_paths import TOWER_CARDS, new_state

CAT = load_catalogue(TOWER_CARDS)


class TowerMachine(RuleBasedStateMachine):
    @initialize(
        seed=st.integers(0, 2**32),
        simultaneous=st.booleans(),
        idle=st.booleans(),
        join=st.sampled_from(["every_battle", "palace_only"]),
        manned=st.booleans(),
        extra=st.sampled_from(["per_troop", "per_battle"]),
        attacks=st.integers(1, 2),
        burns=st.sampled_from([None, 0, 2]),
    )
    def start(self, seed, simultaneous, idle, join, manned, extra, attacks, burns):
        update = {
            "initiative_simultaneous": simultaneous,
            "idle_initiative_strikes_regular": idle,
            "special_troops_join": join,
            "palace_manned_by_specials": manned,
            "extra_damage": extra,
            "attacks_per_territory": attacks,
            "max_burns": burns,
            "max_turns": 40,
        }
        self.state = new_state(CAT, seed, **update)

    @rule(data=st.data())
    def step(self, data):
        s = self.state
        if s.is_terminal():
            return
        legal = s.legal_actions(s.actor)
        # a burn is drawn seldom, as a player would: unlimited burns may go on for ever
        weights = [a for a in legal if a != 5] or legal
        action = data.draw(st.sampled_from(weights if data.draw(st.integers(0, 9)) else legal))
        before = s.clone()
        s.apply({s.actor: action})
        before.apply({before.actor: action})
        assert before.digest() == s.digest()

    @invariant()
    def holds(self):
        if hasattr(self, "state"):
            check_state(self.state)
            if self.state.is_terminal():
                check_finished(self.state)


TowerMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTowerEngine = TowerMachine.TestCase
