"""What a simulation plays: :class:`SimSpec` (games, seats, matchups, bots, master seed) and the
line-up (decks per seat and bot per seat) of each game, a pure function of the game index."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.simulate.bots import BOT_NAMES
from cardgen.simulate.seeds import lineup_seed

BOT_CHOICES = (*BOT_NAMES, "mixed")


class SimSpecError(ValueError):
    """A simulation that cannot be set up (bad deck list, bot name, player count...)."""


@dataclass(frozen=True, slots=True)
class SimSpec:
    """A simulation: game ``i`` seats ``matchups[i % len(matchups)]`` (one deck per seat).

    ``bots`` is one of :data:`BOT_CHOICES`; ``mixed`` draws each seat's bot per game from the
    lineup seed.
    """

    games: int
    players: int
    matchups: tuple[tuple[str, ...], ...]
    bots: str = "random"
    seed: int = 0
    first_game: bool = False

    def __post_init__(self) -> None:
        if self.games < 0:
            raise SimSpecError("the number of games cannot be negative")
        if self.bots not in BOT_CHOICES:
            raise SimSpecError(f"unknown bots {self.bots!r} (choose {', '.join(BOT_CHOICES)})")
        if not self.matchups:
            raise SimSpecError("no matchups to play")
        for m in self.matchups:
            if len(m) != self.players:
                raise SimSpecError(f"matchup {','.join(m)} does not seat {self.players} players")

    def decks_of(self, index: int) -> tuple[str, ...]:
        """The decks of game ``index``, seat by seat."""
        return self.matchups[index % len(self.matchups)]

    def bots_of(self, index: int) -> tuple[str, ...]:
        """The bot names of game ``index``, seat by seat."""
        if self.bots != "mixed":
            return (self.bots,) * self.players
        rng = random.Random(lineup_seed(self.seed, index))
        return tuple(rng.choice(BOT_NAMES) for _ in range(self.players))

    def to_dict(self) -> dict:
        return {
            "games": self.games,
            "players": self.players,
            "matchups": [list(m) for m in self.matchups],
            "bots": self.bots,
            "seed": self.seed,
            "first_game": self.first_game,
        }


def make_matchups(
    deck_ids: Sequence[str],
    players: int,
    decks: Sequence[str] | None = None,
    *,
    fixed_seats: bool = False,
) -> tuple[tuple[str, ...], ...]:
    """The seatings to cycle through.

    With ``decks`` (exactly ``players`` different decks) every seating of those decks, so each
    deck sits in each seat equally often (only the given order with ``fixed_seats``); without
    ``decks``, every ordered choice of ``players`` decks out of ``deck_ids`` (all matchups).
    """
    if decks is None:
        return tuple(itertools.permutations(deck_ids, players))
    decks = tuple(decks)
    unknown = [d for d in decks if d not in deck_ids]
    if unknown:
        raise SimSpecError(f"unknown deck(s) {', '.join(unknown)} (decks: {', '.join(deck_ids)})")
    if len(decks) != players:
        raise SimSpecError(f"{players} players need {players} decks, got {len(decks)}")
    if len(set(decks)) != len(decks):
        raise SimSpecError("each player picks a different deck")
    return (decks,) if fixed_seats else tuple(itertools.permutations(decks))
