"""Per-game seeds derived from the master seed with SHA-256 (never Python's ``hash()``).

A game's seeds depend only on ``(master, index)``, so any chunking of the games, on any number
of workers or machines, plays exactly the same games.
"""

from __future__ import annotations

import hashlib


def derive(master: int, *parts: object) -> int:
    """A 63-bit seed from the master seed and a path of labels (e.g. ``(7, "bot", 2)``)."""
    text = ":".join(str(x) for x in (master, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def game_seed(master: int, index: int) -> int:
    """The engine seed of game ``index`` (shuffles and in-game random choices)."""
    return derive(master, "game", index)


def bot_seed(master: int, index: int, seat: int) -> int:
    """The seed of the bot in seat ``seat`` of game ``index``."""
    return derive(master, "bot", index, seat)


def lineup_seed(master: int, index: int) -> int:
    """The seed that draws the bots of game ``index`` in a ``mixed`` run."""
    return derive(master, "lineup", index)
