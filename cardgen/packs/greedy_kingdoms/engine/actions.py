"""The actions of Greedy Kingdoms: one integer space for every decision, and their words.

The words (:data:`PATTERNS`, the engine's grammar) have one slot each, written without spaces:
``pass``, ``obtain slot 3``, ``obtain palace``, ``promote paying gold+food`` (the Resources
returned, in the manual's order, or ``nothing``), ``choose gold``, ``commit 1+2+6`` (the card
numbers, ascending) and ``resolve 6``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from cardgen.packs.greedy_kingdoms.model import CHOOSABLE, RESOURCES

#: Resources as counts in the order of RESOURCES
Vec = tuple[int, int, int, int]
ZERO: Vec = (0, 0, 0, 0)
#: the Resources a player may choose (initial distribution, start of turn), as indices
CHOOSABLE_IX: tuple[int, ...] = tuple(RESOURCES.index(r) for r in CHOOSABLE)

PASS = 0
#: obtain the Upgrade in slot k of the line: OBTAIN + k (k < 8)
OBTAIN = 1
#: obtain a Royal Palace from its pile
PALACE = 9
#: promote, returning the Resources of ``PAYMENTS[j]``: PROMOTE + j (70 payments)
PROMOTE = 10
#: choose a Resource (initial distribution, start of turn): CHOOSE + its index
CHOOSE = 80
#: commit the Characters of ``Game.combos[c]`` to the Battlefield: COMMIT + c
COMMIT = 100
#: resolve the Successful Character numbered n next: RESOLVE + n
RESOLVE = 200

#: what a promotion may return: Resource-index multisets of 0 to 4 chips
PAYMENTS: tuple[tuple[int, ...], ...] = tuple(
    p for k in range(5) for p in combinations_with_replacement(range(len(RESOURCES)), k)
)


def payment_word(pay: tuple[int, ...]) -> str:
    """``(1, 2)`` as ``gold+food``; ``()`` as ``nothing``."""
    return "+".join(RESOURCES[r] for r in pay) or "nothing"


def commit_word(combo: tuple[int, ...]) -> str:
    """``(1, 2, 6)`` as ``1+2+6``."""
    return "+".join(map(str, combo))


#: the words of every payment, and of every commit any rules allow (1 to 7 of ① to ⑧)
PAYMENT_WORDS = tuple(payment_word(p) for p in PAYMENTS)
COMMIT_WORDS = tuple(commit_word(c) for k in range(1, 8) for c in combinations(range(1, 9), k))
PATTERNS = (
    "pass",
    "obtain slot {slot:int}",
    "obtain palace",
    "promote paying {payment:" + "|".join(PAYMENT_WORDS) + "}",
    "choose {resource:" + "|".join(CHOOSABLE) + "}",
    "commit {characters:" + "|".join(COMMIT_WORDS) + "}",
    "resolve {number:int}",
)


def words(action: int, combos: tuple[tuple[int, ...], ...]) -> str:
    """``action`` in the game's words (``combos``: the game's commits)."""
    if action == PASS:
        return "pass"
    if OBTAIN <= action < PALACE:
        return f"obtain slot {action - OBTAIN + 1}"
    if action == PALACE:
        return "obtain palace"
    if PROMOTE <= action < CHOOSE:
        return f"promote paying {PAYMENT_WORDS[action - PROMOTE]}"
    if CHOOSE <= action < COMMIT:
        return f"choose {RESOURCES[action - CHOOSE]}"
    if COMMIT <= action < RESOLVE:
        return f"commit {commit_word(combos[action - COMMIT])}"
    return f"resolve {action - RESOLVE}"
