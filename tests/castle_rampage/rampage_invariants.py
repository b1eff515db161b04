"""Invariant checks of one Castle Rampage attack, shared by the seeded and hypothesis tests."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.castle_rampage.engine import Side, Slot, State, resolve_attack
from cardgen.packs.castle_rampage.engine.state import deck_of
from cardgen.packs.castle_rampage.model import Settings

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "games" / "castle-rampage" / "cards"
CAT = load_catalogue(CARDS)
#: the deck, half its Veterans going back to the hand on an equal value too (R7's other reading)
DECK = deck_of(list(CAT))
_VETERANS = [i for i, c in enumerate(DECK) if c.has("survives_defeat")]
for _i in _VETERANS[: len(_VETERANS) // 2]:
    DECK[_i] = type(DECK[_i]).model_validate(
        {**DECK[_i].model_dump(), "effects": [{"kind": "survives_defeat", "on_tie": True}]}
    )

#: every combination of the settings' readings
ALL_SETTINGS = [
    Settings(failed_defender_returns_to=r1, empty_gate=r2, purple_on_tie=r5)
    for r1 in ("attacked_structure", "gate")
    for r2 in ("castle", "no_attack")
    for r5 in ("ignore", "apply")
]


def random_state(rng: random.Random, settings: Settings) -> State:
    """Structures of random sizes dealt from the shuffled deck; the rest of the deck stays."""
    deck = list(DECK)
    rng.shuffle(deck)
    sides = []
    for _ in range(2):
        gate = [Slot(deck.pop()) for _ in range(rng.randint(0, 6))]
        castle = [Slot(deck.pop()) for _ in range(rng.randint(1, 6))]
        sides.append(Side(gate, castle, []))
    rules = CAT.rules.model_copy(update={"settings": settings})
    return State(rules, sides, deck)


def attack_and_check(state: State, attacker: int, rng: random.Random) -> None:
    """One attack with a card from the deck (strength sometimes overridden); assert every
    invariant of the cascade."""
    able = [i for i, c in enumerate(state.deck) if c.attack is not None]
    card = state.deck.pop(rng.choice(able))
    strength = rng.choice([None, None, rng.randint(1, 25)])
    before = state.clone()
    everything = Counter(state.cards()) + Counter([card.id])
    result = resolve_attack(state, attacker, card, strength)
    check_attack(before, state, result, everything)


def check_attack(before: State, after: State, result, everything: Counter) -> None:
    s = after.rules.settings
    d0, d1 = before.sides[1 - result.attacker], after.sides[1 - result.attacker]
    a1 = after.sides[result.attacker]
    # nothing is created or lost
    assert Counter(after.cards()) == everything, "cards created or lost"
    # the attacking card ends in exactly one place: the discard pile or its owner's hand
    card = result.card
    grew = len(a1.hand) - len(before.sides[result.attacker].hand)
    assert result.attacker_to in ("hand", "discard")
    assert grew == (result.attacker_to == "hand")
    if grew:
        assert a1.hand[-1] is card
        assert card.has("survives_defeat"), "only a Veteran goes back to the hand"
    in_discard = int(result.attacker_to == "discard")
    # the defender loses exactly the destroyed cards, from the top of its structures
    removed = Counter(x.card.id for x in d0.gate + d0.castle) - Counter(
        x.card.id for x in d1.gate + d1.castle
    )
    assert removed == Counter(c.id for c in result.destroyed)
    new_discards = [c.id for c in after.discard[len(before.discard) :]]
    assert Counter(new_discards) == Counter(c.id for c in result.destroyed) + Counter(
        [card.id] * in_discard
    )
    # comparisons: consistent, and only the last one may end the attack
    compares = [e for e in result.events if e.kind == "compare"]
    reveals = [e for e in result.events if e.kind == "reveal"]
    assert len(compares) == len(reveals)
    for r, c in zip(reveals, compares, strict=True):
        a, d = r.data["strength"], r.data["defence"]
        want = "lower" if a < d else "equal" if a == d else "higher"
        assert c.data["outcome"] == want
    assert all(c.data["outcome"] == "higher" for c in compares[:-1])
    # the strength never grows; a higher comparison leaves A - D before any effect
    strengths = [r.data["strength"] for r in reveals]
    assert strengths == sorted(strengths, reverse=True)
    if strengths:
        assert strengths[0] == result.strength
    # revealed defence values are the cards' own in that structure (damage not remembered)
    for r in reveals:
        revealed = after_card(r.data["card"])
        assert r.data["defence"] == revealed.defence(r.data["structure"])
    # the Gate is never revealed once the attack is on the Castle
    where = [r.data["structure"] for r in reveals]
    if "castle" in where:
        assert "gate" not in where[where.index("castle") :]
    if card.has("targets_castle"):
        gate_losses = [
            e for e in result.events if e.kind == "destroy" and e.data["structure"] == "gate"
        ]
        assert "gate" not in where and not gate_losses
    # a card that held is back on top, known to both players
    if compares and compares[-1].data["outcome"] == "lower":
        held = reveals[-1].data["card"]
        back = reveals[-1].data["structure"]
        lost = sum(e.kind == "destroy" and e.data["structure"] == "castle" for e in result.events)
        if s.failed_defender_returns_to == "gate" and len(d0.castle) - lost >= 2:
            back = "gate"  # R1's other reading, but a Castle's last card stays
        top = d1.stack(back)[0]
        assert top.card.id == held and top.known
    # purple effects act only for a destroyed purple card
    destroyed_ids = [c.id for c in result.destroyed]
    for e in result.events:
        if e.kind == "effect":
            assert e.data["card"] in destroyed_ids
            assert after.rules.is_purple(after_card(e.data["card"]))
    # destroy_next takes cards of the purple card's own structure only (R13)
    where_destroyed = {}
    for e in result.events:
        if e.kind == "destroy":
            cause = e.data["why"].removesuffix(": destroy_next")
            if cause != e.data["why"]:
                assert e.data["structure"] == where_destroyed[cause], "destroy_next crossed over"
            where_destroyed[e.data["card"]] = e.data["structure"]
    if not any(after.rules.is_purple(c) for c in result.destroyed):
        higher = sum(c.data["outcome"] == "higher" for c in compares)
        equal = sum(c.data["outcome"] == "equal" for c in compares)
        assert len(result.destroyed) == higher + equal
    # the game ends exactly when the last Castle card is destroyed
    assert (after.winner is not None) == (not d1.castle)
    assert result.won == (not d1.castle)
    if result.won:
        assert after.winner == result.attacker
    # the Gate breaks when this attack destroys every card it had (destroyed from the top)
    from_gate = sum(e.kind == "destroy" and e.data["structure"] == "gate" for e in result.events)
    assert result.broke_gate == (bool(d0.gate) and from_gate == len(d0.gate))


def after_card(card_id: str):
    return CAT.card(card_id)
