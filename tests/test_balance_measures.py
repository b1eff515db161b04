"""The balance lab's fair measures: a design's free choices (a forced pick is none), its lift
over a uniform choice, the dead test against the median lift; and the planted-outlier test on
a second engine game, Star Draft (the drafting starter, a described game)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.checks import is_valid
from cardgen.engine.balance import (
    Thresholds,
    advise,
    apply_proposal,
    badness,
    dead_limits,
    find_outliers,
    free_offers,
    kit_runner,
)
from cardgen.engine.registry import engine_of
from cardgen.engine.simulation import UNIFORM_UNIT, GameSpec, KitSimulation, Runner
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import interval, rounded
from tests.test_balance_advisor import ROOT

STAR = ROOT / "cardgen" / "scaffold" / "starters" / "drafting" / "cards"


def free(card: str, offered: int, chosen: int, uniform: float, played=100, wins=50) -> dict:
    """A design offered freely ``offered`` times, chosen ``chosen`` times, where a uniform
    choice would pick it with chance ``uniform``."""
    return {
        "card": card,
        "offered": offered,
        "chosen": chosen,
        "free_offered": offered,
        "free_chosen": chosen,
        "free_uniform": round(uniform * offered * UNIFORM_UNIT),
        "chosen_when_offered": rounded(chosen / offered),
        "chosen_ci": interval(chosen, offered),
        "games_played": played,
        "wins_played": wins,
        "win_rate_when_played": rounded(wins / played),
        "win_played_ci": interval(wins, played),
    }


def test_dead_is_judged_against_a_uniform_choice():
    # lifts: a 50/100 at 1/2 -> 1, b 25/100 at 1/4 -> 1, c 60/100 at 1/2 -> 1.2
    even = [free("a", 100, 50, 0.5), free("b", 100, 25, 0.25), free("c", 100, 60, 0.5)]
    # d: 2 of 100 at 1/2, lift 0.04; median lift (0.04, 1, 1, 1.2) = 1: limit 1/4 * 1 * 1/2
    dead = [*even, free("d", 100, 2, 0.5)]
    assert dead_limits(dead, Thresholds())["d"] == pytest.approx(0.125)
    assert interval(2, 100)[1] < 0.125
    assert [(o.card, o.kind, o.limit) for o in find_outliers(dead, Thresholds())] == [
        ("d", "dead", 0.125)
    ]
    # e: one of twenty options, chosen 15 of 300 (5 %): as often as a uniform choice, so not
    # dead; against the median rate alone (50 %, limit 12.5 %) it would be
    rare = [*even, free("e", 300, 15, 0.05)]
    assert interval(15, 300)[1] < 0.25 * 0.5
    assert find_outliers(rare, Thresholds()) == []


def test_forced_picks_are_no_choice():
    # chosen every time it was offered, but always as the only action: never a free choice
    forced = {
        **free("f", 100, 50, 0.5),
        "offered": 80,
        "chosen": 80,
        "free_offered": 0,
        "free_chosen": 0,
        "free_uniform": 0,
    }
    assert free_offers(forced) == (0, 0, 0.0)
    designs = [free("a", 100, 50, 0.5), free("b", 100, 2, 0.5), free("c", 100, 50, 0.5), forced]
    # f is not judged: b's limit is 1/4 of the judged designs' median lift (1) times 1/2
    assert dead_limits(designs, Thresholds())["b"] == pytest.approx(0.125)
    assert [(o.card, o.kind) for o in find_outliers(designs, Thresholds())] == [("b", "dead")]


def test_a_design_never_offered_freely_is_not_judged_whatever_the_minimum():
    designs = [free("a", 100, 50, 0.5), {**free("b", 100, 50, 0.5), "free_offered": 0}]
    designs[1].update(free_chosen=0, free_uniform=0)
    th = Thresholds(min_offered=0)
    assert find_outliers(designs, th) == []
    assert badness(designs, th, ({"b"}, set())) == 0.0


def test_a_summary_without_free_counts_reads_every_offer_as_free():
    d = {"card": "x", "offered": 40, "chosen": 10}
    assert free_offers(d) == (40, 10, 1.0)


@pytest.mark.slow
def test_star_draft_counts_free_choices_by_hand():
    """Three players, two rounds of four cards each, picked at once: per game 24 picks, of
    which 6 (the last card of each hand) are forced.  The free ones are 6 from four cards, 6
    from three, 6 from two: 54 designs offered freely, 18 chosen, and a uniform choice's share
    summed to 6 * (4 * 1/4) + 6 * (3 * 333333e-6) + 6 * (2 * 1/2) decisions' worth."""
    cat = load_catalogue(STAR)
    engine = engine_of(cat)
    sim = KitSimulation(engine, quality_games=0, offer_games=2)
    sides = ("P1", "P2", "P3")
    spec = SimSpec(games=2, players=3, matchups=(sides,), bots="greedy", seed=1)
    table = Runner(sim, cat, spec)
    layout = table.layout
    C = [0] * layout.size
    for g in range(2):
        table.play(GameSpec(g, sides, ("greedy",) * 3, g, (0, 1, 2)), C)
    rows = [layout.row(C, "offer", k) for k in range(len(cat.cards))]
    total = {f: sum(r[f] for r in rows) for f in rows[0]}
    assert total == {
        "offered": 2 * 60,
        "chosen": 2 * 24,
        "free_offered": 2 * 54,
        "free_chosen": 2 * 18,
        "free_uniform": 2 * (6 * 1_000_000 + 6 * 999_999 + 6 * 1_000_000),
    }
    assert all(r["chosen"] - r["free_chosen"] <= r["offered"] - r["free_offered"] for r in rows)


def planted_star(tmp_path: Path) -> Path:
    """Star Draft with a dead design (the Five of Moons at rank 1: worth a point, always the
    last pick) and a dominant one (the Four of Moons at rank 10, the ranks' bound raised to
    10)."""
    to = tmp_path / "cards"
    shutil.copytree(STAR, to)
    rules = to / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "min: 1, max: 8," in text
    rules.write_text(text.replace("min: 1, max: 8,", "min: 1, max: 10,"), encoding="utf-8")
    deck = to / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    for was, now in (
        ("{id: moon-5, name: Five of Moons, suit: moon, rank: 5}", "rank: 1}"),
        ("{id: moon-4, name: Four of Moons, suit: moon, rank: 4}", "rank: 10}"),
    ):
        assert was in text
        text = text.replace(was, was[: was.index("rank:")] + now)
    deck.write_text(text, encoding="utf-8")
    return to


@pytest.mark.slow
def test_planted_outliers_in_star_draft_found_and_fixed(tmp_path):
    root = planted_star(tmp_path)
    run = kit_runner(None, "greedy", workers=2)
    th = Thresholds()
    base = run(root, 100, 0)
    before = {(o.card, o.kind) for o in find_outliers(base["designs"], th)}
    assert {("moon-5", "dead"), ("moon-4", "dominant")} <= before
    assert run(root, 100, 0)["designs"] == base["designs"]  # the same seeds, the same figures
    # every copy of the Five of Moons is played in the end (the last pick of a hand): by all
    # its offers it is chosen as often as a quarter of the median design, by its free ones not
    moon5 = next(d for d in base["designs"] if d["card"] == "moon-5")
    assert moon5["chosen"] == moon5["games_played"] == 100
    assert moon5["free_chosen"] < moon5["free_offered"] / 20
    # the planted designs raced (the game's own outliers, such as the last of the stars that
    # the greedy bot takes in order, are not: --card)
    p = advise(
        root,
        run,
        valid=is_valid,
        games=100,
        seed=0,
        budget=10_000,
        th=th,
        baseline=base,
        race=40,
        cards=("moon-4", "moon-5"),
    )
    assert not p.cut
    by = {c.card: c for c in p.changes}
    assert set(by) == {"moon-4", "moon-5"}
    assert by["moon-5"].field == "rank" and by["moon-5"].after > 1
    assert by["moon-4"].field == "rank" and by["moon-4"].after < 10
    left = {o.card for o in p.after}
    assert not left & {"moon-4", "moon-5"}
    assert p.confirmed  # both outliers on the fresh games unchanged: what --apply needs
    # applied (what --apply writes), the game plays the confirmation's seeds to the same
    # figures: both within the thresholds, reproducibly
    apply_proposal(root, p.changes)
    again = run(root, p.confirmation["games"], p.confirmation["seed"])["designs"]
    brief = [{k: d[k] for k in p.confirmation["designs_changed"][0]} for d in again]
    assert brief == p.confirmation["designs_changed"]
    assert not {o.card for o in find_outliers(again, th)} & {"moon-4", "moon-5"}


GK = ROOT / "games" / "greedy-kingdoms" / "cards"


@pytest.mark.slow
def test_greedy_kingdoms_upgrades_and_palace_are_offered_and_paired():
    """Greedy Kingdoms' actions name every design they take: an Upgrade obtained from the line
    and the Royal Palace are offered, chosen and paired like the Characters, so the dead and
    the paired dominant tests reach them."""
    cat = load_catalogue(GK)
    designs = {d["card"]: d for d in kit_runner(None, "greedy", workers=1)(GK, 4, 0)["designs"]}
    upgrades = [c.id for c in cat if not c.kind.is_character]
    assert "royal-palace" in upgrades and len(upgrades) == len(cat.cards) - 16
    for cid in upgrades:
        d = designs[cid]
        # every copy obtained was an action chosen that named it, at a free choice (a develop
        # step always has pass), in a player-game that took it
        assert d["chosen"] == d["free_chosen"] == d["played"], cid
        assert d["games_taken"] == d["games_played"], cid
        assert d["offered"] >= d["chosen"], cid
    offered = [cid for cid in upgrades if designs[cid]["free_offered"]]
    assert len(offered) >= 12 and "royal-palace" in offered
    assert sum(designs[cid]["games_left"] for cid in upgrades) > 0
