"""A state's zones declared once (cardgen.engine.zones): the kit derives clone, determinise,
digest, observation, arrange and the legality check from the declaration — of a
:class:`FieldState` (cards as ids) and of an :class:`InstanceState` (numbered cards)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from cardgen.engine.errors import IllegalAction, ScenarioError
from cardgen.engine.zones import (
    Field,
    FieldState,
    InstanceState,
    InstanceZones,
    Shown,
    StateZones,
    Zone,
    place_named,
)

#: the cards' kinds: a hand holds both, each pile one
KIND = {"a1": "a", "a2": "a", "a3": "a", "a4": "a", "b1": "b", "b2": "b", "b3": "b"}


@dataclass
class Army:
    hand: list[str]
    piles: dict[str, list[str]]
    score: int = 0
    seen: list[str] = field(default_factory=list)


class Toy(FieldState):
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


# --- per-seat lists, fields in no view, what a seat knows card by card ----------------------


def _log(st: Draft, log: list[tuple[int, str]], owner: object = None, seat: int | None = None):
    return [f"P{p + 1}:{c}" for p, c in log if seat is None or p == seat]


class Draft(FieldState):
    """Packs passed round a table of three, each seat's values in a list indexed by seat; a
    pile nobody sees; the cards each seat was shown (``shown``, in no view), which it knows
    where they lie."""

    ZONES = StateZones(
        shared=(
            Field("pile", "list", see="nobody", pool="card"),
            Field("log", "list", see="nobody", write=_log, unseen=_log),
        ),
        per_seat=(
            Field("hands", "lists", key="hand", see="owner", pool="card"),
            Field("first", get=lambda st, p: st.hands[p][:1], see="owner", unseen="empty"),
            Field("packs", "lists", key="pack", see="owner", pool="card"),
        ),
        seats_before="log",
        kept=(Field("shown", lambda v: [set(x) for x in v]), Field("tally", "list")),
        transient=("cache",),
        dealt=("pile", "packs", "hands"),
        known=lambda st, p: {*st.hands[p], *st.packs[p], *st.shown[p]},
        digested=("pile", "hands", "packs"),
        records={"tally": list},
    )
    num_players = 3

    def __init__(self) -> None:
        self.rng = random.Random(7)
        self.events: list[tuple] | None = []
        self.pile = [10, 11, 12, 13]
        self.hands = [[0, 1], [2, 3], [4, 5]]
        self.packs = [[6], [7], [8, 9]]
        self.log = [(0, "pick"), (1, "pass")]
        self.shown = [{7}, set(), set()]
        self.tally = [1]
        self.cache: object = "legal"


def test_fields_in_no_view_are_copied_and_a_seat_sees_its_part_of_a_field() -> None:
    st = Draft()
    assert list(st.observation(None)) == ["pile", "players", "log"]
    mine = st.observation(1)
    assert mine["pile"] == 4 and mine["log"] == ["P2:pass"]
    assert mine["players"][1] == {"hand": [2, 3], "first": [2], "pack": [7]}
    assert mine["players"][0] == {"hand": 2, "first": [], "pack": 1}
    assert st.observation(None)["players"][0]["first"] == [0]
    c = st.clone()
    c.shown[0].add(1)
    c.tally.append(2)
    assert st.shown[0] == {7} and st.tally == [1] and c.cache is None


def test_a_seat_that_knows_cards_is_determinised_card_by_card() -> None:
    st = Draft()
    crossed = False
    for k in range(20):
        w = st.determinise(0, random.Random(k), seen={12})
        r = random.Random(k)
        assert w.rng.getstate() == random.Random(r.getrandbits(64)).getstate()  # drawn first
        places = [st.pile, st.packs[1], st.hands[1], st.packs[2], st.hands[2]]
        slots = [(z, j) for z, cards in enumerate(places) for j, c in enumerate(cards)]
        free = [(z, j) for z, j in slots if places[z][j] not in (7, 12)]  # known, remembered
        drawn = [places[z][j] for z, j in free]
        r.shuffle(drawn)
        dealt = [list(z) for z in places]
        for (z, j), c in zip(free, drawn, strict=True):
            dealt[z][j] = c
        assert [w.pile, w.packs[1], w.hands[1], w.packs[2], w.hands[2]] == dealt
        assert w.hands[0] == [0, 1] and w.packs[0] == [6] and w.packs[1] == [7]
        assert w.pile[2] == 12 and w.events is None and w.tally == []
        crossed |= not set(w.hands[1]) <= {2, 3}  # a card may go to another seat's place
    assert crossed and st.tally == [1] and st.pile == [10, 11, 12, 13]


def test_a_digest_of_the_named_attributes_and_the_generator() -> None:
    st = Draft()
    text = repr((st.pile, st.hands, st.packs))
    h = hashlib.sha256(hashlib.sha256(text.encode()).hexdigest().encode())
    h.update(repr(st.rng.getstate()).encode())
    assert st.digest() == h.hexdigest()
    st.tally.append(5)
    st.log.append((2, "x"))
    assert st.digest() == h.hexdigest()  # not named
    st.hands[0].reverse()
    assert st.digest() != h.hexdigest()


# --- a state of numbered cards (InstanceState) ------------------------------------------

NAMES = ["ace", "bee", "cat", "dog", "elk", "fox", "gnu", "hen"]


@dataclass
class Seat:
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=lambda: [[], []])
    score: int = 0


class Tiny(InstanceState):
    ZONES = InstanceZones(
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

    def action_to_string(self, seat: int, action: int) -> str:
        return ["pass", "take", "give"][action]


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
    with pytest.raises(IllegalAction, match="P1 cannot 'pass' now"):
        s.apply({0: 0})
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


class Slotted(FieldState):
    """A slotted state: its copy written out once, or attribute by attribute while a slot
    is unset."""

    __slots__ = ("events", "extra", "hands", "rng", "round")
    ZONES = StateZones(
        shared=(Field("round"),),
        per_seat=(Field("hands", "lists", key="hand", see="owner"),),
    )

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.events = None
        self.round = 3
        self.hands = [[1, 2], [3]]


def test_a_slotted_state_is_copied_with_or_without_every_slot_set() -> None:
    st = Slotted()
    c = st.clone()  # "extra" never set: copied slot by slot
    c.hands[0].append(9)
    assert st.hands == [[1, 2], [3]] and c.round == 3 and not hasattr(c, "extra")
    st.extra = "x"
    d = st.clone()
    d.hands[1].clear()
    assert st.hands == [[1, 2], [3]] and d.extra == "x" and d.rng.random() == st.rng.random()


#: numbered cards: instances 0-2 are copies of "x", 3-4 of "y", 5 of "z"
COPIES = {"x": [0, 1, 2], "y": [3, 4], "z": [5]}


def _place(zones: dict, named: list, moved: list) -> None:
    place_named(
        zones,
        named,
        lambda cid: COPIES.get(cid, []),
        lambda card, keys: "bin" if "deck" in keys else "deck",
        lambda key: f"at {key}",
        moved.append,
    )


def test_named_cards_are_placed_from_the_emptied_zones_first_then_the_unnamed_in_order() -> None:
    zones = {"deck": [2, 5], "bin": [], "hand": [0, 3], "row": [1, 4]}
    moved: list[int] = []
    _place(zones, [("hand", ["y", "x", "z"])], moved)
    # y and x: the hand's own copies; z: the first zone not named holding one (the deck)
    assert zones == {"deck": [2], "bin": [], "hand": [3, 0, 5], "row": [1, 4]}
    assert moved == [0, 3, 5]  # the emptied hand's cards, then the one taken from the deck
    zones = {"deck": [2, 5], "bin": [], "hand": [0, 3], "row": [1, 4]}
    moved = []
    _place(zones, [("row", ["x"]), ("deck", [])], moved)
    # the row keeps its own x; its y and the deck's cards nobody named go home (the bin:
    # the deck is named); the hand is not named: it stays
    assert zones == {"deck": [], "bin": [2, 5, 4], "hand": [0, 3], "row": [1]}
    assert moved == [2, 5, 1, 4]


@pytest.mark.parametrize(
    ("named", "error"),
    [
        ([("hand", ["w"])], "at hand: 'w' is not a card of these decks"),
        ([("hand", ["z", "z"])], "at hand: no copy of 'z' left"),
    ],
)
def test_a_card_with_no_copy_left_is_refused_at_its_zone(named: list, error: str) -> None:
    zones = {"deck": [0, 1, 2, 3, 4, 5], "hand": []}
    with pytest.raises(ScenarioError, match=error):
        _place(zones, named, [])
