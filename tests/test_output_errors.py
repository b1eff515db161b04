"""Every output that cannot be written (not a folder, a folder, read-only, disk full) is a
diagnostic naming it and exit 1, never a traceback: build, render, appendix -o, play -o,
simulate -o, export -o, schema -o."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil

import pytest
from conftest import CARDS, FIXTURES

from cardgen.util import atomic

SMALL = FIXTURES / "render" / "cards"


def _commands(out) -> dict[str, list[str]]:
    """Each command writing to ``out`` (a folder for build, render and appendix, else a file)."""
    cat, small, real = str(FIXTURES / "catalogue"), str(SMALL), str(CARDS)
    return {
        "build": ["build", small, "-o", str(out), "--only", "components"],
        "render": ["render", cat, "-o", str(out), "-p", "pnp", "--paper", "a4"],
        "appendix": ["appendix", cat, "-o", str(out), "-f", "md"],
        "play": ["play", real, "--seed", "1", "-o", str(out)],
        "simulate": ["simulate", real, "--games", "2", "--players", "2", "-o", str(out)],
        "export": ["export", cat, "-o", str(out)],
        "schema": ["schema", cat, "-o", str(out)],
    }


COMMANDS = list(_commands("x"))
FOLDER_OUTPUTS = ("build", "render", "appendix")


def _failed_cleanly(result, *words: str) -> None:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@pytest.fixture
def work(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", COMMANDS)
def test_an_output_of_the_wrong_kind(runner, app, work, command):
    """A folder output where a file is, a file output where a folder is, or under a file."""
    blocker = work / "taken"
    if command in FOLDER_OUTPUTS:
        blocker.write_text("a file")
        out = blocker
    else:
        blocker.mkdir()
        out = blocker
    result = runner.invoke(app, _commands(out)[command])
    what = "is a file, not a folder" if command in FOLDER_OUTPUTS else "is a folder, not a file"
    _failed_cleanly(result, str(out), what)
    if command not in FOLDER_OUTPUTS:  # a file output under a file
        (work / "notes.txt").write_text("")
        result = runner.invoke(app, _commands(work / "notes.txt" / "x.json")[command])
        _failed_cleanly(result, "notes.txt", "is a file, not a folder")


def _failing_writes(monkeypatch, under, code: int) -> None:
    """Every atomic write under ``under`` fails with ``code`` (ENOSPC: a full disk) once its
    bytes are written: the writer is monkeypatched, nothing else."""
    real = atomic.atomic_open

    @contextlib.contextmanager
    def failing(path, *args, **kwargs):
        if not os.path.abspath(path).startswith(os.fspath(under)):
            with real(path, *args, **kwargs) as fh:
                yield fh
            return
        with real(path, *args, **kwargs) as fh:
            yield fh
            raise OSError(code, os.strerror(code), os.fspath(path))

    monkeypatch.setattr(atomic, "atomic_open", failing)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk(runner, app, work, monkeypatch, command):
    out = work / ("out" if command in FOLDER_OUTPUTS else "out.txt")
    _failing_writes(monkeypatch, out, errno.ENOSPC)
    result = runner.invoke(app, _commands(out)[command])
    _failed_cleanly(result, "no space left on the device")
    leftovers = [p for p in work.rglob("*.tmp")]
    assert leftovers == []  # no half-written file stays behind


@pytest.mark.parametrize("command", ["build", "render", "appendix", "export"])
def test_a_read_only_file_system(runner, app, work, monkeypatch, command):
    out = work / ("out" if command in FOLDER_OUTPUTS else "out.txt")
    _failing_writes(monkeypatch, out, errno.EROFS)
    result = runner.invoke(app, _commands(out)[command])
    _failed_cleanly(result, "read-only")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_folder(command):
    """In a child process file permissions hold (a root run drops the capabilities that let
    root write into a read-only folder), so root and other users run the same test."""
    import subprocess
    import sys

    from catalogue_edits import code_env, shared_work_dir, unprivileged

    work = shared_work_dir()
    try:
        folder = work / "locked"
        folder.mkdir(mode=0o555)
        folder.chmod(0o555)
        out = folder / ("out" if command in FOLDER_OUTPUTS else "out.txt")
        cmd = unprivileged([sys.executable, "-m", "cardgen", *_commands(out)[command]])
        env = code_env(CARDGEN_CACHE_DIR=str(work / "cache"))
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=600, env=env, cwd=work, check=False
        )
        assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
        assert proc.returncode == 1 and "permission denied" in proc.stderr, proc.stderr[-3000:]
        assert list(folder.iterdir()) == []
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_render_refuses_what_validate_refuses(runner, app, work):
    """An error only the pack's engine checks find (an unaffordable card) stops render as it
    stops validate and build (before, render checked the schema and the preflight only)."""
    cards = work / "cards"
    shutil.copytree(FIXTURES / "catalogue", cards)
    deck = cards / "battle.yaml"
    deck.write_text(
        deck.read_text().replace("type: building, cost: 3,", "type: building, cost: 30,")
    )
    for command in (["validate", "cards"], ["render", "cards", "-p", "pnp"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "E301" in result.output, result.output
    assert not (work / "output").exists()
