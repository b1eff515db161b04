"""Greedy Kingdoms' balance simulation (:attr:`GreedyKingdoms.simulation`): ``SIMULATION``,
the :class:`cardgen.simulate.Simulation` the core's runner, summary and reports call.

Its own counters: the first Attacker's wins (the first-player advantage: Rock-Scissors-Paper
decides who starts, so it is not a seat), game length in turns, and per Upgrade (offered in
the line, bought, bought by the winner) and per Character (committed in attack and in defence,
succeeded and paid, succeeded unpaid, failed).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


class GreedyKingdomsSimulation:
    """Seeded bot games of Greedy Kingdoms: two kingdoms, Royal Palaces as the score."""

    name = "Greedy Kingdoms"
    bots = ("random", "greedy", "ismcts")
    options: Mapping[str, Any] = MappingProxyType({})
    side = "kingdom"
    score = "palaces"
    chunk_sizes: Mapping[str, int] = MappingProxyType(
        {"random": 500, "greedy": 100, "ismcts": 1, "mixed": 4}
    )
    summary_order = ("first_player", "length", "seats", "bots", "upgrades", "characters", "versus")
    report_order = ("first_player", "length", "seats", "bots", "upgrades", "characters", "versus")

    def sides(self, catalogue) -> tuple[str, ...]:
        from cardgen.packs.greedy_kingdoms.engine.log import SIDES

        return SIDES

    def recommended_sides(self, catalogue, players: int) -> tuple[str, ...]:
        return tuple(self.sides(catalogue))  # the rules recommend no subset

    def blocks(self, catalogue, spec) -> tuple:
        from cardgen.packs.greedy_kingdoms.simulation.play import blocks

        return blocks(catalogue)

    def prepare(self, catalogue, spec, layout):
        from cardgen.packs.greedy_kingdoms.simulation.play import Simulator

        return Simulator(catalogue, spec, layout)

    def summarise(self, result, catalogue) -> dict[str, Any]:
        from cardgen.packs.greedy_kingdoms.simulation.play import summarise

        return summarise(result, catalogue)

    def describe(self, spec: Mapping[str, Any]) -> str:
        return ""

    def report(self, summary: dict, *, figures: bool) -> dict:
        from cardgen.packs.greedy_kingdoms.simulation.play import sections

        return sections(summary, figures=figures)

    def __reduce__(self) -> str:
        return "SIMULATION"  # pickled by reference: the one instance of this module


SIMULATION = GreedyKingdomsSimulation()

__all__ = ["SIMULATION", "GreedyKingdomsSimulation"]
