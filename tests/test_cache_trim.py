"""The cache folder is kept within its budget: least recently used entries go first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.docs.pdf_chunks import LOCK_SLOTS
from cardgen.util import store as cache_dirs
from cardgen.util.store import private_cache_dir, read_cache_file, trim


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(root))
    monkeypatch.delenv(cache_dirs.BUDGET_ENV, raising=False)
    return root


def _entry(kind: str, name: str, size: int, used: float) -> Path:
    folder = private_cache_dir(kind)
    assert folder is not None
    path = folder / name
    path.write_bytes(b"x" * size)
    os.utime(path, (used, used))
    return path


def test_trim_removes_the_least_recently_used_entries_of_every_kind_first(cache: Path) -> None:
    old = _entry("pdf-chunks", "a.json", 400, used=1_000)
    middle = _entry("checks", "b.json", 400, used=2_000)
    new = _entry("pdf-chunks", "c.json", 400, used=3_000)
    assert trim(budget=900) == 400
    assert not old.exists() and middle.exists() and new.exists()
    assert trim(budget=900) == 0  # within the budget: nothing more goes
    assert trim(budget=0) == 800
    assert not middle.exists() and not new.exists()


def test_an_entry_read_counts_as_used(cache: Path) -> None:
    first = _entry("icons", "first.json", 300, used=1_000)
    second = _entry("icons", "second.json", 300, used=2_000)
    assert read_cache_file(first) == b"x" * 300  # now the most recently used
    trim(budget=300)
    assert first.exists() and not second.exists()


def test_trim_leaves_what_is_not_a_private_entry_of_this_user(cache: Path) -> None:
    entry = _entry("icons", "kept.json", 100, used=1_000)
    elsewhere = cache.parent / "designer-file.txt"
    elsewhere.write_text("mine")
    (entry.parent / "link.json").symlink_to(elsewhere)
    open_folder = cache / "open"
    open_folder.mkdir(mode=0o777)
    open_folder.chmod(0o777)  # not private: never read from, never trimmed
    (open_folder / "x.json").write_bytes(b"y" * 100)
    (cache / "stray.json").write_bytes(b"z" * 100)  # beside the kinds' folders
    assert trim(budget=0) == 100
    assert not entry.exists()
    assert elsewhere.read_text() == "mine" and (entry.parent / "link.json").is_symlink()
    assert (open_folder / "x.json").exists() and (cache / "stray.json").exists()


@pytest.mark.parametrize(
    ("value", "megabytes"), [("3", 3), ("0", 0), ("", 512), ("-1", 512), ("lots", 512)]
)
def test_the_budget_comes_from_the_environment(
    cache: Path, monkeypatch: pytest.MonkeyPatch, value: str, megabytes: int
) -> None:
    monkeypatch.setenv(cache_dirs.BUDGET_ENV, value)
    assert cache_dirs.budget_bytes() == megabytes * 1024 * 1024


def test_a_missing_cache_folder_trims_nothing(cache: Path) -> None:
    assert not cache.exists()
    assert trim(budget=0) == 0


def test_a_build_trims_the_cache_to_its_budget(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgen.build.pipeline import build

    cards = Path(__file__).parent / "fixtures" / "plain"
    build(cards, tmp_path / "kept")
    kept = [p for p in cache.rglob("*.json") if p.is_file()]
    assert kept  # within the default budget the entries stay
    monkeypatch.setenv(cache_dirs.BUDGET_ENV, "0")
    build(cards, tmp_path / "trimmed")
    # every entry goes; a document chunk's lock file is one of a fixed few slots (another
    # process may hold it), never an entry
    locks = [p for p in cache.rglob("*") if p.is_file() and p.parent.name == "locks"]
    assert not [p for p in cache.rglob("*") if p.is_file() and p not in locks]
    assert all(p.suffix == ".lock" for p in locks) and len(locks) <= LOCK_SLOTS
