"""Checks of a Castle Rampage catalogue beyond the schema: purple cards and their effects, the
deck size, and the list of placeholder values (information)."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import RULES_FILE, Catalogue
from cardgen.diagnostics import Diagnostic, Position
from cardgen.packs.castle_rampage.model import AS_ATTACKER, RampageRules


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem (and placeholder note) of the catalogue the schema cannot see."""
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
                "E251",
                f"colour: {card.colour} is purple but the card has no effect when destroyed",
                cat.position(card.id, "colour"),
                card.id,
            )
        if card.on_destroyed and not purple:
            yield Diagnostic(
                "E252",
                f"effects: {card.on_destroyed[0].kind} acts when destroyed, but the card is "
                f"{card.colour}, not purple",
                cat.position(card.id, "effects"),
                card.id,
            )
        if card.attack is None and any(e.kind in AS_ATTACKER for e in card.effects):
            kind = next(e.kind for e in card.effects if e.kind in AS_ATTACKER)
            yield Diagnostic(
                "E254",
                f"effects: {kind} acts when the card attacks, but it has no attack",
                cat.position(card.id, "effects"),
                card.id,
            )
        values = {f: getattr(card, f) for f in card.placeholders}
        unset = [f for f, v in values.items() if v in (None, ())]
        if unset:
            yield Diagnostic(
                "E255",
                f"placeholders: {', '.join(unset)} not set on the card",
                cat.position(card.id, "placeholders"),
                card.id,
            )
        shown = [f"{f} {_show(v)}" for f, v in values.items() if v not in (None, ())]
        if shown:
            yield Diagnostic(
                "I251",
                f"placeholder values (the sources give none): {'; '.join(shown)}",
                cat.position(card.id, "placeholders"),
                card.id,
            )
    setup = rules.setup
    need = 2 * (setup.gate + setup.castle + setup.hand)
    if deck < need:
        yield Diagnostic(
            "E253",
            f"the deck has {deck} cards; the set-up deals {need}",
            Position(str(cat.root / RULES_FILE)),
        )
    if rules.deck_size is not None and deck != rules.deck_size:
        yield Diagnostic(
            "W251",
            f"the deck cards' copies add up to {deck}, deck_size is {rules.deck_size}",
            Position(str(cat.root / RULES_FILE)),
        )


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return ", ".join(
            e.kind + "".join(f" {v}" for k, v in e.model_dump().items() if k != "kind")
            for e in value
        )
    return str(value)
