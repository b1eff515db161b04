"""The studio opened to a group of playtesters: who may reach what.

Without a :class:`Group` the studio is this machine's only (it listens on 127.0.0.1, and every
page is the designer's).  With one (``cardgen studio --bind ADDRESS`` or ``--public-url URL``)
the Host check also accepts the group's address, and the designer's pages, data and event
stream answer only a browser holding the designer's key (a cookie set by the designer's link,
printed at the start): a guest reaches only the table links (``/t/<token>``, see
:mod:`.table_share`) and the few static files the table page loads.  Guessing tokens is slowed
by a :class:`Limiter` of failed look-ups by client address.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlencode

from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: The cookie holding the designer's key in group mode.
COOKIE = "cardgen_designer"
#: Paths a guest may ask for: the table links and the table page's own files.
GUEST_PREFIX = ("/t/", "/j/")
GUEST_STATIC = frozenset(
    {
        "/static/table.js",
        "/static/sandbox.js",
        "/static/table_link.js",
        "/static/table_note.js",
        "/static/table.css",
        "/static/studio.js",
    }
)


@dataclass(frozen=True)
class Group:
    """The studio opened to a group: ``hosts`` (more Host names accepted), ``base`` (the URL
    the table links start with, ending in ``/``), ``key`` (the designer's), ``announce``
    (told each line worth printing: the links of a shared table)."""

    hosts: tuple[str, ...]
    base: str
    key: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    announce: Callable[[str], None] = field(default=lambda line: None, compare=False)

    def designer_link(self, local: str) -> str:
        """The designer's link on this machine (``local``: http://127.0.0.1:port/)."""
        return f"{local}?{urlencode({'designer': self.key})}"


class DesignerGate:
    """In group mode, refuse (404) every request outside the guests' paths unless it holds the
    designer's key: its cookie, or ``?designer=<key>`` (which sets the cookie and redirects to
    the same path without it)."""

    def __init__(self, app: ASGIApp, group: Group | None):
        self.app, self.group = app, group

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        group = self.group
        if group is None or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith(GUEST_PREFIX) or path in GUEST_STATIC:
            await self.app(scope, receive, send)
            return
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("designer", [""])
        if _same(given[0], group.key):
            response = RedirectResponse(path, status_code=303)
            response.set_cookie(COOKIE, group.key, httponly=True, samesite="strict", path="/")
            await response(scope, receive, send)
            return
        if _same(_cookie(scope), group.key):
            await self.app(scope, receive, send)
            return
        await PlainTextResponse("not found", status_code=404)(scope, receive, send)


def _cookie(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header holds no key
                return ""
            if COOKIE in jar:
                return jar[COOKIE].value
    return ""


def _same(given: str, key: str) -> bool:
    return bool(given) and hmac.compare_digest(given.encode(), key.encode())


class Limiter:
    """Failed token look-ups by client address: after ``allowed`` failures within ``window``
    seconds the address is refused (429) until the window passes; all addresses together get
    ten times as many (behind a proxy every guest has the proxy's address)."""

    def __init__(
        self, allowed: int = 20, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ):
        self.allowed, self.window, self.clock = allowed, window, clock
        self._lock = threading.Lock()
        self._failures: dict[str, list[float]] = {}

    def _recent(self, who: str, now: float) -> list[float]:
        kept = [t for t in self._failures.get(who, []) if now - t < self.window]
        if kept:
            self._failures[who] = kept
        else:
            self._failures.pop(who, None)
        return kept

    def blocked(self, who: str) -> bool:
        with self._lock:
            now = self.clock()
            everyone = self._recent("*", now)
            return len(self._recent(who, now)) >= self.allowed or len(everyone) >= 10 * self.allowed

    def failed(self, who: str) -> None:
        with self._lock:
            now = self.clock()
            for key in (who, "*"):
                self._failures.setdefault(key, []).append(now)
                if len(self._failures) > 10_000:  # addresses beyond that count as one
                    self._failures.clear()
