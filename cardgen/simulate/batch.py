"""Run a simulation: fixed chunks of games, in-process or on a pool of W worker processes.

Chunks only group game indices; every game's seeds come from ``(master seed, index)`` and the
counters of chunks are added, so the result is the same for any chunk size, any number of
workers and any completion order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import as_completed
from dataclasses import dataclass
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.simulate.protocol import GameRecord, GameSpec, GameTable, Simulation
from cardgen.simulate.seeds import game_seeds
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import (
    BOT_FIELDS,
    PAIR_FIELDS,
    SEAT_FIELDS,
    SIDE_FIELDS,
    Layout,
    core_blocks,
    merge_into,
)
from cardgen.util.pool import worker_pool

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

#: games per chunk when the simulation names no size for the bot tier
DEFAULT_CHUNK = 50


@dataclass(frozen=True)
class SimResult:
    """The spec, the counter layout, the summed counters, setup warnings and the simulation
    that played them."""

    spec: SimSpec
    layout: Layout
    counters: tuple[int, ...]
    warnings: tuple[str, ...] = ()
    simulation: Simulation | None = None


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges of ``size`` games covering ``0..games-1``."""
    size = max(1, size)
    for start in range(0, games, size):
        yield start, min(games, start + size)


def default_chunk_size(spec: SimSpec, workers: int = 1, sizes: dict | None = None) -> int:
    """Games per chunk: the bot tier's size, smaller when each worker would get under four."""
    size = (sizes or {}).get(spec.bots, DEFAULT_CHUNK)
    if workers > 1:
        size = min(size, -(-spec.games // (4 * workers)))
    return max(1, size)


_F_GAMES, _F_WINS, _F_SCORE = (SEAT_FIELDS.index(f) for f in ("games", "wins", "score"))
_D_GAMES, _D_WINS, _D_SCORE, _D_SQ = (
    SIDE_FIELDS.index(f) for f in ("games", "wins", "score", "score_sq")
)
_B_GAMES, _B_WINS = (BOT_FIELDS.index(f) for f in ("games", "wins"))
_P_GAMES, _P_AHEAD = (PAIR_FIELDS.index(f) for f in ("games", "ahead"))


class Runner:
    """Plays the games of a :class:`SimSpec` on a catalogue with a game's simulation and counts
    them; picklable (the game's table and the caches are rebuilt)."""

    def __init__(self, simulation: Simulation, catalogue: Catalogue, spec: SimSpec) -> None:
        spec = spec.with_game(simulation.bots, simulation.options)
        self.simulation = simulation
        self.catalogue = catalogue
        self.spec = spec
        sides = tuple(simulation.sides(catalogue))
        self.layout = L = Layout(
            (
                *core_blocks(spec.players, spec.pool, sides),
                *simulation.blocks(catalogue, spec),
            )
        )
        self.table: GameTable = simulation.prepare(catalogue, spec, L)
        self._side = {s: k for k, s in enumerate(sides)}
        self._seat_slot = tuple(L.start("seat", p) for p in range(spec.players))
        self._bot_slot = {b: L.start("bot", k) for k, b in enumerate(spec.pool)}
        self._slots: dict[tuple[str, ...], tuple[Any, ...]] = {}

    def __getstate__(self) -> dict:
        return {"simulation": self.simulation, "catalogue": self.catalogue, "spec": self.spec}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["simulation"], state["catalogue"], state["spec"])

    def warnings(self) -> list[str]:
        """Setup warnings of every matchup (also compiles and checks each one up front)."""
        return self.table.warnings()

    def game(self, index: int) -> GameSpec:
        """Game ``index``: its line-up and seeds."""
        spec = self.spec
        seed, bot_seeds = game_seeds(spec.seed, index, spec.players)
        return GameSpec(index, spec.decks_of(index), spec.bots_of(index), seed, bot_seeds)

    def run_chunk(self, start: int, stop: int) -> list[int]:
        """The summed counters of games ``start..stop-1``.

        Games are played grouped by seating (a sum does not depend on the order), so the
        compiled tables of one seating stay in the CPU caches for a run of games.
        """
        counters = self.layout.zeros()
        seatings = len(self.spec.matchups)
        for first in range(start, min(stop, start + seatings)):
            for index in range(first, stop, seatings):
                self.play(index, counters)
        return counters

    def play(self, index: int, counters: list[int], **kwargs: Any) -> GameRecord:
        """Play game ``index`` and add its numbers to ``counters`` (``kwargs`` go to the
        game's table, e.g. a switch for its event log)."""
        game = self.game(index)
        record = self.table.play(game, counters, **kwargs)
        self._count(game, record, counters)
        return record

    def _slots_of(self, sides: tuple[str, ...]) -> tuple[Any, ...]:
        s = self._slots.get(sides)
        if s is None:
            L, dk = self.layout, [self._side[x] for x in sides]
            s = (
                tuple(L.start("side", d) for d in dk),
                tuple(tuple(L.start("pair", a * len(self._side) + b) for b in dk) for a in dk),
            )
            self._slots[sides] = s
        return s

    def _count(self, game: GameSpec, record: GameRecord, C: list[int]) -> None:
        """The standings every game has: seats, sides, bots, side versus side."""
        side_slot, pair = self._slots_of(game.sides)
        winners, scores, ranks = record.winners, record.scores, record.ranks
        C[0] += 1
        C[1] += sum(1 for w in winners if w) > 1
        for p, won in enumerate(winners):
            w = 1 if won else 0
            score = scores[p]
            k = self._seat_slot[p]
            C[k + _F_GAMES] += 1
            C[k + _F_WINS] += w
            C[k + _F_SCORE] += score
            k = side_slot[p]
            C[k + _D_GAMES] += 1
            C[k + _D_WINS] += w
            C[k + _D_SCORE] += score
            C[k + _D_SQ] += score * score
            k = self._bot_slot[game.bots[p]]
            C[k + _B_GAMES] += 1
            C[k + _B_WINS] += w
            rank = ranks[p]
            for q, other in enumerate(ranks):
                if q != p:
                    k = pair[p][q]
                    C[k + _P_GAMES] += 1
                    C[k + _P_AHEAD] += rank < other


# ------------------------------------------------------------------ the worker's side
_WORKER: Runner | None = None


def _init_worker(runner: Runner) -> None:
    """A pool worker keeps the runner (forked: shared with the command at no cost)."""
    global _WORKER
    _WORKER = runner


def _worker_chunk(start: int, stop: int) -> tuple[int, list[int]]:
    assert _WORKER is not None, "worker not initialised"
    return stop - start, _WORKER.run_chunk(start, stop)


def simulate(
    catalogue: Catalogue,
    spec: SimSpec,
    *,
    workers: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    simulation: Simulation,
) -> SimResult:
    """Play ``spec.games`` games on ``workers`` processes (1: in this process) with
    ``simulation`` (the game's: :class:`cardgen.engine.simulation.KitSimulation`)."""
    sim = simulation
    runner = Runner(sim, catalogue, spec)
    spec = runner.spec
    warnings = tuple(runner.warnings())  # also compiles (and checks) every matchup up front
    total = runner.layout.zeros()
    size = chunk_size or default_chunk_size(spec, workers, dict(sim.chunk_sizes))
    parts = list(chunks(spec.games, size))
    if workers <= 1 or len(parts) <= 1:
        for start, stop in parts:
            merge_into(total, runner.run_chunk(start, stop))
            if progress:
                progress(stop - start)
    else:
        with worker_pool(min(workers, len(parts)), _init_worker, (runner,)) as pool:
            futures = [pool.submit(_worker_chunk, a, b) for a, b in parts]
            for fut in as_completed(futures):
                done, part = fut.result()
                merge_into(total, part)
                if progress:
                    progress(done)
    return SimResult(spec, runner.layout, tuple(total), warnings, sim)
