"""A shipped game's scenario file edited in a copy of the game, for the tests that prove a
scenario fails where it should (a wrong expectation, a typo) at the line of the edit."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from cardgen.engine.scenario import run_file


def mutated(game: Path, tmp_path: Path, name: str, old: str, new: str) -> tuple[Any, int]:
    """Scenario ``name`` of a copy of ``game`` (its folder holding ``scenarios/``) with ``old``
    replaced by ``new``, run; and the line ``new`` starts on."""
    root = tmp_path / "game"
    shutil.copytree(game, root)
    path = root / "scenarios" / name
    text = path.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text)
    return run_file(path), changed_line(text, old, new)


def changed_line(text: str, old: str, new: str) -> int:
    """The line of ``text`` where ``new`` (which replaced ``old``) first differs from it."""
    k = min(len(old), len(new))
    k = next((i for i in range(k) if old[i] != new[i]), k)
    k += new[k : k + 1] == "\n"
    return text[: text.index(new) + k].count("\n") + 1
