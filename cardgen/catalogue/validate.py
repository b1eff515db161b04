"""`validate`: every structural and rules-model check of a catalogue folder, reported at once."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.cache_entries import (
    dump_diagnostics,
    load_diagnostics,
)
from cardgen.catalogue.extra_checks import ExtraCheck, check_inputs, check_store, run_extra_checks
from cardgen.catalogue.snapshot import Snapshot, snapshot
from cardgen.diagnostics import Diagnostic, Severity, sort_key
from cardgen.util.hashing import digest_data

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

__all__ = ["ExtraCheck", "ValidationResult", "validate"]

Check = ExtraCheck | Callable[["Catalogue"], Iterable[Diagnostic]]


@dataclass
class ValidationResult:
    """The outcome of validating a catalogue: the loaded catalogue (if any) and all problems.

    ``source`` is the catalogue, or the :class:`~cardgen.catalogue.snapshot.Snapshot` it is
    made from when first asked for (a replayed validation needs no cards)."""

    source: Catalogue | Snapshot | None
    diagnostics: list[Diagnostic]
    #: the extra checks run or replayed
    checks: int = 0

    @property
    def catalogue(self) -> Catalogue | None:
        if isinstance(self.source, Snapshot):
            return self.source.catalogue
        return self.source

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    @property
    def notes(self) -> list[Diagnostic]:
        """Information only (placeholders …): never a problem."""
        return [d for d in self.diagnostics if d.severity is Severity.INFO]

    @property
    def ok(self) -> bool:
        if isinstance(self.source, Snapshot):
            return not self.errors and self.source.has_catalogue
        return not self.errors and self.source is not None

    @property
    def card_count(self) -> int | None:
        if isinstance(self.source, Snapshot):
            return self.source.card_count
        return self.source.count() if self.source is not None else None


def validate(
    root: str | os.PathLike[str],
    *,
    extra_checks: Iterable[Check] | Callable[[Catalogue], Iterable[Check]] = (),
    use_cache: bool = True,
) -> ValidationResult:
    """Validate a catalogue folder: schema, rules-model checks and any ``extra_checks``.

    ``extra_checks`` are :class:`ExtraCheck` references (results cached by content, see
    :mod:`cardgen.catalogue.extra_checks`) or plain callables ``(catalogue) -> diagnostics``,
    or a function that chooses them for the loaded catalogue (:func:`cardgen.checks.standard`
    gives a pack's engine checks and the print preflight).  A chooser with a ``cache_key``
    (JSON-able data naming everything its choice depends on besides the catalogue and the
    code) that chooses only :class:`ExtraCheck` references has its whole result cached, so an
    unchanged catalogue is validated without loading its pack.  Extra checks run only when
    the schema and rules-model checks found no error.
    """
    snap = snapshot(root, use_cache=use_cache)
    diags = list(snap.diagnostics)
    count = 0
    if snap.has_catalogue and not any(d.severity is Severity.ERROR for d in diags):
        found, count = _run_checks(snap, extra_checks, use_cache)
        diags += found
    diags.sort(key=sort_key)
    return ValidationResult(snap, diags, count)


def _run_checks(snap: Snapshot, extra_checks: Any, use_cache: bool) -> tuple[list, int]:
    """The diagnostics of the extra checks of ``snap``'s catalogue and how many there are;
    a keyed chooser's result is replayed from its cache entry."""
    chooser_key = getattr(extra_checks, "cache_key", None) if callable(extra_checks) else None
    store = check_store(use_cache)
    inputs = check_inputs(snap) if store.folder is not None else None
    key = None
    if store.folder is not None and chooser_key is not None:
        key = digest_data({"inputs": inputs, "chooser": chooser_key})
        entry = store.get(key)
        if entry is not None and type(entry.get("checks")) is int:
            try:
                return load_diagnostics(entry), entry["checks"]
            except ValueError:
                pass  # a damaged entry: run the checks
    catalogue = snap.catalogue
    assert catalogue is not None
    checks = list(extra_checks(catalogue) if callable(extra_checks) else extra_checks)
    refs = [c for c in checks if isinstance(c, ExtraCheck)]
    diags = run_extra_checks(catalogue, refs, use_cache=use_cache, inputs=inputs)
    for check in checks:
        if not isinstance(check, ExtraCheck):
            diags += list(check(catalogue))
    if key is not None and len(refs) == len(checks):
        store.put(key, {**dump_diagnostics(diags), "checks": len(checks)})
    return diags, len(checks)
