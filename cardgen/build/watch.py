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
import re
import stat
import threading
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.build.pipeline import BuildError, BuildReport, StepResult, build
from cardgen.checks import standard
from cardgen.diagnostics import Diagnostic, Position
from cardgen.util.files import folder_problem


@dataclass(frozen=True)
class Reimport:
    """An import of the watched sheet: its outcome
    (:class:`cardgen.catalogue.sheet_source.ImportOutcome`) or the exception that stopped it
    (a DiagnosticError, ImportRefused …)."""

    sheet: Path
    outcome: Any = None
    error: Exception | None = None


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
    sheet: str | os.PathLike[str] | None = None,
    on_import: Callable[[Reimport], None] = lambda r: None,
) -> None:
    """Build ``cards_dir`` into ``out_dir``, then rebuild after every batch of changes in the
    catalogue folder (the output folder and editors' temporary files excepted) until ``stop``
    is set or the process is interrupted.  ``on_change`` gets the changed files (relative to
    the catalogue folder) before each rebuild, ``on_step`` each step as it ends, ``on_build``
    each build's outcome.  With ``sheet``, the spreadsheet the cards come from is imported
    first and again on each save of it (``on_import`` gets each import), then the kit is
    rebuilt."""
    import watchfiles

    if (why := folder_problem(cards_dir)) is not None:
        where = Position(os.fspath(cards_dir))
        message = f"the catalogue folder {why}"
        raise BuildError("nothing to watch", [Diagnostic("E010", message, where)])
    cards, out = Path(cards_dir).resolve(), Path(out_dir).resolve()
    source = Path(sheet).resolve() if sheet is not None else None
    selected = None if only is None else list(only)

    def reimport() -> None:
        from cardgen.catalogue.sheet_source import import_into

        assert source is not None
        try:
            on_import(Reimport(source, import_into(source, cards, extra_checks=standard())))
        except Exception as exc:  # a bad sheet: reported, the watch goes on
            on_import(Reimport(source, error=exc))

    def run(changed: tuple[str, ...]) -> None:
        started = time.perf_counter()
        report = error = None
        try:
            report = build(cards, out, paper=paper, only=selected, jobs=jobs, on_step=on_step)
        except BuildError as exc:
            error = exc
        on_build(Rebuild(changed, report, error, time.perf_counter() - started))

    folders = [cards]
    if source is not None and not source.parent.is_relative_to(cards):
        folders.append(source.parent)

    def watcher() -> Generator[set, None, None]:
        """A watch on the folders, running: the generator's first yield (a timeout, or the first
        changes) means it is, so a save made during the build that follows is not lost."""
        batches = watchfiles.watch(
            *folders,
            watch_filter=GameFilter(out, cards, source),
            stop_event=stop,
            debounce=debounce_ms,
            step=50,
            rust_timeout=200,
            yield_on_timeout=True,
            raise_interrupt=False,
            force_polling=force_polling,
        )
        next(batches, None)
        return batches

    batches, folder = watcher(), _identity(cards)
    if source is not None:
        reimport()
    run(())
    while True:
        for changes in batches:
            # Deleted, moved or replaced, its watch went with it.  Checked before the build, as
            # a folder put back during the build may get the old one's inode number again.
            lost = _identity(cards) != folder or any(p == str(cards) for _, p in changes)
            if changes:  # not a timeout
                paths = tuple(sorted({_relative(Path(p), cards) for _, p in changes}))
                on_change(paths)
                if source is not None and any(Path(p) == source for _, p in changes):
                    reimport()
                run(paths)
            if lost:
                break
        else:
            return  # stopped, or Ctrl-C
        batches.close()
        while (folder := _identity(cards)) is None:  # wait for it to be put back
            if stop is not None and stop.wait(0.2):
                return
            if stop is None:
                time.sleep(0.2)
        batches = watcher()
        on_change((f"{cards.name}/",))
        run((f"{cards.name}/",))


def _identity(folder: Path) -> tuple[int, int] | None:
    """The device and inode of ``folder`` (None when it is gone): a folder deleted and made
    again is another one, which a watch on the first does not see."""
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


#: editors' and office programs' temporary and lock files, and the backups an import keeps:
#: never a change of the game (``~$cards.xlsx``, ``.~lock.cards.xlsx#``, ``#rules.yaml#``,
#: ``rules.yaml~``, ``.rules.yaml.swp``, ``cards.xlsx.tmp``, ``battle.yaml.bak``)
_TEMPORARY = re.compile(r"^(\.|~\$|~|#)|(~|#|\.tmp|\.swp|\.swx|\.bak(\.\d+)?)$")


def is_temporary(name: str) -> bool:
    """Whether a file name is an editor's temporary or lock file (or an import's backup)."""
    return bool(_TEMPORARY.search(name)) or name.isdigit()  # vim's 4913 test file


class GameFilter:
    """The changes that matter: not under the output folder, not editors' or git's files; in
    the sheet's folder (outside the catalogue folder), only the sheet."""

    def __init__(self, out: Path, cards: Path | None = None, sheet: Path | None = None):
        import watchfiles

        self._default = watchfiles.DefaultFilter()
        self._deleted = watchfiles.Change.deleted
        self._out = str(out)
        self._cards = str(cards) if cards is not None else None
        self._sheet = str(sheet) if sheet is not None else None

    def __call__(self, change, path: str) -> bool:
        if path == self._out or path.startswith(self._out + os.sep):
            return False
        if path == self._sheet:
            return True
        if path == self._cards:  # the folder itself: only its deletion, which ends its watch
            return change == self._deleted
        if self._cards is not None and not path.startswith(self._cards + os.sep):
            return False  # the sheet's folder: only the sheet
        return self._default(change, path) and not is_temporary(Path(path).name)
