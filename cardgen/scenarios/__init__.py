"""Scenario files: a designer's rules tests in YAML (docs/scenario-format.md).

A scenario gives a partial starting state, each step's choices and the expected partial state
and events.  The core finds the files, reads them, finds the catalogue each plays on
(``cards:``) and hands it to that catalogue's pack (:attr:`cardgen.pack.Pack.scenarios`, a
:class:`ScenarioModule`), which builds the state, applies the steps and compares;
:func:`run_scenario_file` reports every mismatch.
"""

from cardgen.scenarios.protocol import DEFAULT_CARDS, ScenarioError, ScenarioModule
from cardgen.scenarios.runner import Outcome, catalogue_folder, collect, run_scenario_file

__all__ = [
    "DEFAULT_CARDS",
    "Outcome",
    "ScenarioError",
    "ScenarioModule",
    "catalogue_folder",
    "collect",
    "run_scenario_file",
]
