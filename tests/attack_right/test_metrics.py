"""Attack Right's balance figures on the engine kit (engine/metrics.py): a simulation's game
records what the figures need (a Tally) instead of every event and turns it into the kit's
events at the end; the kit counts its declared figures from them and the game judges its
balance targets."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.bots import make_bot
from cardgen.engine.chance import settle
from cardgen.engine.figures import FigureCounter
from cardgen.engine.simulation import (
    DESIGN_FIELDS,
    KitSimulation,
    count_designs,
    simulate,
    summarise,
)
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.simulate import SimSpec, make_matchups
from cardgen.simulate.stats import Layout

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(ROOT / "cards")


def _play(game, seed: int, bots: str, *, chosen: bool = False):
    players = [make_bot(ENGINE, game, bots, seed * 10 + p) for p in range(game.num_players)]
    st = game.new_initial_state(seed)
    apply = st.apply_chosen if chosen else st.apply
    while not st.is_terminal():
        apply({p: players[p].choose(st, p) for p in st.movers()})
        settle(st)  # a glory tie for the first battle
    return st


@pytest.mark.parametrize(
    ("players", "bots", "first_game"), [(4, "random", False), (3, "greedy", True)]
)
def test_the_tally_records_what_the_event_log_says(cat, players, bots, first_game):
    """The same seeded game with every event and checked actions, and with the tally and the
    simulation's unchecked ones (apply_chosen): the same game, the tally's deals, picks and
    plays are the log's, its turn ends and round ends agree with the log, and the kit's
    per-design and declared figures counted from its events are those the kit reads from the
    log (but the simulation's own round_end and never_affordable events)."""
    setup = ENGINE.setup(cat, players, options={"first_game": first_game})
    spec = SimSpec(1, players, (setup.sides,), bots=bots)
    layout = Layout(tuple(KitSimulation(ENGINE).blocks(cat, spec)))
    design = {c.id: layout.start("design", k) for k, c in enumerate(cat.cards)}
    roles = ENGINE.events.role_fields("drawn"), ENGINE.events.role_fields("played")
    for seed in range(3):
        full = _play(ENGINE.new_game(cat, setup), seed, bots)
        fast = _play(ENGINE.simulation_game(cat, setup), seed, bots, chosen=True)
        assert fast.events is None and full.tally is None
        assert fast.digest() == full.digest()
        raw, tally, ids = full.events, fast.tally, fast.game.ids
        deals = [(k, p, tuple(ids[i] for i in cards)) for k, p, cards in tally.deals]
        assert deals == [e for e in raw if e[0] == "deal"]
        assert [(p, ids[i]) for p, i in tally.picks] == [e[1:3] for e in raw if e[0] == "pick"]
        played = [e[1:3] for e in raw if e[0] in ("play", "play_hidden")]
        assert [(p, ids[i]) for p, i in tally.plays] == played
        counted, logged = [0] * layout.size, [0] * layout.size
        sim = ENGINE.simulation_events(fast)
        assert ENGINE.metrics().count(fast, None, layout, counted) is False
        assert ENGINE.simulation_events(full) == raw  # a logged game's events are its log
        winners = [r.winner for r in full.results()]
        count_designs(sim, winners, design, *roles, counted)
        count_designs(full.events, winners, design, *roles, logged)
        figures = FigureCounter(ENGINE.figures, ENGINE.events, cat, setup.sides, layout)
        figures.count(sim, setup.sides, winners, counted)
        figures.count(raw, setup.sides, winners, logged)
        for block in ("design", "majority", "share", "side_figures", "period"):
            for k in range(len(layout.labels(block))):
                a, b = layout.row(counted, block, k), layout.row(logged, block, k)
                if block == "side_figures":  # a log has no round_end: no end coins
                    assert b.pop("end_coins") == 0 and a.pop("end_coins") >= 0
                if block == "period":  # nor samples
                    a = {f: v for f, v in a.items() if f in ("seats", "played", "attack")}
                    b = {f: v for f, v in b.items() if f in ("seats", "played", "attack")}
                assert a == b, (block, k)
        for k in range(len(layout.labels("draw"))):
            a, b = layout.row(counted, "draw", k), layout.row(logged, "draw", k)
            assert b.pop("unplayable") == 0 and a.pop("unplayable") >= 0
            assert a == b
        # the kit's form: every event the simulation gives is one of the schema's
        for e in sim:
            assert len(ENGINE.events.types[e[0]].names) == len(e) - 1
        rows = [layout.row(counted, "design", k) for k in range(len(design))]
        designs = [{fast.game.card_id(i) for q, i in tally.plays if q == p} for p in range(players)]
        assert {f: sum(r[f] for r in rows) for f in DESIGN_FIELDS} == {
            "drawn": len(tally.picks),
            "played": len(tally.plays),
            "games_played": sum(len(d) for d in designs),
            "wins_played": sum(len(d) for d, w in zip(designs, winners, strict=True) if w),
        }
        ends = [e[1] for e in raw if e[0] == "end_turn"]
        assert [p for _r, p, _c, _t in tally.ended] == ends
        assert [r[0] for r in tally.rounds] == [1, 2, 3, 4]
        assert tally.rounds[-1][1:3] == (tuple(full.coins), tuple(full.glory))
        plays = len(played)
        assert sum(sum(r[4]) for r in tally.rounds) == plays
        # a card played was affordable at a decision of its owner
        assert {card for _p, card in played} <= {ids[i] for i in tally.affordable}


@pytest.mark.parametrize(("players", "first_game"), [(4, False), (2, True)])
def test_legal_actions_add_to_the_affordable_cards_what_the_step_would(cat, players, first_game):
    """A seat whose legal actions were listed at a play decision is not checked again by the
    step (Tally.checked): the same seeded games replayed without listing any legal action
    record the same affordable cards and figures."""
    setup = ENGINE.setup(cat, players, options={"first_game": first_game})
    for seed in range(4):
        listed = _play(ENGINE.simulation_game(cat, setup), seed, "random", chosen=True)
        replay = ENGINE.simulation_game(cat, setup).new_initial_state(seed)
        for acts in listed.history:
            replay.apply_chosen({p: a for p, a in enumerate(acts) if a is not None})
            settle(replay)
        assert replay.is_terminal() and replay.digest() == listed.digest()
        assert any(c >= 0 for c in listed.tally.checked)
        assert replay.tally.checked == [-1] * players
        assert replay.tally.affordable == listed.tally.affordable
        assert replay.tally.affordable < set(range(listed.game.num_instances))


@pytest.fixture(scope="module")
def summary(cat):
    sim = KitSimulation(ENGINE)
    spec = SimSpec(
        32, 4, make_matchups(cat.rules.deck_ids, 4), bots="random", seed=3, pool=sim.bots
    )
    return summarise(simulate(cat, spec, simulation=sim), cat)


def test_the_kit_simulation_reports_the_balance_figures(summary):
    players = 32 * 4
    for key in ("targets", "sides", "majority", "shares", "periods", "period_groups"):
        assert summary[key], key
    assert len(summary["targets"]) == 6
    assert sum(g["games"] for g in summary["majority"]) == players
    assert sum(g["wins"] for g in summary["majority"]) == sum(d["wins"] for d in summary["sides"])
    for deck in (d["side"] for d in summary["sides"]):
        assert sum(r["games"] for r in summary["shares"] if r["group"] == deck) == players
    econ = {e["period"]: e for e in summary["periods"] if e["side"] == "all"}
    assert [econ[str(r)]["samples"] for r in (1, 2, 3, 4)] == [players] * 4
    for d in summary["designs"]:
        if d["dealt"]:
            assert d["unplayable"] <= d["drawn"] <= d["dealt"]
            assert d["games_played"] <= d["games_drawn"]
            assert d["deck"] == d["card"].split("-")[0]
    played = sum(d["played"] for d in summary["designs"])
    assert sum(econ[str(r)]["played_mean"] * players for r in (1, 2, 3, 4)) == (
        pytest.approx(played, abs=0.05)
    )
    assert econ["4"]["glory_mean"] == pytest.approx(
        sum(d["glory_mean"] for d in summary["sides"]) / 4, abs=1e-3
    )


def test_a_draft_stands_as_its_first_step_did(cat, monkeypatch):
    """The simulation's standings (the quality measures read them after every step) are
    worked out once per round's draft of a simulation's game, and are at every step what
    they are worked out afresh; a game logging its events works them out every time."""
    from cardgen.packs.attack_right.engine import ai
    from cardgen.packs.attack_right.engine.phases import DRAFT

    fresh = ai.win_chances
    worked: list[tuple[int, int]] = []

    def counted(st):
        worked.append((st.phase, st.round))
        return fresh(st)

    monkeypatch.setattr(ai, "win_chances", counted)
    setup = ENGINE.setup(cat, 4)
    for game, once in (
        (ENGINE.simulation_game(cat, setup), True),
        (ENGINE.new_game(cat, setup), False),
    ):
        players = [make_bot(ENGINE, game, "random", p) for p in range(4)]
        st = game.new_initial_state(7)
        drafts = 0
        while not st.is_terminal():
            assert ENGINE.standings(st) == fresh(st)
            drafts += st.phase == DRAFT
            st.apply({p: players[p].choose(st, p) for p in st.movers()})
            settle(st)
        in_draft = [w for w in worked if w[0] == DRAFT]
        rounds = game.rounds
        assert drafts > rounds  # several steps a draft
        assert len(in_draft) == (rounds if once else drafts)
        assert sorted(set(in_draft)) == [(DRAFT, r) for r in range(1, rounds + 1)]
        worked.clear()
