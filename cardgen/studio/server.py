"""Run the studio: the session, and the web app on 127.0.0.1 (uvicorn), until Ctrl-C."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path

from cardgen.studio.session import Studio

HOST = "127.0.0.1"


def bind(port: int = 0) -> socket.socket:
    """A listening socket on 127.0.0.1: ``port``, or a free one when 0.  TCP named as its
    protocol, and no Nagle delay: asyncio turns it off only on sockets that name TCP, and
    with it each picture on a kept-alive connection waited ~40 ms for the browser's ACK."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((HOST, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(False)
    return sock


def url_of(sock: socket.socket) -> str:
    return f"http://{HOST}:{sock.getsockname()[1]}/"


def serve(
    cards: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    port: int = 0,
    paper: str = "a4",
    jobs: int | None = None,
    open_browser: bool = False,
    on_ready: Callable[[str], None] = lambda url: None,
    log_requests: bool = False,
) -> None:
    """Serve the studio of ``cards`` (its output in ``out``) until interrupted (Ctrl-C or
    SIGTERM); ``on_ready`` gets the URL once the server listens.  Everything it started (the
    watch, the kit build and their worker processes) is stopped before it returns."""
    sock = bind(port)
    url = url_of(sock)
    studio = Studio(Path(cards), Path(out), paper=paper, jobs=jobs)
    try:
        studio.start()
        with _server(studio, sock, log_requests) as thread:
            on_ready(url)
            if open_browser:
                webbrowser.open(url)
            thread.join()
    finally:
        studio.stop()
        sock.close()


@contextlib.contextmanager
def _server(studio: Studio, sock: socket.socket, log: bool) -> Iterator[threading.Thread]:
    """uvicorn serving the app on ``sock`` in the main thread's place: it runs in a thread,
    and the main thread waits for it, so Ctrl-C reaches the main thread as ever."""
    import uvicorn

    from cardgen.studio.app import create_app

    config = uvicorn.Config(
        create_app(studio),
        log_level="info" if log else "warning",
        access_log=log,
        timeout_graceful_shutdown=1,
        lifespan="off",
    )
    server = uvicorn.Server(config)
    started = threading.Event()

    async def run_until_stopped() -> None:
        task = asyncio.ensure_future(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.01)
        started.set()
        await task

    def run() -> None:
        try:
            asyncio.run(run_until_stopped())
        finally:
            started.set()

    thread = threading.Thread(target=run, name="studio-server", daemon=True)
    thread.start()
    started.wait()
    try:
        yield thread
    finally:
        studio.events.close()
        server.should_exit = True
        thread.join(timeout=5)
