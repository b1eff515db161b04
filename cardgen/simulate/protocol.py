"""What the simulation core asks of a game: the :class:`Simulation` protocol.

A pack's ``simulation`` module (:attr:`cardgen.pack.Pack.simulation`) holds ``SIMULATION``, an
object with this interface.  The core derives every game's seeds and line-up from the
:class:`~cardgen.simulate.spec.SimSpec`, runs chunks of games anywhere, counts what every game
has (wins, scores and ranks per seat, bot and side: :mod:`.stats`) and writes the reports; the
simulation plays one game and counts what only its game has.

The flow of a run (:func:`cardgen.simulate.simulate`)::

    spec = spec.with_game(sim.bots, sim.options)           # bot pool, option defaults
    layout = Layout(core_blocks(...) + sim.blocks(catalogue, spec))
    table = sim.prepare(catalogue, spec, layout)           # picklable, compiled per process
    table.warnings()                                        # set-up problems: SimSpecError
    record = table.play(GameSpec(index, sides, bots, seed, bot_seeds), counters)
    ...                                                     # the core adds record's standings
    summary = {..., **sim.summarise(result, catalogue)}     # the game's own sections
    model = build_model(summary, sim)                       # + sim.report(summary, ...)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.simulate.batch import SimResult
    from cardgen.simulate.report_model import Section
    from cardgen.simulate.spec import SimSpec
    from cardgen.simulate.stats import Block, Layout


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a run: its index, each seat's side and bot, its seed and the bots' seeds
    (all derived from the master seed and the index: :mod:`.seeds`)."""

    index: int
    sides: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The standings of a finished game, seat by seat (the core counts them), and the final
    state for tests and inspection."""

    winners: tuple[bool, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    state: Any = None


class GameTable(Protocol):
    """A game's compiled set-up for one run; picklable (sent to worker processes)."""

    def warnings(self) -> list[str]:
        """Set-up warnings of every matchup; raise :class:`SimSpecError` if one cannot be set
        up (called once before the games, so it may compile every matchup)."""
        ...

    def play(self, game: GameSpec, counters: list[int]) -> GameRecord:
        """Play ``game`` to the end, adding the game's own counters to ``counters``."""
        ...


@runtime_checkable
class Simulation(Protocol):
    """A game's balance simulation (``SIMULATION`` in a pack's ``simulation`` module)."""

    #: the game's name, as the reports title it
    name: str
    #: the bots a seat may play, by name (``mixed`` draws among them, in this order)
    bots: tuple[str, ...]
    #: the game's options and their defaults (reported in the spec after the seed)
    options: Mapping[str, Any]
    #: what a seat plays (e.g. ``deck``) and what its players score (e.g. ``points``), as the
    #: reports call them
    side: str
    score: str
    #: games per chunk by bot tier (speed only; results do not depend on it)
    chunk_sizes: Mapping[str, int]
    #: the order of the summary's sections and of the report's sections, the core's
    #: (``seats``, ``bots``, ``versus``) among the game's
    summary_order: tuple[str, ...]
    report_order: tuple[str, ...]

    def sides(self, catalogue: Catalogue) -> Sequence[str]:
        """Every side a seat may play (the deck ids …), in report order."""
        ...

    def recommended_sides(self, catalogue: Catalogue, players: int) -> Sequence[str]:
        """The sides the rules recommend for a game of ``players`` (what a simulation cycles
        by default; every side where the rules recommend none), in report order."""
        ...

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> Sequence[Block]:
        """The game's own counter blocks (after the core's)."""
        ...

    def prepare(self, catalogue: Catalogue, spec: SimSpec, layout: Layout) -> GameTable:
        """The compiled set-up that plays the games of ``spec``."""
        ...

    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]:
        """The game's own summary sections (JSON-ready), by name."""
        ...

    def describe(self, spec: Mapping[str, Any]) -> str:
        """The options of a summary's ``spec`` as the report's intro tells them (e.g.
        ``", first game (no star cards)"``; empty for none)."""
        ...

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        """The game's own report sections (tables and charts) of ``summary``, by name."""
        ...
