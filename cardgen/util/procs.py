"""Worker processes that end with the process that started them, however it ends.

A worker calls :func:`die_with_parent` first thing.  On Linux the kernel then sends it SIGKILL
when its parent ends (``PR_SET_PDEATHSIG``), SIGKILL of the parent included; elsewhere a watch
thread notices it was orphaned.  So killing a command (``kill``, ``kill -9``, a CI timeout)
never leaves its workers running and writing.

This module imports only the standard library: a worker starts fast.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

#: How often a worker outside Linux checks that its parent still lives (seconds).
WATCH_INTERVAL = 0.2
_PR_SET_PDEATHSIG = 1


def die_with_parent(ppid: int) -> None:
    """End this process as soon as its parent ``ppid`` is gone."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.name != "posix":  # pragma: no cover - no reparenting to watch; pipes close
        return
    if os.getppid() != ppid:  # the parent died before the signal was set
        os._exit(1)

    def watch() -> None:
        while os.getppid() == ppid:
            time.sleep(WATCH_INTERVAL)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def worker_setup(ppid: int) -> None:
    """What a worker of a pool does first: die with its parent ``ppid``, and leave Ctrl-C
    (which reaches the whole process group) to the parent, which stops the pool."""
    die_with_parent(ppid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
