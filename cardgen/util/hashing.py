"""Content hashes of build inputs: data, files and code.  Never timestamps."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # cardgen/


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_data(obj: object) -> str:
    """Hash JSON-able data canonically (sorted keys), so equal data gives equal hashes."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return digest_bytes(text.encode("utf-8"))


def _files_under(path: Path, suffixes: tuple[str, ...] | None) -> list[Path]:
    if path.is_file():
        return [path]
    if not path.is_dir():
        return []
    out = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
        for name in sorted(files):
            if name.endswith(".pyc"):
                continue
            if suffixes is None or name.endswith(suffixes):
                out.append(Path(root) / name)
    return out


@cache
def _file_digest(path: Path, size: int, mtime_ns: int) -> str:
    # size and mtime only key the in-process memo; the digest itself is of the content
    return digest_bytes(path.read_bytes())


def digest_paths(paths: Iterable[Path], suffixes: tuple[str, ...] | None = None) -> str:
    """Hash the names and contents of files, and of every file under the given folders."""
    h = hashlib.sha256()
    for top in map(Path, paths):
        for f in _files_under(top, suffixes):
            st = f.stat()
            h.update(f.relative_to(top).as_posix().encode() if f != top else f.name.encode())
            h.update(_file_digest(f, st.st_size, st.st_mtime_ns).encode())
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
