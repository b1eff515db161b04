"""Where cardgen keeps what it can recompute: one private folder per kind of entry.

``$CARDGEN_CACHE_DIR/<kind>`` when that variable is set, else ``$XDG_CACHE_HOME/cardgen/<kind>``
(``~/.cache/cardgen/<kind>``).  Entries are keyed by content hashes, never by timestamps, so
deleting the folder only costs time.

The cache holds data only (JSON), and only in folders that are the user's own: the cache
folder and each kind's folder are made with mode 0700, and an existing one is used only if it
is a folder owned by the user that no one else may read or write.  Otherwise cardgen says so
once on stderr and works without the cache (:func:`private_cache_dir` gives None).  Entries are
read with :func:`read_cache_file` (a regular file of the user's, never through a symlink) and
written with :func:`write_cache_file` (a private temporary file in the folder, renamed over the
entry).
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
import sys
from pathlib import Path

from cardgen.util.atomic import PRIVATE, atomic_write_bytes, remove_stale_temporaries
from cardgen.util.files import read_regular_file

#: The largest cache entry read (a catalogue snapshot of thousands of cards is a few MB).
MAX_ENTRY_BYTES = 64 * 1024 * 1024


class UnsafeCacheDir(OSError):
    """A cache folder cardgen will not use: not a folder, not the user's, or open to others."""


def cache_root() -> Path:
    """The cache folder: ``$CARDGEN_CACHE_DIR``, else ``cardgen`` in the user's cache folder."""
    env = os.environ.get("CARDGEN_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cardgen"


def cache_dir(kind: str) -> Path:
    """A folder for entries of ``kind`` (``"checks"``, ``"fonts"`` …) for code that reads and
    writes its entries itself: the private cache folder, or, when that is refused, a private
    folder of this process's own (removed at exit), so nothing is ever read from or written to
    a folder others may change.  New code uses :func:`private_cache_dir` with
    :func:`read_cache_file` and :func:`write_cache_file`."""
    folder = private_cache_dir(kind)
    if folder is not None:
        return folder
    if cache_root() / kind in _refused:
        return _scratch() / kind
    return cache_root() / kind  # it cannot be made: writing there fails, costing only time


def check_private_dir(path: Path) -> None:
    """Raise :class:`UnsafeCacheDir` unless ``path`` is a folder owned by this user with no
    permissions for group or others (a symlink to one counts only if it is the user's too)."""
    uid = os.geteuid()
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        if st.st_uid not in (uid, 0):
            raise UnsafeCacheDir(f"{path} is a symlink owned by user id {st.st_uid}, not by you")
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise UnsafeCacheDir(f"{path} is a broken symlink") from None
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafeCacheDir(f"{path} is not a folder")
    if st.st_uid != uid:
        raise UnsafeCacheDir(
            f"{path} is owned by user id {st.st_uid}, not by you (user id {uid}); "
            "set CARDGEN_CACHE_DIR to a folder of your own"
        )
    mode = stat.S_IMODE(st.st_mode)
    if mode & 0o077:
        raise UnsafeCacheDir(
            f"{path} has mode {mode:04o}: others may read or change what cardgen keeps there; "
            f"make it private with `chmod 700 {path}`"
        )


def _make_private(path: Path) -> None:
    """Create ``path`` (mode 0700; missing parents with the usual mode), then check it."""
    try:
        os.mkdir(path, 0o700)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    check_private_dir(path)


#: refusals already reported, and folders already cleared of stale temporary files
_reported: set[str] = set()
_swept: set[Path] = set()
_refused: set[Path] = set()


@functools.cache
def _scratch() -> Path:
    """A private folder of this process (mode 0700), removed when it exits."""
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="cardgen-cache-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def private_cache_dir(kind: str) -> Path | None:
    """The checked private cache folder for entries of ``kind``, created if missing; None (and
    a line on stderr saying why, once per process) when it is not safe to use."""
    root = cache_root()
    folder = root / kind
    try:
        _make_private(root)
        _make_private(folder)
    except UnsafeCacheDir as exc:
        _refused.add(folder)
        if str(exc) not in _reported:
            _reported.add(str(exc))
            sys.stderr.write(f"cardgen: not using the cache: {exc}\n")
        return None
    except OSError:  # cannot be made (read-only, no home folder): the cache only saves time
        return None
    if folder not in _swept:  # temporary files of a process killed while writing an entry
        _swept.add(folder)
        remove_stale_temporaries(folder, min_age=3600)
    return folder


def read_cache_file(path: Path) -> bytes | None:
    """The bytes of a cache entry: a regular file of this user's (never read through a symlink,
    never a FIFO), or None.  An entry read is marked used now (its modification time), so
    :func:`trim` keeps it longest."""
    data = read_regular_file(path, max_bytes=MAX_ENTRY_BYTES, owner=os.geteuid())
    if data is not None:
        with contextlib.suppress(OSError):
            os.utime(path, follow_symlinks=False)
    return data


#: what the cache folder may hold, in MB, before :func:`trim` removes entries
DEFAULT_BUDGET_MB = 512
#: the environment variable that sets another budget (MB)
BUDGET_ENV = "CARDGEN_CACHE_MAX_MB"


def budget_bytes() -> int:
    """The cache folder's budget in bytes: ``$CARDGEN_CACHE_MAX_MB`` if it is a whole number of
    at least 0, else :data:`DEFAULT_BUDGET_MB`."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    megabytes = int(raw) if raw.isdigit() else DEFAULT_BUDGET_MB
    return megabytes * 1024 * 1024


def trim(budget: int | None = None) -> int:
    """Remove the least recently used entries (oldest modification time first, see
    :func:`read_cache_file`) until the cache folder's kinds hold at most ``budget`` bytes
    (None: :func:`budget_bytes`); the bytes removed.  Only regular files of this user's inside
    the kinds' folders are counted and removed; a folder that is not safe is left alone."""
    limit = budget_bytes() if budget is None else budget
    root = cache_root()
    uid = os.geteuid()
    entries: list[tuple[float, str, int]] = []
    try:
        kinds = [e for e in os.scandir(root) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return 0
    for kind in kinds:
        try:
            check_private_dir(Path(kind.path))
            files = list(os.scandir(kind.path))
        except (OSError, UnsafeCacheDir):
            continue
        for f in files:
            with contextlib.suppress(OSError):
                st = f.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and st.st_uid == uid:
                    entries.append((st.st_mtime, f.path, st.st_size))
    total = sum(size for _, _, size in entries)
    removed = 0
    for _, path, size in sorted(entries):
        if total - removed <= limit:
            break
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        removed += size
    return removed


def write_cache_file(path: Path, data: bytes) -> None:
    """Write a cache entry atomically as a private file (mode 0600) in its existing folder: a
    fresh temporary file of an unpredictable name, renamed over ``path`` (a symlink there is
    replaced, not followed).  Raises OSError."""
    atomic_write_bytes(path, data, perms=PRIVATE, make_parents=False)
