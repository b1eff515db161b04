"""The game protocol every rules engine speaks (OpenSpiel's ``State`` made typed and seeded).

A **state** is a game in progress.  The players to move now are :meth:`State.movers` (one, or
several at once for a simultaneous choice); each gives one of its :meth:`State.legal_actions`
and :meth:`State.apply` applies them together.  Chance (shuffles, draws) comes from the state's
own seeded generator, so a game is a pure function of its seed and its actions: a log of
actions replays it, and a clone plays on independently.

A **game** is one catalogue compiled with one :class:`Setup` (players, sides, settings); its
``new_initial_state(seed)`` starts a game.  Actions are small integers inside an engine (fast
for bots and search) and strings outside it (:meth:`State.action_to_string`: logs, scenario
files, the browser's buttons), matched by the game's action grammar
(:class:`cardgen.engine.grammar.Grammar`).

Seats are 0-based in code and ``P1``…``Pn`` in every text a person reads or writes.

A game may also stop at explicit **chance nodes** (OpenSpiel's): nobody moves, the game has not
ended, and ``chance_outcomes()`` lists the outcomes with their probabilities.  The kit draws
one with the state's own generator (:func:`cardgen.engine.play.sample_chance`) and applies it
with ``apply_chance(outcome)``; ``chance_to_string(outcome)`` writes it for logs and scenarios
(``chance: P2 wins Rock-Scissors-Paper``).  Most games shuffle inside ``apply`` instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, runtime_checkable

Action = int
"""An action: an integer of the engine's own numbering."""
Event = tuple[Any, ...]
"""An event: ``(type, *fields)`` in the order its :class:`~cardgen.engine.events.EventType`
declares (cheap to record; logs and scenarios see it as a mapping)."""


def seat_name(seat: int) -> str:
    """``P1`` for seat 0: how a seat is written in logs, scenario files and action strings."""
    return f"P{seat + 1}"


@dataclass(frozen=True)
class GameInfo:
    """What the core knows of a game before any catalogue is read (OpenSpiel's ``GameType``).

    ``simultaneous``: some decisions are taken by several seats at once (hidden until all have
    chosen); ``hidden_information``: a seat does not see everything (hands, deck order);
    ``teams``: the game can be played in teams (``Setup.teams``); ``symmetric``: the seats play
    by the same rules, so a game's result does not depend on which seat a side sits in beyond
    the turn order (the conformance suite checks every seat's view has the same shape);
    ``max_length``: no game takes more decisions than this (the conformance suite's bound).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    simultaneous: bool = False
    hidden_information: bool = True
    teams: bool = False
    symmetric: bool = True
    max_length: int = 10_000
    #: what a seat plays, as the reports and the CLI call it (a deck, a faction); "" for none
    side: str = ""
    #: what a player scores, as the reports call it (points, bases left)
    score: str = "points"


@dataclass(frozen=True)
class Setup:
    """One game's set-up: the number of players, what each seat plays (``sides``, empty for a
    game without sides), the rules' readings overridden for this game (``settings``, checked
    against the rules model), the engine's own options (``first_game`` …) and the teams (each
    a tuple of seats; empty: every seat for itself)."""

    players: int
    sides: tuple[str, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    teams: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The set-up as a game log records it."""
        doc: dict[str, Any] = {"players": self.players}
        if self.sides:
            doc["sides"] = list(self.sides)
        if self.settings:
            doc["settings"] = dict(self.settings)
        if self.options:
            doc["options"] = dict(self.options)
        if self.teams:
            doc["teams"] = [[seat_name(s) for s in t] for t in self.teams]
        return doc


@runtime_checkable
class State(Protocol):
    """A game in progress.  Every engine's state offers these; the core needs nothing else."""

    #: the events so far (``None`` when the state does not record them: search copies)
    events: list[Event] | None

    def movers(self) -> Sequence[int]:
        """The seats that choose now: one, several for a simultaneous choice, none at the end."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """``seat``'s legal actions now, in a stable order (empty when it does not choose)."""
        ...

    def apply(self, actions: Mapping[int, Action]) -> None:
        """Apply one action per mover (``{seat: action}``); raises
        :class:`~cardgen.engine.errors.IllegalAction` for a missing or illegal one."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        ...

    def returns(self) -> Sequence[float]:
        """Each seat's result of an ended game: 1 a win, 0 a loss, a shared win split."""
        ...

    def clone(self) -> Self:
        """An independent copy: applying actions to it never changes this state."""
        ...

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know now, as JSON-ready data (``None``: the designer's view of
        everything).  Hidden cards appear as counts or ``null`` entries, never as ids."""
        ...

    def action_to_string(self, seat: int, action: Action) -> str:
        """``action`` of ``seat`` in the game's words (its grammar), unique among the seat's
        legal actions."""
        ...

    def digest(self) -> str:
        """A hash of everything the game's future depends on (hidden order included)."""
        ...

    def determinise(self, seat: int, rng: random.Random) -> Self:
        """A copy in which whatever ``seat`` cannot see is resampled with ``rng`` (the search's
        worlds); ``seat``'s observation of the copy equals its observation of this state.  The
        copy records no events."""
        ...


class ChosenState(State, Protocol):
    """A state that applies its bots' choices cheaper: the simulation, whose bots choose
    among :meth:`~State.legal_actions`, and the search, which chooses among the engine's
    search actions and its policy's, call ``apply_chosen`` instead of ``apply``."""

    def apply_chosen(self, actions: Mapping[int, Action]) -> None:
        """:meth:`~State.apply` without checking that each action is legal."""
        ...


@runtime_checkable
class ChanceState(State, Protocol):
    """A state with explicit chance nodes (see the module docstring): the kit narrows a
    :class:`State` to it with :func:`cardgen.engine.chance.at_chance`.  It may also write
    ``sample_chance()`` (an outcome drawn its own way, from the same generator)."""

    #: the game's own seeded generator: the kit draws the outcomes with it
    rng: random.Random

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """The outcomes of the chance node the game stands at, with their probabilities (empty
        when it stands at none)."""
        ...

    def apply_chance(self, outcome: Action) -> None:
        """Resolve the chance node with ``outcome``."""
        ...

    def chance_to_string(self, outcome: Action) -> str:
        """``outcome`` in the game's words."""
        ...


class Game(Protocol):
    """A catalogue compiled for play with one set-up."""

    setup: Setup

    def new_initial_state(self, seed: int) -> State:
        """A new game: shuffled with ``seed``, before the first decision."""
        ...


class Bot(Protocol):
    """A player: chooses an action for a seat that moves (never changes the state)."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """The action ``seat`` takes in ``state``."""
        ...


class BotFactory(Protocol):
    """Makes a bot for a game: ``factory(engine, game, seed)``."""

    def __call__(self, engine: Any, game: Game, seed: int) -> Bot: ...
