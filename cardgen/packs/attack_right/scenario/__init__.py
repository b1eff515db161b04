"""Scenario files: a designer's rules tests in YAML (docs/scenario-format.md).

A scenario gives a partial starting state, each step's choices and the expected partial
state and events; :func:`run_scenario_file` runs one and reports every mismatch.
"""

from cardgen.packs.attack_right.scenario.build import ScenarioError, build_state
from cardgen.packs.attack_right.scenario.model import Scenario
from cardgen.packs.attack_right.scenario.runner import (
    Outcome,
    collect,
    load_scenario,
    run_scenario,
    run_scenario_file,
)

__all__ = [
    "Outcome",
    "Scenario",
    "ScenarioError",
    "build_state",
    "collect",
    "load_scenario",
    "run_scenario",
    "run_scenario_file",
]
