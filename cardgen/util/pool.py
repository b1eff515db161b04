"""The one worker pool of cardgen: the standard library's process pool, whose workers die with
the command that started them.

Workers are forked where the platform can (the work's data, a loaded catalogue or a PDF, is
theirs at no cost; a worker starts in milliseconds), else spawned.  Each first calls
:func:`cardgen.util.procs.worker_setup` (it dies with the command, SIGKILL included, and leaves
Ctrl-C to it), then the pool's own ``initializer``.  When the work fails or is interrupted, the
workers are killed at once, not after every queued task (:func:`stop`).
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardgen.util.procs import worker_setup


def _context() -> mp.context.BaseContext:
    return mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")


def _start(parent: int, initializer: Callable[..., None] | None, initargs: tuple) -> None:
    worker_setup(parent)
    if initializer is not None:
        initializer(*initargs)


@contextlib.contextmanager
def worker_pool(
    workers: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()
) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes for the ``with`` block, each started with
    ``initializer(*initargs)``; shut down after the block, killed if it raises."""
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=_context(),
        initializer=_start,
        initargs=(os.getpid(), initializer, initargs),
    )
    try:
        yield pool
    except BaseException:  # Ctrl-C, a failed task: stop the pool now, not after every task
        stop(pool)
        raise
    pool.shutdown()


def stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the tasks not started and end the workers at once (a pool shut down without
    waiting still runs every task queued before its manager thread notices)."""
    workers: list[Any] = list((pool._processes or {}).values())  # the pool offers no public way
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.kill()
    for process in workers:
        process.join(timeout=5)
