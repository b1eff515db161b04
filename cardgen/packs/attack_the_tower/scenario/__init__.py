"""Attack the Tower's scenario vocabulary (the pack's ``scenarios`` module,
:class:`cardgen.scenarios.ScenarioModule`): the format is in :mod:`.run`'s docstring."""

from cardgen.packs.attack_the_tower.scenario.run import Scenario, build_state, encode, parse, run

__all__ = ["Scenario", "build_state", "encode", "parse", "run"]
