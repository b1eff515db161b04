"""The checks `cardgen validate` and `cardgen build` run after the schema and rules model.

They are the pack's own (engine-backed card checks, an optional seeded simulation), the
print preflights every pack gets (the cards' and the sheets': components, print-and-play)
and, for rules described in data, the description's check.  This module sits above the
layers that own them (print, components, the engine kit), so it names each by importing it:
each check is a thin function here that imports its layer's work (reportlab, fonts, the
engine) only when it runs, and its result is cached by content; the choice itself has a
``cache_key``, so the whole result of an unchanged catalogue is replayed without loading its
pack.  The catalogue's own code (:func:`cardgen.catalogue.validate.validate`) takes the checks
it runs from its caller.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.catalogue.extra_checks import ExtraCheck
from cardgen.catalogue.snapshot import check_catalogue
from cardgen.catalogue.validate import validate
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position, Severity

if TYPE_CHECKING:
    from cardgen.catalogue.loader import CardFileMemo, Catalogue


def preflight_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The cards' print preflight (:func:`cardgen.render.preflight.preflight_check`)."""
    from cardgen.render.preflight import preflight_check as check  # reportlab, the fonts

    return check(catalogue)


def sheet_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The sheets' preflight (:func:`cardgen.components.preflight.sheet_check`)."""
    from cardgen.components.preflight import sheet_check as check  # reportlab, numpy

    return check(catalogue)


def description_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """A rules description's check against the catalogue
    (:func:`cardgen.engine.described.check_description`)."""
    from cardgen.engine.described import check_description  # the engine kit

    return check_description(catalogue)


PREFLIGHT = ExtraCheck(preflight_check)
#: the sheets' preflight: every component on every paper (drawn from the rules model and the
#: files beside the cards, never a card: a card edit replays it)
SHEETS = ExtraCheck(sheet_check, cards=False)
#: a rules description's check against the catalogue (``engine: play.yaml``)
DESCRIBED = ExtraCheck(description_check)


@dataclass(frozen=True)
class StandardChecks:
    """Chooses a catalogue's standard checks: its pack's checks and the print preflight, and
    with ``simulate`` > 0 the pack's seeded-simulation check over that many games."""

    simulate: int = 0

    @property
    def cache_key(self) -> list:
        """Everything the choice depends on besides the catalogue (its pack) and the code."""
        return ["cardgen.checks", self.simulate]

    def __call__(self, catalogue: Catalogue) -> list[ExtraCheck]:
        pack = catalogue.pack
        checks = [ExtraCheck(target) for target in pack.catalogue.extra_checks()] + [
            PREFLIGHT,
            SHEETS,
        ]
        if str(getattr(catalogue.rules, "engine", None) or "").endswith((".yaml", ".yml")):
            checks.append(DESCRIBED)
        if self.simulate and pack.catalogue.simulation_check is not None:
            checks.append(ExtraCheck(pack.catalogue.simulation_check, args=(self.simulate,)))
        return checks


def standard(simulate: int = 0) -> StandardChecks:
    """The standard checks of a catalogue (see :class:`StandardChecks`)."""
    return StandardChecks(simulate)


def validated(
    cards_dir: str | os.PathLike[str], *, simulate: int = 0
) -> tuple[Catalogue, list[Diagnostic]]:
    """The catalogue of ``cards_dir`` and its warnings, checked as `cardgen validate` checks it
    (schema, rules model, the pack's checks, the print preflight); raises DiagnosticError with
    every error if it is invalid.  `render` and `build` refuse a catalogue this way."""
    result = validate(cards_dir, extra_checks=standard(simulate))
    catalogue = result.catalogue if result.ok else None
    if catalogue is None:
        errors = result.errors or [
            Diagnostic("E010", "no catalogue", Position(os.fspath(cards_dir)))
        ]
        raise DiagnosticError(errors)
    return catalogue, result.warnings


def is_valid(cards_dir: str | os.PathLike[str]) -> bool:
    """Whether the catalogue of ``cards_dir`` passes `cardgen validate` (its checks run, not
    replayed: the balance advisor's changed copies)."""
    return validate(cards_dir, extra_checks=standard(), use_cache=False).ok


def refusal(cards_dir: str | os.PathLike[str]) -> str:
    """Why `cardgen validate` refuses the catalogue of ``cards_dir``: its errors, one a line
    ("" when it passes; the balance advisor's refused combination of changes)."""
    result = validate(cards_dir, extra_checks=standard(), use_cache=False)
    return "" if result.ok else "\n".join(str(d) for d in result.errors) or "no catalogue"


def _memo() -> CardFileMemo:
    from cardgen.catalogue.loader import CardFileMemo

    return CardFileMemo()


@dataclass
class QuickCheck:
    """Whether a catalogue folder whose ``changed`` cards had a number changed passes what such
    a change can break, without the checks it cannot (the balance advisor's candidates, checked
    in one folder again and again; :func:`is_valid` still decides what is proposed).

    It runs the schema and the rules model (the bounds `cardgen validate` applies, the pack's
    catalogue checks; the card files unchanged since the last call are not read again) and the
    checks that read the cards: the print preflight, whose problems of a card are its own, on
    the changed cards alone, the others on every card.  The sheets' preflight reads no card
    (:data:`SHEETS`): a card's numbers cannot change it (Attack Right: 1.5 of the 2.4 s CPU of
    a full validate)."""

    memo: CardFileMemo = field(default_factory=_memo)

    def __call__(self, cards_dir: str | os.PathLike[str], changed: Collection[str]) -> bool:
        catalogue, diags = check_catalogue(Path(cards_dir), self.memo)
        if catalogue is None or _errors(diags):
            return False
        own = replace(catalogue, cards=[c for c in catalogue.cards if c.id in changed])
        for check in standard()(catalogue):
            if check.cards and _errors(check.run(own if check == PREFLIGHT else catalogue)):
                return False
        return True


def _errors(diags: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)
