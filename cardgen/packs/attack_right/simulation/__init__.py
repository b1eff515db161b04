"""Attack Right's balance simulation (:attr:`AttackRight.simulation`): ``SIMULATION``, the
:class:`cardgen.simulate.Simulation` the core's runner, summary and reports call.

* :mod:`.play` — the per-game hot loop (the game table) and the game's counters: per deck
  (glory by source, battles won, end coins), per card (dealt, drafted, picks, played, won when
  played, never affordable), per deck and round (coins, attack, defence, glory).
* :mod:`.seat_bots` — the simulation bots: random, greedy (the engine's) and lookahead;
  :mod:`.search_bot` — the search bot (ISMCTS over this game's engine).
* :mod:`.summary`, :mod:`.report` — the summary's and the report's own sections.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgen.packs.attack_right.simulation.seat_bots import BOT_NAMES


class AttackRightSimulation:
    """Seeded bot games of Attack Right: decks per seat, glory as the score."""

    name = "Attack Right"
    bots = BOT_NAMES
    options: Mapping[str, Any] = MappingProxyType({"first_game": False})
    side = "deck"
    score = "glory"
    chunk_sizes: Mapping[str, int] = MappingProxyType(
        {"random": 500, "greedy": 100, "lookahead": 2, "search": 1, "mixed": 1}
    )
    summary_order = (
        "targets",
        "decks",
        "majority",
        "shares",
        "seats",
        "seat_advantage",
        "bots",
        "cards",
        "rounds",
        "economy",
        "versus",
    )
    report_order = (
        "targets",
        "decks",
        "majority",
        "shares",
        "seats",
        "bots",
        "glory",
        "rounds",
        "economy",
        "versus",
        "cards",
    )

    def sides(self, catalogue) -> tuple[str, ...]:
        return tuple(catalogue.rules.deck_ids)

    def recommended_sides(self, catalogue, players: int) -> tuple[str, ...]:
        """The decks whose ``min_players`` admits ``players`` (the rulebook recommends the Spy
        deck for 3+ players); every deck if too few remain to seat everyone."""
        decks = tuple(d.id for d in catalogue.rules.decks if d.min_players <= players)
        return decks if len(decks) >= players else self.sides(catalogue)

    def blocks(self, catalogue, spec) -> tuple:
        from cardgen.packs.attack_right.engine.metrics import blocks

        return blocks(catalogue)

    def prepare(self, catalogue, spec, layout):
        from cardgen.packs.attack_right.simulation.play import Simulator

        return Simulator(catalogue, spec, layout)

    def summarise(self, result, catalogue) -> dict[str, Any]:
        from cardgen.packs.attack_right.simulation.balance import summarise

        return summarise(result, catalogue)

    def describe(self, spec: Mapping[str, Any]) -> str:
        from cardgen.packs.attack_right.simulation.seat_bots import BOT_DESCRIPTIONS

        bots = self.bots if spec.get("bots") == "mixed" else (spec.get("bots"),)
        named = "; ".join(f"{b}: {BOT_DESCRIPTIONS[b]}" for b in bots if b in BOT_DESCRIPTIONS)
        first = ", first game (no star cards)" if spec.get("first_game") else ""
        return f"{first} ({named})" if named else first

    def report(self, summary: dict, *, figures: bool) -> dict:
        from cardgen.packs.attack_right.simulation.report import sections

        return sections(summary, figures=figures)

    def __reduce__(self) -> str:
        return "SIMULATION"  # pickled by reference: the one instance of this module


SIMULATION = AttackRightSimulation()

__all__ = ["SIMULATION", "AttackRightSimulation"]
