"""Zones declared once (cardgen.engine.zones): a Python engine's view and hidden cards follow
from the declaration as the hand-written ones do."""

from __future__ import annotations

import random

from cardgen.engine.conformance import check_engine
from cardgen.engine.zones import TableZones, ZoneDecl, shown
from cardgen.packs.harbour_bid import rules

ZONES = TableZones(
    shared=(
        ZoneDecl("dock"),
        ZoneDecl("discard"),
        ZoneDecl("crew_deck", see="nobody"),
        ZoneDecl("cargo_deck", see="nobody"),
    ),
    per_seat=(ZoneDecl("hand", True, "owner"), ZoneDecl("won", True)),
    counters=("round",),
    seat_counters=("score",),
    pools={"hand": "crew", "crew_deck": "crew", "cargo_deck": "cargo"},
)


class DeclaredState(rules.State):
    """Harbour Bid's state with its view and hidden cards from the declaration."""

    def view(self, seat):
        return ZONES.view(self, seat)

    def hidden(self, seat):
        return ZONES.hidden(self, seat)


class DeclaredGame(rules.Game):
    state = DeclaredState


class DeclaredHarbourBid(rules.HarbourBid):
    game = DeclaredGame


def test_the_declared_view_is_the_hand_written_one(python_harbour) -> None:
    cat, engine = python_harbour
    setup = engine.setup(cat, 2)
    hand = engine.new_game(cat, setup).new_initial_state(5)
    declared = DeclaredGame(cat, setup).new_initial_state(5)
    for seat in (None, 0, 1):
        assert declared.observation(seat) == hand.observation(seat)
    assert ZONES.hidden(declared, 0) == [
        [declared.crew_deck, declared.seats[1].hand],
        [declared.cargo_deck],
    ]
    assert ZONES.vocabulary() == {
        **dict.fromkeys(("dock", "discard", "crew_deck", "cargo_deck"), "card"),
        "players.*.hand": "card",
        "players.*.won": "card",
    }
    other = declared.determinise(0, random.Random(3))
    assert other.observation(0) == declared.observation(0)
    crew = {c.id for c in cat if c.kind == "crew"}
    assert set(other.seats[1].hand) <= crew


def test_a_python_engine_on_declared_zones_conforms(python_harbour) -> None:
    cat, _ = python_harbour
    engine = DeclaredHarbourBid()
    report = check_engine(engine, cat, [engine.setup(cat, 2)], seeds=range(2), bots=["random"])
    assert report.games == 2 and report.hidden_changed > 0


def test_a_top_zone_shows_its_top_card_only() -> None:
    top = ZoneDecl("market", see="top")
    assert shown(top, ["a", "b", "c"], None, 0) == [None, None, "c"]
    assert shown(top, ["a", "b", "c"], None, None) == ["a", "b", "c"]
    assert shown(top, [], None, 1) == []
    assert shown(ZoneDecl("hand", True, "owner", "sorted"), ["b", "a"], 0, 0) == ["a", "b"]
    assert shown(ZoneDecl("hand", True, "owner"), ["b", "a"], 0, 1) == 2
