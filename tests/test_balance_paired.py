"""The paired measure of a dominant design: over the player-games in which it was a free
choice, the win rate of those that took it against those that left it (docs/balance.md), its
counting by hand and its test on hand-made rows."""

from __future__ import annotations

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.balance import Thresholds, badness, find_outliers, judged
from cardgen.engine.registry import engine_of
from cardgen.engine.simulation import (
    PAIRED_FIELDS,
    GameSpec,
    KitSimulation,
    Runner,
    count_paired,
    newcombe,
    paired_figures,
)
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import interval, rounded
from tests.test_balance_measures import STAR


def test_newcombe_matches_the_papers_worked_examples():
    # Newcombe (1998), Table II, method 10
    for (k1, n1, k2, n2), want in (
        ((56, 70, 48, 80), (0.0524, 0.3339)),
        ((9, 10, 3, 10), (0.1705, 0.8090)),
        ((6, 7, 2, 7), (0.0582, 0.8062)),
        ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ):
        assert newcombe(k1, n1, k2, n2) == pytest.approx(want, abs=5e-5)
    assert newcombe(3, 10, 0, 0) == (-1.0, 1.0)


def test_count_paired_by_hand():
    # seat 0 won: offered a and b freely, took a (and c, never offered freely: not counted);
    # seat 1 lost: offered a, took nothing; seat 2 lost: offered b, took b
    C = [0] * 8
    slots = {"a": 0, "b": 4}
    free = [{"a", "b"}, {"a"}, {"b"}]
    taken = [{"a", "c"}, set(), {"b"}]
    count_paired(free, taken, (True, False, False), slots, C)
    # a: taken 1 (won 1), left 1 (won 0); b: taken 1 (won 0), left 1 (won 1)
    assert C == [1, 1, 1, 0, 1, 0, 1, 1]


def row(card: str, taken: int, wins_taken: int, left: int, wins_left: int) -> dict:
    """A design's summary row with paired figures (and a neutral win rate when played)."""
    v = dict(zip(PAIRED_FIELDS, (taken, wins_taken, left, wins_left), strict=True))
    return {
        "card": card,
        "offered": 0,
        "chosen": 0,
        "games_played": taken,
        "wins_played": wins_taken,
        "win_rate_when_played": rounded(wins_taken / taken),
        "win_played_ci": interval(wins_taken, taken),
        **paired_figures(v),
    }


def test_paired_test_on_hand_made_rows():
    th = Thresholds()
    rows = [
        # 56/70 against 48/80: +20 pts, Newcombe interval (0.052, 0.334): dominant
        row("x", 70, 56, 80, 48),
        # +20 pts on 9/10 against 3/10: significant but taken in fewer than 20 player-games
        row("small", 10, 9, 10, 3),
        # 80 % taken against 75 % left: within the margin though significant at this size
        row("near", 4000, 3200, 4000, 3000),
        # 39/40 against 0/0: never left, no pairing: the pooled measure (97.5 % against the
        # other rows' 3277/4100 = 79.9 %, p 0.0055; 38/40, p 0.017, is no discovery once the
        # rows' 4 tests are corrected: test_balance_advisor): dominant by it
        row("always", 40, 39, 0, 0),
        # +13 pts on 12/20 against 47/100 (p 0.60 vs 0.47): the interval reaches below 0
        row("noisy", 20, 12, 100, 47),
    ]
    assert rows[0]["taken_gap"] == 0.2 and rows[0]["taken_gap_ci"] == [0.0524, 0.3339]
    assert newcombe(12, 20, 47, 100)[0] < 0
    found = [(o.card, o.kind, o.figure, o.limit) for o in find_outliers(rows, th)]
    assert found == [("x", "dominant", 0.8, 0.7), ("always", "dominant", 0.975, 0.8993)]
    # the same rows without the paired figures: the pooled measure alone, where x (80 %, as
    # the pool) is not dominant
    pooled = [{k: v for k, v in r.items() if k not in PAIRED_FIELDS} for r in rows]
    assert [o.card for o in find_outliers(pooled, th)] == ["always"]
    # the search's badness stays the pooled measure's: x alone has no other designs to
    # stand above, and with "always" it stands below their pooled rate
    assert badness(rows[:1], th) == 0.0
    assert badness([rows[0], rows[3]], th) == pytest.approx(0.975 - 0.8 - 0.1)
    assert judged(rows, th)[1] == {"x", "near", "always", "noisy"}


@pytest.mark.slow
def test_star_draft_counts_taken_and_left_by_hand():
    """Three players, two rounds of hands of four, picked at once and passed: a seat is
    offered freely the 4 cards of its hand, the 3 of the next and the 2 of the last (each
    design once), and its forced pick is the last card of its own hand, which it was offered
    at its first pick: per seat and game 18 designs offered freely, its 8 picks taken, 10
    left, each a win if the seat won."""
    cat = load_catalogue(STAR)
    engine = engine_of(cat)
    sim = KitSimulation(engine, quality_games=0, offer_games=2)
    sides = ("P1", "P2", "P3")
    spec = SimSpec(games=2, players=3, matchups=(sides,), bots="greedy", seed=1)
    table = Runner(sim, cat, spec)
    layout = table.layout
    assert len({c.id for c in cat.cards}) == len(cat.cards)
    winners = 0
    C = [0] * layout.size
    for g in range(2):
        record = table.play(GameSpec(g, sides, ("greedy",) * 3, g, (0, 1, 2)), C)
        winners += sum(record.winners)
    assert winners >= 2
    rows = [layout.row(C, "paired", k) for k in range(len(cat.cards))]
    total = {f: sum(r[f] for r in rows) for f in PAIRED_FIELDS}
    assert total == {
        "games_taken": 2 * 3 * 8,
        "wins_taken": 8 * winners,
        "games_left": 2 * 3 * 10,
        "wins_left": 10 * winners,
    }
    # a design taken in a player-game was played in it (the pick is the play)
    for k in range(len(cat.cards)):
        assert rows[k]["games_taken"] == layout.row(C, "design", k)["games_played"]
