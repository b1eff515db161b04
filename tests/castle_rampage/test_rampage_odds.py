"""Attack odds: the exact forward pass agrees with the engine played on every dealt sequence,
lies inside the simulation's intervals, and moves when a card's values change."""

from __future__ import annotations

import pytest
from rampage_invariants import CAT

from cardgen.packs.castle_rampage import odds
from cardgen.packs.castle_rampage.model import Settings

CARDS = list(CAT)


def rules_with(**settings):
    return CAT.rules.model_copy(update={"settings": Settings(**settings)})


CASES = [
    ({}, 2, 1, 3),
    ({}, 1, 2, 4),
    ({}, 0, 2, 5),
    ({}, 2, 2, 3),
    ({"purple_on_tie": "apply"}, 2, 1, 3),
    ({"failed_defender_returns_to": "gate"}, 1, 2, 4),
    ({"empty_gate": "no_attack"}, 0, 2, 5),
]


@pytest.mark.parametrize(("settings", "gate", "castle", "strength"), CASES)
def test_exact_matches_the_engine_on_every_sequence(settings, gate, castle, strength):
    rules = rules_with(**settings)
    fast = odds.exact(rules, CARDS, gate, castle, strength, 10**6)
    engine = odds.exact_by_engine(rules, CARDS, gate, castle, strength, 10**6)
    assert fast.win.value == pytest.approx(engine.win.value, abs=1e-12)
    assert fast.destroyed.value == pytest.approx(engine.destroyed.value, abs=1e-12)
    if gate:
        assert fast.break_gate.value == pytest.approx(engine.break_gate.value, abs=1e-12)
    assert fast.stopped_by.keys() == engine.stopped_by.keys()
    for k, v in fast.stopped_by.items():
        assert v == pytest.approx(engine.stopped_by[k], abs=1e-12)
    if settings.get("empty_gate") == "no_attack" and not gate:
        assert engine.attacks == 1 and fast.destroyed.value == 0 == fast.win.value
    else:
        assert engine.attacks > 100  # the engine really played many sequences


def test_hand_computed_values():
    deck = [c for c in CARDS if c.pile == "deck"]
    total = sum(c.copies for c in deck)
    # strength 1 against a full Gate: only a Gate defence of 1 ties (and is destroyed)
    ones = sum(c.copies for c in deck if c.gate == 1)
    row = odds.exact(CAT.rules, CARDS, 4, 4, 1, 10**6)
    assert row.destroyed.value == pytest.approx(ones / total)
    assert row.break_gate.value == 0 and row.win.value == 0
    # one Castle card left, no Gate: the attack wins iff its Castle defence is at most A
    for a in (2, 5, 9):
        row = odds.exact(CAT.rules, CARDS, 0, 1, a, 10**6)
        want = sum(c.copies for c in deck if c.castle <= a) / total
        assert row.win.value == pytest.approx(want)


def test_exact_lies_inside_the_simulated_intervals():
    sim = odds.simulate(CAT.rules, CARDS, 4, 4, 5, 4000, seed=3)
    ex = odds.exact(CAT.rules, CARDS, 4, 4, 5, 10**6)
    assert not sim.exact and sim.attacks == 4000
    for e, s in ((ex.break_gate, sim.break_gate), (ex.destroyed, sim.destroyed)):
        assert s.low <= e.value <= s.high
        assert s.low < s.value < s.high or s.value == 0


def test_simulation_is_seeded():
    a = odds.simulate(CAT.rules, CARDS, 4, 4, 9, 500, seed=1)
    b = odds.simulate(CAT.rules, CARDS, 4, 4, 9, 500, seed=1)
    c = odds.simulate(CAT.rules, CARDS, 4, 4, 9, 500, seed=2)
    assert a == b and a != c


def test_the_table_goes_exact_then_simulated():
    o = CAT.rules.odds.model_copy(
        update={"exact_limit": 900, "samples": 300, "strengths": (1, 2, 3, 4, 5)}
    )
    rules = CAT.rules.model_copy(update={"odds": o})
    rows = odds.odds_table(rules, CARDS, 4, 4)
    assert [r.strength for r in rows] == [1, 2, 3, 4, 5]
    assert [r.exact for r in rows] == [True, True, True, False, False]
    assert rows[3].break_gate.low is not None and rows[0].break_gate.low is None


def test_a_stronger_defence_lowers_the_odds_and_stops_more():
    base = odds.exact(CAT.rules, CARDS, 4, 4, 4, 10**6)
    tougher = [c.model_copy(update={"gate": 6}) if c.id == "militia" else c for c in CARDS]
    after = odds.exact(CAT.rules, tougher, 4, 4, 4, 10**6)
    assert after.break_gate.value < base.break_gate.value
    assert after.destroyed.value < base.destroyed.value
    assert after.stopped_by["militia"] > base.stopped_by["militia"]


def test_default_strengths_run_to_the_highest_attack():
    assert odds.strengths(CAT.rules, CARDS) == list(range(1, 13))


def test_a_spy_last_in_the_gate_destroys_no_castle_card():
    """R13: the Spy's next card is one of its own structure.  With a Gate of one card and a
    Castle of one, a strength of 2 breaks a Spy (Gate 1) and is left with 1, which neither a
    Spy (Castle 2) nor a Wall (Castle 3) in the Castle can beat: the attack never wins (it
    won 3 times in 8, when the Spy destroyed the Castle card unseen)."""
    few = [CAT.card("spy"), CAT.card("wall")]  # 3 Spies, 5 Walls
    for rules in (CAT.rules, rules_with(purple_on_tie="apply")):
        fast = odds.exact(rules, few, 1, 1, 2, 10**6)
        engine = odds.exact_by_engine(rules, few, 1, 1, 2, 10**6)
        assert fast.win.value == engine.win.value == 0
        assert fast.break_gate.value == pytest.approx(3 / 8)
        assert fast.destroyed.value == pytest.approx(3 / 8) == engine.destroyed.value
