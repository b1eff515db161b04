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


def game_seeds(master: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    """Game ``index``'s engine seed and its ``seats`` bot seeds from one SHA-512 digest (up to
    7 seats; the hot loop calls this once per game)."""
    if not 0 < seats < 8:
        raise ValueError("game_seeds derives at most 7 bot seeds")
    digest = hashlib.sha512(f"{master}:seeds:{index}".encode()).digest()
    words = [int.from_bytes(digest[k : k + 8], "big") >> 1 for k in range(0, 8 * (seats + 1), 8)]
    return words[0], tuple(words[1:])


def lineup_seed(master: int, index: int) -> int:
    """The seed that draws the bots of game ``index`` in a ``mixed`` run."""
    return derive(master, "lineup", index)
