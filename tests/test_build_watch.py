"""`cardgen watch`: a saved card is rebuilt, a broken save is reported and the watch goes on,
Ctrl-C ends it cleanly."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES, terminal_sigint

from cardgen.build.watch import Rebuild, watch

SMALL = FIXTURES / "render" / "cards"
WAIT = 120  # seconds: generous, the machine may be busy


def _set_cost(deck: Path, cost: int) -> str:
    data = yaml.safe_load(deck.read_text())
    data["cards"][0]["cost"] = cost
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return data["cards"][0]["id"]


@contextmanager
def watching(cards: Path, out: Path, **kwargs) -> Iterator[queue.Queue[Rebuild]]:
    """`watch` on a thread, its builds in the queue yielded; stopped and joined on leaving."""
    builds: queue.Queue[Rebuild] = queue.Queue()
    stop = threading.Event()
    kwargs = {"on_build": builds.put, "stop": stop, **kwargs}
    thread = threading.Thread(target=watch, args=(cards, out), kwargs=kwargs, daemon=True)
    thread.start()
    try:
        yield builds
    finally:
        stop.set()
        thread.join(timeout=WAIT)
    assert not thread.is_alive()


@pytest.fixture
def game(tmp_path):
    shutil.copytree(SMALL, tmp_path / "cards")
    return tmp_path / "cards", tmp_path / "output"


def test_a_saved_card_is_rebuilt_and_a_broken_save_does_not_end_the_watch(game):
    cards, out = game
    with watching(cards, out, only=["cards"], jobs=1) as builds:
        first = builds.get(timeout=WAIT)
        assert first.changed == () and first.error is None and first.report.written
        pnp = out / "cards" / "pnp-a4.pdf"
        before = pnp.read_bytes()

        card = _set_cost(cards / "battle.yaml", 17)
        second = builds.get(timeout=WAIT)
        assert second.changed == ("battle.yaml",) and second.error is None
        assert "cards/pnp-a4.pdf" in second.report.written
        assert any(p.startswith("cards/tts/battle-") for p in second.report.written), card
        assert pnp.read_bytes() != before
        whys = {r.why for r in second.report.results if r.ran}
        assert whys == {f"card {card} changed"}

        deck = cards / "battle.yaml"
        good = deck.read_text()
        deck.write_text(good.replace("season: spring", "season: winter", 1))
        broken = builds.get(timeout=WAIT)
        assert broken.report is None and broken.error.diagnostics
        assert any("winter" in d.message for d in broken.error.diagnostics)
        kept = pnp.read_bytes()

        deck.write_text(good.replace("cost: 17", "cost: 18", 1))
        fixed = builds.get(timeout=WAIT)
        assert fixed.error is None and pnp.read_bytes() != kept


def test_the_watch_goes_on_after_the_catalogue_folder_is_deleted_and_put_back(game, tmp_path):
    """Deleting the catalogue folder (a checkout, a restore from a backup) ended the rebuilds
    for good: the watch on it was gone.  Now the loss is reported, and once the folder is back
    the watch follows the new one."""
    cards, out = game
    backup = tmp_path / "backup"
    shutil.copytree(cards, backup)
    with watching(cards, out, only=["cards"], jobs=1) as builds:
        assert builds.get(timeout=WAIT).error is None
        shutil.rmtree(cards)
        gone = builds.get(timeout=WAIT)
        assert gone.error is not None
        assert any("does not exist" in d.message for d in gone.error.diagnostics)
        shutil.copytree(backup, cards)
        back = builds.get(timeout=WAIT)
        assert back.error is None, back.error
        card = _set_cost(cards / "battle.yaml", 19)
        edited = builds.get(timeout=WAIT)
        assert edited.changed == ("battle.yaml",) and edited.error is None
        assert any(p.startswith("cards/tts/battle-") for p in edited.report.written), card


def test_the_watch_follows_a_folder_deleted_and_put_back_at_once(game, tmp_path):
    """A folder put back within one batch may get the old folder's inode number again, so its
    identity alone does not tell that the watch on it is gone: the deletion event does."""
    cards, out = game
    backup = tmp_path / "backup"
    shutil.copytree(cards, backup)
    with watching(cards, out, only=["cards"], jobs=1) as builds:
        assert builds.get(timeout=WAIT).error is None
        shutil.rmtree(cards)
        shutil.copytree(backup, cards)
        after = builds.get(timeout=WAIT)  # the batch with the deletion
        while True:  # and the builds that follow, until the watch is quiet
            try:
                after = builds.get(timeout=3)
            except queue.Empty:
                break
        assert after.error is None, after.error
        card = _set_cost(cards / "battle.yaml", 21)
        edited = builds.get(timeout=WAIT)
        assert edited.changed == ("battle.yaml",) and edited.error is None
        assert any(p.startswith("cards/tts/battle-") for p in edited.report.written), card


def test_output_inside_the_catalogue_folder_does_not_retrigger(game):
    cards, _ = game
    out = cards / "kit"  # written by the build itself: must not start another
    with watching(cards, out, only=["components"]) as builds:
        assert builds.get(timeout=WAIT).report.written
        with pytest.raises(queue.Empty):
            builds.get(timeout=2)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT")
def test_the_command_prints_what_it_rebuilt_and_stops_on_ctrl_c(game):
    cards, out = game
    cmd = [sys.executable, "-X", "faulthandler", "-m", "cardgen", "watch", str(cards)]
    cmd += ["-o", str(out), "-v"]
    proc = subprocess.Popen(
        [*cmd, "--only", "cards", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=terminal_sigint,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
    errors: list[str] = []  # drained as it comes: a full stderr pipe would block the watch
    drain = threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True)
    drain.start()

    def wait_for(prefix: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line.startswith(prefix):
                return line
        raise AssertionError(f"no line starting {prefix!r}")

    try:
        assert "watching" in wait_for("watching")
        wait_for("built ")
        card = _set_cost(cards / "battle.yaml", 19)
        assert wait_for("battle.yaml changed")
        step = wait_for("  Cards: print-and-play A4")
        assert f"card {card} changed" in step
        assert "files written" in wait_for("rebuilt ")
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:  # where it hangs: faulthandler prints every thread
            proc.send_signal(signal.SIGABRT)
            proc.wait(timeout=WAIT)
            drain.join(timeout=WAIT)
            raise AssertionError("Ctrl-C did not stop the watch:\n" + "".join(errors)) from None
        assert proc.returncode == 0
        drain.join(timeout=WAIT)
        err = "".join(errors)
        assert "Traceback" not in err
        assert f"wrote {out / 'cards' / 'pnp-a4.pdf'}" in err  # -v: the files written
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
