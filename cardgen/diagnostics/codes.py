"""The stable diagnostic codes: one place lists every code, its severity and its fix hint.

Codes never change meaning once released; new checks take new numbers.
E0xx are file and YAML problems, E1xx schema problems, E2xx rules-model problems,
E3xx engine-backed card checks, E4xx print preflight; W-codes are warnings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code: its id, a short slug, severity and a default one-line fix hint."""

    id: str
    slug: str
    severity: Severity
    hint: str


_E, _W = Severity.ERROR, Severity.WARNING

CODES: dict[str, Code] = {
    c.id: c
    for c in [
        # --- files and YAML -------------------------------------------------------------
        Code("E001", "unreadable-file", _E, "check the path and its permissions"),
        Code("E002", "not-utf8", _E, "save the file as UTF-8"),
        Code("E003", "empty-file", _E, "a deck file needs `deck:` and `cards:`"),
        Code("E004", "yaml-syntax", _E, "fix the YAML syntax at this position"),
        Code("E005", "tab-indent", _E, "indent with spaces; YAML forbids tabs in indentation"),
        Code("E006", "duplicate-key", _E, "remove or rename one of the two keys"),
        Code("E007", "yaml-too-complex", _E, "remove the anchors/aliases that expand the document"),
        Code("E008", "file-too-large", _E, "split the file; deck files are small text files"),
        Code("E009", "yaml-tag", _E, "remove the `!tag`; only plain YAML values are allowed"),
        Code("E010", "no-catalogue", _E, "point to a folder with rules.yaml and deck files"),
        # --- schema ------------------------------------------------------------------------
        Code("E101", "unknown-key", _E, "remove the key or correct its spelling"),
        Code("E102", "wrong-type", _E, "give a value of the expected type"),
        Code("E103", "missing-field", _E, "add the required field"),
        Code("E104", "unknown-value", _E, "use one of the allowed values"),
        Code("E105", "out-of-range", _E, "use a value inside the allowed range"),
        Code("E106", "duplicate-id", _E, "give every card a unique id"),
        Code(
            "E107", "unknown-effect", _E, "use an effect kind from the vocabulary (cardgen schema)"
        ),
        Code("E108", "trigger-not-allowed", _E, "use a trigger this effect kind supports"),
        Code("E109", "invalid-value", _E, "correct the value"),
        Code("E110", "deck-mismatch", _E, "a card's deck must match its file's `deck:`"),
        # --- rules model -------------------------------------------------------------------
        Code(
            "E201", "deck-season-count", _E, "each deck needs exactly 20 spring and 20 fall cards"
        ),
        Code("E202", "total-count", _E, "the game has exactly the rulebook's number of cards"),
        Code(
            "E203", "first-game-shortage", _E, "un-star cards or add simpler ones for the 1st game"
        ),
        Code(
            "E204", "unusable-power", _E, "give the card a placement that uses this power, or `-`"
        ),
        Code(
            "E205",
            "building-dies",
            _E,
            "buildings never die; use another trigger or make it a unit",
        ),
        Code("E206", "effect-misfit", _E, "this effect can never apply to this card"),
        Code("E207", "missing-deck", _E, "every deck of the rules model needs a deck file"),
        Code("W201", "discount-unproduced", _W, "add a card producing this resource, or drop it"),
        Code("W202", "duplicate-name", _W, "give different designs different names"),
        Code("W203", "few-designs", _W, "add more distinct designs to the deck"),
        Code("W204", "missing-flavour", _W, "add a line of flavour text"),
        # --- engine-backed card checks ------------------------------------------------------
        Code("E301", "unaffordable", _E, "lower the cost or add discounts/income that reach it"),
        Code("E302", "no-legal-slot", _E, "give the card a placement with slots in its season"),
        Code(
            "E303",
            "effect-never-fires",
            _E,
            "change the trigger or the card so the effect can fire",
        ),
        Code("W301", "rarely-playable", _W, "the card is drafted but seldom played: cheapen it"),
        # --- print preflight ---------------------------------------------------------------
        Code("E401", "text-overflow", _E, "shorten the rules text or flavour"),
        Code("E402", "art-missing", _E, "fix the art path (relative to cards/)"),
        Code("E403", "art-outside", _E, "art must be a file inside the project"),
    ]
}
