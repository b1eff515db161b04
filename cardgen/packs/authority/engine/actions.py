"""Actions as stable integers, ``kind * 10000 + subject * 10 + arg``, and their words.

``subject`` is a card instance id (or a marketplace slot), ``arg`` a seat.  The numbers never
depend on the order of a hand, so a logged game replays exactly.  Instances of one design in
the same place are offered once (:meth:`State.legal_actions`), so each action's words name it
alone: ``attack P2 with knight``, ``strike squire of P2``, ``ignore squire of P2 in row 1``.
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
    act = KINDS.get(kind)
    if act is None or action < 0:
        raise ValueError(f"not an action: {action}")
    return Action(act, rest // 10, rest % 10)


#: each kind by its number
KINDS = {int(k): k for k in Act}


END = encode(Act.END)

#: the words of each kind (a wounded enemy unit adds ``wounded N``: see :data:`PATTERNS`)
WORDS: dict[Act, str] = {
    Act.ATTACK: "attack {target} with {card}",
    Act.DEFEND: "defend with {card}",
    Act.RECRUIT: "recruit with {card}",
    Act.USE: "use {card}",
    Act.SPY: "place spy {card}",
    Act.HUNT: "hunt with {card}",
    Act.REMOVE_SPY: "remove spy {card} of {owner}",
    Act.STRIKE: "strike {card} of {owner}",
    Act.WOUND: "wound {card} of {owner}",
    Act.IGNORE: "ignore {card} of {owner} in row {row}",
    Act.DISABLE: "disable {card} of {owner} in row {row}",
    Act.RETIRE: "retire {card}",
    Act.BUY: "buy {card}",
    Act.BUY_GENERAL: "buy general {card}",
    Act.REPLACE: "replace {card}",
    Act.END: "end turn",
}
#: the kinds aimed at a defending enemy unit (its damage so far, if any, is in the words)
AT_DEFENDER = (Act.STRIKE, Act.WOUND, Act.IGNORE, Act.DISABLE)
_SLOTS = {"target": "{target:seat}", "owner": "{owner:seat}", "row": "{row:int}"}
#: the action grammar (:class:`cardgen.engine.Grammar`)
PATTERNS: tuple[str, ...] = (
    *(w.format(card="{card}", **_SLOTS) for w in WORDS.values()),
    "use {card} on {target:seat}",
    *(WORDS[k].format(card="{card}", **_SLOTS) + " wounded {damage:int}" for k in AT_DEFENDER),
)
