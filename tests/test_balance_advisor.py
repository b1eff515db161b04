"""The balance advisor: outliers, the card files' numbers, the search, the proposal applied."""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import asdict
from pathlib import Path
from statistics import NormalDist

import pytest

from cardgen.checks import QuickCheck, is_valid, refusal
from cardgen.engine.balance import (
    Change,
    Outlier,
    Thresholds,
    adjusted,
    advise,
    apply_changes,
    apply_proposal,
    badness,
    candidates,
    find_outliers,
    judged,
    kendall,
    kit_runner,
    numbers,
    p_value,
    senses,
)
from cardgen.engine.simulation import newcombe
from cardgen.simulate.stats import interval, rounded, wilson

ROOT = Path(__file__).resolve().parents[1]
HARBOUR = ROOT / "games" / "harbour-bid-data" / "cards"


def planted(tmp_path: Path, captain: int = 12) -> Path:
    """Harbour Bid with a dead design (a Stevedore of strength 1: never worth a bid) and a
    dominant one (a Captain of strength ``captain``, against 7: its bid always takes the
    cargo)."""
    to = tmp_path / "cards"
    shutil.copytree(HARBOUR, to)
    crew = to / "crew.yaml"
    text = crew.read_text(encoding="utf-8")
    text = text.replace(
        "{id: stevedore, name: Stevedore, strength: 2,",
        "{id: stevedore, name: Stevedore, strength: 1,",
    )
    text = text.replace(
        "{id: captain, name: Captain, strength: 7,",
        f"{{id: captain, name: Captain, strength: {captain},",
    )
    crew.write_text(text, encoding="utf-8")
    return to


def design(card: str, offered: int, chosen: int, played: int, wins: int) -> dict:
    return {
        "card": card,
        "offered": offered,
        "chosen": chosen,
        "chosen_when_offered": rounded(chosen / offered) if offered else 0.0,
        "chosen_ci": interval(chosen, offered),
        "games_played": played,
        "wins_played": wins,
        "win_rate_when_played": rounded(wins / played) if played else 0.0,
        "win_played_ci": interval(wins, played),
    }


def fake_run(root: Path, games: int, seed: int, stop=None) -> dict:
    """A stand-in for the simulation: a crew card of strength 1 without an ability is never
    bid, one of strength 10 or more wins 90% of the games it is played in, the others are
    even."""
    out = []
    for card in ("deckhand", "stevedore", "lookout", "bosun", "captain"):
        found = {f: v for _, f, v in numbers(root, card)}
        strength = found["strength"]
        chosen = 2 if strength <= 1 and set(found) == {"strength", "copies"} else 100
        wins = 270 if strength >= 10 else 150
        out.append(design(card, 500, chosen, 300, wins))
    return {"designs": out}


def test_outliers_need_significance():
    even = [design(c, 500, 100, 300, 150) for c in "abcd"]
    assert find_outliers(even, Thresholds()) == []
    dead = [*even, design("x", 500, 2, 300, 150)]
    assert [(o.card, o.kind) for o in find_outliers(dead, Thresholds())] == [("x", "dead")]
    # 7 wins of 10 is far above the rest's 50% but not significant at 10 games
    few = [*even, design("y", 500, 100, 10, 7)]
    assert find_outliers(few, Thresholds(min_played=5)) == []
    many = [*even, design("y", 500, 100, 300, 240)]
    assert [(o.card, o.kind) for o in find_outliers(many, Thresholds())] == [("y", "dominant")]


def test_benjamini_hochberg_adjusted_p_values_by_hand():
    # sorted 0.01, 0.03, 0.04, 0.5 (m = 4): m p / rank 0.04, 0.06, 0.0533, 0.5, then the
    # running minimum from the largest down
    got = adjusted([0.01, 0.04, 0.03, 0.5])
    assert got == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.5])
    assert adjusted([0.2, 0.9]) == pytest.approx([0.4, 0.9])
    assert adjusted([]) == []


def test_p_values_invert_the_intervals():
    # the dead test's: Wilson's interval is the score test's, 2 Φ(z) below the limit
    z = (0.02 - 0.125) / math.sqrt(0.125 * 0.875 / 100)
    assert p_value(lambda z: wilson(2, 100, z)[1] < 0.125) == pytest.approx(
        2 * NormalDist().cdf(z), rel=1e-6
    )
    # the paired test's: Newcombe's interval at the p-value's level reaches 0 exactly
    p = p_value(lambda z: newcombe(56, 70, 48, 80, z)[0] > 0)
    assert 0 < p < 0.05
    assert newcombe(56, 70, 48, 80, NormalDist().inv_cdf(1 - p / 2))[0] == pytest.approx(
        0, abs=1e-9
    )
    assert p_value(lambda z: newcombe(12, 20, 47, 100, z)[0] > 0) > 0.05
    assert p_value(lambda z: False) == 1.0


def test_many_designs_tested_need_a_stronger_case():
    """One design of twenty-one winning 63 of 100 against the others' 50 %: its own test is
    significant (p 0.01, the 95 % interval from 53 %), but one of 42 tests (every design's dead
    and dominant one) at that p is what chance gives; at 70 of 100 it is still dominant."""
    even = [design(f"e{i}", 500, 100, 300, 150) for i in range(20)]
    borderline = design("y", 500, 100, 100, 63)
    assert borderline["win_played_ci"][0] > 0.5
    assert find_outliers([*even, borderline], Thresholds()) == []
    # alone with four others (10 tests), the same figures are a discovery no more either
    assert find_outliers([*even[:4], borderline], Thresholds()) == []
    assert [o.card for o in find_outliers([*even[:4], borderline], Thresholds(fdr=0.1))] == ["y"]
    strong = find_outliers([*even, design("y", 500, 100, 100, 70)], Thresholds())
    assert [(o.card, o.kind) for o in strong] == [("y", "dominant")]
    assert strong[0].p is not None and strong[0].p <= 0.05


def test_a_design_made_rare_is_still_judged():
    even = [design(c, 500, 100, 300, 150) for c in "abcd"]
    base = [*even, design("y", 500, 100, 300, 240)]
    # one copy fewer: "y" played in 10 player-games (below min_played), still winning 9
    rare = [*even, design("y", 500, 100, 10, 9)]
    th = Thresholds()
    assert judged(base, th) == (set("abcdy"), set("abcdy"))
    assert badness(rare, th) == 0.0  # alone, the rare design hides
    assert badness(rare, th, judged(base, th)) == pytest.approx(0.9 - 0.5 - 0.1)


def test_numbers_and_changes_in_flow_and_block_cards(tmp_path):
    f = tmp_path / "deck.yaml"
    f.write_text(
        "cards:\n"
        "  - {id: a, name: A, cost: 2, copies: 3}\n"
        "  - id: b\n    name: B\n    cost: 4\n    copies: 1\n"
        "  - {id: c, name: C, cost: 2}\n",
        encoding="utf-8",
    )
    assert numbers(tmp_path, "a") == [("deck.yaml", "cost", 2), ("deck.yaml", "copies", 3)]
    assert numbers(tmp_path, "b") == [("deck.yaml", "cost", 4), ("deck.yaml", "copies", 1)]
    apply_changes(tmp_path, [Change("b", "deck.yaml", "cost", 4, 3)])
    apply_changes(tmp_path, [Change("c", "deck.yaml", "cost", 2, 5)])
    text = f.read_text(encoding="utf-8")
    assert "    cost: 3\n" in text and "{id: c, name: C, cost: 5}" in text
    assert "{id: a, name: A, cost: 2, copies: 3}" in text  # the other card with cost 2 kept


def test_a_candidate_keeps_the_numbers_sign(tmp_path):
    root = tmp_path / "cards"
    root.mkdir()
    (root / "deck.yaml").write_text(
        "cards:\n  - {id: a, name: A, amount: 1, penalty: -2}\n", encoding="utf-8"
    )
    outlier = Outlier("a", "dominant", 0.9, (0.8, 0.95), 0.6)
    found = candidates(root, [outlier], tmp_path / "work", lambda path, cards: True)
    by: dict[str, list[int]] = {}
    for c in found:
        by.setdefault(c.field, []).append(c.after)
    # a bonus of 1 may fall to 0, never to a penalty (-1, -3); a penalty never becomes a bonus
    assert by == {"amount": [0, 2, 3, 5], "penalty": [-6, -4, -3, -1, 0]}


def test_kendall_by_hand():
    # pairs of (1,1) (2,3) (3,2): two concordant, one discordant
    tau, p = kendall([1, 2, 3], [1, 3, 2])
    assert tau == pytest.approx(1 / 3)
    assert p == pytest.approx(math.erfc(1 / math.sqrt(3 * 2 * 11 / 18) / math.sqrt(2)))
    assert kendall([1, 2, 3, 4], [4, 3, 2, 1])[0] == -1.0
    assert kendall([1, 1, 1], [1, 2, 3]) == (0.0, 1.0)  # ties count neither way


def test_the_data_says_which_way_a_field_points(tmp_path):
    """Over eight designs played, attack rises with the win rate when played (up is
    stronger), cost falls with it (up is weaker), speed goes either way (open); copies always
    point up; a field of fewer designs stays open."""
    lines, designs = ["cards:"], []
    for i in range(8):
        speed = (3, 1, 4, 1, 5, 9, 2, 6)[i]
        lines.append(f"  - {{id: d{i}, name: D, attack: {i}, cost: {9 - i}, speed: {speed}}}")
        designs.append(design(f"d{i}", 500, 100, 100, 30 + 5 * i))
    lines.append("  - {id: e, name: E, rare: 3}")
    designs.append(design("e", 500, 100, 100, 90))
    (tmp_path / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert senses(tmp_path, designs, Thresholds()) == {"attack": 1, "copies": 1, "cost": -1}
    # designs played too rarely are not read: too few left to say anything
    rare = [{**d, "games_played": 5} for d in designs[:4]] + designs[4:]
    assert senses(tmp_path, rare, Thresholds()) == {"copies": 1}


def test_a_dominant_design_only_weakens_and_a_dead_one_only_strengthens(tmp_path):
    root = tmp_path / "cards"
    root.mkdir()
    (root / "deck.yaml").write_text(
        "cards:\n  - {id: a, name: A, cost: 2, copies: 3, power: 4}\n", encoding="utf-8"
    )
    sense = {"copies": 1, "cost": -1}

    def moves(kinds: tuple[str, ...], given: dict[str, int] | None) -> dict[str, list[int]]:
        outs = [Outlier("a", k, 0.5, (0.4, 0.6), 0.3) for k in kinds]
        by: dict[str, list[int]] = {}
        for c in candidates(root, outs, tmp_path / "work", lambda path, cards: True, given):
            by.setdefault(c.field, []).append(c.after)
        return by

    # dominant: fewer copies, dearer; power's direction unknown: either way
    assert moves(("dominant",), sense) == {
        "cost": [3, 4, 6],
        "copies": [1, 2],
        "power": [0, 2, 3, 5, 6, 8],
    }
    assert moves(("dead",), sense) == {
        "cost": [0, 1],
        "copies": [4, 5, 7],
        "power": [0, 2, 3, 5, 6, 8],
    }
    both = {"cost": [0, 1, 3, 4, 6], "copies": [1, 2, 4, 5, 7], "power": [0, 2, 3, 5, 6, 8]}
    assert moves(("dead", "dominant"), sense) == both  # both at once: either way
    assert moves(("dominant",), None) == both  # no directions: the old candidates


def test_castle_rampages_dominant_catapult_gets_no_more_copies(tmp_path):
    """The dominant Catapult (3 copies) was once to get 7: more copies dilute its win rate
    when played without making the card weaker.  Now its copies only fall."""
    root = ROOT / "games" / "castle-rampage" / "cards"
    catapult = Outlier("catapult", "dominant", 0.77, (0.7, 0.83), 0.61)
    found = candidates(root, [catapult], tmp_path / "w", lambda path, cards: True, {"copies": 1})
    copies = [c.after for c in found if c.field == "copies"]
    assert copies == [1, 2] and 7 not in copies
    assert [c.after for c in found if c.field == "attack"] == [5, 7, 8, 10, 11, 13]


@pytest.mark.slow
def test_search_fixes_both_planted_outliers_and_apply_keeps_backups(tmp_path):
    root = planted(tmp_path)
    p = advise(root, fake_run, valid=is_valid, games=100, seed=1, budget=600)
    assert {(o.card, o.kind) for o in p.before} == {("stevedore", "dead"), ("captain", "dominant")}
    assert p.after == []
    by = {c.card: c for c in p.changes}
    assert by["stevedore"].field == "strength" and by["stevedore"].after >= 2
    assert by["captain"].field == "strength" and by["captain"].after <= 9
    assert all(c.after != 13 and c.after <= 12 for c in p.changes)  # the model's bound kept
    again = advise(root, fake_run, valid=is_valid, games=100, seed=1, budget=600)
    assert json.dumps(again.to_json()) == json.dumps(p.to_json())
    old = (root / "crew.yaml").read_text(encoding="utf-8")
    files = apply_proposal(root, p.changes)
    assert files == [root / "crew.yaml"]
    assert (root / "crew.yaml.bak").read_text(encoding="utf-8") == old
    assert find_outliers(fake_run(root, 100, 9)["designs"], Thresholds()) == []


@pytest.mark.slow
def test_planted_outliers_found_and_fixed_by_simulation(tmp_path):
    """The Captain planted at strength 10: at 12 (the model's bound) a step of at most 4 leaves
    it the strongest crew by far, and the race's only fix was more copies (1 -> 3), which
    dilutes its win rate when played without weakening it: no longer a candidate."""
    root = planted(tmp_path, captain=10)
    run = kit_runner(None, "greedy", workers=2)
    th = Thresholds()
    base = run(root, 100, 0)
    before = {(o.card, o.kind) for o in find_outliers(base["designs"], th)}
    assert {("stevedore", "dead"), ("captain", "dominant")} <= before
    # the first run is the search's (no second baseline); no budget cut: the same proposal
    # from the same seeds
    p = advise(
        root, run, valid=is_valid, games=100, seed=0, budget=10_000, th=th, baseline=base, race=40
    )
    assert not p.cut
    by = {c.card: c for c in p.changes}
    assert by["stevedore"].field == "strength" and by["stevedore"].after > 1
    assert {"stevedore", "captain"} <= set(by)
    left = {o.card for o in p.after}  # the confirmation: both within the thresholds
    assert "stevedore" not in left and "captain" not in left
    assert p.confirmed  # both outliers on the fresh games unchanged: what --apply needs


@pytest.mark.slow
def test_validate_runs_on_the_race_leader_only_and_what_it_refuses_is_never_proposed(tmp_path):
    """Every candidate passes the cheap check; `cardgen validate` (here a stand-in refusing
    the Stevedore at strength 2 and the Captain at 8, each its race's winner) is asked about
    the leaders alone: the Stevedore's next candidate ahead of the unchanged game (strength 3)
    is proposed, the Captain, whose only fix is refused, keeps its numbers."""
    root = planted(tmp_path)
    asked: list[dict[str, int]] = []
    quick: list[frozenset[str]] = []

    def valid(path: Path) -> bool:
        strength = {c: numbers(path, c)[0][2] for c in ("stevedore", "captain")}
        asked.append(strength)
        return strength != {"stevedore": 2, "captain": 12} and strength["captain"] != 8

    def cheap(path: Path, cards) -> bool:
        quick.append(frozenset(cards))
        return True

    p = advise(root, fake_run, valid=valid, quick=cheap, games=100, seed=1, budget=600)
    assert [(c.card, c.field, c.before, c.after) for c in p.changes] == [
        ("stevedore", "strength", 1, 3)
    ]
    # the leaders alone (the farthest outlier first): Captain 8 (refused), then the unchanged
    # game; Stevedore 2 (refused), 3
    assert asked == [
        {"stevedore": 1, "captain": 8},
        {"stevedore": 2, "captain": 12},
        {"stevedore": 3, "captain": 12},
    ]
    assert len(quick) > 10 and set(quick) == {frozenset({"stevedore"}), frozenset({"captain"})}
    refused = [(s["card"], s["after"]) for s in p.searched if s.get("refused")]
    assert refused == [("captain", 8), ("stevedore", 2)]


@pytest.mark.slow
def test_a_combination_validate_refuses_loses_its_weakest_change(tmp_path):
    """Each race's leader passes validate alone (a stand-in), but not the Stevedore's and the
    Captain's changes together: the combination is validated before it is proposed, and the
    change that gained least in its race (the Stevedore's: a dead design a few points below
    its limit, against a Captain 30 points above) is dropped with validate's message."""
    root = planted(tmp_path)
    asked: list[dict[str, int]] = []

    def strengths(path: Path) -> dict[str, int]:
        return {c: numbers(path, c)[0][2] for c in ("stevedore", "captain")}

    def valid(path: Path) -> bool:
        s = strengths(path)
        asked.append(s)
        return s["stevedore"] == 1 or s["captain"] == 12

    def why(path: Path) -> str:
        return f"{path / 'crew.yaml'}: the crew is too weak together"

    p = advise(root, fake_run, valid=valid, why=why, games=100, seed=1, budget=600)
    assert [(c.card, c.field, c.before) for c in p.changes] == [("captain", "strength", 12)]
    assert p.changes[0].after <= 9
    assert len(p.dropped) == 1
    d = p.dropped[0]
    assert (d["card"], d["field"], d["before"]) == ("stevedore", "strength", 1)
    assert d["after"] >= 2 and 0 < d["gain"] < 0.1
    # the message names the catalogue, not the advisor's temporary copy
    assert d["refused"] == f"{root / 'crew.yaml'}: the crew is too weak together"
    assert d["with"] == [asdict(p.changes[0])]
    # the leaders alone, then both together (refused): the Captain's change alone is proposed
    assert asked[-1] == {"stevedore": d["after"], "captain": p.changes[0].after}
    assert p.to_json()["dropped"] == p.dropped
    assert "captain" not in {o.card for o in p.after}
    again = advise(root, fake_run, valid=valid, why=why, games=100, seed=1, budget=600)
    assert json.dumps(again.to_json()) == json.dumps(p.to_json())
    # without the refusal both changes are proposed, and nothing is dropped
    both = advise(root, fake_run, valid=lambda path: True, games=100, seed=1, budget=600)
    assert {c.card for c in both.changes} == {"stevedore", "captain"} and both.dropped == []


@pytest.mark.slow
def test_the_quick_check_keeps_what_validate_keeps(tmp_path):
    """The cheap check of a candidate (the rules model's bounds, the changed card's checks)
    accepts the same candidates as a full `cardgen validate` of the changed catalogue: the
    Captain's strength at most 12, its copies at least 1."""
    root = planted(tmp_path)
    outlier = Outlier("captain", "dominant", 0.9, (0.8, 0.95), 0.6)
    quick = candidates(root, [outlier], tmp_path / "a", QuickCheck())
    full = candidates(root, [outlier], tmp_path / "b", lambda path, cards: is_valid(path))
    assert quick == full
    assert [(c.field, c.after) for c in quick] == [
        ("strength", 8),
        ("strength", 10),
        ("strength", 11),
        ("copies", 2),
        ("copies", 3),
        ("copies", 5),
    ]


@pytest.mark.slow
def test_refusal_gives_validates_errors(tmp_path):
    root = planted(tmp_path)
    assert refusal(root) == "" and is_valid(root)
    apply_changes(root, [Change("captain", "crew.yaml", "strength", 12, 13)])
    message = refusal(root)
    assert not is_valid(root) and "crew.yaml" in message and "13" in message
