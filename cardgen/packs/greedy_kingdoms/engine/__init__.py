"""The rules engine of Greedy Kingdoms on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`, :mod:`.game`, :mod:`.actions`), the game's declaration (:mod:`.definition`),
its heuristics (:mod:`.ai`)."""

from cardgen.packs.greedy_kingdoms.engine.definition import ENGINE

__all__ = ["ENGINE"]
