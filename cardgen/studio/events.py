"""Server-sent events: the studio's threads publish, every open page receives.

Each event has a kind (``state``, ``kit`` …: a view listens to the kinds it shows) and JSON
data.  The newest event of each kind is kept, so a page that connects (or reconnects) gets
the current state at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

#: Seconds between keep-alive comments on an idle stream.
KEEPALIVE = 15.0


class Broker:
    """Publishes events from any thread to the event streams of the open pages."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: set[tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = set()
        self._latest: dict[str, str] = {}
        self._closed = False

    def publish(self, kind: str, data: Any) -> None:
        """Send ``data`` (JSON-able) as an event of ``kind`` to every stream."""
        message = f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
        with self._lock:
            self._latest[kind] = message
            streams = list(self._streams)
        for loop, queue in streams:
            _post(loop, queue, message)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        with self._lock:
            self._closed = True
            streams = list(self._streams)
        for loop, queue in streams:
            _post(loop, queue, None)

    async def stream(self) -> AsyncIterator[str]:
        """The events of one page: the newest of each kind, then each as it is published."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        with self._lock:
            if self._closed:
                return
            self._streams.add((loop, queue))
            latest = list(self._latest.values())
        try:
            yield "retry: 1000\n\n"
            for message in latest:
                yield message
            while True:
                try:
                    item = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if item is None:
                    return
                yield item
        finally:
            with self._lock:
                self._streams.discard((loop, queue))


def _post(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, message: str | None) -> None:
    with contextlib.suppress(RuntimeError):  # the loop is closed: the server stopped
        loop.call_soon_threadsafe(queue.put_nowait, message)
