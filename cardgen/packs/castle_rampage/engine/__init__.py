"""The rules engine of Castle Rampage on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`: the game and its turns; :mod:`.resolve`: the attack cascade), the game's
declaration (:mod:`.definition`), its heuristics (:mod:`.ai`) and the old scenario format
(:mod:`.upgrade`)."""

from cardgen.packs.castle_rampage.engine.definition import ENGINE

__all__ = ["ENGINE"]
