"""`cardgen watch`: build the kit, then rebuild what a change affects whenever a file of the
game folder is saved.

The folder is watched with watchfiles (native file-system events, polling where there are none);
saves that come together (an editor writing several files, a `git checkout`) are taken as one
batch.  Each rebuild is the incremental :func:`cardgen.build.pipeline.build`, so an edited
card's pages and images are remade first and nothing it does not touch is.  An invalid
catalogue is reported and the watch goes on; the previous kit stays as it was.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from cardgen.build.pipeline import BuildError, BuildReport, StepResult, build
from cardgen.diagnostics import Diagnostic, Position
from cardgen.util.files import folder_problem


@dataclass(frozen=True)
class Rebuild:
    """One build of the watch: the files whose change started it (none for the first build),
    and its report, or the error that stopped it."""

    changed: tuple[str, ...]
    report: BuildReport | None
    error: BuildError | None
    seconds: float


def watch(
    cards_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    *,
    paper: str = "a4",
    only: Iterable[str] | None = None,
    jobs: int | None = None,
    on_change: Callable[[tuple[str, ...]], None] = lambda paths: None,
    on_build: Callable[[Rebuild], None] = lambda r: None,
    on_step: Callable[[StepResult], None] | None = None,
    stop: threading.Event | None = None,
    debounce_ms: int = 150,
    force_polling: bool | None = None,
) -> None:
    """Build ``cards_dir`` into ``out_dir``, then rebuild after every batch of changes in the
    catalogue folder (the output folder and editors' temporary files excepted) until ``stop``
    is set or the process is interrupted.  ``on_change`` gets the changed files (relative to
    the catalogue folder) before each rebuild, ``on_step`` each step as it ends, ``on_build``
    each build's outcome."""
    import watchfiles

    if (why := folder_problem(cards_dir)) is not None:
        where = Position(os.fspath(cards_dir))
        message = f"the catalogue folder {why}"
        raise BuildError("nothing to watch", [Diagnostic("E010", message, where)])
    cards, out = Path(cards_dir).resolve(), Path(out_dir).resolve()
    selected = None if only is None else list(only)

    def run(changed: tuple[str, ...]) -> None:
        started = time.perf_counter()
        report = error = None
        try:
            report = build(cards, out, paper=paper, only=selected, jobs=jobs, on_step=on_step)
        except BuildError as exc:
            error = exc
        on_build(Rebuild(changed, report, error, time.perf_counter() - started))

    # The watcher starts before the first build, so a save made while it runs is not lost: the
    # generator's first yield (a timeout, or the first changes) means it is running.
    batches = watchfiles.watch(
        cards,
        watch_filter=_GameFilter(out),
        stop_event=stop,
        debounce=debounce_ms,
        step=50,
        rust_timeout=200,
        yield_on_timeout=True,
        raise_interrupt=False,
        force_polling=force_polling,
    )
    next(batches, None)
    run(())
    for changes in batches:
        if changes:  # not a timeout
            paths = tuple(sorted({_relative(Path(p), cards) for _, p in changes}))
            on_change(paths)
            run(paths)


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


class _GameFilter:
    """The changes that matter: not under the output folder, not editors' or git's files."""

    def __init__(self, out: Path):
        import watchfiles

        self._default = watchfiles.DefaultFilter()
        self._out = str(out)

    def __call__(self, change, path: str) -> bool:
        if path == self._out or path.startswith(self._out + os.sep):
            return False
        return self._default(change, path) and not Path(path).name.startswith(".")
