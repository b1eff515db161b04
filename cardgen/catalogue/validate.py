"""`validate`: every structural and rules-model check of a catalogue folder, reported at once."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cardgen.catalogue.extra_checks import ExtraCheck, run_extra_checks
from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.snapshot import checked_catalogue
from cardgen.diagnostics import Diagnostic, Severity, sort_key

__all__ = ["ExtraCheck", "ValidationResult", "validate"]

Check = ExtraCheck | Callable[[Catalogue], Iterable[Diagnostic]]


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


def validate(
    root: str | os.PathLike[str],
    *,
    extra_checks: Iterable[Check] | Callable[[Catalogue], Iterable[Check]] = (),
    use_cache: bool = True,
) -> ValidationResult:
    """Validate a catalogue folder: schema, rules-model checks and any ``extra_checks``.

    ``extra_checks`` are :class:`ExtraCheck` references (results cached by content, see
    :mod:`cardgen.catalogue.extra_checks`) or plain callables ``(catalogue) -> diagnostics``,
    or a function that chooses them for the loaded catalogue (``standard_checks.standard``
    gives a pack's engine checks and the print preflight).  Extra checks run only when the
    schema and rules-model checks found no error.
    """
    catalogue, diags = checked_catalogue(root, use_cache=use_cache)
    if catalogue is not None and not any(d.severity is Severity.ERROR for d in diags):
        if callable(extra_checks):
            extra_checks = list(extra_checks(catalogue))
        refs = [c for c in extra_checks if isinstance(c, ExtraCheck)]
        diags += run_extra_checks(catalogue, refs, use_cache=use_cache)
        for check in extra_checks:
            if not isinstance(check, ExtraCheck):
                diags += list(check(catalogue))
    diags.sort(key=sort_key)
    return ValidationResult(catalogue, diags)
