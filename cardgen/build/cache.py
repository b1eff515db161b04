"""The incremental build cache: per step, the input key and the files it wrote.

Stored as ``.cardgen/cache.json`` in the output folder.  A step is up to date when its key is
unchanged and every file it wrote is still there with the size and content stamp recorded.  The
named digests the key was made of are kept too, so a rebuild can say what changed.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from cardgen.build.steps import PRIVATE_DIR, Output, Step
from cardgen.util.atomic import atomic_write_text
from cardgen.util.hashing import file_digest

CACHE_FILE = f"{PRIVATE_DIR}/cache.json"
LEGACY_CACHE_FILE = ".cardgen-cache.json"  # before the private folder
CACHE_VERSION = 2


@dataclass(frozen=True)
class FileRecord:
    """A written file: its size, modification stamp (to notice edits cheaply) and sha256."""

    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of(cls, path: Path) -> FileRecord:
        st = path.stat()
        return cls(st.st_size, st.st_mtime_ns, file_digest(path))

    def intact(self, path: Path) -> bool:
        try:
            st = path.stat()
        except OSError:
            return False
        return st.st_size == self.size and st.st_mtime_ns == self.mtime_ns


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    outputs: tuple[Output, ...]
    files: dict[str, FileRecord]
    inputs: dict[str, str]

    def intact(self, out_dir: Path) -> bool:
        return all(rec.intact(out_dir / p) for p, rec in self.files.items())

    def why_stale(self, step: Step, out_dir: Path) -> str:
        """Why ``step`` must run again though it ran before: what changed among its inputs
        (cards by id), or which of its files were edited or deleted."""
        if step.key == self.key:
            gone = [p for p, rec in self.files.items() if not rec.intact(out_dir / p)]
            return f"{_listed(gone)} edited or missing" if gone else "outputs changed"
        if not self.inputs or not step.inputs:
            return "inputs changed"
        old, new = self.inputs, step.inputs
        changed = [n for n in new if n in old and old[n] != new[n]]
        parts = []
        for what, names in (
            ("changed", changed),
            ("added", [n for n in new if n not in old]),
            ("removed", [n for n in old if n not in new]),
        ):
            cards = [n.removeprefix("card ") for n in names if n.startswith("card ")]
            cards = [c for c in cards if c != "order"]
            other = [n for n in names if not n.startswith("card ") or n == "card order"]
            if cards:
                noun = "card" if len(cards) == 1 else "cards"
                parts.append(f"{noun} {_listed(cards)} {what}")
            if other:
                parts.append(f"{_listed(other)} {what}")
        return "; ".join(parts) or "inputs changed"


class BuildCache:
    """Step id -> :class:`Entry`, loaded from and saved to the output folder."""

    def __init__(self, out_dir: Path, entries: dict[str, Entry] | None = None, inputs: str = ""):
        self.out_dir = out_dir
        self.entries = entries or {}
        #: digest of every input of the last successful build (the no-change fast path)
        self.inputs = inputs

    @classmethod
    def load(cls, out_dir: Path) -> BuildCache:
        path = out_dir / CACHE_FILE
        with contextlib.suppress(OSError):  # the cache of an older cardgen
            (out_dir / LEGACY_CACHE_FILE).unlink()
        try:
            raw = json.loads(path.read_text("utf-8"))
            if raw.get("version") != CACHE_VERSION:
                return cls(out_dir)
            entries = {
                sid: Entry(
                    e["key"],
                    e["title"],
                    tuple(Output.from_dict(o) for o in e["outputs"]),
                    {p: FileRecord(**r) for p, r in e["files"].items()},
                    dict(e.get("inputs", {})),
                )
                for sid, e in raw["steps"].items()
            }
        except (OSError, ValueError, KeyError, TypeError):
            return cls(out_dir)  # a missing or damaged cache only costs a full rebuild
        return cls(out_dir, entries, str(raw.get("inputs", "")))

    def fresh(self, step_id: str, key: str) -> Entry | None:
        """The cached entry if ``step_id`` with ``key`` needs no rebuild."""
        e = self.entries.get(step_id)
        if e is not None and e.key == key and e.intact(self.out_dir):
            return e
        return None

    def record(self, step: Step, outputs: list[Output]) -> Entry:
        old = self.entries.get(step.id)
        files = {}
        for o in outputs:  # files left untouched keep their record (no re-hashing)
            rec = old.files.get(o.path) if old else None
            path = self.out_dir / o.path
            files[o.path] = rec if rec is not None and rec.intact(path) else FileRecord.of(path)
        entry = Entry(step.key, step.title, tuple(outputs), files, dict(step.inputs))
        self.entries[step.id] = entry
        return entry

    def intact(self, step_ids: list[str] | None = None) -> bool:
        """Whether every file of the given steps (default: all) is still as written."""
        ids = self.entries if step_ids is None else step_ids
        return all(sid in self.entries and self.entries[sid].intact(self.out_dir) for sid in ids)

    def save(self) -> None:
        data = {
            "version": CACHE_VERSION,
            "inputs": self.inputs,
            "steps": {
                sid: {
                    "key": e.key,
                    "title": e.title,
                    "outputs": [o.to_dict() for o in e.outputs],
                    "files": {p: vars(r) for p, r in sorted(e.files.items())},
                    "inputs": e.inputs,
                }
                for sid, e in sorted(self.entries.items())
            },
        }
        # compact: the build saves it after every step it runs, and json's C encoder writes
        # only compact JSON (with an indent it is the pure-Python one, ~20 times slower)
        text = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
        path = self.out_dir / CACHE_FILE
        if not path.is_file() or path.read_text("utf-8") != text:
            atomic_write_text(path, text)


def _listed(names: list[str], most: int = 3) -> str:
    """``a, b and c``, or ``a, b, c and 4 more``."""
    if len(names) > most:
        return f"{', '.join(names[:most])} and {len(names) - most} more"
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
