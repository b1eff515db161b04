"""The kit's declared figures (cardgen/engine/figures.py) on a tiny game of two rounds whose
events are written out here, every count worked out by hand: copies dealt, drawn and never
playable, the draws' positions in their round, cards played and samples per round and side,
event numbers summed by source and per round, battles won, end values, and the players grouped
by the colour most of their played cards have and by the share of each colour in the game."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardgen.engine.events import EventSchema, EventType
from cardgen.engine.figures import (
    FigureCounter,
    Figures,
    Sum,
    Tally,
    design_figures,
    summarise,
    tally_fields,
)
from cardgen.engine.simulation import DESIGN_FIELDS, count_designs
from cardgen.simulate.report import RunCounts
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import Block, Layout, core_blocks

SCHEMA = EventSchema(
    EventType("round", "round:int", "round {round}", "period"),
    EventType("deal", "seat:seat cards:card", "{seat} is dealt {cards}", "dealt"),
    EventType("take", "seat:seat card:card", "{seat} takes {card}", "drawn"),
    EventType("cast", "seat:seat card:card", "{seat} casts {card}", "played"),
    EventType("points", "seat:seat amount:int source:text", "{seat} +{amount} ({source})"),
    EventType("duel", "attacker:seat defender:seat power:int winner:seat", "duel"),
    EventType("tally", "seat:seat coins:int", "{seat} has {coins}", "sample"),
    EventType("stuck", "seat:seat card:card", "{seat}'s {card} never played", "unplayable"),
)
FIGURES = Figures(
    group="colour",
    periods=lambda cat: [("1", "early"), ("2", "late")],
    period="round",
    sums=(
        Sum("points", "points", amount="amount", by="source", sources=("duel",)),
        Sum("duels_won", "duel", seat="attacker", when="winner"),
        Sum("power", "duel", "attacker", "power", per_period=True, per_side=False),
    ),
    ends=("coins",),
)
CARDS = SimpleNamespace(
    cards=[
        SimpleNamespace(id="a", name="A", colour="x"),
        SimpleNamespace(id="b", name="B", colour="x"),
        SimpleNamespace(id="c", name="C", colour="y"),
        SimpleNamespace(id="d", name="D", colour="z"),  # not in the game
    ]
)
SIDES = ("red", "blue")
#: seat 0 plays red and wins, seat 1 blue
GAME = [
    ("round", 1),
    ("deal", 0, ("a", "b", "c")),
    ("deal", 1, ("a", "c")),
    ("take", 0, "a"),
    ("take", 1, "c"),
    ("take", 0, "b"),
    ("cast", 0, "a"),
    ("cast", 0, "b"),
    ("cast", 1, "c"),
    ("duel", 0, 1, 5, 0),
    ("points", 0, 3, "duel"),
    ("points", 1, 2, "bonus"),
    ("tally", 0, 4),
    ("tally", 1, 6),
    ("round", 2),
    ("take", 0, "c"),
    ("take", 1, "a"),
    ("cast", 0, "c"),
    ("duel", 1, 0, 2, None),
    ("tally", 0, 1),
    ("tally", 1, 7),
    ("stuck", 1, "a"),
]
WINNERS = (True, False)


@pytest.fixture(scope="module")
def counted():
    counter = FigureCounter(FIGURES, SCHEMA, CARDS, SIDES)
    ids = ("a", "b", "c", "d")
    layout = Layout(
        (
            *core_blocks(2, ("random",), SIDES),
            Block("design", ids, DESIGN_FIELDS),
            *counter.blocks(),
        )
    )
    counter.bind(layout)
    C = layout.zeros()
    counter.count(GAME, SIDES, WINNERS, C)
    design = {c: layout.start("design", k) for k, c in enumerate(ids)}
    roles = SCHEMA.role_fields("drawn"), SCHEMA.role_fields("played")
    count_designs(GAME, WINNERS, design, *roles, C)
    # the core's side counters (games, wins, score, score_sq) as the runner counts them
    for s, (wins, score) in enumerate(((1, 3), (0, 2))):
        C[layout.start("side", s) : layout.start("side", s) + 4] = [1, wins, score, score * score]
    return counter, layout, C


def test_one_pass_counts_the_designs_as_count_designs_does(counted):
    """``count`` given the design counters adds what ``count_designs`` adds (drawn, played,
    and the played designs per seat it returns for ``count_played``), in the same pass."""
    from cardgen.engine.simulation import count_played

    counter, L, C = counted
    fused = L.zeros()
    design = {c: L.start("design", k) for k, c in enumerate(("a", "b", "c", "d"))}
    played = counter.count(GAME, SIDES, WINNERS, fused, design)
    assert played == [{"a", "b", "c"}, {"c"}]
    count_played(played, WINNERS, design, None, fused)
    sides = slice(L.start("side", 0), L.start("side", 0) + 8)
    fused[sides] = C[sides]  # (the core's side counters, set by hand in the fixture)
    assert fused == C
    assert L.row(fused, "design", 0) == dict(drawn=2, played=1, games_played=1, wins_played=1)
    # without the design counters: the declared figures alone, no played designs
    alone = L.zeros()
    assert counter.count(GAME, SIDES, WINNERS, alone) == [set(), set()]
    assert not any(alone[L.start("design", 0) : L.start("design", 3) + len(DESIGN_FIELDS)])


def test_the_declared_counters_by_hand(counted):
    _counter, L, C = counted

    def row(block, label):
        return L.row(C, block, L.labels(block).index(label))

    # a: dealt to both, drawn by both (first draw of seat 0's round 1 and of seat 1's round 2),
    # never played by seat 1; b: seat 0's second draw; c: each seat's first draw of a round
    assert row("draw", "a") == dict(dealt=2, games_drawn=2, unplayable=1, position=2, position_sq=2)
    assert row("draw", "b") == dict(dealt=1, games_drawn=1, unplayable=0, position=2, position_sq=4)
    assert row("draw", "c") == dict(dealt=2, games_drawn=2, unplayable=0, position=2, position_sq=2)
    # glory by source (the other source is "other"), duels won as attacker (a duel without a
    # winner counts for nobody), the coins of the last sample
    assert row("side_figures", "red") == {
        "points/duel": 3,
        "points/other": 0,
        "duels_won": 1,
        "end_coins": 1,
    }
    assert row("side_figures", "blue") == {
        "points/duel": 0,
        "points/other": 2,
        "duels_won": 0,
        "end_coins": 7,
    }
    base = dict(seats=1, samples=1)
    assert row("period", "red/1") == base | dict(played=2, played_sq=4, coins=4, power=5)
    assert row("period", "red/2") == base | dict(played=1, played_sq=1, coins=1, power=0)
    assert row("period", "blue/1") == base | dict(played=1, played_sq=1, coins=6, power=0)
    assert row("period", "blue/2") == base | dict(played=0, played_sq=0, coins=7, power=2)
    # seat 0 played a, b (x) and c (y): majority x, won; seat 1 played c alone: majority y
    assert row("majority", "x") == dict(games=1, wins=1)
    assert row("majority", "y") == dict(games=1, wins=0)
    assert row("majority", "tied") == dict(games=0, wins=0)
    # x: 2 of seat 0's 3 (51-75 %), none of seat 1's; y: 1 of 3 (26-50 %), all of seat 1's;
    # z: no card of the game has it (no share counted)
    shares = {k: L.row(C, "share", j) for j, k in enumerate(L.labels("share"))}
    assert {k for k, v in shares.items() if v["games"]} == {"x/3", "x/0", "y/2", "y/4"}
    assert shares["x/3"] == dict(games=1, wins=1) and shares["y/4"] == dict(games=1, wins=0)


def test_the_summary_by_hand(counted):
    counter, L, C = counted
    spec = SimSpec(1, 2, (SIDES,))
    result = RunCounts(spec, L, tuple(C))
    s = summarise(counter, result, CARDS, "points")
    red, blue = s["sides"]
    assert (red["side"], red["wins"], red["points"], red["duels_won"]) == (
        "red",
        1,
        {"duel": 3.0, "other": 0.0},
        1.0,
    )
    assert red["end"] == {"coins": 1.0} and blue["end"] == {"coins": 7.0}
    assert [(g["group"], g["games"], g["wins"]) for g in s["majority"]] == [
        ("x", 1, 1),
        ("y", 1, 0),
    ]
    assert [(g["group"], g["share"]) for g in s["shares"]] == [
        ("x", "0%"),
        ("x", "51-75%"),
        ("y", "26-50%"),
        ("y", "76-100%"),
    ]
    every = {(r["side"], r["period"]): r for r in s["periods"]}
    assert every[("all", "1")]["played_mean"] == 1.5  # 2 and 1 cards
    assert every[("all", "1")]["coins_mean"] == 5.0 and every[("all", "2")]["coins_mean"] == 4.0
    assert every[("all", "1")]["power_mean"] == 2.5 and every[("red", "1")]["power_total"] == 5
    assert [(g["group"], g["seats"], g["played_mean"]) for g in s["period_groups"]] == [
        ("early", 2, 1.5),
        ("late", 2, 0.5),
    ]
    # a: drawn 2 of 2 dealt, played once (by the winner), one copy never played
    k = L.labels("design").index("a")
    a = design_figures(counter, result, k, L.row(C, "design", k), CARDS)
    assert a["colour"] == "x" and a["draw_rate"] == 1.0 and a["mean_position"] == 1.0
    assert a["played_share"] == 0.5 and a["unplayable_rate"] == 0.5 and a["play_rate"] == 0.5


TALLY_SCHEMA = EventSchema(
    EventType("take", "seat:seat card:card", "{seat} takes {card}", "drawn"),
    EventType("hit", "seat:seat card:card full:bool", "{seat}'s {card} hits", "played"),
    EventType("miss", "seat:seat card:card", "{seat}'s {card} misses", "played"),
    EventType("guard", "seat:seat card:card", "{seat} guards with {card}"),
)
#: per design: its attacks (hits split by ``full``: paid, unpaid; misses: failed), its guards;
#: only the designs not of colour z, and no drawn figures or sides
TALLIES = Figures(
    tallies=(
        Tally("attacks", "hit", by="full", values=((True, "paid"), (False, "unpaid"))),
        Tally("attacks", "miss", part="failed"),
        Tally("guards", "guard"),
    ),
    tallied=lambda card: card.colour != "z",
    draws=False,
)
TALLY_GAME = [
    ("take", 0, "a"),
    ("hit", 0, "a", True),
    ("hit", 1, "c", False),
    ("miss", 0, "a"),
    ("guard", 1, "b"),
    ("guard", 1, "b"),
    ("hit", 1, "b", None),  # a value not mapped: an attack of no part
    ("guard", 0, "d"),  # d is not tallied
    ("hit", 0, "zz", True),  # not a design of the catalogue
]


def test_tallies_count_events_per_design_by_a_field_by_hand():
    """Events of one kind counted per design by the value of one of their fields: tallies of
    one name add up, a part named outright or by the field's value, a value not mapped an
    attack of no part; without ``draws`` no drawn or side counters, the designs' drawn and
    played still counted in the same pass; per game and as shares in the summary."""
    counter = FigureCounter(TALLIES, TALLY_SCHEMA, CARDS, SIDES)
    assert tally_fields(TALLIES.tallies) == (
        "attacks",
        "guards",
        "attacks/paid",
        "attacks/unpaid",
        "attacks/failed",
    )
    ids = ("a", "b", "c", "d")
    blocks = counter.blocks()
    assert [b.name for b in blocks] == ["tally"]
    L = Layout((*core_blocks(2, ("random",), SIDES), Block("design", ids, DESIGN_FIELDS), *blocks))
    counter.bind(L)
    C = L.zeros()
    design = {c: L.start("design", k) for k, c in enumerate(ids)}
    for _game in range(2):  # the same game twice
        C[L.at("total", 0, "games")] += 1
        played = counter.count(TALLY_GAME, SIDES, WINNERS, C, design)
    assert played == [{"a"}, {"b", "c"}]
    assert L.labels("tally") == ("a", "b", "c")
    rows = {cid: L.row(C, "tally", k) for k, cid in enumerate(L.labels("tally"))}
    assert rows["a"] == {
        "attacks": 4,
        "guards": 0,
        "attacks/paid": 2,
        "attacks/unpaid": 0,
        "attacks/failed": 2,
    }
    assert rows["b"] == {
        "attacks": 2,
        "guards": 4,
        "attacks/paid": 0,
        "attacks/unpaid": 0,
        "attacks/failed": 0,
    }
    assert rows["c"]["attacks"] == 2 and rows["c"]["attacks/unpaid"] == 2
    assert L.row(C, "design", 0)["drawn"] == 2  # a, taken once a game
    s = summarise(counter, RunCounts(SimSpec(2, 2, (SIDES,)), L, tuple(C)), CARDS, "points")
    assert list(s) == ["tallies"]
    a, b, c = s["tallies"]
    assert a == {
        "design": "a",
        "name": "A",
        "attacks_per_game": 2.0,
        "guards_per_game": 0.0,
        "paid_rate": 0.5,
        "unpaid_rate": 0.0,
        "failed_rate": 0.5,
    }
    assert (b["guards_per_game"], b["paid_rate"], b["failed_rate"]) == (2.0, 0.0, 0.0)
    assert (c["attacks_per_game"], c["unpaid_rate"]) == (1.0, 1.0)
    assert (
        design_figures(counter, RunCounts(SimSpec(2, 2, (SIDES,)), L, tuple(C)), 0, {}, CARDS) == {}
    )


@pytest.mark.parametrize(
    ("role", "fields", "message"),
    [
        ("dealt", "who:seat cards:card", "dealt event has seat and card"),
        ("sample", "coins:int", "sample event has a seat"),
        ("unplayable", "seat:seat", "unplayable event has seat and card"),
        ("total", "seat:seat", "role is one of"),
    ],
)
def test_a_role_needs_its_fields(role, fields, message):
    with pytest.raises(ValueError, match=message):
        EventType("e", fields, "", role)


@pytest.mark.slow
def test_a_declaration_on_a_described_game(monkeypatch):
    """A game that declares figures without periods or sides (the trick-taking starter: its
    seats, the suit of the cards played, the points scored) gets them in its summary and its
    report: every player-game in one suit-majority group, the points summed per seat equal to
    the seats' scores, a share row of every suit for every player-game."""
    from cardgen.engine.simulation import KitSimulation, simulate
    from cardgen.engine.simulation import summarise as summarise_run
    from cardgen.simulate.report_html import html_page
    from tests.kit.catalogues import ROOT, load

    cat, engine = load(ROOT / "cardgen/scaffold/starters/trick-taking/cards")
    figures = Figures(group="suit", sums=(Sum("points", "scored", amount="points"),))
    monkeypatch.setattr(type(engine), "figures", figures)
    sim = KitSimulation(engine)
    spec = SimSpec(12, 3, (("P1", "P2", "P3"),), seed=4)
    summary = summarise_run(simulate(cat, spec, simulation=sim), cat)
    assert sum(g["games"] for g in summary["majority"]) == 36
    suits = {c.suit for c in cat.cards}
    for suit in suits:
        assert sum(r["games"] for r in summary["shares"] if r["group"] == suit) == 36
    for seat, side in zip(summary["seats"], summary["sides"], strict=True):
        assert side["side"] == f"P{seat['seat']}"
        assert side["points"] == seat["points_mean"]
    assert "periods" not in summary
    assert {d["suit"] for d in summary["designs"]} == suits
    html = html_page(sim.model(summary))
    assert "Win rate by the suit most of a player" in html
