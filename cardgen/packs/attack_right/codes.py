"""Attack Right's diagnostic codes: rules-model checks (E2xx) and engine card checks (E3xx)."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E, _W = Severity.ERROR, Severity.WARNING

CODES: list[Code] = [
    # --- rules model -------------------------------------------------------------------
    Code("E201", "deck-season-count", _E, "each deck needs exactly 20 spring and 20 fall cards"),
    Code("E202", "total-count", _E, "the game has exactly the rulebook's number of cards"),
    Code("E203", "first-game-shortage", _E, "un-star cards or add simpler ones for the 1st game"),
    Code("E204", "unusable-power", _E, "give the card a placement that uses this power, or `-`"),
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
    Code(
        "W205",
        "neighbour-means-both",
        _W,
        "write target: neighbours, or let the card stand left or right",
    ),
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
    Code(
        "W302",
        "dead-design",
        _W,
        "players draft it but seldom play it: cheapen it or strengthen its effect",
    ),
    Code("W303", "dominant-design", _W, "its players win too often: raise its cost or weaken it"),
    Code(
        "W304",
        "never-affordable",
        _W,
        "its drafted copies are seldom affordable: lower the cost or add discounts",
    ),
]
