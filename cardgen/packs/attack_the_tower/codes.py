"""Attack the Tower's diagnostic codes: rules-model checks (E2xx)."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E = Severity.ERROR

CODES: list[Code] = [
    Code("E251", "pile-count", _E, "the pile must hold the number of cards rules.yaml gives"),
    Code("E252", "effect-misfit", _E, "special abilities recruit a special troop; others do not"),
    Code("E253", "base-per-troop", _E, "give every troop type a base card that recruits it"),
    Code("E254", "counters-short", _E, "an army needs a counter per base it can build"),
    Code("E255", "bypass-no-artillery", _E, "damage_manned_bases names troops with artillery"),
]
