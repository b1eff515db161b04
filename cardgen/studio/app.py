"""The studio's web app (Starlette): a page per view, served to this machine only.

A :class:`View` is one page of the studio with its routes: the gallery and the kit now, and
any later view (a Play table) is one more entry of :data:`VIEWS`: a module whose ``view(studio)``
returns its View; the shell page, the navigation bar and the event stream are shared.

Safe by default: the app answers only requests whose Host header names this machine
(``127.0.0.1`` or ``localhost``: a DNS-rebinding page is refused), refuses any request other
than GET or HEAD that does not come from its own pages (no other site can make it act), and
its pages load nothing but its own files (a Content-Security-Policy), so they work offline.
It serves only its own static files and what the views take from the catalogue and its output.
Opened to a group of playtesters (:mod:`.guests`), it also accepts the group's address, and
everything but the table links answers only the designer's browser.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardgen.studio.guests import DesignerGate, Group
from cardgen.util.resources import data_path

if TYPE_CHECKING:
    from cardgen.studio.session import Studio

#: The hosts a request may name (its Host header, any port).
ALLOWED_HOSTS = ("127.0.0.1", "localhost")
#: The studio's views in the navigation bar's order: ``"module:function"``, the function
#: taking the :class:`~cardgen.studio.session.Studio` and returning a :class:`View`.
VIEWS = (
    "cardgen.studio.gallery:view",
    "cardgen.studio.kit_view:view",
    "cardgen.studio.play_view:view",
    "cardgen.studio.balance_view:view",
)
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-resource-policy": "same-origin",
}


@dataclass(frozen=True)
class View:
    """One page of the studio: ``title`` in the navigation bar links to ``path``; ``routes``
    serve the page and its data."""

    id: str
    title: str
    path: str
    routes: Sequence[BaseRoute] = field(default_factory=list)


class Pages:
    """The shell page every view shares: navigation bar, status line, the view's script."""

    def __init__(self, views: Sequence[View]):
        self.views = views
        self.env = Environment(
            loader=PackageLoader("cardgen.studio", "templates"),
            autoescape=select_autoescape(default=True),
        )

    def render(self, request: Request, view: str, script: str, **data: Any) -> HTMLResponse:
        """The page of ``view`` running ``static/<script>``; ``data`` becomes its
        ``data-*`` attributes."""
        studio = request.app.state.studio
        html = self.env.get_template("page.html.j2").render(
            views=self.views,
            current=view,
            script=script,
            data=data,
            game=studio.state.game,
        )
        return HTMLResponse(html)


def create_app(
    studio: Studio, views: Sequence[str] = VIEWS, group: Group | None = None
) -> Starlette:
    """The studio's app over ``studio``, with the views of ``views`` (see :data:`VIEWS`);
    ``group``: opened to a group of playtesters (:mod:`cardgen.studio.guests`)."""
    made = [_load(v)(studio) for v in views]

    async def events(request: Request) -> StreamingResponse:
        return StreamingResponse(
            studio.events.stream(),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    static = StaticFiles(directory=data_path("cardgen.studio", "static"))
    routes: list[BaseRoute] = [
        Route("/events", events),
        Mount("/static", static, name="static"),
        *(r for v in made for r in v.routes),
    ]
    hosts = [*ALLOWED_HOSTS, *(group.hosts if group else ())]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False),
        Middleware(_SameOriginWrites),
        Middleware(_SecurityHeaders),
        Middleware(DesignerGate, group=group),
    ]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.studio = studio
    app.state.group = group
    app.state.pages = Pages(made)
    return app


def _load(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


class _SameOriginWrites:
    """Refuse a request other than GET or HEAD unless its Origin is one of the studio's
    own (another site's page could otherwise post to it): its Host, over HTTP or, behind a
    TLS proxy, HTTPS."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            headers = dict(scope["headers"])
            origin = headers.get(b"origin", b"").decode("latin-1")
            host = headers.get(b"host", b"").decode("latin-1")
            if not host or origin not in (f"http://{host}", f"https://{host}"):
                response = PlainTextResponse("cross-origin request refused", status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every response."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def not_found(what: str) -> Response:
    return PlainTextResponse(f"no such {what}", status_code=404)
