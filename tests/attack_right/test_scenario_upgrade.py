"""Attack Right's old scenario files upgraded to the kit's format (in memory) and run on the
kit: the same outcome as the old runner; what cannot be converted is an error at its line."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.catalogue.yaml_source import load_yaml, parse_yaml
from cardgen.engine import UpgradeError
from cardgen.engine.scenario import OLD_DEFAULT_CARDS as DEFAULT_CARDS
from cardgen.engine.scenario import Problems, catalogue_of, parse_text
from cardgen.packs.attack_right.engine.definition import ENGINE

TESTS = Path(__file__).parents[1]
OLD = sorted((TESTS / "old-scenarios").glob("*.yaml"))


def _catalogue(path: Path, doc: dict[str, Any], smap: Any) -> Any:
    return catalogue_of(path, {"cards": doc.get("cards", DEFAULT_CARDS)}, smap)


def upgraded(path: Path) -> tuple[dict[str, Any] | None, Any]:
    """The file's document in the kit's format (None if it is not old) and its catalogue."""
    doc, smap = load_yaml(path, display=str(path))
    cat = _catalogue(path, doc, smap)
    return ENGINE.upgrade_scenario_on(copy.deepcopy(doc), cat), cat


def run_new(new: dict[str, Any], cat: Any, name: str) -> list[str]:
    """Problems of the upgraded document run on the kit (written out and read back)."""
    text = yaml.safe_dump(new, sort_keys=False)
    try:
        return parse_text(text, name, ENGINE, cat).run()
    except Problems as exc:
        return exc.problems


def outcome(path: Path) -> list[str]:
    """Why ``path`` does not convert and pass on the kit (empty: it does)."""
    try:
        new, cat = upgraded(path)
    except UpgradeError as exc:
        return [f"cannot upgrade: {exc}"]
    assert new is not None, f"{path.name} is not recognised as the old format"
    return run_new(new, cat, path.name)


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_every_old_file(path: Path) -> None:
    problems = outcome(path)
    assert not problems, "\n".join(problems)


def test_a_handful_convert_with_the_old_words_in_the_kits() -> None:
    new, cat = upgraded(TESTS / "old-scenarios" / "draft-pass-left.yaml")
    assert new is not None
    assert new["setup"] == {"players": 3, "sides": ["red", "blue", "green"]}
    assert new["given"]["P1"]["pack"] == ["spearman", "woodcutter", "wall"]
    assert new["steps"][0] == {"P1": "pick spearman", "P2": "pick farm", "P3": "pick militia"}
    assert new["steps"][1]["expect"]["P1"]["kept"] == {"contains": ["spearman"], "size": 1}
    assert new["expect"]["discard"] == {"contains": ["archer", "pikeman", "woodcutter"], "size": 3}
    assert not run_new(new, cat, "draft-pass-left.yaml")


def _old(body: str) -> tuple[dict[str, Any], Any, Any]:
    doc, smap = parse_yaml(body, "old.yaml")
    cat = _catalogue(TESTS / "old-scenarios" / "x.yaml", doc, smap)
    return doc, smap, cat


ONE_CHOICE = """\
name: a seat with an empty hand has one choice
decks: [red, blue]
setup:
  players:
    - {coins: 5, hand: [spearman]}
    - {coins: 5}
steps:
  - {0: {play: spearman, zone: right}}
expect:
  players: {0: {coins: 4}}
"""


def test_a_seat_left_out_gets_its_one_choice_and_a_wrong_expectation_fails() -> None:
    doc, _smap, cat = _old(ONE_CHOICE)
    new = ENGINE.upgrade_scenario_on(doc, cat)
    assert new is not None
    assert new["steps"] == [{"P1": "play spearman right", "P2": "end"}]
    assert not run_new(new, cat, "old.yaml")
    new["expect"]["P1"]["coins"] = 5
    (problem,) = run_new(new, cat, "old.yaml")
    assert "P1.coins is 4, expected 5" in problem


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("  players: {0: {coins: 4}}", "  players: {0: {cions: 4}}", 10, "cions"),
        ("zone: right}}", "zone: lfet}}", 8, "lfet"),
        ("{play: spearman, zone: right}}", "{play: wall, zone: left}}", 8, "wall"),
        ("expect:\n", "expect:\n  piles: {spring: {stars: 2}}\n", 10, "stars"),
    ],
)  # fmt: skip
def test_what_cannot_be_converted_is_an_error_at_its_line(
    old: str, new: str, line: int, message: str
) -> None:
    doc, smap, cat = _old(ONE_CHOICE.replace(old, new))
    with pytest.raises(UpgradeError) as exc:
        ENGINE.upgrade_scenario_on(doc, cat)
    assert smap.at(exc.value.path).line == line
    assert message in str(exc.value) or message in str(exc.value.path)


def test_a_kit_scenario_is_not_upgraded() -> None:
    doc, _smap, cat = _old("name: new\nsetup: {players: 2}\nexpect: {round: 1}\n")
    assert ENGINE.upgrade_scenario_on(doc, cat) is None


def test_a_tableau_by_zone_is_compared_zone_by_zone() -> None:
    body = ONE_CHOICE.replace("{coins: 4}", "{coins: 4, tableau: {right: [spearman], left: []}}")
    doc, _smap, cat = _old(body)
    new = ENGINE.upgrade_scenario_on(doc, cat)
    assert new is not None
    assert new["expect"]["P1"]["zones"] == {"right": [{"card": "spearman"}], "left": []}
    assert not run_new(new, cat, "old.yaml")
    new["expect"]["P1"]["zones"]["right"] = [{"card": "spearman", "tokens": 1, "coins": 0}]
    (problem,) = run_new(new, cat, "old.yaml")
    assert "P1.zones.right[0].tokens is 0, expected 1" in problem
    new["expect"]["P1"]["zones"]["right"] = [{"card": "spearmen"}]
    (problem,) = run_new(new, cat, "old.yaml")
    assert "spearmen" in problem and "spearman" in problem  # a typo: the checker's did-you-mean


def test_a_glimpse_is_an_item_of_the_designers_glimpses() -> None:
    path = TESTS / "old-scenarios" / "effect-intercept.yaml"
    new, cat = upgraded(path)
    assert new is not None
    glimpses = [s["expect"]["glimpses"] for s in new["steps"] if "glimpses" in s.get("expect", {})]
    assert glimpses and all(set(g) == {"contains"} for g in glimpses)
    seat = glimpses[0]["contains"][0]["seat"]
    glimpses[0]["contains"][0]["seat"] = "P1" if seat != "P1" else "P2"
    assert any("has no item like" in p for p in run_new(new, cat, path.name))


def test_what_a_seat_sees_is_its_observation() -> None:
    new, cat = upgraded(TESTS / "old-scenarios" / "effect-hidden.yaml")
    assert new is not None
    seen = new["steps"][1]["expect"]["seen_by"]
    assert seen["P2"] == {"P1": {"tableau": [{"card": "spy"}, {"card": None}]}}
    seen["P2"]["P1"]["tableau"][1]["card"] = "spy"  # the face-down spy is not P2's to see
    (problem,) = run_new(new, cat, "old.yaml")
    assert "seen by P2: P1.tableau[1].card is None, expected 'spy'" in problem


def test_named_deals_are_the_piles_in_order_and_dealt_is_the_deal_event() -> None:
    new, cat = upgraded(TESTS / "old-scenarios" / "draft-named-packs.yaml")
    assert new is not None
    spring = new["given"]["piles"]["spring"]
    assert spring[-8:] == ["champion", "bard", "war-drummer", "looter", "miser", "wall", "wall",
                           "scout"]  # fmt: skip
    expect = new["steps"][1]["expect"]
    assert "bard" in expect["piles"]["spring"]["excludes"]  # stars: 0 is no star design
    deal = next(e for e in expect["events"] if e.get("seat") == "P2")
    assert deal["cards"][0] == "veteran" and deal["count"] == 1
    new["given"]["piles"]["spring"] = spring[-8:] + spring[:-8]  # another deal
    assert any("deal" in p for p in run_new(new, cat, "old.yaml"))


def test_an_unlimited_banks_overdraft_is_the_views_bank() -> None:
    new, cat = upgraded(TESTS / "old-scenarios" / "bank-unlimited.yaml")
    assert new is not None and new["expect"]["bank"] == -2
    new["expect"]["bank"] = 0
    (problem,) = run_new(new, cat, "old.yaml")
    assert "bank is -2, expected 0" in problem


def test_a_slot_power_is_a_game_option_checked_at_the_setup() -> None:
    new, cat = upgraded(TESTS / "old-scenarios" / "battle-slot-power-middle-nothing.yaml")
    assert new is not None
    assert new["setup"]["options"] == {"slot_power": {"middle": []}}
    new["setup"]["options"]["slot_power"] = {"middel": []}
    (problem,) = run_new(new, cat, "old.yaml")
    assert "option slot_power middel: Input should be 'left', 'middle' or 'right'" in problem
