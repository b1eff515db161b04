"""Greedy Kingdoms' diagnostic codes (rules-model checks, E26x; the placeholders are
the core's I001/E116)."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E = Severity.ERROR

CODES: list[Code] = [
    Code("E261", "component-count", _E, "the Game Set Contents of the manual fix these counts"),
    Code("E262", "character-numbers", _E, "each hand holds one Character of each number"),
    Code("E263", "no-royal-palace", _E, "add the Royal Palace (kind: palace)"),
]
