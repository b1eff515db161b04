"""Greedy Kingdoms' scenario vocabulary: the pack's ``scenarios`` module
(:class:`cardgen.scenarios.ScenarioModule`).

A scenario (``games/greedy-kingdoms/scenarios/*.yaml``) gives a partial state (``setup``), the
steps to play (``choose``, ``develop``, ``commit``, ``resolve``, ``chance``; a step may
``expect_error``), and the expected state and event lines (``expect``).  Players are ``P1``
and ``P2``; Resources are written ``{gold: 1, food: 2}``, Upgrades by card id.
"""

from cardgen.packs.greedy_kingdoms.scenario.run import Scenario, build_state, parse, run

__all__ = ["Scenario", "build_state", "parse", "run"]
