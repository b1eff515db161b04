"""Castle Rampage's diagnostic codes (numbers 27x, apart from the other packs')."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

CODES: list[Code] = [
    Code(
        "E281",
        "purple-without-effect",
        Severity.ERROR,
        "give the purple card an effect when destroyed, or another colour",
    ),
    Code(
        "E282",
        "effect-needs-purple",
        Severity.ERROR,
        "only purple cards act when destroyed: make it purple or drop the effect",
    ),
    Code(
        "E283",
        "too-few-cards",
        Severity.ERROR,
        "the set-up deals more deck cards than the catalogue has",
    ),
    Code(
        "E284",
        "attacker-effect-without-attack",
        Severity.ERROR,
        "give the card an attack strength, or drop the effect",
    ),
    Code(
        "W281",
        "deck-size",
        Severity.WARNING,
        "the published deck has `deck_size` cards: change copies or deck_size",
    ),
]
