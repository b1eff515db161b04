"""Helpers of the tests that break a private copy of a catalogue and look where it is reported,
in process or through a cardgen subprocess."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any


def copy_catalogue(src: Path, tmp_path: Path) -> Path:
    """A private copy of the catalogue folder ``src`` (``tmp_path/cards``), to break."""
    dest = tmp_path / "cards"
    shutil.copytree(src, dest)
    return dest


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` of the file by ``new`` (``old`` must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture no longer contains {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """The number of the first line of the file holding ``needle``."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def run_cardgen(*args: str, timeout: float = 300, **popen: Any) -> subprocess.CompletedProcess:
    """A cardgen command in a subprocess (``popen``: its ``env``, ``cwd``); a hang fails the
    test (TimeoutExpired)."""
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        **popen,
    )


def unprivileged(cmd: list[str]) -> list[str]:
    """``cmd`` as a process that file permissions hold: as it is when the tests do not run as
    root, else under ``setpriv`` without the capabilities that let root write into a read-only
    folder (it stays root, so it reads the packages this Python has, whoever installed them)."""
    import os

    if os.geteuid() != 0:
        return cmd
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", *cmd]


def code_env(**extra: str) -> dict[str, str]:
    """This process's environment, with the cardgen under test first on ``PYTHONPATH`` (a
    child run from another folder imports it, not whichever cardgen is installed)."""
    import os

    import cardgen

    root = str(Path(cardgen.__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, **extra}


def shared_work_dir() -> Path:
    """A fresh folder for :func:`unprivileged` commands; the caller removes it."""
    import tempfile

    work = Path(tempfile.mkdtemp(prefix="cardgen-test-"))
    work.chmod(0o755)
    return work
