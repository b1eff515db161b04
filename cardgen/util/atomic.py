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
from typing import IO

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
        with os.fdopen(
            fd, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})
        ) as fh:
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
