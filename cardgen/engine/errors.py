"""The engine kit's errors."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of the kit's errors (a message a person reads, never a traceback)."""


class SetupError(EngineError):
    """A game that cannot be set up: too few cards, an unknown side, a bad setting."""


class IllegalAction(EngineError):
    """An action that is not legal for that seat now, or a mover without an action."""


class ReplayError(EngineError):
    """A game log that cannot be read or replayed."""


class ScenarioError(EngineError):
    """A scenario file that cannot be read, set up or run as written."""
