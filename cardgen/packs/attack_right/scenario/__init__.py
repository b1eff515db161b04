"""Attack Right's scenario vocabulary (docs/scenario-format.md): the pack's ``scenarios``
module (:class:`cardgen.scenarios.ScenarioModule`).

A scenario gives a partial starting state, each step's choices and the expected partial
state and events; :func:`parse` reads one, :func:`run` plays it on a catalogue and lists every
mismatch.  The core (:mod:`cardgen.scenarios`) finds the files and the catalogue.

Strictness and the keys beyond the basic format (``deals``, the Spy decisions, ``count``,
``dealt``, ``piles``, ``bank``, ``glimpses``): docs/scenario-format.md.
"""

from cardgen.packs.attack_right.scenario.build import ScenarioError, build_state
from cardgen.packs.attack_right.scenario.execute import parse, run, run_scenario
from cardgen.packs.attack_right.scenario.file_format import Scenario

__all__ = [
    "Scenario",
    "ScenarioError",
    "build_state",
    "parse",
    "run",
    "run_scenario",
]
