"""What a simulation plays: :class:`SimSpec` (games, seats, matchups, bots, master seed, the
game's options) and the line-up (side per seat and bot per seat) of each game, a pure function
of the game index."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardgen.simulate.seeds import lineup_seed

#: the bot tier that draws each seat's bot per game from the simulation's bots
MIXED = "mixed"


class SimSpecError(ValueError):
    """A simulation that cannot be set up (bad deck list, bot name, player count...)."""


@dataclass(frozen=True, slots=True)
class SimSpec:
    """A simulation: game ``i`` seats ``matchups[i % len(matchups)]`` (one side per seat, e.g.
    the deck a player plays).

    ``bots`` names one of the ``pool`` (the game's simulation bots) for every seat, one per
    seat joined by commas (``greedy,random``), or is ``mixed``, which draws each seat's bot per
    game from the lineup seed.  An empty ``pool`` stands for the
    simulation's bots (:func:`cardgen.engine.simulation.simulate` fills it in).  ``options`` are the
    game's own settings (e.g. ``first_game``), reported after the seed.
    """

    games: int
    players: int
    matchups: tuple[tuple[str, ...], ...]
    bots: str = "random"
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    pool: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.games < 0:
            raise SimSpecError("the number of games cannot be negative")
        names = self.bots.split(",")
        if len(names) > 1 and len(names) != self.players:
            raise SimSpecError(
                f"bots {self.bots!r}: one for every seat or one per seat ({self.players})"
            )
        choices = self.bot_choices if len(names) == 1 else self.pool
        if self.pool and any(n not in choices for n in names):
            raise SimSpecError(f"unknown bots {self.bots!r} (choose {', '.join(self.bot_choices)})")
        if not self.matchups:
            raise SimSpecError("no matchups to play")
        for m in self.matchups:
            if len(m) != self.players:
                raise SimSpecError(f"matchup {','.join(m)} does not seat {self.players} players")

    @property
    def bot_choices(self) -> tuple[str, ...]:
        """The values ``bots`` may take."""
        return (*self.pool, MIXED)

    def with_game(self, pool: Sequence[str], options: Mapping[str, Any]) -> SimSpec:
        """This spec with the game's bot pool and its option defaults filled in."""
        unknown = [k for k in self.options if k not in options]
        if unknown:
            raise SimSpecError(f"unknown option(s) {', '.join(unknown)}")
        if self.pool and tuple(self.pool) != tuple(pool):
            raise SimSpecError(f"the bots are {', '.join(pool)}, not {', '.join(self.pool)}")
        return replace(self, pool=tuple(pool), options={**options, **self.options})

    def decks_of(self, index: int) -> tuple[str, ...]:
        """The sides (decks …) of game ``index``, seat by seat."""
        return self.matchups[index % len(self.matchups)]

    def bots_of(self, index: int) -> tuple[str, ...]:
        """The bot names of game ``index``, seat by seat."""
        if "," in self.bots:
            return tuple(self.bots.split(","))
        if self.bots != MIXED:
            return (self.bots,) * self.players
        if not self.pool:
            raise SimSpecError("mixed bots need the simulation's bot pool")
        rng = random.Random(lineup_seed(self.seed, index))
        return tuple(rng.choice(self.pool) for _ in range(self.players))

    def to_dict(self) -> dict:
        return {
            "games": self.games,
            "players": self.players,
            "matchups": [list(m) for m in self.matchups],
            "bots": self.bots,
            "seed": self.seed,
            **self.options,
        }


def make_matchups(
    deck_ids: Sequence[str],
    players: int,
    decks: Sequence[str] | None = None,
    *,
    fixed_seats: bool = False,
    side: str = "deck",
) -> tuple[tuple[str, ...], ...]:
    """The seatings to cycle through (``deck_ids``: every side a seat may play).

    With ``decks`` (exactly ``players`` different sides) every seating of those sides, so each
    sits in each seat equally often (only the given order with ``fixed_seats``); without
    ``decks``, every ordered choice of ``players`` sides out of ``deck_ids`` (all matchups).
    ``side`` names a side in the error messages.
    """
    if decks is None:
        return tuple(itertools.permutations(deck_ids, players))
    decks = tuple(decks)
    unknown = [d for d in decks if d not in deck_ids]
    if unknown:
        raise SimSpecError(
            f"unknown {side}(s) {', '.join(unknown)} ({side}s: {', '.join(deck_ids)})"
        )
    if len(decks) != players:
        raise SimSpecError(f"{players} players need {players} {side}s, got {len(decks)}")
    if len(set(decks)) != len(decks):
        raise SimSpecError(f"each player picks a different {side}")
    return (decks,) if fixed_seats else tuple(itertools.permutations(decks))


def seat_bots(names: Sequence[str], pool: Sequence[str], players: int) -> str:
    """``--bots`` as :class:`SimSpec` takes it: one name (of ``pool``, or ``mixed``) for every
    seat, or one name of ``pool`` per seat; :class:`SimSpecError` naming what is wrong."""
    if len(names) == 1:
        if names[0] not in (*pool, MIXED):
            raise SimSpecError(f"{names[0]!r} is not one of {', '.join([*pool, MIXED])}")
        return names[0]
    bad = [n for n in names if n not in pool]
    if bad:
        raise SimSpecError(
            f"{', '.join(map(repr, bad))}: a seat's bot is one of {', '.join(pool)}"
            + (" (mixed is for every seat)" if MIXED in bad else "")
        )
    if len(names) != players:
        raise SimSpecError(f"needs 1 or {players} names, got {len(names)}")
    return ",".join(names)


def lineup(bots: str, pool: Sequence[str], players: int, seed: int, index: int = 0) -> list[str]:
    """The bot of each seat in game ``index`` of ``bots`` (as :func:`seat_bots` makes it)."""
    spec = SimSpec(1, players, (("",) * players,), bots, seed, pool=tuple(pool))
    return list(spec.bots_of(index))
