"""Authority's diagnostic codes (E27x, W27x); placeholders are the core's I001."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E, _W = Severity.ERROR, Severity.WARNING

CODES: list[Code] = [
    Code("E271", "unknown-unit", _E, "name a unit id of the catalogue"),
    Code("E272", "starting-supply", _E, "list enough starting units for the most players"),
    Code("E273", "no-cost", _E, "give every recruitable unit a cost"),
    Code("E274", "missing-faction", _E, "every faction of rules.yaml needs a card file"),
    Code("E275", "not-starting", _E, "starting units belong to the starting faction"),
    Code(
        "W271",
        "stated-total-differs",
        _W,
        "the document's stated total and its listed counts disagree: settle which is right",
    ),
    Code(
        "W272",
        "faction-total-differs",
        _W,
        "the faction's stated total and its listed units disagree: settle which is right",
    ),
]
