"""Printed text and engine agree (issue 28): for every effect kind, the card text generated
from the card data is read for its numbers and targets, and the engine plays the effect to
show each one (who is affected, how many cards or points, when)."""

from __future__ import annotations

import re
import typing

import pytest
from rampage_invariants import CAT, attack_on, readable

from cardgen.packs.castle_rampage.model import Effect
from cardgen.packs.castle_rampage.text import card_text

KINDS = {t.model_fields["kind"].annotation.__args__[0] for t in typing.get_args(Effect)[0].__args__}
TESTED: set[str] = set()


def kind(name: str):
    """Mark a test as the one that plays effect kind ``name``."""
    TESTED.add(name)
    return lambda f: f


def card(card_id: str, **update):
    """A catalogue card with fields changed (``effects`` as data, validated)."""
    base = CAT.card(card_id)
    return type(base).model_validate({**base.model_dump(), **update})


def read(card, pattern: str) -> re.Match:
    """The card's generated text, which must match ``pattern`` in full."""
    match = re.fullmatch(pattern, card_text(card))
    assert match, card_text(card)
    return match


def attack(gate, castle, attacker, strength=None, **settings):
    """(board, result, events) of seat 0's attack on the Gate and Castle of cards given."""
    board, result = attack_on(gate, castle, attacker, strength, **settings)
    return board, result, readable(result.events)


@kind("weaken")
@pytest.mark.parametrize("amount", [1, 2, 3, 5])
def test_weaken_takes_the_printed_strength(amount):
    ogre = card("ogre", effects=[{"kind": "weaken", "amount": amount}])
    printed = int(read(ogre, r"\{destroyed\} The attack loses (\d+) more strength\.")[1])
    assert printed == amount
    # strength 12 breaks the Ogre (Gate 5): 7 left, then the printed points go
    _board, _result, events = attack([ogre, card("gatekeeper")], [card("tower")], card("giant"))
    effect = next(e for e in events if e.kind == "weaken")
    assert effect.text == f"ogre: weaken {amount}, strength 7 -> {7 - printed}"
    reveals = [e.data["strength"] for e in events if e.kind == "reveal"]
    assert reveals == [12, 7 - printed]  # the next card meets what is left


@kind("destroy_next")
@pytest.mark.parametrize("count", [1, 2, 3])
def test_destroy_next_takes_the_printed_cards_below_it_in_its_structure(count):
    spy = card("spy", effects=[{"kind": "destroy_next", "count": count}])
    m = read(
        spy,
        r"\{destroyed\} The next (?:(\d+) cards|card) below it in the same structure "
        r"(?:are|is) destroyed too\.",
    )
    printed = int(m[1] or 1)
    assert printed == count
    below = [card("peasant"), card("mason"), card("squire"), card("cook")]  # Gate 4, 3, 2, 1
    _board, _result, events = attack([spy, *below], [card("keep")], card("pikeman"))  # 3 > 1
    unseen = [e for e in events if e.kind == "destroy" and "destroy_next" in e.data["why"]]
    assert [e.data["card"] for e in unseen] == [c.id for c in below[:printed]]
    assert {e.data["structure"] for e in unseen} == {"gate"}
    # last in its structure: no card below it, none destroyed in the Castle (R13)
    board, result, _ = attack([spy], [card("wall"), card("keep")], card("pikeman"))
    assert result.destroyed == ["spy"]
    assert board.defender.castle == ["wall", "keep"]
    # in the Castle it takes the Castle's next cards (a Digger's attack)
    _board, _result, events = attack([card("wall")], [spy, *below, card("keep")], card("digger"))
    unseen = [e.data["card"] for e in events if "destroy_next" in e.data.get("why", "")]
    assert unseen == [c.id for c in below[:printed]]


@kind("end_attack")
def test_end_attack_destroys_the_attacking_card_and_ends_the_attack():
    text = card_text(CAT.card("bomber"))
    assert text == "{destroyed} The attacking card is destroyed too; the attack ends."
    board, result, events = attack(
        [card("bomber"), card("palisade")], [card("keep")], card("giant")
    )
    assert result.attacker_to == "discard" and board.discard[-1] == "giant"
    assert [e.data["card"] for e in events if e.kind == "reveal"] == ["bomber"]
    assert [e.kind for e in events].count("end_attack") == 1
    assert board.defender.gate == ["palisade"]  # 10 strength left unused


@kind("targets_castle")
def test_targets_castle_attacks_the_castle_with_cards_in_the_gate():
    text = card_text(CAT.card("digger"))
    assert text == "{sword} This attack targets the Castle, even if the Gate has cards."
    board, _result, events = attack(
        [card("palisade")], [card("cook"), card("keep")], card("digger")
    )
    assert [e.data["structure"] for e in events if e.kind == "reveal"] == ["castle"] * 2
    assert board.defender.gate == ["palisade"]


VETERAN_ENDS = {
    # how the attack ends: (Gate, Castle, attacking strength) of a Veteran's attack
    "a higher defence": (["gatekeeper"], ["tower"], None),  # 6 < 7
    "an equal defence": (["wall"], ["tower"], None),  # 6 = 6
    "a Bomber": (["bomber", "wall"], ["tower"], None),  # 6 > 2, then the blast
    "a Saboteur to 0": (["saboteur", "wall"], ["tower"], 5),  # 5 > 3, 2 - 2 = 0
}


@kind("survives_defeat")
@pytest.mark.parametrize("on_tie", [False, True])
def test_the_veteran_goes_back_to_hand_exactly_when_its_text_says(on_tie):
    veteran = card("veteran", effects=[{"kind": "survives_defeat", "on_tie": on_tie}])
    m = read(
        veteran,
        r"\{sword\} If (a higher|an equal or higher) defence stops this attack, take this card "
        r"back into your hand\.",
    )
    printed = {"a higher defence"} | ({"an equal defence"} if "equal" in m[1] else set())
    assert printed == ({"a higher defence", "an equal defence"} if on_tie else {"a higher defence"})
    for how, (gate, castle, strength) in VETERAN_ENDS.items():
        board, result, _ = attack(
            [card(c) for c in gate], [card(c) for c in castle], veteran, strength
        )
        back = result.attacker_to == "hand"
        assert back == (how in printed), how
        assert board.hand == (["veteran"] if back else [])
    # a tie that takes the last Castle card wins: nothing stopped the attack, it is discarded
    _board, result, _ = attack([], [card("squire", castle=6)], veteran)
    assert result.won and result.attacker_to == "discard"


def test_the_catalogue_prints_what_the_tests_play():
    assert card_text(CAT.card("veteran")) == (
        "{sword} If a higher defence stops this attack, take this card back into your hand."
    )
    assert card_text(CAT.card("spy")) == (
        "{destroyed} The next card below it in the same structure is destroyed too."
    )
    assert card_text(CAT.card("saboteur")) == "{destroyed} The attack loses 2 more strength."


def test_every_effect_kind_is_played():
    assert TESTED == KINDS


@pytest.mark.parametrize("purple_on_tie", ["ignore", "apply"])
def test_the_purple_banner_says_whether_a_tie_sets_the_effect_off(purple_on_tie):
    """R5: by default a purple card that an equal value destroys does nothing; its banner must
    not promise that it "acts when destroyed" then."""
    from cardgen.packs.castle_rampage.fields import LAYOUT_FIELDS

    rules = CAT.rules.model_copy(
        update={"settings": CAT.rules.settings.model_copy(update={"purple_on_tie": purple_on_tie})}
    )
    spy = CAT.card("spy")
    label = LAYOUT_FIELDS["purple_label"].fn(spy, rules)
    _board, _result, events = attack(
        [spy, card("wall")], [card("keep")], card("peasant"), purple_on_tie=purple_on_tie
    )  # 1 = 1
    acted = any("destroy_next" in e.data.get("why", "") for e in events)
    assert acted == (purple_on_tie == "apply")
    assert label == ("PURPLE · acts when destroyed" + ("" if acted else ", not on a tie"))
