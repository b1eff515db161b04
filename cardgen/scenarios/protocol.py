"""What the scenario runner asks of a game: the :class:`ScenarioModule` protocol.

A pack's ``scenarios`` module (:attr:`cardgen.pack.Pack.scenarios`) knows the game's scenario
vocabulary (how a partial state is written and built, how steps and expectations read); the core
(:mod:`cardgen.scenarios.runner`) finds the files, reads the YAML, finds the catalogue and its
pack, and reports the outcomes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.yaml_source import SourceMap

#: the catalogue folder of a scenario that names none (``cards:``), relative to the file
DEFAULT_CARDS = "../fixtures/engine"


class ScenarioError(ValueError):
    """A scenario that cannot be set up or run as written."""


class ParsedScenario(Protocol):
    name: str


class ScenarioModule(Protocol):
    """A pack's scenario vocabulary."""

    def parse(self, data: Any, smap: SourceMap) -> ParsedScenario:
        """The scenario of a loaded YAML document (its ``cards`` key included);
        ``DiagnosticError`` with positions for a malformed one."""
        ...

    def run(self, scenario: ParsedScenario, catalogue: Catalogue) -> list[str]:
        """Run the scenario on ``catalogue``: every mismatch with its expectations, as readable
        lines (empty: it passes); :class:`ScenarioError` if it cannot be set up or run."""
        ...
