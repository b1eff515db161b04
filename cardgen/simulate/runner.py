"""Run a simulation: fixed chunks of games, in-process or on a pool of W worker processes.

Chunks only group game indices; every game's seeds come from ``(master seed, index)`` and the
counters of chunks are added, so the result is the same for any chunk size, any number of
workers and any completion order.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.simulate.play import Simulator
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import Layout, merge_into

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

#: games per chunk by bot tier (only granularity: results do not depend on it)
CHUNK_SIZE = {"random": 500, "greedy": 100, "lookahead": 2, "mixed": 4}


@dataclass(frozen=True)
class SimResult:
    """The spec, the counter layout, the summed counters and setup warnings."""

    spec: SimSpec
    layout: Layout
    counters: tuple[int, ...]
    warnings: tuple[str, ...] = ()


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges of ``size`` games covering ``0..games-1``."""
    size = max(1, size)
    for start in range(0, games, size):
        yield start, min(games, start + size)


def default_chunk_size(spec: SimSpec, workers: int = 1) -> int:
    """Games per chunk: the bot tier's size, smaller when each worker would get under four."""
    size = CHUNK_SIZE.get(spec.bots, 50)
    if workers > 1:
        size = min(size, -(-spec.games // (4 * workers)))
    return max(1, size)


# ------------------------------------------------------------------ process pool plumbing
_WORKER: Simulator | None = None


def _init_worker(sim: Simulator) -> None:
    global _WORKER
    _WORKER = sim


def _worker_chunk(start: int, stop: int) -> tuple[int, list[int]]:
    assert _WORKER is not None, "worker not initialised"
    return stop - start, _WORKER.run_chunk(start, stop)


def _context() -> mp.context.BaseContext:
    # fork shares the loaded catalogue with the workers at no cost; spawn elsewhere
    return mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")


def simulate(
    catalogue: Catalogue,
    spec: SimSpec,
    *,
    workers: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> SimResult:
    """Play ``spec.games`` games on ``workers`` processes (1: in this process)."""
    sim = Simulator(catalogue, spec)
    warnings = tuple(sim.warnings())  # also compiles (and checks) every matchup up front
    total = sim.layout.zeros()
    parts = list(chunks(spec.games, chunk_size or default_chunk_size(spec, workers)))
    if workers <= 1 or len(parts) <= 1:
        for start, stop in parts:
            merge_into(total, sim.run_chunk(start, stop))
            if progress:
                progress(stop - start)
    else:
        with ProcessPoolExecutor(
            max_workers=min(workers, len(parts)),
            mp_context=_context(),
            initializer=_init_worker,
            initargs=(sim,),
        ) as pool:
            futures = [pool.submit(_worker_chunk, a, b) for a, b in parts]
            for fut in as_completed(futures):
                done, part = fut.result()
                merge_into(total, part)
                if progress:
                    progress(done)
    return SimResult(spec, sim.layout, tuple(total), warnings)
