"""Simulation counters: one flat list of ints laid out in named blocks, merged by addition.

Every statistic is a sum of ints, so merging chunk results is exact and independent of the
number of workers and of the order in which chunks finish.  Rates and Wilson 95% intervals are
computed only when reporting.

The core keeps the blocks every game has (:data:`CORE_BLOCKS`): two totals, then per seat, per
bot, per side (the deck, faction … a seat plays) and per ordered pair of sides.  The kit's
simulation adds its own blocks and the game's
(:meth:`cardgen.engine.simulation.KitSimulation.blocks`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

#: the totals at the start of the list: games played, games won by more than one player
TOTAL_FIELDS = ("games", "shared_wins")
#: per seat: games, wins, score (summed final scores)
SEAT_FIELDS = ("games", "wins", "score")
#: per bot: seats played, wins
BOT_FIELDS = ("games", "wins")
#: per side: games, wins, score and the sum of its squares
SIDE_FIELDS = ("games", "wins", "score", "score_sq")
#: per ordered side pair (a, b): games where both sat, games where ``a`` ranked above ``b``
PAIR_FIELDS = ("games", "ahead")
#: the core's blocks, in the order they start the counter list
CORE_BLOCKS = ("total", "seat", "bot", "side", "pair")

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Block:
    """``len(labels)`` items of ``fields`` counters each (e.g. one item per card)."""

    name: str
    labels: tuple[str, ...]
    fields: tuple[str, ...]


def core_blocks(players: int, bots: Sequence[str], sides: Sequence[str]) -> tuple[Block, ...]:
    """The blocks the core counts for every game."""
    sides = tuple(sides)
    return (
        Block("total", ("all",), TOTAL_FIELDS),
        Block("seat", tuple(str(s + 1) for s in range(players)), SEAT_FIELDS),
        Block("bot", tuple(bots), BOT_FIELDS),
        Block("side", sides, SIDE_FIELDS),
        Block("pair", tuple(f"{a}/{b}" for a in sides for b in sides), PAIR_FIELDS),
    )


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each counter lives in the flat list: the blocks one after another."""

    blocks: tuple[Block, ...]
    bases: dict[str, int] = field(init=False)
    index: dict[str, dict[str, int]] = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        bases, index, base = {}, {}, 0
        for b in self.blocks:
            if b.name in bases:
                raise ValueError(f"two counter blocks are named {b.name!r}")
            bases[b.name] = base
            index[b.name] = {name: k for k, name in enumerate(b.fields)}
            base += len(b.labels) * len(b.fields)
        object.__setattr__(self, "bases", bases)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "size", base)

    def block(self, name: str) -> Block:
        return next(b for b in self.blocks if b.name == name)

    def labels(self, name: str) -> tuple[str, ...]:
        """The items of block ``name`` (deck ids, card ids …)."""
        return self.block(name).labels

    def at(self, block: str, item: int, name: str) -> int:
        """The counter ``name`` of item ``item`` of ``block``."""
        index = self.index[block]
        return self.bases[block] + item * len(index) + index[name]

    def start(self, block: str, item: int) -> int:
        """The first counter of item ``item`` of ``block`` (add a field's position to it)."""
        return self.bases[block] + item * len(self.index[block])

    def row(self, counters: Sequence[int], block: str, item: int) -> dict[str, int]:
        """Every counter of one item, by field name."""
        k = self.start(block, item)
        fields = self.block(block).fields
        return dict(zip(fields, counters[k : k + len(fields)], strict=True))

    def zeros(self) -> list[int]:
        return [0] * self.size


def merge_into(total: list[int], part: list[int]) -> None:
    """Add ``part`` to ``total`` in place (exact: ints only)."""
    if len(total) != len(part):
        raise ValueError(f"counter lists differ in size: {len(total)} != {len(part)}")
    for i, v in enumerate(part):
        if v:
            total[i] += v


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (``(0, 1)`` when n == 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio(k: float, n: float) -> float:
    """``k / n``, or 0.0 for an empty denominator."""
    return k / n if n else 0.0


def rounded(x: float) -> float:
    """A rate as reported: rounded to 4 decimals (equal results give equal bytes)."""
    return round(x, 4)


def mean_ci(total: float, squares: float, n: int) -> list[float]:
    """The normal 95% interval of a mean from the sum and the sum of squares of ``n`` values,
    rounded as reported."""
    if n <= 0:
        return [0.0, 0.0]
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    half = Z95 * math.sqrt(var / n)
    return [rounded(mean - half), rounded(mean + half)]


def interval(k: int, n: int) -> list[float]:
    """The Wilson 95% interval of ``k`` in ``n``, rounded as reported."""
    lo, hi = wilson(k, n)
    return [rounded(lo), rounded(hi)]
