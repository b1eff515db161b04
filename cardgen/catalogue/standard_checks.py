"""The checks `cardgen validate` and `cardgen build` run after the schema and rules model.

They are the pack's own (engine-backed card checks, an optional seeded simulation) and the
print preflights every pack gets: the cards' and the sheets' (components, print-and-play).
Each is an :class:`~cardgen.catalogue.extra_checks.ExtraCheck` named by import path, so
nothing heavy is imported until a check has to run, and its result is
cached by content; the choice itself has a ``cache_key``, so the whole result of an unchanged
catalogue is replayed without loading its pack.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.catalogue.extra_checks import ExtraCheck
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

PREFLIGHT = ExtraCheck("cardgen.render.preflight:preflight_check")
#: the sheets' preflight: every component on every paper (drawn from the rules model and the
#: files beside the cards, never a card: a card edit replays it)
SHEETS = ExtraCheck("cardgen.components.preflight:sheet_check", cards=False)
#: a rules description's check against the catalogue (``engine: play.yaml``)
DESCRIBED = ExtraCheck("cardgen.engine.described:check_description")


@dataclass(frozen=True)
class StandardChecks:
    """Chooses a catalogue's standard checks: its pack's checks and the print preflight, and
    with ``simulate`` > 0 the pack's seeded-simulation check over that many games."""

    simulate: int = 0

    @property
    def cache_key(self) -> list:
        """Everything the choice depends on besides the catalogue (its pack) and the code."""
        return ["cardgen.catalogue.standard_checks", self.simulate]

    def __call__(self, catalogue: Catalogue) -> list[ExtraCheck]:
        pack = catalogue.pack
        checks = [ExtraCheck(target) for target in pack.extra_checks()] + [PREFLIGHT, SHEETS]
        if str(getattr(catalogue.rules, "engine", None) or "").endswith((".yaml", ".yml")):
            checks.append(DESCRIBED)
        if self.simulate and pack.simulation_check is not None:
            checks.append(ExtraCheck(pack.simulation_check, args=(self.simulate,)))
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
    from cardgen.catalogue.validate import validate

    result = validate(cards_dir, extra_checks=standard(simulate))
    catalogue = result.catalogue if result.ok else None
    if catalogue is None:
        errors = result.errors or [
            Diagnostic("E010", "no catalogue", Position(os.fspath(cards_dir)))
        ]
        raise DiagnosticError(errors)
    return catalogue, result.warnings
