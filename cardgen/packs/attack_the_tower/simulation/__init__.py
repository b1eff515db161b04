"""Attack the Tower's balance simulation (:attr:`AttackTheTower.simulation`): ``SIMULATION``,
the :class:`cardgen.simulate.Simulation` the core's runner, summary and reports call.

* :mod:`.play` — the per-game loop and the game's counters: per card design (drawn, used —
  played or built —, discarded, player-games used and won), per army (renewals, attacks,
  palace battles, bases lost), and the first player's games, wins and stalemates.
* :mod:`.summary` — the summary's and the report's own sections: the first-player advantage
  with its Wilson interval, the armies and each card's use ("pick") and win rates.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

BOT_NAMES = ("random", "greedy", "ismcts")


class TowerSimulation:
    """Seeded bot games of Attack the Tower: an army colour per seat, bases left as the score."""

    name = "Attack the Tower"
    bots = BOT_NAMES
    options: Mapping[str, Any] = MappingProxyType({})
    side = "army"
    score = "bases"
    chunk_sizes: Mapping[str, int] = MappingProxyType(
        {"random": 200, "greedy": 20, "ismcts": 1, "mixed": 2}
    )
    summary_order = ("first_player", "seats", "bots", "armies", "cards", "versus")
    report_order = ("first_player", "seats", "bots", "armies", "versus", "cards")

    def sides(self, catalogue) -> tuple[str, ...]:
        from cardgen.packs.attack_the_tower.engine.game import SIDES

        return SIDES

    def recommended_sides(self, catalogue, players: int) -> tuple[str, ...]:
        return tuple(self.sides(catalogue))  # the rules recommend no subset

    def blocks(self, catalogue, spec) -> tuple:
        from cardgen.packs.attack_the_tower.simulation.play import blocks

        return blocks(catalogue)

    def prepare(self, catalogue, spec, layout):
        from cardgen.packs.attack_the_tower.simulation.play import Simulator

        return Simulator(catalogue, spec, layout)

    def summarise(self, result, catalogue) -> dict[str, Any]:
        from cardgen.packs.attack_the_tower.simulation.summary import summarise

        return summarise(result, catalogue)

    def describe(self, spec: Mapping[str, Any]) -> str:
        return ""

    def report(self, summary: dict, *, figures: bool) -> dict:
        from cardgen.packs.attack_the_tower.simulation.summary import sections

        return sections(summary, figures=figures)

    def __reduce__(self) -> str:
        return "SIMULATION"  # pickled by reference: the one instance of this module


SIMULATION = TowerSimulation()

__all__ = ["SIMULATION", "TowerSimulation"]
