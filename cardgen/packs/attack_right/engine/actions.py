"""Actions are plain ints (cheap to generate, compare and log).

* Draft: the instance id of the card kept.
* Play: ``((inst * 3 + zone) * (M + 1)) + victim + 1`` (``M`` instances, ``victim`` the
  instance removed to make room, ``-1`` for none), always ``>= 0``.
* End of turn: ``-2 - inst`` saves ``inst`` (the rest of the hand is discarded);
  ``END`` (``-1``) ends with an empty hand.
* Decisions within a play step (:data:`~.state.State.decision` ``look``, ``intercept`` or
  ``move``): ``PASS`` (``-1``) declines; :func:`react_action` ``(code, M)`` = ``-(M + 2) -
  code`` takes one: ``code`` is ``inst * 2 + side`` (look with intercept card ``inst`` at the
  left, 0, or right, 1, Neighbour), the instance to discard (intercept) or ``inst * 3 + zone``
  (move).  Their codes name cards and sides, never seats, so the same decision reads the same
  from any seat.
"""

from __future__ import annotations

from dataclasses import dataclass

END = -1
PASS = -1
"""Decline a look, an intercept or a move (the same int as ``END``)."""


@dataclass(frozen=True, slots=True)
class PlayAction:
    """A decoded play-phase action; ``card == -1`` means the turn ends."""

    card: int
    zone: int
    victim: int
    save: int

    @property
    def ends(self) -> bool:
        return self.card < 0


def play_action(inst: int, zone: int, victim: int, m: int) -> int:
    return (inst * 3 + zone) * (m + 1) + victim + 1


def save_action(inst: int) -> int:
    return -2 - inst


def react_action(code: int, m: int) -> int:
    """The action that takes a look, intercept or move ``code`` (see the module docstring)."""
    return -(m + 2) - code


def decode_react(action: int, m: int) -> int:
    """The code of a look, intercept or move action; ``-1`` for ``PASS``."""
    return -1 if action == PASS else -(m + 2) - action


def decode_play(action: int, m: int) -> PlayAction:
    """Decode a play-phase action."""
    if action == END:
        return PlayAction(-1, -1, -1, -1)
    if action < 0:
        return PlayAction(-1, -1, -1, -2 - action)
    rest, v = divmod(action, m + 1)
    inst, zone = divmod(rest, 3)
    return PlayAction(inst, zone, v - 1, -1)
