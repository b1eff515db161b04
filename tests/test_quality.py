"""Game-quality measures: tiny games whose values are worked out by hand, and a run of an engine
game that reports them the same for any number of workers."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardgen.engine.quality import (
    QUALITY_FIELDS,
    Course,
    count,
    decided_at,
    entropy,
    kingmaker_choice,
    lead_changes,
    leader,
    measure,
    summarise,
)

ROOT = Path(__file__).resolve().parents[1]

# P1 leads, a tie, P2 leads, P1 leads again and wins: 4 decisions with 2, 1, 3, 1 choices
SEESAW = Course([(1, 0), (1, 1), (1, 2), (3, 2)], [2, 1, 3, 1], (True, False))
# a shared win: a draw, no sole winner
SHARED = Course([(0, 1), (2, 2)], [1, 1], (True, True))


def H(*shares: float) -> float:
    return -sum(p * math.log(p) for p in shares if p) / math.log(len(shares))


def test_leader_ties_and_changes():
    assert leader((1, 2, 0)) == 1
    assert leader((2, 2, 0)) is None
    assert lead_changes([0, None, 1, 0]) == 2
    assert lead_changes([None, 1, None, 1]) == 0
    assert decided_at([0, None, 1, 0], 0) == 0.75
    assert decided_at([1, 1, 1, 1], 1) == 0.0
    assert decided_at([1, 1, 1, 0], 1) == 1.0


def test_entropy_of_standings():
    assert entropy((1, 1)) == 1.0
    assert entropy((1, 0)) == 0.0
    assert entropy((1, 2)) == pytest.approx(H(1 / 3, 2 / 3))
    assert entropy((-3, 2)) == 0.0  # a negative standing counts as nothing
    assert entropy((0, 0, 0)) == 1.0


def test_seesaw_game_by_hand():
    q = measure(SEESAW)
    assert q.steps == 4
    assert q.lead_changes == 2
    assert q.decided_at == 0.75  # P1 leads for good from the 4th decision on
    assert q.mid_leader_lost is True  # after decision 3 of 4 P2 leads, and loses
    assert q.uncertainty == pytest.approx((0 + 1 + H(1 / 3, 2 / 3) + H(0.6, 0.4)) / 4)
    assert (q.choices, q.decisions, q.forced) == (7, 4, 2)
    assert q.draw is False
    assert q.kingmade is None


def test_shared_win_is_a_draw_and_a_flat_standing_gives_no_measure():
    q = measure(SHARED)
    assert q.draw is True
    assert q.decided_at is None and q.mid_leader_lost is None
    assert q.lead_changes == 0
    flat = measure(Course([(0, 0), (0, 0)], [2, 2], (False, True)))
    assert flat.decided_at is flat.lead_changes is flat.uncertainty is None
    assert flat.draw is False and flat.forced == 0


def test_run_summary_adds_games_up():
    C = [0] * len(QUALITY_FIELDS)
    count(measure(SEESAW), C, 0)
    count(measure(SHARED), C, 0)
    king = Course([(3, 2, 1), (4, 2, 1)], [3, 3], (True, False, False), kingmade=True)
    count(measure(king), C, 0)
    s = summarise(dict(zip(QUALITY_FIELDS, C, strict=True)))
    assert s["games"] == 3
    # decided at 0.75 (seesaw) and 0.0 (P1 leads throughout): decisiveness 1 - 0.375
    assert s["decided_at"] == 0.375 and s["decisiveness"] == 0.625
    assert s["drama"] == 0.5  # the seesaw's mid leader lost, the third game's won
    assert s["lead_changes"] == round(2 / 3, 4)
    assert s["branching"] == round(15 / 8, 4)  # 7 + 2 + 6 choices over 8 decisions
    assert s["forced"] == round(4 / 8, 4)
    assert s["draws"] == round(1 / 3, 4)
    assert s["kingmaking"] == 1.0  # the one 3-player game


def test_kingmaker_is_a_trailing_seat_choosing_the_leader():
    assert kingmaker_choice((5, 3, 1), 2, [(6, 3, 1), (5, 7, 1)])
    assert not kingmaker_choice((5, 3, 1), 2, [(6, 3, 1), (7, 3, 1)])  # P1 leads either way
    assert not kingmaker_choice((5, 3, 1), 1, [(6, 3, 1), (5, 7, 1)])  # P2 is not last
    assert not kingmaker_choice((5, 1, 1), 2, [(6, 1, 1), (1, 7, 1)])  # tied last: not alone
    assert not kingmaker_choice((5, 3, 1), 2, [(5, 3, 9), (6, 3, 1)])  # itself, not another


@pytest.mark.slow
def test_engine_run_reports_quality_the_same_for_any_workers():
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.registry import engine_of
    from cardgen.engine.simulation import KitSimulation, seat_sides
    from cardgen.engine.simulation import simulate as run
    from cardgen.engine.simulation import summarise as summary_of
    from cardgen.simulate import SimSpec

    cat = load_catalogue(ROOT / "games" / "harbour-bid-data" / "cards")
    sim = KitSimulation(engine_of(cat), quality_games=40)
    spec = SimSpec(games=40, players=2, matchups=(seat_sides(2),), seed=3, pool=sim.bots)
    one = summary_of(run(cat, spec, workers=1, chunk_size=7, simulation=sim), cat)
    two = summary_of(run(cat, spec, workers=2, chunk_size=5, simulation=sim), cat)
    assert one["quality"] == two["quality"]
    q = one["quality"]
    assert q["games"] == 40
    assert q["decisiveness"] is not None and 0 < q["decisiveness"] <= 1
    assert q["branching"] >= 1 and q["kingmaking"] is None  # two players: no kingmaker


@pytest.mark.slow
def test_designs_offered_and_chosen_match_the_plays():
    """Harbour Bid names the design in every bid: each chosen bid is one play of it, and a
    design is chosen at most as often as it is offered."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.registry import engine_of
    from cardgen.engine.simulation import KitSimulation, seat_sides
    from cardgen.engine.simulation import simulate as run
    from cardgen.engine.simulation import summarise as summary_of
    from cardgen.simulate import SimSpec

    cat = load_catalogue(ROOT / "games" / "harbour-bid-data" / "cards")
    sim = KitSimulation(engine_of(cat), quality_games=30)
    spec = SimSpec(games=30, players=2, matchups=(seat_sides(2),), seed=5, pool=sim.bots)
    designs = summary_of(run(cat, spec, simulation=sim), cat)["designs"]
    bid = [d for d in designs if d["offered"]]
    assert bid and all(d["chosen"] == d["played"] for d in designs)
    assert all(d["chosen"] <= d["offered"] for d in designs)
    d = bid[0]
    assert d["chosen_when_offered"] == round(d["chosen"] / d["offered"], 4)


@pytest.mark.slow
def test_kit_standings_and_kingmaking_agree_with_the_measures_definitions():
    """Attack Right's standings at once are its evaluate seat by seat, and the kit's kingmaking
    (the losers' trailing decisions looked ahead once the game is over, each until two other
    leaders are crowned) is kingmaker_choice over every trailing decision of a seat that lost."""
    import random

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.chance import settle
    from cardgen.engine.registry import engine_of
    from cardgen.engine.simulation import (
        KINGMAKER_CHOICES,
        KitSimulation,
        Runner,
        _kingmade,
        standing_of,
    )
    from cardgen.simulate import SimSpec

    cat = load_catalogue(ROOT / "cards")
    engine = engine_of(cat)
    sim = KitSimulation(engine)
    sides = tuple(sim.recommended_sides(cat, 4))[:4]
    runner = Runner(sim, cat, SimSpec(1, 4, (sides,), seed=1, pool=sim.bots))
    stand = standing_of(engine)
    found = set()
    for seed in range(3):
        state = runner.game(sides).new_initial_state(seed)
        rng = random.Random(seed)
        trailing, kings = [], set()
        while not state.is_terminal():
            seats = state.movers()
            if not seats:  # a chance node
                settle(state)
                continue
            now = stand(state, 4)
            assert now == tuple(engine.evaluate(state, q) for q in range(4))
            p = seats[0]
            legal = state.legal_actions(p)
            if (
                len(seats) == 1
                and 2 <= len(legal) <= KINGMAKER_CHOICES
                and min(now) == now[p]
                and now.count(now[p]) == 1
            ):
                trailing.append((p, state.clone(), tuple(legal)))
                outcomes = []
                for a in legal:
                    c = state.clone()
                    c.apply({p: a})
                    outcomes.append(stand(c, 4))
                if kingmaker_choice(now, p, outcomes):
                    kings.add(p)
            state.apply({q: rng.choice(state.legal_actions(q)) for q in seats})
        returns = state.returns()
        winners = tuple(r == max(returns) and r > 0 for r in returns)
        want = any(not winners[p] for p in kings)
        assert _kingmade(trailing, winners, stand, 4) is want
        found.add(want)
    assert found == {True, False}  # both cases met
