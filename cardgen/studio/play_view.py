"""The Play view: a seeded game of the catalogue at a table in the browser, for any catalogue
whose engine is on the engine kit (:mod:`cardgen.studio.table`).

The page asks what a seat may see (``/api/play?seat=P1``, or ``designer``), chooses by action
string, steps back and forward, saves the standard JSON game log and opens one.  The bots
think in the server's worker threads, never in the page; each change is announced to the open
pages (event ``play``), so a hot-seat game can be played from two windows.  The engine (a
catalogue's own ``rules.py`` included) is loaded only when a game is started or opened here.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardgen.catalogue.snapshot import check_catalogue
from cardgen.studio import table_share
from cardgen.studio.app import View
from cardgen.studio.table_share import Sharing

if TYPE_CHECKING:  # the engine kit is imported when the Play page is used, not at start
    from cardgen.studio.session import Studio
    from cardgen.studio.table import Table

#: The largest game log the page may open (bytes).
MAX_LOG = 8 * 1024 * 1024
NO_STORE = {"cache-control": "no-store"}


class _Play:
    """The one table of the studio, and the engine of the catalogue as it was at its start."""

    def __init__(self, studio: Studio):
        self.studio = studio
        self.lock = threading.Lock()
        self.table: Table | None = None
        self.sharing = Sharing()
        #: the sandbox table, when one was started (:mod:`cardgen.studio.sandbox`)
        self.sandbox: Any = None

    def catalogue(self) -> tuple[Any, Any]:
        """The catalogue as it is now, and its engine; ValueError saying why there is none."""
        from cardgen.engine.errors import SetupError
        from cardgen.engine.registry import engine_of

        catalogue, diags = check_catalogue(self.studio.cards)
        if catalogue is None:
            first = next((d for d in diags), None)
            raise ValueError(f"the catalogue does not load: {first}" if first else "no catalogue")
        try:
            return catalogue, engine_of(catalogue)
        except SetupError as exc:
            raise ValueError(str(exc)) from None

    def about(self) -> dict[str, Any]:
        """What the set-up form offers: the bots, the numbers of players, the settings."""
        from cardgen.engine.bots import bot_names
        from cardgen.studio.table import PERSON

        try:
            catalogue, engine = self.catalogue()
        except ValueError as exc:
            return {"available": False, "reason": str(exc)}
        settings: Any = getattr(catalogue.rules, "settings", None)
        return {
            "available": True,
            "game": engine.info.id,
            "name": engine.info.name,
            "players": [engine.info.min_players, engine.info.max_players],
            "bots": bot_names(engine),
            "settings": settings.model_dump(mode="json") if hasattr(settings, "model_dump") else {},
            "person": PERSON,
        }

    def seat(self, table: Table) -> None:
        """Put ``table`` at the studio: its versions go on from the last table's, so a page
        never takes an answer about the old table for a newer one."""
        if self.table is not None:
            table.version += self.table.version + 1
        self.table = table

    def publish(self) -> None:
        table = self.table
        self.studio.events.publish("play", {"version": table.version if table else 0})


def view(studio: Studio) -> View:
    """The Play page and its data."""
    play = _Play(studio)

    def page(request: Request) -> Response:
        return request.app.state.pages.render(request, "play", "play.js")

    def about(request: Request) -> Response:
        return JSONResponse(play.about(), headers=NO_STORE)

    def shown(request: Request) -> Response:
        with play.lock:
            return JSONResponse(_view_of(request), headers=NO_STORE)

    def _view_of(request: Request) -> dict[str, Any]:
        table = play.table
        seat = _seat(request.query_params.get("seat", ""), table)
        return {"table": table.view(seat) if table else None}

    async def start(request: Request) -> Response:
        return await _act(request, _start)

    def _start(body: dict[str, Any]) -> None:
        from cardgen.studio.table import Table

        catalogue, engine = play.catalogue()
        seats = [str(s) for s in body.get("seats", [])]
        settings = body.get("settings") or {}
        if not isinstance(settings, dict):
            raise ValueError("settings: a mapping of names to values")
        setup = engine.setup(catalogue, len(seats), (), settings, {})
        play.seat(Table(engine, catalogue, setup, seats, int(body.get("seed", 0))))

    async def choose(request: Request) -> Response:
        return await _act(request, _choose)

    def _choose(body: dict[str, Any]) -> None:
        table = _table()
        seat = _seat(str(body.get("seat", "")), table)
        if seat is None:
            raise ValueError("choose: which seat?")
        table.choose(seat, str(body.get("action", "")))

    async def go(request: Request) -> Response:
        return await _act(request, lambda body: _table().go(int(body.get("position", -1))))

    async def open_log(request: Request) -> Response:
        raw = await request.body()
        if len(raw) > MAX_LOG:
            return JSONResponse({"error": "the log is too large"}, status_code=413)

        def _open(_: dict[str, Any]) -> None:
            from cardgen.engine.scenario import Problems, parse_text
            from cardgen.studio.table import Table

            catalogue, engine = play.catalogue()
            text = raw.decode("utf-8", "replace")
            if text.lstrip().startswith("{"):  # a JSON game log
                play.seat(Table.from_log(engine, catalogue, text))
                return
            name = request.query_params.get("name", "scenario.yaml")
            try:  # a scenario file, played on this catalogue
                scenario = parse_text(text, name, engine, catalogue)
            except Problems as exc:
                raise ValueError("; ".join(exc.problems)) from None
            play.seat(Table.from_scenario(scenario))

        return await _act(request, _open, body={})

    def log(request: Request) -> Response:
        table = play.table
        if table is None:
            return JSONResponse({"error": "no game at the table"}, status_code=404)
        with play.lock:
            text = table.log(studio.cards.name)
        name = f"{table.engine.info.id}-seed{table.seed}.json"
        headers = {**NO_STORE, "content-disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="application/json", headers=headers)

    def _table() -> Table:
        if play.table is None:
            raise ValueError("no game at the table: start one")
        return play.table

    async def _act(request: Request, work, body: dict[str, Any] | None = None) -> Response:
        """Run ``work(body)`` in a worker thread (a bot may think), then answer the view."""
        from starlette.concurrency import run_in_threadpool

        from cardgen.engine.errors import EngineError

        if body is None:
            try:
                body = await request.json()
            except ValueError:
                return JSONResponse({"error": "not JSON"}, status_code=400)
            if not isinstance(body, dict):
                return JSONResponse({"error": "not a JSON object"}, status_code=400)

        def run() -> None:
            with play.lock:
                work(body)

        try:
            await run_in_threadpool(run)
        except (EngineError, ValueError, TypeError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        play.publish()
        return JSONResponse(_view_of(request), headers=NO_STORE)

    return View(
        "play",
        "Play",
        "/play",
        [
            Route("/play", page),
            Route("/api/play/about", about),
            Route("/api/play/view", shown),
            Route("/api/play/start", start, methods=["POST"]),
            Route("/api/play/choose", choose, methods=["POST"]),
            Route("/api/play/go", go, methods=["POST"]),
            Route("/api/play/open", open_log, methods=["POST"]),
            Route("/api/play/log", log),
            *table_share.routes(play, studio),
        ],
    )


def _seat(text: str, table: Table | None) -> int | None:
    """``P1`` … as a seat of the table; ``designer`` (or nothing) is None: everything."""
    if table is None or not text.upper().startswith("P") or not text[1:].isdigit():
        return None
    k = int(text[1:]) - 1
    return k if 0 <= k < table.setup.players else None
