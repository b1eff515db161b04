"""The kit view: the print-and-play sheets, print pages, components, rulebook and appendices
of the last build, page by page, redrawn when the kit build rewrites a file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardgen.studio.app import View, not_found
from cardgen.studio.kit import PAGE_WIDTHS, kit_files

if TYPE_CHECKING:
    from cardgen.studio.session import Studio


def view(studio: Studio) -> View:
    """The kit's page, its data and its page images."""

    def kit(request: Request) -> Response:
        return request.app.state.pages.render(request, "kit", "kit.js")

    def data(request: Request) -> Response:
        return JSONResponse(studio.kit_state, headers={"cache-control": "no-store"})

    def page(request: Request) -> Response:
        """``?file=<path in the manifest>&page=<0-based>&w=<a width of PAGE_WIDTHS>``."""
        q = request.query_params
        files = {f.path: f for f in kit_files(studio.out)}
        found = files.get(q.get("file", ""))
        try:
            number, width = int(q.get("page", "0")), int(q.get("w", str(PAGE_WIDTHS[0])))
        except ValueError:
            return not_found("page")
        if found is None or not 0 <= number < found.pages or width not in PAGE_WIDTHS:
            return not_found("page")
        try:
            image = studio.pages.image(found, number, width)
        except Exception:  # rewritten or removed while drawn: the next version follows
            return not_found("page")
        cache = "public, max-age=31536000, immutable" if q.get("v") == found.version else "no-store"
        return Response(image, media_type="image/png", headers={"cache-control": cache})

    return View(
        "kit",
        "Kit",
        "/kit",
        [Route("/kit", kit), Route("/api/kit", data), Route("/kit/page", page)],
    )
