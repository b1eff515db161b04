"""The rules engine of Attack Right on the engine kit (docs/engine-kit.md): the rules
(:mod:`.state`, :mod:`.game`, :mod:`.phases`, :mod:`.actions` …), the game's declaration
(:mod:`.definition`), its heuristics and own bots (:mod:`.ai`) and its balance figures
(:mod:`.metrics`).  Interpretations of ambiguous rules follow ``rules.settings``
(``cardgen/packs/attack_right/clarifications.yaml``)."""

from cardgen.packs.attack_right.engine.definition import ENGINE

__all__ = ["ENGINE"]
