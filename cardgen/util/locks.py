"""An exclusive lock on a folder, held by one process at a time (``flock`` on a lock file).

The kernel releases it when its holder ends, however it ends (SIGKILL included), so a lock is
never left behind.  The lock file records the holder's process id for the message a waiting
process gives up with.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no lock
    fcntl = None  # type: ignore[assignment]


class LockBusy(Exception):
    """The lock is held by another process (``holder``: its process id, if known)."""

    def __init__(self, path: Path, holder: int | None):
        self.path = path
        self.holder = holder
        by = f"process {holder}" if holder else "another process"
        super().__init__(f"{path} is locked by {by}")


def _holder(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        return int(os.pread(fd, 32, 0).decode().strip() or 0) or None
    return None


@contextlib.contextmanager
def exclusive_lock(path: Path, *, wait: float = 0.0, poll: float = 0.1) -> Iterator[None]:
    """Hold the lock file ``path`` (created, mode 0600, its folder made) for the ``with`` block;
    wait up to ``wait`` seconds for another holder to let go, then raise :class:`LockBusy`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o600)
    try:
        if fcntl is not None:
            deadline = time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LockBusy(path, _holder(fd)) from None
                    time.sleep(poll)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock
