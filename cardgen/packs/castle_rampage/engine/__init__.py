"""Castle Rampage's rules engine: the two players' structures as face-down stacks, and the
attack cascade that reveals, compares, destroys and continues (:mod:`.resolve`)."""

from cardgen.packs.castle_rampage.engine.resolve import AttackResult, Event, resolve_attack
from cardgen.packs.castle_rampage.engine.state import Game, GameSetupError, Side, Slot, State

__all__ = [
    "AttackResult",
    "Event",
    "Game",
    "GameSetupError",
    "Side",
    "Slot",
    "State",
    "resolve_attack",
]
