"""Zones declared once (cardgen.engine.zoned): the view, copies, determinisations, digests
and the legality check a state of numbered cards derives from its declaration."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from cardgen.engine.errors import IllegalAction, ScenarioError
from cardgen.engine.zoned import Shown, Zone, ZonedState, Zones

NAMES = ["ace", "bee", "cat", "dog", "elk", "fox", "gnu", "hen"]


@dataclass
class Seat:
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=lambda: [[], []])
    score: int = 0


class Tiny(ZonedState):
    ZONES = Zones(
        shared=(
            "turn",
            Zone("market", slots=lambda state: 2),
            Zone("pile", "nobody", "top_first"),
            Shown(
                "who",
                lambda state, seat: f"P{state.current + 1}",
                lambda state, name: setattr(state, "current", int(name[1:]) - 1),
            ),
            Zone("gone", listed=False),
        ),
        per_seat=(
            Zone("hand", "owner", "sorted"),
            Zone("deck", "nobody"),
            Zone("row0", at=("rows", 0), default=lambda state, owner: [6 + owner]),
            "score",
            Shown("marked", lambda state, owner, seat: sorted(state.marks.get(owner, ()))),
        ),
        kept=("current", "marks"),
        caches=("_legal",),
        reset=("marks",),
    )

    def __init__(self) -> None:
        self.game = SimpleNamespace(card_ids=NAMES)
        self.rng = random.Random(3)
        self.events: list[tuple[object, ...]] | None = [("start",)]
        self.turn, self.current = 1, 0
        self.market, self.pile, self.gone = [0, -1], [1, 2], [7]
        self.players = [Seat([4, 3], [5], [[6], []]), Seat([], [], [[], []])]
        self.marks: dict[int, set[int]] = {0: {6}}
        self._legal: list[int] | None = [1]
        self.applied: list[Mapping[int, int]] = []

    def movers(self) -> list[int]:
        return [self.current]

    def legal_actions(self, seat: int) -> list[int]:
        return [1, 2] if seat == self.current else []

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        self.applied.append(dict(actions))


def test_each_seat_sees_what_the_declaration_shows() -> None:
    s = Tiny()
    everything = s.observation(None)
    assert everything == {
        "turn": 1,
        "market": ["ace", None],
        "pile": ["cat", "bee"],
        "who": "P1",
        "players": [
            {"hand": ["dog", "elk"], "deck": ["fox"], "row0": ["gnu"], "score": 0, "marked": [6]},
            {"hand": [], "deck": [], "row0": [], "score": 0, "marked": []},
        ],
    }
    assert list(everything) == ["turn", "market", "pile", "who", "players"]
    p2 = s.observation(1)
    assert p2["pile"] == 2 and p2["players"][0]["hand"] == 2 and p2["players"][0]["deck"] == 1
    assert s.observation(0)["players"][0]["hand"] == ["dog", "elk"]


def test_a_clone_shares_no_zone_and_a_determinisation_keeps_what_the_seat_sees() -> None:
    s = Tiny()
    c = s.clone()
    c.players[0].rows[0].append(0)
    c.players[0].hand.pop()
    c.marks[0].add(1)
    c.market[0] = 5
    assert s.players[0].rows[0] == [6] and s.players[0].hand == [4, 3]
    assert s.marks == {0: {6}} and s.market == [0, -1] and c.events == s.events
    assert s.clone(events=False).events is None
    seen = s.observation(1)
    worlds = {repr(s.determinise(1, random.Random(k)).observation(None)) for k in range(30)}
    for k in range(30):
        d = s.determinise(1, random.Random(k))
        assert d.observation(1) == seen and d.events is None and d._legal is None
        assert sorted(d.players[0].hand + d.players[0].deck) == [3, 4, 5]
        assert d.gone == [7]
    assert len(worlds) > 1  # what P2 cannot see was dealt anew


def test_the_digest_follows_everything_declared_and_the_generator() -> None:
    s = Tiny()
    assert s.clone().digest() == s.digest()
    changes = [
        lambda t: t.players[0].hand.reverse(),  # the order as it lies, not as it is shown
        lambda t: t.marks[0].add(2),
        lambda t: setattr(t, "current", 1),
        lambda t: t.rng.random(),
        lambda t: t.gone.append(0),
    ]
    for change in changes:
        t = s.clone()
        change(t)
        assert t.digest() != s.digest()


def test_apply_checks_the_movers_and_their_actions() -> None:
    s = Tiny()
    with pytest.raises(IllegalAction, match="the seats to move are P1, not P2"):
        s.apply({1: 1})
    with pytest.raises(IllegalAction, match="P1 cannot play action 3 now"):
        s.apply({0: 3})
    assert s.applied == []
    s.apply({0: 2})
    assert s.applied == [{0: 2}]


def test_a_described_state_deals_the_named_zones_and_sets_the_fields() -> None:
    s = Tiny()
    s.arrange({"who": "P2", "turn": 4, "market": ["bee"], "players": {1: {"hand": ["ace"]}}})
    assert (s.current, s.turn, s._legal) == (1, 4, None)
    assert s.market == [1, -1] and s.pile == []  # the other zones are emptied
    assert [p.hand for p in s.players] == [[], [0]]
    assert [p.rows[0] for p in s.players] == [[6], [7]]  # the default of an unnamed zone
    assert s.gone == [2, 3, 4, 5] and s.marks == {}  # the rest out of the game, marks reset
    t = Tiny()
    t.arrange({"pile": ["cat", "bee"], "players": {0: {"score": 5}}})  # listed top first
    assert t.pile == [1, 2] and t.observation(None)["pile"] == ["cat", "bee"]
    assert t.players[0].score == 5
    u = Tiny()
    u.arrange({"turn": 2})  # no zone named: the zones stay
    assert u.players[0].hand == [4, 3] and u.market == [0, -1] and u.marks == {0: {6}}


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ({"market": ["ace", "bee", "cat"]}, "market: 2 slots, not 3"),
        ({"players": {0: {"hand": ["ace", "ace"]}}}, "P1: more ace than the catalogue has"),
        ({"players": {0: {"marked": [1]}}}, "P1.marked cannot be set in a scenario"),
        ({"wind": 3}, "wind cannot be set in a scenario"),
    ],
)
def test_a_described_state_the_declaration_refuses(given: dict, error: str) -> None:
    with pytest.raises(ScenarioError, match=error):
        Tiny().arrange(given)
