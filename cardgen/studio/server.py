"""Run the studio: the session, and the web app on 127.0.0.1 (uvicorn), until Ctrl-C; opened
to a group of playtesters, on one more address too (see :mod:`.guests`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path

from cardgen.studio.guests import Group
from cardgen.studio.session import Studio

HOST = "127.0.0.1"


def bind(port: int = 0, host: str = HOST) -> socket.socket:
    """A listening socket on ``host`` (127.0.0.1): ``port``, or a free one when 0.  TCP named
    as its protocol, and no Nagle delay: asyncio turns it off only on sockets that name TCP,
    and with it each picture on a kept-alive connection waited ~40 ms for the browser's ACK."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(False)
    return sock


def url_of(sock: socket.socket) -> str:
    return f"http://{HOST}:{sock.getsockname()[1]}/"


def group_address(address: str) -> str:
    """``address`` as the group's: one IPv4 address of this machine's interfaces (not a name,
    not every interface; the Host check reads no IPv6 address); ValueError saying why not."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        raise ValueError(f"--bind {address}: an IP address (192.168.1.20), not a name") from None
    if ip.version != 4:
        raise ValueError(f"--bind {address}: an IPv4 address (192.168.1.20)")
    if ip.is_unspecified:
        raise ValueError(
            f"--bind {address}: name the address the group reaches (192.168.1.20), "
            "not every interface"
        )
    return str(ip)


def open_group(
    port: int, address: str | None, public_url: str | None, announce: Callable[[str], None]
) -> Group | None:
    """The group of ``--bind address`` (links at http://address:port/) and ``--public-url``
    (links at that URL, behind a TLS proxy): None without either."""
    from urllib.parse import urlsplit

    if address is None and public_url is None:
        return None
    hosts: list[str] = []
    base = ""
    if address is not None:
        shown = f"[{address}]" if ":" in address else address
        hosts.append(shown)
        base = f"http://{shown}:{port}/"
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"--public-url {public_url}: an http:// or https:// address")
        hosts.append(parts.hostname)
        base = f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}/"
    return Group(tuple(hosts), base, announce=announce)


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
    address: str | None = None,
    public_url: str | None = None,
    announce: Callable[[str], None] = lambda line: None,
) -> None:
    """Serve the studio of ``cards`` (its output in ``out``) until interrupted (Ctrl-C or
    SIGTERM); ``on_ready`` gets the URL once the server listens (the designer's link, in group
    mode).  ``address`` (one more address to listen on, the same port) and ``public_url``
    (behind a proxy) open it to a group (:mod:`.guests`); ``announce`` gets the links of a
    shared table.  Everything it started (the watch, the kit build and their worker processes)
    is stopped before it returns."""
    sock = bind(port)
    socks = [sock]
    url = url_of(sock)
    try:
        if address is not None:
            socks.append(bind(sock.getsockname()[1], address))
        group = open_group(sock.getsockname()[1], address, public_url, announce)
    except (OSError, ValueError):
        for s in socks:
            s.close()
        raise
    studio = Studio(Path(cards), Path(out), paper=paper, jobs=jobs)
    try:
        studio.start()
        with _server(studio, socks, log_requests, group) as thread:
            link = group.designer_link(url) if group else url
            on_ready(link)
            if open_browser:
                webbrowser.open(link)
            thread.join()
    finally:
        studio.stop()
        for s in socks:
            s.close()


@contextlib.contextmanager
def _server(
    studio: Studio, socks: list[socket.socket], log: bool, group: Group | None = None
) -> Iterator[threading.Thread]:
    """uvicorn serving the app on ``sock`` in the main thread's place: it runs in a thread,
    and the main thread waits for it, so Ctrl-C reaches the main thread as ever."""
    import uvicorn

    from cardgen.studio.app import create_app

    config = uvicorn.Config(
        create_app(studio, group=group),
        log_level="info" if log else "warning",
        access_log=log,
        timeout_graceful_shutdown=1,
        lifespan="off",
    )
    server = uvicorn.Server(config)
    started = threading.Event()

    async def run_until_stopped() -> None:
        task = asyncio.ensure_future(server.serve(sockets=socks))
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
