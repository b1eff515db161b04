"""Steps run beside the others: the documents and the cards' PDFs in worker processes while
the card images are made.

A build's ``aside`` steps (:attr:`cardgen.build.steps.Step.aside`) share nothing with the other
steps but the build's inputs.  When both kinds have work to do, :class:`Aside` starts the
worker pool (:mod:`cardgen.util.pool`, forked) with a worker per aside step (the appendices,
the rulebook, the print-and-play sheets and print PDFs, drawn as vectors), each running its
step into its own staging folder while the build runs the others; the build takes each one's
outputs at its turn and moves its files in itself, so the kit is what running every step in
turn gives, byte for byte.

A worker dies with the build (:func:`cardgen.util.procs.worker_setup`) and writes only into
its staging folder, which a killed build leaves for the next one to sweep.  Without ``fork``
(not Linux), with one job, or when only one kind has work, every step runs in the build's
own process.
"""

from __future__ import annotations

import multiprocessing
import shutil
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from cardgen.build.pipeline import BuildError
from cardgen.build.steps import Output, Step
from cardgen.util.pool import stop, worker_pool

#: runs a step into a staging folder: its outputs, or a BuildError
StagedRun = Callable[[Step, Path], list[Output]]


class AsideFailed(Exception):
    """A worker ended without an answer (killed, out of memory) or with a traceback."""


def _can_fork() -> bool:
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


class Aside:
    """The aside steps of a build, each running in a worker of the pool (or none:
    :meth:`start`)."""

    def __init__(self, stages: dict[str, Path], futures: dict[str, Future], pool: Any = None):
        #: each aside step's staging folder, by step id
        self.stages = stages
        self._futures = futures  # step id -> its (status, payload)
        self._pool = pool  # the pool's context manager and the pool

    @classmethod
    def start(cls, stale: Sequence[Step], out: Path, jobs: int | None, run: StagedRun) -> Aside:
        """Start a worker for each stale aside step, if the other stale steps leave them
        something to overlap with and more than one job is allowed."""
        aside = [s for s in stale if s.aside]
        started = cls({}, {})
        if not aside or len(aside) == len(stale) or jobs == 1 or not _can_fork():
            return started
        # no SIGTERM while forking (raised inside the fork's handlers it would be lost): one
        # that comes meanwhile is raised when it is unblocked, and stops what was started
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            steps = {s.id: s for s in aside}
            manager = worker_pool(len(aside), _keep, (steps, run, mask))
            started._pool = (manager, manager.__enter__())
            for step in aside:
                stage = Path(tempfile.mkdtemp(prefix=".stage-", dir=out))
                started.stages[step.id] = stage
                started._futures[step.id] = started._pool[1].submit(_work, step.id, str(stage))
        except OSError:  # no process to spare: every step runs here
            started.close()
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            return cls({}, {})
        except BaseException:
            started.close()
            raise
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        except BaseException:  # the SIGTERM that came while forking
            started.close()
            raise
        return started

    def __contains__(self, step: Step) -> bool:
        return step.id in self._futures

    def done(self, step: Step) -> bool:
        """Whether the worker of ``step`` has ended (:meth:`outputs` then does not wait)."""
        return self._futures[step.id].done()

    def outputs(self, step: Step) -> list[Output]:
        """The outputs of ``step`` once its worker is done: its files are in
        :attr:`stages` [step.id]; a BuildError as the step raised it."""

        try:
            status, payload = self._futures[step.id].result()
        except Exception as exc:  # the pool broke: a worker killed, out of memory
            raise AsideFailed(f"{step.title}: its worker ended unexpectedly ({exc})") from None
        if status == "ok":
            return payload
        if status == "error":
            message, diagnostics = payload
            raise BuildError(message, diagnostics)
        raise AsideFailed(f"{step.title} failed in its worker:\n{payload}")

    def close(self) -> None:
        """Stop the workers still running and remove the staging folders."""
        if self._pool is not None:
            stop(self._pool[1])
            self._pool = None
        self._futures = {}
        _remove(self.stages.values())


_STEPS: dict[str, Step] = {}
_RUN: StagedRun | None = None


def _keep(steps: dict[str, Step], run: StagedRun, mask: Any) -> None:
    """A worker's start: the steps and how to run one (forked: the build's own objects)."""
    global _STEPS, _RUN
    _STEPS, _RUN = steps, run
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # the parent blocked SIGTERM to fork


def _work(step_id: str, stage: str) -> tuple[str, Any]:
    """A worker's task: a step into its staging folder; its outputs, or its error."""
    assert _RUN is not None, "worker not started"
    try:
        return "ok", _RUN(_STEPS[step_id], Path(stage))
    except BuildError as exc:
        return "error", (str(exc), exc.diagnostics)
    except Exception:
        return "crash", traceback.format_exc()


def _remove(folders) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
