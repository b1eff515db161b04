"""Safe file writes and reads: a temporary file beside the target, renamed into place.

* A crash or an error never leaves a half-written output file behind.
* The temporary file is made by :func:`tempfile.mkstemp` in the target's folder: an
  unpredictable name, created exclusively (``O_EXCL``, never through a symlink planted there).
* :func:`os.replace` renames it over the target: a symlink at the target is replaced, never
  followed, so no file elsewhere is written through it.

Reading safely is :mod:`cardgen.util.files`.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

#: Permissions of an output file (readable like any other) and of a private file (a cache entry).
PUBLIC = 0o644
PRIVATE = 0o600


@contextlib.contextmanager
def atomic_open(
    path: str | os.PathLike[str],
    mode: str = "wb",
    *,
    perms: int = PUBLIC,
    make_parents: bool = True,
) -> Iterator[IO]:
    """Open a temporary file next to ``path``; on success rename it over ``path``.

    ``perms`` are the permissions of the file written; ``make_parents=False`` writes only into
    an existing folder (a cache folder that was checked)."""
    import tempfile

    path = Path(path)
    if make_parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, perms)
        text: dict[str, Any] = {} if "b" in mode else {"encoding": "utf-8", "newline": ""}
        with os.fdopen(fd, mode, **text) as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, perms: int = PUBLIC, make_parents: bool = True
) -> None:
    """Write ``data`` to ``path`` atomically."""
    with atomic_open(path, "wb", perms=perms, make_parents=make_parents) as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def remove_stale_temporaries(folder: Path, *, min_age: float = 0.0) -> None:
    """Delete the temporary files :func:`atomic_open` left in ``folder`` (a process killed while
    writing): ``.<name>.<random>.tmp`` regular files last written at least ``min_age`` seconds
    ago (a folder other processes write too keeps their files being written)."""
    import time

    now = time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as it:
        for entry in it:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= min_age:
                    os.unlink(entry.path)


def replace_files(changes: dict[Path, bytes | None], *, perms: int = PUBLIC) -> None:
    """Write (bytes) or remove (None) several files, all or none of them.

    Every new file is written in full beside its target first (a full disk or a target that is
    a folder fails here, with nothing changed); then each target is swapped in, the file it
    replaces kept aside until all are, and put back if a swap fails."""
    import tempfile

    staged: list[tuple[Path, str | None]] = []
    try:
        for path, data in changes.items():
            if path.is_dir() and not path.is_symlink():
                raise IsADirectoryError(21, "it is a folder, not a file", str(path))
            if data is None:
                staged.append((path, None))
                continue
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            staged.append((path, tmp))
            os.fchmod(fd, perms)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
    except BaseException:
        for _, left in staged:
            if left is not None:
                with contextlib.suppress(OSError):
                    os.unlink(left)
        raise
    _swap(staged)


def _swap(staged: list[tuple[Path, str | None]]) -> None:
    import secrets

    done: list[tuple[Path, str | None, bool]] = []  # target, its old file kept aside, swapped
    try:
        for path, tmp in staged:
            old = None
            if os.path.lexists(path):
                old = str(path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp"))
                os.rename(path, old)
            done.append((path, old, False))
            if tmp is not None:
                os.replace(tmp, path)
                done[-1] = (path, old, True)
    except BaseException:
        for path, old, swapped in reversed(done):
            with contextlib.suppress(OSError):
                if swapped:
                    os.unlink(path)
                if old is not None:
                    os.rename(old, path)
        for _, tmp in staged:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
        raise
    for _, old, _ in done:
        if old is not None:
            with contextlib.suppress(OSError):
                os.unlink(old)
