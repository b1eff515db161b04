"""The studio served in this process for the shared-table tests: on 127.0.0.1 and on a second
loopback address standing for the group's (127.0.0.2), with the designer's key."""

from __future__ import annotations

import contextlib
import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardgen.engine.log import opened
from cardgen.engine.play import apply_strings
from tests.kit.catalogues import load

GROUP = "127.0.0.2"
PEOPLE_AND_BOT = ("person", "person", "random")


class Server:
    """The studio served on 127.0.0.1 and the group's address; the designer's cookie."""

    def __init__(self, port: int, key: str, out: Path):
        self.port, self.key, self.out = port, key, out

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        at: str = GROUP,
        host: str | None = None,
        origin: str | None = "same",
        designer: bool = False,
        source: str | None = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection(
            at, self.port, timeout=60, source_address=(source, 0) if source else None
        )
        h = {"Host": host or f"{at}:{self.port}", **(headers or {})}
        if origin == "same":
            h["Origin"] = f"http://{h['Host']}"
        elif origin is not None:
            h["Origin"] = origin
        if designer:
            h["Cookie"] = f"cardgen_designer={self.key}"
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        if data is not None:
            h["content-type"] = "application/json"
        try:
            conn.request(method, path, body=data, headers=h)
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    def designer(self, method: str, path: str, body: Any = None) -> Any:
        status, _, data = self.request(method, path, body, at="127.0.0.1", designer=True)
        assert status == 200, data
        return json.loads(data)


@contextlib.contextmanager
def serving(cards: Path, out: Path, drawn: Any = None) -> Iterator[Server]:
    """The studio of ``cards`` served on 127.0.0.1 and :data:`GROUP` (the same port), ready;
    with ``drawn`` (conftest's ``studio_drawn``), ``out`` starts with the pictures an earlier
    studio of ``cards`` drew in the run, or this one's are kept for the next."""
    from cardgen.studio.server import _server, bind, open_group
    from cardgen.studio.session import Studio

    if drawn is not None:
        drawn.copy(cards, out)
    studio = Studio(cards, out, kit=False)
    studio.start()
    assert studio.wait_ready(120)
    if drawn is not None:
        drawn.keep(cards, out)
    sock = bind()
    port = sock.getsockname()[1]
    socks = [sock, bind(port, GROUP)]
    group = open_group(port, GROUP, None, lambda line: None)
    assert group is not None
    try:
        with _server(studio, socks, False, group):
            yield Server(port, group.key, out)
    finally:
        studio.stop()
        for s in socks:
            s.close()


class Game:
    """A shared game of ``cards`` (P1 and P2 people, P3 a bot unless ``seats`` says); the
    links by seat."""

    def __init__(
        self, server: Server, cards: Path, seed: int = 3, seats: tuple[str, ...] = PEOPLE_AND_BOT
    ):
        self.server = server
        server.designer("POST", "/api/play/start", {"seats": list(seats), "seed": seed})
        shared = server.designer("POST", "/api/play/share", {})
        self.links = {k["seat"]: k["url"] for k in shared["links"]}
        self.tokens = {s: u.rsplit("/", 1)[1] for s, u in self.links.items()}
        self.catalogue, self.engine = load(cards)

    def view(self, seat: str) -> tuple[dict[str, Any], bytes]:
        status, _, data = self.server.request("GET", f"/t/{self.tokens[seat]}/view")
        assert status == 200, data
        return json.loads(data), data

    def choose(self, seat: str, body: Any, **kw: Any) -> tuple[int, bytes]:
        status, _, data = self.server.request("POST", f"/t/{self.tokens[seat]}/choose", body, **kw)
        return status, data

    def state(self) -> Any:
        """The engine's state of the game, replayed from the designer's game log."""
        status, _, log = self.server.request("GET", "/api/play/log", at="127.0.0.1", designer=True)
        assert status == 200
        _, setup, seed, steps = opened(log.decode(), self.engine, self.catalogue)
        state = self.engine.new_game(self.catalogue, setup).new_initial_state(seed)
        for texts in steps:
            apply_strings(state, texts)
        return state
