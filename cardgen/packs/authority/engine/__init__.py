"""The rules engine of Authority on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`, :mod:`.game`, :mod:`.actions`), the game's declaration (:mod:`.definition`)
and its heuristics (:mod:`.ai`)."""

from cardgen.packs.authority.engine.definition import ENGINE

__all__ = ["ENGINE"]
