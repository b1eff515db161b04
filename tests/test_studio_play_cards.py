"""What the Play table draws beyond the observation: the cards a game names by number (Greedy
Kingdoms' Characters, by ``Engine.shown_cards``), the cards an action names (``action_cards``),
the engine's layout hints, and cards by their printed names in the log."""

from __future__ import annotations

from cardgen.engine.definition import Engine, TableLayout
from cardgen.studio.table import PERSON, Table
from tests.kit.catalogues import ROOT, load

GK = ROOT / "games" / "greedy-kingdoms" / "cards"
HARBOUR = ROOT / "cardgen" / "packs" / "harbour_bid" / "cards"


def _battle_with_a_promotion():
    """A Greedy Kingdoms state: P2 has promoted ④ (the Guild Master); both have committed,
    P1 (the Attacker) ①②④ and P2 ②④⑦; P1's ① and ④ succeeded and wait to be resolved."""
    catalogue, engine = load(GK)
    state = engine.new_game(catalogue, engine.setup(catalogue, 2)).new_initial_state(3)
    state.arrange(
        {
            "phase": "order",
            "attacker": "P1",
            "pending": [1, 4],
            "players": {1: {"promoted": [4], "commit": [2, 4, 7]}, 0: {"commit": [1, 2, 4]}},
        }
    )
    return catalogue, engine, state


def test_greedy_kingdoms_characters_are_shown_as_their_cards() -> None:
    catalogue, engine, state = _battle_with_a_promotion()
    seen = engine.shown_cards(catalogue, state.observation(0))
    p1, p2 = seen["players"]
    ordinary = [f"ordinary-{n}" for n in ("cook", "peddler", "pioneer", "merchant")]
    assert p1["characters"][:4] == ordinary
    assert p2["characters"][:4] == [*ordinary[:3], "special-guild-master"]
    assert len(p1["characters"]) == catalogue.rules.hand_numbers
    assert p2["promoted"] == ["special-guild-master"]
    assert p1["commit"] == ["ordinary-cook", "ordinary-peddler", "ordinary-merchant"]
    assert p2["commit"] == ["ordinary-peddler", "special-guild-master", "ordinary-priest"]
    assert seen["pending"] == ["ordinary-cook", "ordinary-merchant"]  # the Attacker's
    assert "special-guild-master" not in seen["special_deck"]
    assert len(seen["special_deck"]) == len(state.observation(0)["special_deck"])
    # the engine's own observation is left as it was (scenarios and logs read it)
    assert state.observation(0)["players"][1]["promoted"] == [4]


def test_greedy_kingdoms_actions_name_the_seats_own_characters() -> None:
    catalogue, engine, state = _battle_with_a_promotion()
    seen = state.observation(1)
    assert engine.action_cards(catalogue, seen, 1, "commit 2+4+7") == [
        "ordinary-peddler",
        "special-guild-master",
        "ordinary-priest",
    ]
    assert engine.action_cards(catalogue, seen, 0, "commit 2+4+7")[1] == "ordinary-merchant"
    assert engine.action_cards(catalogue, seen, 0, "resolve 4") == ["ordinary-merchant"]
    assert engine.action_cards(catalogue, seen, 0, "promote paying gold+food") == []
    assert engine.action_cards(catalogue, seen, 0, "pass") == []


def test_greedy_kingdoms_obtain_names_the_upgrade_it_takes() -> None:
    catalogue, engine, state = _battle_with_a_promotion()
    state.arrange({"line": ["citizen-bard", None, "building-farm", "citizen-mentor"]})
    seen = state.observation(0)
    assert engine.action_cards(catalogue, seen, 0, "obtain slot 1") == ["citizen-bard"]
    assert engine.action_cards(catalogue, seen, 0, "obtain slot 3") == ["building-farm"]
    assert engine.action_cards(catalogue, seen, 1, "obtain slot 4") == ["citizen-mentor"]
    assert engine.action_cards(catalogue, seen, 0, "obtain slot 2") == []  # an empty slot
    assert engine.action_cards(catalogue, seen, 0, "obtain palace") == ["royal-palace"]


def test_an_action_names_the_cards_among_its_words_by_default() -> None:
    catalogue, engine = load(HARBOUR)
    assert type(engine).action_cards is Engine.action_cards
    assert engine.action_cards(catalogue, {}, 0, "bid captain") == ["captain"]
    assert engine.action_cards(catalogue, {}, 0, "bid nobody") == []
    assert engine.shown_cards(catalogue, {"dock": ["linen"]}) == {"dock": ["linen"]}


def test_the_view_gives_the_layout_the_cards_shown_and_the_cards_of_each_action() -> None:
    catalogue, engine = load(GK)
    table = Table(engine, catalogue, engine.setup(catalogue, 2), [PERSON, "random"], 7)
    while not any(a.startswith("commit") for a in table.view(0)["legal"]):
        table.choose(0, table.view(0)["legal"][0])
    view = table.view(0)
    assert view["layout"] == {
        "seats": "players",
        "centre": ["line", "special_deck", "pending"],
        "stacks": {},
        "piles": [],
        "face_down": [],
        "counters": {},
        "internal": [],
    }
    assert view["shown"] == engine.shown_cards(catalogue, view["observation"])
    assert view["action_cards"]["commit 1+2+3"] == [
        "ordinary-cook",
        "ordinary-peddler",
        "ordinary-pioneer",
    ]
    assert set(view["action_cards"]) == {a for a in view["legal"] if a.startswith("commit")}
    # the log names cards as they are printed (the engine's log names Greedy Kingdoms' by id)
    refills = [line for line in view["log"] if " gets " in line]
    printed = {c.name for c in catalogue}
    assert refills and all(line.split(" gets ")[1] in printed for line in refills)
    assert not [line for line in view["log"] for c in catalogue if c.id in line.split()]


def test_a_game_without_hints_has_the_empty_layout() -> None:
    catalogue, engine = load(HARBOUR)
    plain = type("Plain", (type(engine),), {"layout": TableLayout()})()
    assert Engine.layout == TableLayout() and plain.layout.seats is None
    table = Table(plain, catalogue, plain.setup(catalogue, 2), [PERSON, PERSON], 1)
    assert table.view(None)["layout"] == TableLayout().as_json()
    assert table.view(None)["layout"]["seats"] is None
    assert table.view(None)["shown"] == table.state.observation(None)


def test_the_view_names_the_fields_that_hold_cards() -> None:
    """A number where the vocabulary puts cards counts cards not shown (the page says so)."""
    catalogue, engine = load(GK)
    table = Table(engine, catalogue, engine.setup(catalogue, 2), [PERSON, PERSON], 1)
    view = table.view(0)
    assert "upgrade_deck" in view["card_fields"] and "players.*.kingdom" in view["card_fields"]
    assert "phase" not in view["card_fields"] and "palace_pile" not in view["card_fields"]
    assert isinstance(view["observation"]["upgrade_deck"], int)  # a seat counts it
