"""Content hashes of build inputs: data, files and code.  Never timestamps."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from cardgen.util.files import file_kind

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # cardgen/


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_data(obj: object) -> str:
    """Hash JSON-able data canonically (sorted keys), so equal data gives equal hashes."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return digest_bytes(text.encode("utf-8"))


def _skip_dir(name: str) -> bool:
    return name.startswith((".", "__pycache__"))


def _entries(top: str, rel: str, suffixes: tuple[str, ...] | None) -> Iterator[tuple[str, str]]:
    """``(relative path, absolute path)`` of every file under the folder ``top`` (anything but a
    folder: symlinks, FIFOs… too), by name, a folder's files before its subfolders (as
    ``os.walk``); hidden folders, ``__pycache__`` and ``.pyc`` files are left out."""
    try:
        with os.scandir(top) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return
    dirs = []
    for e in entries:
        if e.is_dir(follow_symlinks=False):
            if not _skip_dir(e.name):
                dirs.append(e)
            continue
        if e.name.endswith(".pyc") or (suffixes is not None and not e.name.endswith(suffixes)):
            continue
        yield f"{rel}{e.name}", e.path
    for d in dirs:
        yield from _entries(d.path, f"{rel}{d.name}/", suffixes)


@cache
def _file_digest(path: str, size: int, mtime_ns: int, ino: int) -> str | None:
    # the stat only keys the in-process memo; the digest itself is of the content
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for a FIFO since it was stat'ed
            return None
        h = hashlib.sha256()
        while block := os.read(fd, 1 << 20):
            h.update(block)
        return h.hexdigest()
    finally:
        os.close(fd)


def _path_digest(path: str) -> str:
    """The content digest of a regular file; for anything else what it is (never opened)."""
    try:
        st = os.stat(path)
    except OSError:
        return file_kind(path)
    if not stat.S_ISREG(st.st_mode):
        return file_kind(path)
    return _file_digest(path, st.st_size, st.st_mtime_ns, st.st_ino) or "unreadable"


def digest_paths(paths: Iterable[Path], suffixes: tuple[str, ...] | None = None) -> str:
    """Hash the names and contents of files, and of every file under the given folders.

    Only regular files are read: a FIFO, socket, device or broken symlink is hashed as what it
    is, so hashing never blocks and never fails (the reader of the file reports it).  A path
    that does not exist adds nothing."""
    h = hashlib.sha256()
    for top in map(os.fspath, paths):
        try:
            is_dir = stat.S_ISDIR(os.stat(top).st_mode)
        except OSError:
            if not os.path.islink(top):
                continue  # a missing path
            is_dir = False
        found = _entries(top, "", suffixes) if is_dir else [(os.path.basename(top), top)]
        for rel, full in found:
            h.update(f"{rel}\0{_path_digest(full)}\0".encode())
    return h.hexdigest()


@cache
def code_digest(*packages: str) -> str:
    """Hash the code and data files of ``cardgen`` sub-packages (``"render"``, ``"docs"`` …);
    computed once per process (the code a process runs does not change under it)."""
    return digest_paths([PACKAGE_ROOT / p for p in packages])


def file_digest(path: Path) -> str:
    """sha256 of one file's content."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@cache
def environment_digest() -> str:
    """Hash the Python version and the installed distributions with their versions (the names
    of the ``*.dist-info`` folders on ``sys.path``): a library upgrade changes it.  Computed
    once per process, without importing anything."""
    import sys

    names: set[str] = set()
    for entry in sys.path:
        with contextlib.suppress(OSError):
            names.update(n for n in os.listdir(entry or ".") if n.endswith(".dist-info"))
    return digest_data([sys.version, sorted(names)])
