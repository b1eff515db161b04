"""Actions as stable integers: ``kind * 10000 + subject * 10 + arg``.

``subject`` is a card instance id (or a marketplace slot), ``arg`` a seat.  The numbers never
depend on the order of a hand, so a logged game replays exactly.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Act(IntEnum):
    ATTACK = 1  # (unit in hand, target seat)
    DEFEND = 2  # (unit in hand)
    RECRUIT = 3  # (unit in hand): its power becomes authority
    USE = 4  # (unit in hand, target seat): discard it for its discard ability
    SPY = 5  # (spy in hand): to your general zone
    HUNT = 6  # (spy in hand): discard it to remove an enemy spy (then REMOVE_SPY)
    REMOVE_SPY = 7  # (spy in an enemy general zone)
    STRIKE = 8  # (defending enemy unit): kill it with the damage pending against its row
    WOUND = 9  # (defending enemy unit): put all pending damage on it
    IGNORE = 10  # (defending enemy unit)
    DISABLE = 11  # (defending enemy unit)
    RETIRE = 12  # (unit in your hand)
    BUY = 13  # (marketplace slot)
    BUY_GENERAL = 14  # (general set aside)
    REPLACE = 15  # (marketplace slot): the next player's replacement
    END = 16  # end the command phase


class Action(NamedTuple):
    kind: Act
    subject: int
    arg: int


def encode(kind: Act, subject: int = 0, arg: int = 0) -> int:
    """The integer of an action."""
    return int(kind) * 10000 + subject * 10 + arg


def decode(action: int) -> Action:
    """The action an integer stands for; ValueError if it is none."""
    kind, rest = divmod(action, 10000)
    try:
        return Action(Act(kind), rest // 10, rest % 10)
    except ValueError:
        raise ValueError(f"not an action: {action}") from None


END = encode(Act.END)
