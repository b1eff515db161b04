"""Killing `cardgen simulate` kills its worker pool: after SIGKILL no worker (nor anything else
it started, e.g. multiprocessing's resource tracker) runs on, and no temporary folder stays;
Ctrl-C stops the pool at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import CARDS, alive, sigkill_family, terminal_sigint

psutil = pytest.importorskip("psutil")
pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals")


def _start(tmp, **kwargs) -> subprocess.Popen:
    """A long simulation on two workers, with its own temporary folder."""
    env = {**os.environ, "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp)}
    cmd = [sys.executable, "-m", "cardgen", "simulate", str(CARDS), "--games", "200000"]
    cmd += ["--workers", "2", "--chunk-size", "20", "-q"]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, **kwargs)


def _family_when_busy(proc: subprocess.Popen) -> list:
    """The process's descendants once both workers are playing."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        family = psutil.Process(proc.pid).children(recursive=True)
        if len(family) >= 2:
            return family
        time.sleep(0.05)
    raise AssertionError("never caught it simulating")


@pytest.mark.parametrize("busy_for", [0.0, 0.7, 1.5])
def test_a_killed_simulation_leaves_no_process_and_no_temporary_folder(tmp_path, busy_for):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = _start(tmp)
    try:
        _family_when_busy(proc)
        time.sleep(busy_for)  # killed at another moment of its run in each trial
        survivors = sigkill_family(proc)
        assert not survivors, [p.pid for p in survivors]
        assert sorted(p.name for p in tmp.iterdir()) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_stops_the_pool_at_once(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = _start(
        tmp,
        start_new_session=True,  # its own process group, as a shell gives a command
        preexec_fn=terminal_sigint,
    )
    family: list = []
    try:
        family = _family_when_busy(proc)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group
        proc.wait(timeout=30)  # not the rest of the 200000 games
        assert proc.returncode != 0
        deadline = time.monotonic() + 10
        while alive(family) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(family)
    finally:
        for p in alive(family):
            p.kill()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
