"""The one cache store: data kept between runs in a private folder, under content keys.

``$CARDGEN_CACHE_DIR/<kind>`` when that variable is set, else ``$XDG_CACHE_HOME/cardgen/<kind>``
(``~/.cache/cardgen/<kind>``).  Entries are keyed by content hashes, never by timestamps, so
deleting the folder only costs time.  A :class:`Store` is one kind of entries; its
:meth:`Store.keep` wraps a pure function from outside (the key names everything the value is
made from), and :func:`trim` keeps the whole folder within its size budget.

The store holds data only (JSON, or bytes a caller checks), never code, and only in folders
that are the user's own: the cache folder and each kind's folder are made with mode 0700, and
an existing one is used only if it is a folder owned by the user that no one else may read or
write.  Otherwise cardgen says so once on stderr and works without the cache (the store keeps
nothing).  An entry is read only as a regular file of the user's (never through a symlink, never
a FIFO), is used only if it names the kind, version and very key it was asked for, and is
written as a private temporary file renamed over the entry, so a killed or concurrent writer
never leaves a half-written entry.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

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


def private_cache_dir(kind: str) -> Path | None:
    """The checked private cache folder for entries of ``kind``, created if missing; None (and
    a line on stderr saying why, once per process) when it is not safe to use."""
    root = cache_root()
    folder = root / kind
    try:
        _make_private(root)
        _make_private(folder)
    except UnsafeCacheDir as exc:
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


#: what every entry says it is (:meth:`Store.get`); bump VERSION when the envelope changes
FORMAT = "cardgen-cache"
VERSION = 2
T = TypeVar("T")


class Store:
    """The entries of one ``kind`` in the private cache folder, or in ``folder`` (an output's
    private folder); none when the folder is refused or ``use`` is false: then :meth:`get`
    finds nothing and :meth:`put` keeps nothing."""

    def __init__(self, kind: str, *, folder: Path | None = None, use: bool = True) -> None:
        self.kind = kind
        self.folder = None if not use else folder if folder is not None else private_cache_dir(kind)

    def path(self, name: str) -> Path | None:
        """The file of the entry called ``name`` (its key, unless the caller names it)."""
        return None if self.folder is None else self.folder / f"{name}.json"

    def get(self, key: str, name: str | None = None) -> dict[str, Any] | None:
        """The body of the entry stored under ``key`` (in the file ``name``, default the key):
        a regular file of the user's that parses as JSON, of this kind and version, holding
        this very key (an entry renamed or swapped in from elsewhere is refused); else None."""
        path = self.path(name or key)
        raw = read_cache_file(path) if path is not None else None
        if raw is None:
            return None
        try:
            data = json.loads(raw)
        except ValueError:  # not JSON, not UTF-8
            return None
        if (
            type(data) is not dict
            or data.get("format") != FORMAT
            or data.get("kind") != self.kind
            or data.get("version") != VERSION
            or data.get("key") != key
        ):
            return None
        return data

    def put(self, key: str, body: dict[str, Any], name: str | None = None) -> bool:
        """Store ``body`` under ``key`` (best effort: a value JSON cannot hold, or a folder that
        cannot be written, only costs the next run its time)."""
        path = self.path(name or key)
        if path is None:
            return False
        data = {"format": FORMAT, "kind": self.kind, "version": VERSION, "key": key, **body}
        try:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            return False
        with contextlib.suppress(OSError):
            write_cache_file(path, text.encode("utf-8"))
            return True
        return False

    def keep(self, key: str, make: Callable[[], T], sound: Callable[[Any], bool]) -> T:
        """What the pure function ``make`` gives, kept under ``key`` (the digest of everything
        it is made from): the stored value if ``sound`` accepts it, else ``make()`` stored."""
        entry = self.get(key)
        if entry is not None and sound(entry.get("value")):
            return entry["value"]
        value = make()
        self.put(key, {"value": value})
        return value
