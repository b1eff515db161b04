"""The rules engine of Attack the Tower on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`, :mod:`.game`, :mod:`.actions`), the game's declaration (:mod:`.definition`)
and its heuristics (:mod:`.ai`)."""

from cardgen.packs.attack_the_tower.engine.definition import ENGINE

__all__ = ["ENGINE"]
