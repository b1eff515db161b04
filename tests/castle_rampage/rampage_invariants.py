"""Invariant checks of one Castle Rampage attack, shared by the seeded and hypothesis tests, and
helpers to play an attack on written-out structures."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import Setup
from cardgen.packs.castle_rampage.engine.definition import ENGINE
from cardgen.packs.castle_rampage.engine.resolve import Battlefield, attack, resolve_attack
from cardgen.packs.castle_rampage.engine.state import Seat, State
from cardgen.packs.castle_rampage.model import Settings

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "games" / "castle-rampage" / "cards"
CAT = load_catalogue(CARDS)
#: the Veteran going back to the hand on an equal value too (R7's other reading)
ON_TIE = {"veteran": {"effects": [{"kind": "survives_defeat", "on_tie": True}]}}

#: every combination of the settings' readings
ALL_SETTINGS = [
    Settings(failed_defender_returns_to=r1, empty_gate=r2, purple_on_tie=r5)
    for r1 in ("attacked_structure", "gate")
    for r2 in ("castle", "no_attack")
    for r5 in ("ignore", "apply")
]


@dataclass(frozen=True)
class Ev:
    """An event as a scenario sees it: its type, its fields and its line of the log."""

    kind: str
    data: dict[str, Any]
    text: str


def readable(events: list[tuple]) -> list[Ev]:
    out = []
    for e in events:
        doc = ENGINE.events.to_dict(e)
        out.append(Ev(doc["type"], doc, ENGINE.events.text(doc)))
    return out


def new_state(seed: int = 0, settings: Settings | None = None, on_tie: bool = False) -> State:
    """A seeded new game of the catalogue under ``settings``."""
    over = settings.model_dump() if settings is not None else {}
    setup = Setup(2, settings=over, options={"card_values": ON_TIE if on_tie else {}})
    return ENGINE.new_game(CAT, setup).new_initial_state(seed)


def random_state(rng: random.Random, settings: Settings) -> State:
    """Structures of random sizes dealt from the shuffled deck; the rest of the deck stays."""
    state = new_state(rng.randrange(1000), settings, on_tie=rng.random() < 0.5)
    deck = [c for c, k in Counter(every_card(state)).items() for _ in range(k)]
    rng.shuffle(deck)
    for seat in state.seats:
        seat.place("gate", [deck.pop() for _ in range(rng.randint(0, 6))])
        seat.place("castle", [deck.pop() for _ in range(rng.randint(1, 6))])
        seat.hand = []
    state.deck = deck
    return state


def every_card(state: State) -> list[str]:
    """The ids of every card in the game, wherever it is (a conservation check)."""
    ids = list(state.deck) + list(state.discard)
    for s in state.seats:
        ids += s.hand + s.gate + s.castle
    return ids


def attack_on(gate, castle, attacker, strength=None, **settings):
    """An attack by seat 0 with card ``attacker`` on a Gate and a Castle of cards (top first),
    the cards as given (their values may differ from the catalogue's); (board, result)."""
    s = CAT.rules.settings.model_copy(update=settings)
    cards = {**CAT.by_id, **{c.id: c for c in [*gate, *castle, attacker]}}
    side = Seat()
    side.place("gate", [c.id for c in gate])
    side.place("castle", [c.id for c in castle])
    board = Battlefield(0, side, [], [], cards, s, CAT.rules.is_purple)
    return board, attack(board, attacker, strength)


def attack_and_check(state: State, attacker: int, rng: random.Random) -> None:
    """One attack with a card from the deck (strength sometimes overridden); assert every
    invariant of the cascade."""
    cards = state.game.cards
    able = [i for i, c in enumerate(state.deck) if cards[c].attack is not None]
    card = cards[state.deck.pop(rng.choice(able))]
    strength = rng.choice([None, None, rng.randint(1, 25)])
    before = state.clone()
    everything = Counter(every_card(state)) + Counter([card.id])
    result = resolve_attack(state, attacker, card, strength)
    check_attack(before, state, result, everything)


def check_attack(before: State, after: State, result, everything: Counter) -> None:
    s = after.game.settings
    cards = after.game.cards
    d0, d1 = before.seats[1 - result.attacker], after.seats[1 - result.attacker]
    a1 = after.seats[result.attacker]
    events = readable(result.events)
    # nothing is created or lost
    assert Counter(every_card(after)) == everything, "cards created or lost"
    # the attacking card ends in exactly one place: the discard pile or its owner's hand
    card = result.card
    grew = len(a1.hand) - len(before.seats[result.attacker].hand)
    assert result.attacker_to in ("hand", "discard")
    assert grew == (result.attacker_to == "hand")
    if grew:
        assert a1.hand[-1] == card.id
        assert card.has("survives_defeat"), "only a Veteran goes back to the hand"
    in_discard = int(result.attacker_to == "discard")
    # the defender loses exactly the destroyed cards, from the top of its structures
    removed = Counter(d0.gate + d0.castle) - Counter(d1.gate + d1.castle)
    assert removed == Counter(result.destroyed)
    new_discards = after.discard[len(before.discard) :]
    assert Counter(new_discards) == Counter(result.destroyed) + Counter([card.id] * in_discard)
    # comparisons: consistent, and only the last one may end the attack
    compares = [e for e in events if e.kind == "compare"]
    reveals = [e for e in events if e.kind == "reveal"]
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
        assert r.data["defence"] == cards[r.data["card"]].defence(r.data["structure"])
    # the Gate is never revealed once the attack is on the Castle
    where = [r.data["structure"] for r in reveals]
    if "castle" in where:
        assert "gate" not in where[where.index("castle") :]
    if card.has("targets_castle"):
        gate_losses = [e for e in events if e.kind == "destroy" and e.data["structure"] == "gate"]
        assert "gate" not in where and not gate_losses
    # a card that held is back on top, known to both players
    if compares and compares[-1].data["outcome"] == "lower":
        held = reveals[-1].data["card"]
        back = reveals[-1].data["structure"]
        lost = sum(e.kind == "destroy" and e.data["structure"] == "castle" for e in events)
        if s.failed_defender_returns_to == "gate" and len(d0.castle) - lost >= 2:
            back = "gate"  # R1's other reading, but a Castle's last card stays
        assert d1.stack(back)[0] == held and d1.seen(back)[0]
    # purple effects act only for a destroyed purple card
    for e in events:
        if e.kind in ("end_attack", "weaken"):
            assert e.data["card"] in result.destroyed
            assert after.game.rules.is_purple(cards[e.data["card"]])
    # destroy_next takes cards of the purple card's own structure only (R13)
    where_destroyed = {}
    for e in events:
        if e.kind == "destroy":
            cause = e.data["why"].removesuffix(": destroy_next")
            if cause != e.data["why"]:
                assert e.data["structure"] == where_destroyed[cause], "destroy_next crossed over"
            where_destroyed[e.data["card"]] = e.data["structure"]
    if not any(after.game.rules.is_purple(cards[c]) for c in result.destroyed):
        higher = sum(c.data["outcome"] == "higher" for c in compares)
        equal = sum(c.data["outcome"] == "equal" for c in compares)
        assert len(result.destroyed) == higher + equal
    # the game ends exactly when the last Castle card is destroyed
    assert (after.winner is not None) == (not d1.castle)
    assert result.won == (not d1.castle)
    if result.won:
        assert after.winner == result.attacker
        assert [e.data["winner"] for e in events if e.kind == "game_over"] == [
            f"P{result.attacker + 1}"
        ]
    # the Gate breaks when this attack destroys every card it had (destroyed from the top)
    from_gate = sum(e.kind == "destroy" and e.data["structure"] == "gate" for e in events)
    assert result.broke_gate == (bool(d0.gate) and from_gate == len(d0.gate))
    assert result.broke_gate == any(e.kind == "gate_broken" for e in events)
    # the seen flags follow the cards
    for seat in after.seats:
        for st in ("gate", "castle"):
            assert len(seat.stack(st)) == len(seat.seen(st))
