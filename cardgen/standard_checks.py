"""The checks `cardgen validate` and `cardgen build` run after the schema and rules model.

They are the pack's own (engine-backed card checks, an optional seeded simulation) and the
print preflight every pack gets.  Each is an :class:`~cardgen.catalogue.extra_checks.ExtraCheck`
named by import path, so nothing heavy is imported until a check has to run, and its result is
cached by content.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.catalogue.extra_checks import ExtraCheck
from cardgen.catalogue.loader import Catalogue

PREFLIGHT = ExtraCheck("cardgen.render.preflight:preflight_check")


def standard(simulate: int = 0) -> Callable[[Catalogue], list[ExtraCheck]]:
    """The standard checks of a catalogue: its pack's checks and the print preflight, and with
    ``simulate`` > 0 the pack's seeded-simulation check over that many games."""

    def choose(catalogue: Catalogue) -> list[ExtraCheck]:
        pack = catalogue.pack
        checks = [ExtraCheck(target) for target in pack.extra_checks()] + [PREFLIGHT]
        if simulate and pack.simulation_check is not None:
            checks.append(ExtraCheck(pack.simulation_check, args=(simulate,)))
        return checks

    return choose
