"""The action numbers of Greedy Kingdoms (one integer space for every decision)."""

from __future__ import annotations

PASS = 0
#: obtain the Upgrade in slot k of the line: OBTAIN + k (k < 8)
OBTAIN = 1
#: obtain a Royal Palace from its pile
PALACE = 9
#: promote, returning the Resources of ``Game.payments[j]``: PROMOTE + j (70 payments)
PROMOTE = 10
#: choose a Resource (initial distribution, start of turn): CHOOSE + its index
CHOOSE = 80
#: commit the Characters of ``Game.combos[c]`` to the Battlefield: COMMIT + c (at most 70)
COMMIT = 100
#: resolve the Successful Character numbered n next: RESOLVE + n
RESOLVE = 200


def describe(action: int, game) -> str:
    """An action as words (logs, errors)."""
    from cardgen.packs.greedy_kingdoms.model import RESOURCES

    if action == PASS:
        return "pass"
    if OBTAIN <= action < PALACE:
        return f"obtain line slot {action - OBTAIN + 1}"
    if action == PALACE:
        return "obtain a Royal Palace"
    if PROMOTE <= action < CHOOSE:
        paid = [RESOURCES[r] for r in game.payments[action - PROMOTE]]
        return f"promote returning {', '.join(paid) or 'nothing'}"
    if CHOOSE <= action < COMMIT:
        return f"choose {RESOURCES[action - CHOOSE]}"
    if COMMIT <= action < RESOLVE:
        return "commit " + ", ".join(map(str, game.combos[action - COMMIT]))
    return f"resolve Character {action - RESOLVE}"
