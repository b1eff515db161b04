"""`validate`: every structural and rules-model check of a catalogue folder, reported at once."""

from __future__ import annotations

import os
from dataclasses import dataclass

from cardgen.catalogue.checks import check_catalogue
from cardgen.catalogue.loader import Catalogue, read_catalogue
from cardgen.diagnostics import Diagnostic, Severity, sort_key


@dataclass
class ValidationResult:
    """The outcome of validating a catalogue: the loaded catalogue (if any) and all problems."""

    catalogue: Catalogue | None
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    @property
    def ok(self) -> bool:
        return not self.errors and self.catalogue is not None

    @property
    def card_count(self) -> int | None:
        return self.catalogue.count() if self.catalogue is not None else None


def validate(root: str | os.PathLike[str], *, extra_checks=()) -> ValidationResult:
    """Validate a catalogue folder: schema, rules-model checks and any ``extra_checks``.

    ``extra_checks`` are callables ``(catalogue) -> Iterable[Diagnostic]`` (the rules engine's
    card checks and the print preflight plug in here).
    """
    catalogue, diags = read_catalogue(root)
    if catalogue is not None:
        diags += check_catalogue(catalogue)
        for check in extra_checks:
            diags += list(check(catalogue))
    diags.sort(key=sort_key)
    return ValidationResult(catalogue, diags)
