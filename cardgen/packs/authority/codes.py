"""Authority's diagnostic codes (E25x, W25x, I25x)."""

from __future__ import annotations

from cardgen.diagnostics.codes import Code, Severity

_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: list[Code] = [
    Code("E251", "unknown-unit", _E, "name a unit id of the catalogue"),
    Code("E252", "starting-supply", _E, "list enough starting units for the most players"),
    Code("E253", "no-cost", _E, "give every recruitable unit a cost"),
    Code("E254", "missing-faction", _E, "every faction of rules.yaml needs a card file"),
    Code("E255", "not-starting", _E, "starting units belong to the starting faction"),
    Code(
        "W251",
        "stated-total-differs",
        _W,
        "the document's stated total and its listed counts disagree: settle which is right",
    ),
    Code(
        "W252",
        "faction-total-differs",
        _W,
        "the faction's stated total and its listed units disagree: settle which is right",
    ),
    Code("I251", "placeholder", _I, "replace the placeholder with the designer's number"),
]
