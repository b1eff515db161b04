"""Greedy Kingdoms' diagnostic codes (rules-model checks, E26x; information, I26x)."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E, _I = Severity.ERROR, Severity.INFO

CODES: list[Code] = [
    Code("E261", "component-count", _E, "the Game Set Contents of the manual fix these counts"),
    Code("E262", "character-numbers", _E, "each hand holds one Character of each number"),
    Code("E263", "no-royal-palace", _E, "add the Royal Palace (kind: palace)"),
    Code("E264", "unknown-placeholder", _E, "name a field of rules.yaml (dotted: settings.x)"),
    Code("I261", "placeholder", _I, "replace it with the designer's value when known"),
]
