"""Atomic writes: the old file stays whole until the new one is complete; no temp files left."""

from __future__ import annotations

import pytest

from cardgen.util.atomic import atomic_open, atomic_write_bytes


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(tmp_path):
    target = tmp_path / "out" / "deck.pdf"
    atomic_write_bytes(target, b"old complete file")
    with pytest.raises(RuntimeError), atomic_open(target) as fh:
        fh.write(b"half of the new")
        assert target.read_bytes() == b"old complete file"  # not touched while writing
        raise RuntimeError("renderer crashed")
    assert target.read_bytes() == b"old complete file"
    assert [p.name for p in target.parent.iterdir()] == ["deck.pdf"]


def test_a_write_replaces_the_file_and_creates_its_folder(tmp_path):
    target = tmp_path / "a" / "b" / "card.png"
    atomic_write_bytes(target, b"1")
    atomic_write_bytes(target, b"22")
    assert target.read_bytes() == b"22"
    assert [p.name for p in target.parent.iterdir()] == ["card.png"]
    assert target.stat().st_mode & 0o777 == 0o644  # readable like any other output
