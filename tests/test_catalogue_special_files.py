"""Only regular files are read from a catalogue folder: a FIFO, socket or broken symlink is a
diagnostic naming it, never a hang or a traceback (validate, render, build, schema)."""

from __future__ import annotations

import os
import shutil
import signal
import socket

import pytest
from conftest import FIXTURES

from cardgen.build.pipeline import BuildError, build, input_digest
from cardgen.catalogue import validate
from cardgen.util.hashing import digest_paths

SMALL = FIXTURES / "render" / "cards"


class Hung(BaseException):
    """Raised in a command blocked on a FIFO (a BaseException: no handler swallows it)."""


@pytest.fixture(autouse=True)
def no_hang():
    """A command that blocks (on a FIFO) fails the test after a minute instead of hanging."""

    def on_alarm(*_):
        raise Hung("the command hung")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _make(path, kind: str) -> str:
    """Put a FIFO, a socket or a broken symlink at ``path``; what the message calls it."""
    if kind == "FIFO":
        os.mkfifo(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(os.fspath(path))
        sock.close()
    else:
        path.symlink_to(path.parent / "nowhere")
    return kind


@pytest.fixture
def cards(tmp_path, fixture_catalogue, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    shutil.copytree(fixture_catalogue, tmp_path / "cards")
    return tmp_path / "cards"


@pytest.mark.parametrize("kind", ["FIFO", "socket", "broken symlink"])
@pytest.mark.parametrize("name", ["extra.yaml", "rules.yaml", "layout.yaml"])
def test_validate_names_a_special_file(runner, app, cards, kind, name):
    if name == "rules.yaml":
        (cards / name).unlink()
    _make(cards / name, kind)
    result = runner.invoke(app, ["validate", "cards"])
    assert result.exit_code == 1, result.output
    assert f"cards/{name}" in result.output and "E001" in result.output
    assert kind in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_render_and_build_refuse_a_fifo_card_file(runner, app, cards):
    _make(cards / "extra.yaml", "FIFO")
    for command in (["render", "cards", "-p", "pnp"], ["build", "cards", "--only", "components"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, result.output
        assert "cards/extra.yaml" in result.output and "FIFO" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (cards.parent / "output").exists()


def test_schema_names_a_fifo_rules_file(runner, app, cards):
    (cards / "rules.yaml").unlink()
    _make(cards / "rules.yaml", "FIFO")
    result = runner.invoke(app, ["schema", "cards"])
    assert result.exit_code == 1 and "FIFO" in result.output


def test_files_no_command_reads_are_hashed_without_reading(tmp_path, monkeypatch):
    """A FIFO or broken symlink among files nobody reads (notes, old art) changes nothing:
    hashing the folder for the build's key never opens them."""
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    cards, out = tmp_path / "cards", tmp_path / "output"
    shutil.copytree(SMALL, cards)
    before = digest_paths([cards])
    _make(cards / "notes.txt", "FIFO")
    _make(cards / "art" / "old.png", "broken symlink")
    assert digest_paths([cards]) != before
    assert input_digest(cards, "a4", None)
    assert validate(cards).ok
    report = build(cards, out, only=["components"])
    assert report.written


def test_a_broken_symlink_card_file_fails_the_build_with_its_name(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    shutil.copytree(SMALL, cards)
    _make(cards / "extra.yaml", "broken symlink")
    with pytest.raises(BuildError) as err:
        build(cards, tmp_path / "output", only=["components"])
    (diag,) = err.value.diagnostics
    assert diag.code == "E001" and "broken symlink" in diag.message
    assert diag.position.file.endswith("extra.yaml")
