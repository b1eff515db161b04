"""Attack the Tower's scenario vocabulary (the pack's ``scenarios`` module,
:class:`cardgen.scenarios.ScenarioModule`): the format is in :mod:`.run`'s docstring, the names
it checks in :mod:`.names` and :mod:`.words`."""

from cardgen.packs.attack_the_tower.scenario.run import Scenario, build_state, encode, parse, run

__all__ = ["Scenario", "build_state", "encode", "parse", "run"]
