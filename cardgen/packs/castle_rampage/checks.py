"""Checks of a Castle Rampage catalogue beyond the schema: purple cards and their effects and
the deck size (the core lists the placeholder values)."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import RULES_FILE, Catalogue
from cardgen.diagnostics import Diagnostic, Position
from cardgen.packs.castle_rampage.model import AS_ATTACKER, RampageRules


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of the catalogue the schema cannot see."""
    return list(_check(cat))


def _check(cat: Catalogue) -> Iterable[Diagnostic]:
    rules: RampageRules = cat.rules
    deck = 0
    for card in cat:
        if card.pile != "deck":
            continue
        deck += card.copies
        purple = rules.is_purple(card)
        if purple and not card.on_destroyed:
            yield Diagnostic(
                "E281",
                f"colour: {card.colour} is purple but the card has no effect when destroyed",
                cat.position(card.id, "colour"),
                card.id,
            )
        if card.on_destroyed and not purple:
            yield Diagnostic(
                "E282",
                f"effects: {card.on_destroyed[0].kind} acts when destroyed, but the card is "
                f"{card.colour}, not purple",
                cat.position(card.id, "effects"),
                card.id,
            )
        if card.attack is None and any(e.kind in AS_ATTACKER for e in card.effects):
            kind = next(e.kind for e in card.effects if e.kind in AS_ATTACKER)
            yield Diagnostic(
                "E284",
                f"effects: {kind} acts when the card attacks, but it has no attack",
                cat.position(card.id, "effects"),
                card.id,
            )
    setup = rules.setup
    need = 2 * (setup.gate + setup.castle + setup.hand)
    if deck < need:
        yield Diagnostic(
            "E283",
            f"the deck has {deck} cards; the set-up deals {need}",
            Position(str(cat.root / RULES_FILE)),
        )
    if rules.deck_size is not None and deck != rules.deck_size:
        yield Diagnostic(
            "W281",
            f"the deck cards' copies add up to {deck}, deck_size is {rules.deck_size}",
            Position(str(cat.root / RULES_FILE)),
        )
