"""Steps run beside the others: the documents and the cards' PDFs in worker processes while
the card images are made.

A build's ``aside`` steps (:attr:`cardgen.build.steps.Step.aside`) share nothing with the other
steps but the build's inputs.  When both kinds have work to do, :class:`Aside` forks a worker
per aside step (the appendices, the rulebook, the print-and-play sheets and print PDFs, drawn
as vectors), each running its step into its own staging folder while the build runs the
others; the build takes each one's outputs at its turn and moves its files in itself, so the
kit is what running every step in turn gives, byte for byte.

A worker dies with the build (:func:`cardgen.util.procs.worker_setup`) and writes only into
its staging folder, which a killed build leaves for the next one to sweep.  Without ``fork``
(not Linux), with one job, or when only one kind has work, every step runs in the build's
own process.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardgen.build.pipeline import BuildError
from cardgen.build.steps import Output, Step
from cardgen.util.procs import worker_setup

#: runs a step into a staging folder: its outputs, or a BuildError
StagedRun = Callable[[Step, Path], list[Output]]


class AsideFailed(Exception):
    """A worker ended without an answer (killed, out of memory) or with a traceback."""


def _can_fork() -> bool:
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


class Aside:
    """The aside steps of a build, each running in a worker process of its own (or none:
    :meth:`start`)."""

    def __init__(self, stages: dict[str, Path], workers: dict[str, tuple]) -> None:
        #: each aside step's staging folder, by step id
        self.stages = stages
        self._workers = workers  # step id -> (connection, process)

    @classmethod
    def start(cls, stale: Sequence[Step], out: Path, jobs: int | None, run: StagedRun) -> Aside:
        """Start a worker for each stale aside step, if the other stale steps leave them
        something to overlap with and more than one job is allowed."""
        aside = [s for s in stale if s.aside]
        started = cls({}, {})
        if not aside or len(aside) == len(stale) or jobs == 1 or not _can_fork():
            return started
        fork = multiprocessing.get_context("fork")
        # no SIGTERM while forking (raised inside the fork's handlers it would be lost): one
        # that comes meanwhile is raised when it is unblocked, and stops what was started
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            for step in aside:
                stage = Path(tempfile.mkdtemp(prefix=".stage-", dir=out))
                started.stages[step.id] = stage
                receive, send = fork.Pipe(duplex=False)
                proc = fork.Process(
                    target=_work,
                    args=(os.getpid(), step, stage, run, send, mask),
                    name=f"cardgen {step.id}",
                )
                started._workers[step.id] = (receive, proc)
                proc.start()
                send.close()
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
        return step.id in self._workers

    def outputs(self, step: Step) -> list[Output]:
        """The outputs of ``step`` once its worker is done: its files are in
        :attr:`stages` [step.id]; a BuildError as the step raised it."""

        conn, proc = self._workers[step.id]
        try:
            status, payload = conn.recv()
        except (EOFError, OSError):
            proc.join(5)
            raise AsideFailed(
                f"{step.title}: its worker ended unexpectedly (exit code {proc.exitcode})"
            ) from None
        if status == "ok":
            return payload
        if status == "error":
            message, diagnostics = payload
            raise BuildError(message, diagnostics)
        raise AsideFailed(f"{step.title} failed in its worker:\n{payload}")

    def close(self) -> None:
        """Stop the workers still running and remove the staging folders."""
        for conn, proc in self._workers.values():
            if proc.is_alive():
                proc.kill()
            if proc.pid is not None:
                proc.join()
            conn.close()
        self._workers = {}
        _remove(self.stages.values())


def _work(ppid: int, step: Step, stage: Path, run: StagedRun, conn: Any, mask: Any = ()) -> None:
    """A worker: ``step`` into its staging folder, its outputs (or its error) sent back."""

    worker_setup(ppid)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # the parent blocked SIGTERM to fork
    try:
        conn.send(("ok", run(step, stage)))
    except BuildError as exc:
        conn.send(("error", (str(exc), exc.diagnostics)))
    except Exception:
        conn.send(("crash", traceback.format_exc()))
    conn.close()


def _remove(folders) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
