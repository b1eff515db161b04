"""The gallery view: every face and back as rendered for print, grouped, filtered and searched;
a card's page at print size with its trim, bleed and safe zone, its printed text, fields,
source and diagnostics; the list of every diagnostic."""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardgen.studio.app import View, not_found
from cardgen.studio.state import pin, source_lines

if TYPE_CHECKING:
    from cardgen.studio.session import Studio

_KEY = re.compile(r"[0-9a-f]{64}")
#: The parts of a stored picture the pages show: the full image with bleed, the thumbnail.
PARTS = {"full": "png", "thumb": "thumb"}
IMMUTABLE = {"cache-control": "public, max-age=31536000, immutable"}


def view(studio: Studio) -> View:
    """The gallery's page, the card page, their data and the pictures."""

    def gallery(request: Request) -> Response:
        return request.app.state.pages.render(request, "gallery", "gallery.js")

    def card_page(request: Request) -> Response:
        card_id = request.path_params["card"]
        return request.app.state.pages.render(request, "gallery", "card.js", card=card_id)

    def state(request: Request) -> Response:
        return JSONResponse(studio.state.to_json(), headers={"cache-control": "no-store"})

    def card(request: Request) -> Response:
        s = studio.state
        info = s.card(request.path_params["card"])
        if info is None:
            return not_found("card")
        diags = [
            {**d.to_dict(), "id": i, "where": s.where(d.position)}
            for i, d in enumerate(s.diagnostics)
            if pin(d, s.cards) == info.id
        ]
        lines = source_lines(studio.cards, info)
        return JSONResponse(
            {
                **info.to_json(),
                "where": s.short(info.file),
                "face": s.pictures.get(info.id),
                "back_picture": s.pictures.get(info.back),
                "pending": info.id in s.pending,
                "card_size": dict(s.card_size),
                "diagnostics": diags,
                "source": [{"line": n, "text": t} for n, t in lines] if lines else None,
            },
            headers={"cache-control": "no-store"},
        )

    async def picture(request: Request) -> Response:
        # in the event loop, read at once: a thumbnail is a few kB in the page cache, and a
        # gallery asks for a hundred of them at once (a thread per step of each made it slow)
        key, part = request.path_params["key"], request.path_params["part"]
        if not _KEY.fullmatch(key) or part not in PARTS:
            return not_found("picture")
        path = studio.picture(key, PARTS[part])
        if path is not None:
            with contextlib.suppress(OSError):
                return Response(path.read_bytes(), media_type="image/png", headers=IMMUTABLE)
        preview = studio.preview(key)  # drawn, not stored yet: the full size for any part
        if preview is None and part == "thumb":  # sketched at the thumbnail's size
            preview = studio.sketch(key)
        if preview is None:
            return not_found("picture")
        return Response(preview, media_type="image/png", headers={"cache-control": "no-store"})

    return View(
        "gallery",
        "Cards",
        "/",
        [
            Route("/", gallery),
            Route("/card/{card}", card_page),
            Route("/api/state", state),
            Route("/api/card/{card}", card),
            Route("/picture/{part}/{key}.png", picture),
        ],
    )
