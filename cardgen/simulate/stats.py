"""Simulation counters: one flat list of ints laid out by :class:`Layout`, merged by addition.

Every statistic is a sum of ints, so merging chunk results is exact and independent of the
number of workers and of the order in which chunks finish.  Rates and Wilson 95% intervals are
computed only when reporting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

#: per seat: games, wins, glory
SEAT_FIELDS = ("games", "wins", "glory")
#: per deck: games, wins, glory (total, squares) and its sources, battles won, end coins
DECK_FIELDS = (
    "games",
    "wins",
    "glory",
    "glory_sq",
    "battle_glory",
    "coin_glory",
    "effect_glory",
    "attacks_won",
    "defences_won",
    "end_coins",
)
#: per bot: games, wins
BOT_FIELDS = ("games", "wins")
#: per card design: copies dealt, drafted, played; drafted but never affordable; player-games
#: in which it was played and how many of those the player won; draft picks and the sum of
#: their positions (1 = first pick of a pack)
CARD_FIELDS = (
    "dealt",
    "drafted",
    "played",
    "never_affordable",
    "played_games",
    "played_wins",
    "picks",
    "pick_position",
)
#: per deck and round: samples, coins at the end of the round, battle attack and defence power,
#: glory at the end of the round
ROUND_FIELDS = ("samples", "coins", "attack", "defence", "glory")
#: per ordered deck pair (a, b): games where both sat, games where ``a`` ranked above ``b``
PAIR_FIELDS = ("games", "ahead")

Z95 = 1.959963984540054


_FIELD = {
    block: {name: k for k, name in enumerate(fields)}
    for block, fields in (
        ("seat", SEAT_FIELDS),
        ("deck", DECK_FIELDS),
        ("bot", BOT_FIELDS),
        ("card", CARD_FIELDS),
        ("round", ROUND_FIELDS),
        ("pair", PAIR_FIELDS),
    )
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each counter lives in the flat list: blocks of seats, decks, bots, cards,
    (deck, round) and ordered deck pairs, after two totals (games, games with a shared win)."""

    decks: tuple[str, ...]
    seats: int
    bots: tuple[str, ...]
    cards: tuple[str, ...]
    rounds: int
    seat_base: int = field(init=False)
    deck_base: int = field(init=False)
    bot_base: int = field(init=False)
    card_base: int = field(init=False)
    round_base: int = field(init=False)
    pair_base: int = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        nd = len(self.decks)
        base = 2
        for name, count in (
            ("seat_base", self.seats * len(SEAT_FIELDS)),
            ("deck_base", nd * len(DECK_FIELDS)),
            ("bot_base", len(self.bots) * len(BOT_FIELDS)),
            ("card_base", len(self.cards) * len(CARD_FIELDS)),
            ("round_base", nd * self.rounds * len(ROUND_FIELDS)),
            ("pair_base", nd * nd * len(PAIR_FIELDS)),
        ):
            object.__setattr__(self, name, base)
            base += count
        object.__setattr__(self, "size", base)

    def seat(self, s: int, name: str) -> int:
        return self.seat_base + s * len(SEAT_FIELDS) + _FIELD["seat"][name]

    def deck(self, d: int, name: str) -> int:
        return self.deck_base + d * len(DECK_FIELDS) + _FIELD["deck"][name]

    def bot(self, b: int, name: str) -> int:
        return self.bot_base + b * len(BOT_FIELDS) + _FIELD["bot"][name]

    def card(self, c: int, name: str) -> int:
        return self.card_base + c * len(CARD_FIELDS) + _FIELD["card"][name]

    def round(self, d: int, r: int, name: str) -> int:
        """Counter of deck ``d`` in round ``r`` (1-based)."""
        k = d * self.rounds + (r - 1)
        return self.round_base + k * len(ROUND_FIELDS) + _FIELD["round"][name]

    def pair(self, a: int, b: int, name: str) -> int:
        k = a * len(self.decks) + b
        return self.pair_base + k * len(PAIR_FIELDS) + _FIELD["pair"][name]

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
