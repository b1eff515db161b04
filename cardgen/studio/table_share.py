"""The Play table shared with a group: a private link for each person's seat, one for
spectators, bots in the other seats.

The designer shares the game at the Play table (``POST /api/play/share``); each person's seat
gets a link ``/t/<token>`` (an unguessable token) and the spectators one more.  Everything a
link reaches is under it, and checked against its token: the table page, its view of the game
(``/t/<token>/view``: the seat's own observation only; a spectator's is what every seat may
know), its choices (``/t/<token>/choose``: for its own seat only; a spectator acts for nobody),
its event stream and the pictures of the cards its view shows.  A guest sees no seed, no steps,
no engine data beyond its observation: nothing that would tell it another seat's hidden cards.
A closed page rejoins its seat by opening its link again; the designer may give the seat of a
person who left to a bot.  A new game at the table ends the old links.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import threading
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from cardgen.studio import table_notes
from cardgen.studio.guests import Limiter
from cardgen.studio.sandbox import Sandbox, SandboxError, designs_of
from cardgen.studio.table_notes import NoteError, Playtest

if TYPE_CHECKING:
    from cardgen.studio.session import Studio
    from cardgen.studio.table import Table

#: The largest request body a guest may send (bytes), and the longest action string.
MAX_BODY = 16 * 1024
MAX_ACTION = 1000
#: Event streams open at once: by one link, and by all guests together.
STREAMS_PER_LINK = 4
STREAMS_MAX = 64
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: A join code: 6 letters and digits none of which reads as another (32**6: a billion codes)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_CODE = re.compile(f"[{CODE_LETTERS}]{{6}}")
_KEY = re.compile(r"[0-9a-f]{64}")
NO_STORE = {"cache-control": "no-store"}
SPECTATOR = "spectator"


@dataclass
class Link:
    """One link of the shared table: ``seat`` (None: a spectator's)."""

    token: str
    seat: int | None
    #: the short join code leading to the link (``/j/<code>``), easier to type on a phone
    code: str = ""
    streams: int = 0
    #: the picture keys its views have shown (the only pictures it may fetch)
    granted: set[str] = field(default_factory=set)

    @property
    def label(self) -> str:
        return SPECTATOR if self.seat is None else f"P{self.seat + 1}"


class Sharing:
    """The links of the table shared now (see the module's description)."""

    def __init__(self, limiter: Limiter | None = None):
        self.lock = threading.Lock()
        self.table: Table | Sandbox | None = None
        self.links: dict[str, Link] = {}
        self.limiter = limiter or Limiter()
        self.streams = 0
        #: the notes and log of the game shared now
        self.playtest: Playtest | None = None

    def share(self, table: Table | Sandbox) -> list[Link]:
        """New links for ``table``: one for each person's seat and one for spectators (the
        links of an earlier table end)."""
        with self.lock:
            self.table = table
            seats: list[int | None] = [*table.people(), None]
            links = [Link(secrets.token_urlsafe(24), s, _code()) for s in seats]
            self.links = {k.token: k for k in links}
            return links

    def find(self, token: str, table: object) -> Link | None:
        """The link of ``token`` if it is one of ``table``'s (the table at the studio now)."""
        with self.lock:
            if table is None or table is not self.table or not _TOKEN.fullmatch(token):
                return None
            return self.links.get(token)

    def by_code(self, code: str, table: object) -> Link | None:
        """The link of the join ``code`` (any case, dashes and spaces left out)."""
        code = re.sub(r"[\s-]", "", code).upper()
        with self.lock:
            if table is None or table is not self.table or not _CODE.fullmatch(code):
                return None
            return next((k for k in self.links.values() if k.code == code), None)

    def connected(self, seat: int) -> bool:
        with self.lock:
            return any(k.seat == seat and k.streams for k in self.links.values())


def _code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


def public_observation(observations: Iterable[Any]) -> Any:
    """What every seat may know: where the seats' observations agree, their value; where one
    sees cards another sees as a count, the count; anything else they differ on, None (a
    mapping keeps only the keys all have)."""
    values = list(observations)
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        keys = [k for k in first if all(k in v for v in values)]
        return {k: public_observation(v[k] for v in values) for k in keys}
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return [public_observation(items) for items in zip(*values, strict=True)]
    counts = {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    if len(counts) == 1:
        return counts.pop()
    lengths = {len(v) if isinstance(v, list) else v for v in values}
    if len(lengths) == 1 and isinstance(next(iter(lengths)), int):
        return next(iter(lengths))  # lists of one length that differ: so many cards
    return None


def guest_view(
    table: Table,
    seat: int | None,
    pictures: Mapping[str, str | None],
    back: str | None,
    sharing: Sharing,
) -> dict[str, Any]:
    """What the link of ``seat`` (None: a spectator) is shown of ``table``: its observation as
    the table draws it, its legal actions when it is to choose, the log as it saw it, the cards
    of its view by printed name with their picture keys (``pictures``: card id to key)."""
    s, eng, cat = table.state, table.engine, table.catalogue
    n = table.setup.players
    if seat is None:
        observation = public_observation(s.observation(p) for p in range(n))
    else:
        observation = s.observation(seat)
    shown = eng.layout.for_players(eng.shown_cards(cat, observation))
    legal: list[str] = []
    named: dict[str, list[str]] = {}
    if seat is not None and seat in table.to_move():
        legal = [s.action_to_string(seat, a) for a in s.legal_actions(seat)]
        named = {a: eng.action_cards(cat, observation, seat, a) for a in legal}
    from cardgen.engine.log import event_dicts

    events = [_seen(eng, d, seat) for d in event_dicts(eng, s.events)]
    name = lambda c: str(getattr(cat.by_id.get(c), "name", c))  # noqa: E731
    ids = sorted(set(_card_ids(shown, cat.by_id)) | {c for cs in named.values() for c in cs})
    return {
        "game": eng.info.name,
        "version": table.version,
        "viewer": None if seat is None else f"P{seat + 1}",
        "seats": [
            {
                "seat": f"P{p + 1}",
                "who": who,
                "connected": who != "person" or sharing.connected(p),
            }
            for p, who in enumerate(table.seats)
        ],
        "shown": shown,
        "layout": eng.layout.as_json(),
        "card_fields": sorted(k for k, d in eng.vocabulary.items() if d == "card"),
        "to_move": [f"P{p + 1}" for p in table.to_move()],
        "chosen": sorted(f"P{p + 1}" for p in table.chosen),
        "legal": legal,
        "action_cards": {a: cs for a, cs in named.items() if cs},
        "log": [eng.events.text(d, name) for d in events],
        "cards": {c: {"name": name(c), "key": pictures.get(c)} for c in ids},
        "back": back,
        "terminal": s.is_terminal(),
        "result_lines": eng.result_lines(s) if s.is_terminal() else [],
    }


def _seen(eng: Any, doc: dict[str, Any], seat: int | None) -> dict[str, Any]:
    if seat is not None:
        return eng.events.seen_by(doc, seat)
    et = eng.events.types[doc["type"]]  # a spectator: every private event's hidden fields
    if et.private is None:
        return dict(doc)
    return {k: (None if k in et.hidden else v) for k, v in doc.items()}


def _card_ids(value: Any, known: Any) -> Iterable[str]:
    if isinstance(value, str):
        if value in known:
            yield value
    elif isinstance(value, list):
        for v in value:
            yield from _card_ids(v, known)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _card_ids(v, known)


def common_back(studio: Studio) -> str | None:
    """The picture key of the back most cards share (drawn for a hidden card)."""
    state = studio.state
    backs = Counter(state.pictures.get(c.back) for c in state.cards)
    backs.pop(None, None)
    return backs.most_common(1)[0][0] if backs else None


def routes(play: Any, studio: Studio) -> list[Route]:
    """The designer's share routes and every route under a table link (``play``: the Play
    view's :class:`~cardgen.studio.play_view._Play`, its table and lock)."""
    sharing: Sharing = play.sharing
    env = Environment(
        loader=PackageLoader("cardgen.studio", "templates"),
        autoescape=select_autoescape(default=True),
    )

    def _current() -> Any:
        """The table shared now, if it is still at the studio (a game or the sandbox)."""
        shared = sharing.table
        ok = shared is not None and (shared is play.table or shared is play.sandbox)
        return shared if ok else None

    def _client(request: Request) -> str:
        return request.client.host if request.client else "?"

    def _link(request: Request) -> Link | Response:
        """The request's link, or the answer refusing it (a wrong token is counted)."""
        who = _client(request)
        if sharing.limiter.blocked(who):
            return JSONResponse({"error": "too many wrong links: wait a minute"}, status_code=429)
        link = sharing.find(request.path_params["token"], _current())
        if link is None:
            sharing.limiter.failed(who)
            return JSONResponse(
                {"error": "no such table link (a new game ends the old links)"}, status_code=404
            )
        return link

    def join(request: Request) -> Response:
        """A join code leads to its link (a wrong code counts as a wrong token)."""
        who = _client(request)
        if sharing.limiter.blocked(who):
            return JSONResponse({"error": "too many wrong links: wait a minute"}, status_code=429)
        link = sharing.by_code(request.path_params["code"], _current())
        if link is None:
            sharing.limiter.failed(who)
            return JSONResponse({"error": "no such join code"}, status_code=404)
        return RedirectResponse(f"/t/{link.token}", status_code=303, headers=NO_STORE)

    def page(request: Request) -> Response:
        link = _link(request)
        if isinstance(link, Response):
            return link
        script = "sandbox.js" if isinstance(sharing.table, Sandbox) else "table.js"
        html = env.get_template("table.html.j2").render(seat=link.label, script=script)
        return HTMLResponse(html, headers=NO_STORE)

    def _view(link: Link) -> dict[str, Any]:
        table = sharing.table
        assert table is not None  # a link was found: its table is shared
        if isinstance(table, Sandbox):
            shown = table.view(link.seat, studio.state.pictures)
            keys = {c["key"] for c in shown["cards"].values() if c["key"]}
            keys |= {k for k in shown["backs"].values() if k}
        else:
            shown = guest_view(
                table, link.seat, studio.state.pictures, common_back(studio), sharing
            )
            keys = {c["key"] for c in shown["cards"].values() if c["key"]}
            if shown["back"]:
                keys.add(shown["back"])
        with sharing.lock:
            link.granted |= keys
        return shown

    def view_(request: Request) -> Response:
        link = _link(request)
        if isinstance(link, Response):
            return link
        with play.lock:
            return JSONResponse(_view(link), headers=NO_STORE)

    async def _acting(request: Request) -> tuple[Link, int, dict[str, Any]] | Response:
        """A move's link, its seat and its body; or the answer refusing it (a spectator, a
        seat not the link's)."""
        link = _link(request)
        if isinstance(link, Response):
            return link
        body = await _body(request)
        if isinstance(body, Response):
            return body
        if link.seat is None:
            return JSONResponse({"error": "a spectator acts for nobody"}, status_code=403)
        if "seat" in body and body["seat"] != link.label:
            return JSONResponse({"error": f"this link acts for {link.label} only"}, status_code=403)
        return link, link.seat, body

    async def _acted(
        run: Callable[[], dict[str, Any]], refused: type[Exception] | tuple[type[Exception], ...]
    ) -> Response:
        """``run`` (the move) off the event loop: its view, or 409 with the rules' refusal."""
        from starlette.concurrency import run_in_threadpool

        try:
            shown = await run_in_threadpool(run)
        except refused as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        play.publish()
        return JSONResponse(shown, headers=NO_STORE)

    async def choose(request: Request) -> Response:
        acting = await _acting(request)
        if isinstance(acting, Response):
            return acting
        link, seat, body = acting
        action = body.get("action")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION:
            return JSONResponse({"error": "choose: an action string"}, status_code=400)
        from cardgen.engine.errors import EngineError

        def run() -> dict[str, Any]:
            with play.lock:
                current = _current()
                if current is None:
                    raise EngineError("this game has ended")
                if isinstance(current, Sandbox):
                    raise EngineError("a sandbox table: move the cards")
                current.choose(seat, action)
                _save_log(current)
                return _view(link)

        return await _acted(run, EngineError)

    async def events(request: Request) -> Response:
        link = _link(request)
        if isinstance(link, Response):
            return link
        with sharing.lock:
            if link.streams >= STREAMS_PER_LINK or sharing.streams >= STREAMS_MAX:
                return JSONResponse({"error": "too many open pages"}, status_code=429)
            link.streams += 1
            sharing.streams += 1
        return StreamingResponse(
            _stream(link),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    async def _stream(link: Link) -> AsyncIterator[str]:
        """The studio's ``play`` events only (a version number: the page asks its view)."""
        try:
            play.publish()  # the seat is connected: the table says so
            async for message in studio.events.stream():
                if message.startswith(("retry:", ":", "event: play\n")):
                    yield message
        finally:
            with sharing.lock:
                link.streams -= 1
                sharing.streams -= 1
            play.publish()

    async def picture(request: Request) -> Response:
        link = _link(request)
        if isinstance(link, Response):
            return link
        key, part = request.path_params["key"], request.path_params["part"]
        with sharing.lock:
            granted = key in link.granted
        if not _KEY.fullmatch(key) or part not in ("full", "thumb") or not granted:
            return JSONResponse({"error": "no such picture"}, status_code=404)
        path = studio.picture(key, "png" if part == "full" else "thumb")
        if path is None:
            preview = studio.preview(key)
            if preview is None:
                return JSONResponse({"error": "no such picture"}, status_code=404)
            return Response(preview, media_type="image/png", headers=NO_STORE)
        data = await asyncio.to_thread(path.read_bytes)
        return Response(data, media_type="image/png", headers={"cache-control": "private"})

    def _save_log(table: Table | Sandbox) -> None:
        """The shared game's log, saved in its playtest folder (called holding the lock)."""
        from cardgen.engine.errors import EngineError

        playtest = sharing.playtest
        if isinstance(table, Sandbox):
            with contextlib.suppress(OSError):
                save_sandbox(studio.out, table)
        elif playtest is not None and table is sharing.table and table is not None:
            with contextlib.suppress(EngineError, OSError):
                playtest.save_log(table.log(studio.cards.name))

    async def note(request: Request) -> Response:
        link = _link(request)
        if isinstance(link, Response):
            return link
        body = await _body(request)
        if isinstance(body, Response):
            return body
        from starlette.concurrency import run_in_threadpool

        def run() -> dict[str, Any]:
            with play.lock:
                table, playtest = _current(), sharing.playtest
                if table is None or playtest is None:
                    raise NoteError("this game has ended")
                shown = _view(link)
                cards = {c: v["name"] for c, v in shown["cards"].items()}
                moment = shown["log"][-1] if shown["log"] else ""
                made = playtest.add(
                    link.label,
                    body,
                    step=len(table.log) if isinstance(table, Sandbox) else table.position,
                    moment=moment,
                    cards=cards,
                    ended=bool(shown.get("terminal")),
                )
                _save_log(table)
                return made

        try:
            made = await run_in_threadpool(run)
        except (NoteError, OSError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        studio.events.publish("notes", {"n": made["n"]})
        return JSONResponse(made, headers=NO_STORE)

    def notes(request: Request) -> Response:
        tests = table_notes.playtests(studio.out)
        return JSONResponse(
            {"cards": table_notes.by_card(tests), "playtests": [name for name, _ in tests]},
            headers=NO_STORE,
        )

    def notes_export(request: Request) -> Response:
        tests = table_notes.playtests(studio.out)
        kind = request.path_params["kind"]
        if kind == "md":
            text, media = table_notes.markdown(tests), "text/markdown; charset=utf-8"
        elif kind == "csv":
            text, media = table_notes.csv_text(tests), "text/csv; charset=utf-8"
        else:
            return JSONResponse({"error": "notes.md or notes.csv"}, status_code=404)
        disposition = f'attachment; filename="playtest-notes.{kind}"'
        return Response(
            text, media_type=media, headers={**NO_STORE, "content-disposition": disposition}
        )

    async def act(request: Request) -> Response:
        """A move at the sandbox table, for the link's own seat."""
        acting = await _acting(request)
        if isinstance(acting, Response):
            return acting
        link, seat, body = acting

        def run() -> dict[str, Any]:
            with play.lock:
                table = _current()
                if not isinstance(table, Sandbox):
                    raise SandboxError("not a sandbox table: choose an action")
                table.act(seat, body)
                _save_log(table)
                return _view(link)

        return await _acted(run, SandboxError)

    async def sandbox_start(request: Request) -> Response:
        body = await _body(request)
        if isinstance(body, Response):
            return body

        def run() -> None:
            seats, seed = body.get("seats", 2), body.get("seed", 1)
            if not isinstance(seats, int) or not isinstance(seed, int) or isinstance(seats, bool):
                raise SandboxError("seats and seed: whole numbers")
            cards = studio.state.cards
            if not cards:
                raise SandboxError("the catalogue has no cards yet")
            name = _free_name(studio.out, f"sandbox-seed{seed}")
            _share(Sandbox(designs_of(cards), seats, seed, name))

        return await _designer_run(request, run)

    async def sandbox_open(request: Request) -> Response:
        body = await _body(request)
        if isinstance(body, Response):
            return body

        def run() -> None:
            import json

            name = body.get("name")
            if not isinstance(name, str) or not re.fullmatch(r"[\w.-]{1,80}", name):
                raise SandboxError("which saved table?")
            path = studio.out / SANDBOX_FOLDER / f"{name}.json"
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                raise SandboxError(f"no saved table {name}") from None
            except (OSError, ValueError) as exc:
                raise SandboxError(f"{path.name}: {exc}") from None
            _share(Sandbox.from_json(doc))

        return await _designer_run(request, run)

    def sandbox_saved(request: Request) -> Response:
        folder = studio.out / SANDBOX_FOLDER
        names = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
        return JSONResponse({"saved": names}, headers=NO_STORE)

    def _share(table: Sandbox) -> None:
        """Put the sandbox ``table`` at the studio and share it (called holding the lock)."""
        play.sandbox = table
        sharing.share(table)
        sharing.playtest = Playtest.create(studio.out, "sandbox", table.name, table.seed)
        _save_log(table)

    async def _designer_run(request: Request, run: Any) -> Response:
        from starlette.concurrency import run_in_threadpool

        def locked() -> None:
            with play.lock:
                run()

        try:
            await run_in_threadpool(locked)
        except (SandboxError, OSError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        shown = _links_json(request)
        group = getattr(request.app.state, "group", None)
        if group is not None:
            for k in shown["links"]:
                group.announce(f"{k['seat']}: {k['url']} (or {k['join']}, code {k['code']})")
        play.publish()
        return JSONResponse(shown, headers=NO_STORE)

    # --- the designer's side ----------------------------------------------------------------
    def _links_json(request: Request) -> dict[str, Any]:
        group = getattr(request.app.state, "group", None)
        base = group.base if group else str(request.base_url)
        table = _current()
        if table is None:
            return {"shared": False, "links": []}
        with sharing.lock:
            links = list(sharing.links.values())
        return {
            "shared": True,
            "kind": "sandbox" if isinstance(table, Sandbox) else "game",
            "links": [
                {
                    "seat": k.label,
                    "url": f"{base}t/{k.token}",
                    "code": f"{k.code[:3]}-{k.code[3:]}",
                    "join": f"{base}j/{k.code}",
                    "connected": k.streams > 0,
                }
                for k in links
            ],
        }

    def links(request: Request) -> Response:
        return JSONResponse(_links_json(request), headers=NO_STORE)

    async def share(request: Request) -> Response:
        with play.lock:
            table = play.table
            if table is None:
                return JSONResponse({"error": "no game at the table: start one"}, status_code=409)
            again = sharing.table is table and sharing.playtest is not None
            sharing.share(table)
            try:  # new links for the same game: the same playtest
                if not again:
                    sharing.playtest = Playtest.create(
                        studio.out, table.engine.info.id, table.engine.info.name, table.seed
                    )
            except OSError as exc:
                sharing.playtest = None
                return JSONResponse({"error": f"cannot save the playtest: {exc}"}, status_code=409)
            _save_log(table)
        shown = _links_json(request)
        group = getattr(request.app.state, "group", None)
        if group is not None:
            for k in shown["links"]:
                group.announce(f"{k['seat']}: {k['url']} (or {k['join']}, code {k['code']})")
        play.publish()
        return JSONResponse(shown, headers=NO_STORE)

    async def give_to_bot(request: Request) -> Response:
        body = await _body(request)
        if isinstance(body, Response):
            return body
        from starlette.concurrency import run_in_threadpool

        from cardgen.engine.errors import EngineError

        def run() -> None:
            with play.lock:
                table = play.table
                if table is None:
                    raise EngineError("no game at the table")
                text = str(body.get("seat", ""))
                if not re.fullmatch(r"P\d{1,2}", text):
                    raise EngineError("which seat? (P1, P2 …)")
                table.give_to_bot(int(text[1:]) - 1, str(body.get("bot", "random")))

        try:
            await run_in_threadpool(run)
        except EngineError as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        play.publish()
        return JSONResponse(_links_json(request), headers=NO_STORE)

    return [
        Route("/api/play/share", links),
        Route("/api/play/share", share, methods=["POST"]),
        Route("/api/play/give-to-bot", give_to_bot, methods=["POST"]),
        Route("/t/{token}", page),
        Route("/j/{code}", join),
        Route("/t/{token}/view", view_),
        Route("/t/{token}/choose", choose, methods=["POST"]),
        Route("/t/{token}/events", events),
        Route("/t/{token}/picture/{part}/{key}.png", picture),
        Route("/t/{token}/note", note, methods=["POST"]),
        Route("/t/{token}/act", act, methods=["POST"]),
        Route("/api/sandbox/start", sandbox_start, methods=["POST"]),
        Route("/api/sandbox/open", sandbox_open, methods=["POST"]),
        Route("/api/sandbox/saved", sandbox_saved),
        Route("/api/notes", notes),
        Route("/api/notes.{kind}", notes_export),
    ]


#: The output's folder of the sandbox tables, each saved after every move.
SANDBOX_FOLDER = "sandbox"


def save_sandbox(out: Path, table: Sandbox) -> None:
    """Save the sandbox ``table`` in ``out``/sandbox/<its name>.json (whole or not at all)."""
    import json
    import os

    folder = out / SANDBOX_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    part = folder / f"{table.name}.json.part"
    part.write_text(json.dumps(table.to_json(), indent=1) + "\n", encoding="utf-8")
    os.replace(part, folder / f"{table.name}.json")


def _free_name(out: Path, stem: str) -> str:
    n = 1
    while (out / SANDBOX_FOLDER / f"{stem}-{n}.json").exists():
        n += 1
    return f"{stem}-{n}"


async def _body(request: Request) -> dict[str, Any] | Response:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes; or the answer refusing it."""
    import json

    size = request.headers.get("content-length", "")
    if size.isdigit() and int(size) > MAX_BODY:
        return JSONResponse({"error": "the message is too large"}, status_code=413)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return JSONResponse({"error": "the message is too large"}, status_code=413)
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return JSONResponse({"error": "not JSON"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "not a JSON object"}, status_code=400)
    return body
