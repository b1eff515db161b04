"""The rules engine of Castle Rampage on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`: the game and its turns; :mod:`.resolve`: the attack cascade), the game's
declaration (:mod:`.definition`) and its heuristics (:mod:`.ai`)."""

from cardgen.packs.castle_rampage.engine.definition import ENGINE

__all__ = ["ENGINE"]
