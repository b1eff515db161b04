"""Attack Right's scenario vocabulary (docs/scenario-format.md): the pack's ``scenarios``
module (:class:`cardgen.scenarios.ScenarioModule`).

A scenario gives a partial starting state, each step's choices and the expected partial
state and events; :func:`parse` reads one, :func:`run` plays it on a catalogue and lists every
mismatch.  The core (:mod:`cardgen.scenarios`) finds the files and the catalogue.

Strictness: before a scenario runs, every card id, seat, round, season id, event type, event
field and event source it names is checked (:mod:`.references`); each unknown one is reported
as ``file:line:col: message``.  An ``illegal:`` entry on a card the player does not hold fails
(it could never be legal).

Beyond docs/scenario-format.md:

* ``deals: {round: {seat: [ids]}}``: the packs that round's draft deals (named cards first, the
  rest from the shuffled pile), so a scenario can continue across a draft;
* choices of the intercept and move decisions of a play step: ``{intercept: id}``,
  ``{move: id, zone: z}`` and ``pass``;
* in ``expect``: ``decision`` (``draft``, ``play``, ``intercept``, ``move``); ``count: N`` in an
  ``events`` entry (exactly N such events, in any order); ``dealt: {seat: [ids]}`` (the cards of
  the last deal); ``piles: {season: {size, contains, excludes, stars}}``; ``bank: {coins,
  tokens}`` (the box's coins and age tokens not held by a player or on a card); ``glimpses:
  [{viewer, seat, card}]`` (the chosen card an intercept let ``viewer`` see).
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
