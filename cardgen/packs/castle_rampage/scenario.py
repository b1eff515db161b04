"""Castle Rampage's scenario vocabulary: one attack on a written-out pair of structures.

A scenario file names its catalogue (``cards: ../cards``), the defender's Gate and Castle top
first (a card id, or ``{card: id, gate: 4, castle: 6}`` to fix a value the example gives;
``effects: [...]`` replaces the card's effects),
the attack (``{card: knight, strength: 9}``; the strength defaults to the card's), optional
``settings`` overriding ``rules.yaml``'s, and what it expects: the exact event lines, the
structures, hand and discard pile afterwards, the cards destroyed, whether the Gate broke and
who won.  The attacker is player 1, the defender player 2.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictBool, StrictInt

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.validation_errors import validate_model
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.engine.vocab import did_you_mean
from cardgen.packs.castle_rampage.engine.resolve import AttackResult, resolve_attack
from cardgen.packs.castle_rampage.engine.state import Side, Slot, State
from cardgen.packs.castle_rampage.model import Effect, RampageCard
from cardgen.scenarios.protocol import ScenarioError


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardRef(_Model):
    """A card of the catalogue, with values the scenario fixes (the example's numbers)."""

    card: str
    attack: StrictInt | None = Field(None, ge=1)
    gate: StrictInt | None = Field(None, ge=1)
    castle: StrictInt | None = Field(None, ge=1)
    effects: list[Effect] | None = Field(None, description="the card's effects, replaced")


Entry = str | CardRef


class Structures(_Model):
    gate: list[Entry] = Field(default_factory=list)
    castle: list[Entry] = Field(default_factory=list)
    hand: list[Entry] = Field(default_factory=list)


class Attack(_Model):
    card: Entry
    strength: StrictInt | None = Field(None, ge=1)


class After(_Model):
    gate: list[str] | None = None
    castle: list[str] | None = None
    hand: list[str] | None = None


class Expect(_Model):
    events: list[str] | None = None
    defender: After | None = None
    attacker: After | None = None
    discard: list[str] | None = None
    destroyed: list[str] | None = None
    broke_gate: StrictBool | None = None
    winner: StrictInt | None = Field(None, ge=1, le=2)
    game_over: StrictBool | None = None
    attacker_to: str | None = None
    known: list[str] | None = Field(None, description="defender's cards both players have seen")


class Scenario(_Model):
    """One scenario file."""

    name: str
    cards: str = "../cards"
    passage: str | None = Field(None, description="the rule or example it checks")
    settings: dict[str, Any] = Field(default_factory=dict)
    defender: Structures
    attacker: Structures = Structures()
    attack: Attack
    expect: Expect
    _source: SourceMap | None = PrivateAttr(None)


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a YAML document (``DiagnosticError`` naming the position if malformed)."""
    sc = validate_model(Scenario, data, smap)
    sc._source = smap
    return sc


def _card_ids(sc: Scenario) -> list[tuple[tuple, str]]:
    """Every card id the file names, with its path in the document."""
    out: list[tuple[tuple, str]] = []

    def entry(path: tuple, e: Entry) -> None:
        out.append((path, e) if isinstance(e, str) else ((*path, "card"), e.card))

    for who in ("defender", "attacker"):
        for pile in ("gate", "castle", "hand"):
            for k, e in enumerate(getattr(getattr(sc, who), pile)):
                entry((who, pile, k), e)
    entry(("attack", "card"), sc.attack.card)
    e = sc.expect
    for key in ("discard", "destroyed", "known"):
        out += [(("expect", key, k), i) for k, i in enumerate(getattr(e, key) or ())]
    for who in ("defender", "attacker"):
        after = getattr(e, who)
        for pile in ("gate", "castle", "hand"):
            ids = getattr(after, pile) if after is not None else None
            out += [(("expect", who, pile, k), i) for k, i in enumerate(ids or ())]
    return out


def unknown_cards(sc: Scenario, cat: Catalogue) -> list[str]:
    """A card id the catalogue does not hold, at its file:line with a did-you-mean (in an
    expectation it could never match)."""
    problems = []
    for path, card_id in _card_ids(sc):
        if card_id not in cat.by_id:
            where = sc._source.at(path) if sc._source else ".".join(map(str, path))
            hint = did_you_mean(card_id, cat.by_id)
            problems.append(f"{where}: unknown card {card_id!r}{hint}")
    return problems


def _card(cat: Catalogue, entry: Entry) -> RampageCard:
    ref = CardRef(card=entry) if isinstance(entry, str) else entry
    if ref.card not in cat.by_id:
        raise ScenarioError(f"unknown card {ref.card!r} (not in {cat.root})")
    card = cat.card(ref.card)
    fixed = {
        k: v
        for k, v in (("attack", ref.attack), ("gate", ref.gate), ("castle", ref.castle))
        if v is not None
    }
    if ref.effects is not None:
        fixed["effects"] = tuple(ref.effects)
    return card.model_copy(update=fixed) if fixed else card


def build(sc: Scenario, cat: Catalogue) -> tuple[State, RampageCard]:
    """The scenario's state (attacker player 0, defender player 1) and attacking card."""
    rules = cat.rules
    if sc.settings:
        try:
            settings = rules.settings.model_validate({**rules.settings.model_dump(), **sc.settings})
        except ValueError as exc:
            raise ScenarioError(f"settings: {exc}") from None
        rules = rules.model_copy(update={"settings": settings})

    def side(s: Structures) -> Side:
        return Side(
            [Slot(_card(cat, e)) for e in s.gate],
            [Slot(_card(cat, e)) for e in s.castle],
            [_card(cat, e) for e in s.hand],
        )

    state = State(rules, [side(sc.attacker), side(sc.defender)])
    if not state.sides[1].castle:
        raise ScenarioError("the defender's Castle is empty: the game is already over")
    card = _card(cat, sc.attack.card)
    if sc.attack.strength is None and card.attack is None:
        raise ScenarioError(f"{card.id} has no attack strength; give attack.strength")
    return state, card


def _compare(what: str, got: Any, want: Any, out: list[str]) -> None:
    if want is not None and got != want:
        out.append(f"{what}: expected {want}, got {got}")


def check(sc: Scenario, state: State, result: AttackResult) -> list[str]:
    """Every mismatch between the expectations and what the attack did."""
    e = sc.expect
    out: list[str] = []
    if e.events is not None and result.lines() != e.events:
        got = result.lines()
        for i in range(max(len(got), len(e.events))):
            g = got[i] if i < len(got) else "(none)"
            w = e.events[i] if i < len(e.events) else "(none)"
            if g != w:
                out.append(f"event {i + 1}: expected {w!r}, got {g!r}")
                break
        if len(got) != len(e.events):
            out.append(f"events: expected {len(e.events)}, got {len(got)}: {got}")
    for who, index, want in (("defender", 1, e.defender), ("attacker", 0, e.attacker)):
        if want is None:
            continue
        s = state.sides[index]
        _compare(f"{who} gate", [x.card.id for x in s.gate], want.gate, out)
        _compare(f"{who} castle", [x.card.id for x in s.castle], want.castle, out)
        _compare(f"{who} hand", [c.id for c in s.hand], want.hand, out)
    _compare("discard", [c.id for c in state.discard], e.discard, out)
    _compare("destroyed", [c.id for c in result.destroyed], e.destroyed, out)
    _compare("broke_gate", result.broke_gate, e.broke_gate, out)
    winner = None if state.winner is None else state.winner + 1
    if e.winner is not None or e.game_over is not None:
        _compare("winner", winner, e.winner, out)
        _compare("game_over", state.is_terminal(), e.game_over, out)
    _compare("attacker_to", result.attacker_to, e.attacker_to, out)
    if e.known is not None:
        d = state.sides[1]
        known = [x.card.id for x in d.gate + d.castle if x.known]
        _compare("known", known, e.known, out)
    return out


def run(sc: Scenario, catalogue: Catalogue) -> list[str]:
    """Run the attack; every mismatch with the expectations (empty: it passes)."""
    problems = unknown_cards(sc, catalogue)
    if problems:
        return problems
    state, card = build(sc, catalogue)
    result = resolve_attack(state, 0, card, sc.attack.strength)
    return check(sc, state, result)
