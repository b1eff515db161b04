"""A state's fields declared once (cardgen.engine.zones.ZonedState): the kit derives clone,
determinise, digest, observation, arrange and the legality check from the declaration."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from cardgen.engine.errors import IllegalAction, ScenarioError
from cardgen.engine.zones import Field, StateZones, ZonedState

#: the cards' kinds: a hand holds both, each pile one
KIND = {"a1": "a", "a2": "a", "a3": "a", "a4": "a", "b1": "b", "b2": "b", "b3": "b"}


@dataclass
class Army:
    hand: list[str]
    piles: dict[str, list[str]]
    score: int = 0
    seen: list[str] = field(default_factory=list)


class Toy(ZonedState):
    """Two armies of two kinds of cards; a shared deck whose order nobody sees."""

    ZONES = StateZones(
        shared=(
            Field("round"),
            Field("deck", "list", see="nobody", unseen="sorted", pool="deck"),
            Field("movers", get=lambda st: [f"P{p + 1}" for p in st.movers()]),
        ),
        per_seat=(
            Field(
                "hand",
                "list",
                see="owner",
                unseen="none",
                pool=lambda st, c: KIND[c],
                order="sorted",
            ),
            Field("piles", "dicts", see="nobody", pool=lambda st, c: KIND[c]),
            Field("score", settable=False),
            Field("seen", "list", key="shown", write=lambda st, v: [c.upper() for c in v]),
        ),
        seats_in="armies",
    )

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.events: list[tuple] | None = []
        self.round = 1
        self.deck = ["d1", "d2", "d3", "d4"]
        self.armies = [
            Army(["a1", "b1"], {"a": ["a2", "a3", "a4"], "b": ["b2", "b3"]}),
            Army(["a2", "a3", "b2"], {"a": ["a1", "a4"], "b": ["b1", "b3"]}),
        ]

    def movers(self) -> list[int]:
        return [0]

    def legal_actions(self, seat: int) -> list[int]:
        return [0, 1] if seat == 0 else []

    def apply_chosen(self, actions: dict[int, int]) -> None:
        self.round += actions[0]

    def action_to_string(self, seat: int, action: int) -> str:
        return ("wait", "go")[action]

    def phase_word(self) -> str:
        return "main"


def test_clone_copies_every_declared_field_and_the_generator():
    st = Toy(3)
    st.rng.random()
    c = st.clone()
    c.armies[0].hand.append("x")
    c.armies[1].piles["a"].pop()
    c.deck.pop()
    c.events.append(("e",))
    assert st.armies[0].hand == ["a1", "b1"]
    assert st.armies[1].piles["a"] == ["a1", "a4"]
    assert st.deck == ["d1", "d2", "d3", "d4"]
    assert st.events == []
    assert c.rng.random() == st.rng.random()


def test_determinise_keeps_what_the_seat_sees_and_each_zones_kinds():
    st = Toy(0)
    moved = False
    for k in range(30):
        d = st.determinise(0, random.Random(k))
        assert d.observation(0) == st.observation(0)
        assert d.events is None
        assert d.armies[0].hand == ["a1", "b1"]  # its own hand, seen
        assert sorted(d.deck) == sorted(st.deck)
        for p in (0, 1):  # no card changes army, nor a place holding one kind the other
            mine, was = d.armies[p], st.armies[p]
            kinds = [Counter(KIND[c] for c in z) for z in (mine.hand, *mine.piles.values())]
            assert kinds == [Counter(KIND[c] for c in z) for z in (was.hand, *was.piles.values())]
            assert _cards(mine) == _cards(was)
        assert d.armies[1].hand == sorted(d.armies[1].hand)
        moved |= d.armies[1].hand != st.armies[1].hand or d.deck != st.deck
    assert moved


def _cards(army: Army) -> list[str]:
    return sorted([*army.hand, *(c for z in army.piles.values() for c in z)])


def test_observation_writes_what_each_seat_may_see():
    st = Toy(0)
    st.deck = ["d3", "d1", "d2"]
    st.armies[1].seen = ["a1"]
    view = st.observation(0)
    assert view["deck"] == ["d1", "d2", "d3"]  # its order withheld
    assert view["movers"] == ["P1"]
    assert view["players"][0]["hand"] == ["a1", "b1"]
    assert view["players"][1]["hand"] is None
    assert view["players"][1]["piles"] == {"a": 2, "b": 2}  # each zone of the mapping
    assert view["players"][1]["shown"] == ["A1"]
    everything = st.observation(None)
    assert everything["deck"] == ["d3", "d1", "d2"]
    assert everything["players"][1]["piles"] == {"a": ["a1", "a4"], "b": ["b1", "b3"]}
    everything["players"][1]["piles"]["a"].append("b2")  # a view shares no list of the state
    assert st.armies[1].piles["a"] == ["a1", "a4"]
    assert st.digest() == st.clone().digest() != Toy(1).digest()


def test_arrange_sets_the_declared_fields_and_refuses_the_computed_ones():
    st = Toy(0)
    st.arrange({"round": 4, "players": {1: {"hand": ["b3"]}}})
    assert st.round == 4 and st.armies[1].hand == ["b3"]
    for given in ({"movers": ["P2"]}, {"players": {0: {"score": 3}}}, {"colour": "red"}):
        with pytest.raises(ScenarioError, match="computed by the rules"):
            st.arrange(given)


def test_apply_checks_the_movers_and_the_actions():
    st = Toy(0)
    with pytest.raises(IllegalAction, match=r"the seats to move are P1, not P2 \(main\)"):
        st.apply({1: 0})
    with pytest.raises(IllegalAction, match="P1 cannot play action 7 in the main phase"):
        st.apply({0: 7})
    st.apply({0: 1})
    assert st.round == 2
