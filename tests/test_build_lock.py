"""One build at a time per output folder: a second build waits briefly for the first, or stops
with a message naming the folder; it never breaks the first.  What an interrupted build left
(staging folders, half-written files) is gone after the next build."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from conftest import FIXTURES

from cardgen.build import pipeline
from cardgen.build.pipeline import BuildError, build
from cardgen.build.steps import PRIVATE_DIR

SMALL = FIXTURES / "render" / "cards"

_HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.write(fd, b"4242")
print("held", flush=True)
time.sleep(120)
"""


@pytest.fixture
def cards(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(SMALL, tmp_path / "cards")
    return tmp_path / "cards"


def test_a_build_stops_with_a_message_while_another_holds_the_folder(cards, monkeypatch):
    out = cards.parent / "output"
    (out / PRIVATE_DIR).mkdir(parents=True)
    monkeypatch.setattr(pipeline, "LOCK_WAIT", 0.5)
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(out / PRIVATE_DIR / "lock")], stdout=subprocess.PIPE
    )
    try:
        assert holder.stdout.readline().strip() == b"held"
        with pytest.raises(BuildError) as err:
            build(cards, out, only=["components"])
        message = str(err.value)
        assert str(out) in message and "being built by another cardgen" in message
        assert "process 4242" in message
        assert not list(out.glob("components/*"))  # it wrote nothing
    finally:
        holder.kill()
        holder.wait()
    assert build(cards, out, only=["components"]).written  # the holder is gone: it goes ahead


def test_two_builds_into_one_folder_a_moment_apart(cards):
    """The second build waits for the first, then finds the kit built and writes nothing (or,
    after the wait, stops with a message); the first finishes either way, and the kit is
    whole.  Without the lock the two ran side by side, each writing the same files, the second
    deleting the first's staging folder."""
    out = cards.parent / "output"
    cmd = [sys.executable, "-m", "cardgen", "build", str(cards), "-o", str(out), "-v"]
    cmd += ["--only", "cards", "--jobs", "1"]
    first = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120  # start the second once the first is writing
    while not list(out.glob(".stage-*")) and first.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    second = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    _, first_err = first.communicate(timeout=300)
    assert first.returncode == 0, first_err
    assert "Traceback" not in first_err + second.stderr
    if second.returncode == 0:
        assert "rebuilt" not in second.stderr  # it waited: every step was up to date
    else:
        assert "being built by another cardgen" in second.stderr and str(out) in second.stderr
    assert (out / "manifest.json").is_file()
    assert not list(out.glob(".stage-*")), [list(p.rglob("*"))[:5] for p in out.glob(".stage-*")]


def test_what_an_interrupted_build_left_is_removed_by_the_next(cards):
    out = cards.parent / "output"
    build(cards, out, only=["components"])
    stage = out / ".stage-killed"
    (stage / "components").mkdir(parents=True)
    (stage / "components" / "half.pdf").write_bytes(b"%PDF-")
    half = out / "components" / ".player-boards-a4.pdf.x1y2z3.tmp"
    half.write_bytes(b"%PDF-")
    assert build(cards, out, only=["components"]).written == []  # nothing else to do
    assert not stage.exists() and not half.exists()
    leftovers = [p for p in out.rglob("*") if p.name.endswith(".tmp") or ".stage-" in str(p)]
    assert leftovers == []
    assert os.listdir(out / PRIVATE_DIR)  # the build's own folder stays


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_a_terminated_build_removes_its_staging_folder_at_once(cards):
    """SIGTERM (what `kill` and CI timeouts send) ends a build as an error would: its workers
    stopped, its staging folder removed."""
    out = cards.parent / "output"
    cmd = [sys.executable, "-m", "cardgen", "build", str(cards), "-o", str(out), "-q"]
    proc = subprocess.Popen([*cmd, "--only", "cards", "--jobs", "2"], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(out.glob(".stage-*")) and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    proc.terminate()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert b"Traceback" not in err
    assert not list(out.glob(".stage-*")), [list(p.rglob("*"))[:5] for p in out.glob(".stage-*")]


def test_a_library_re_raising_the_termination_keeps_its_exit_status():
    """reportlab's ImageReader catches everything and re-raises it re-made with its own message;
    a SIGTERM arriving there still exits 128 + SIGTERM, silently (the CI run that exited 1
    printing ``identity=[ImageReader...] 143``)."""
    from reportlab.lib.utils import annotateException

    from cardgen.cli import Terminated, _terminated

    with pytest.raises(SystemExit) as caught:
        try:
            _terminated(signal.SIGTERM, None)
        except BaseException:
            annotateException("\nidentity=[ImageReader]")
    assert isinstance(caught.value, Terminated)
    assert caught.value.code == 128 + signal.SIGTERM
