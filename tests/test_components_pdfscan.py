"""Reading what a PDF page draws (pypdf content streams): forms placed, clips, line segments."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


@dataclass(frozen=True)
class Placed:
    """A form XObject drawn on a page, with the translation and clip rectangle in force."""

    name: str
    dx: float
    dy: float
    clip: tuple[float, float, float, float] | None  # x, y, w, h in page space


def operations(reader: PdfReader, page_no: int) -> list[tuple[list, bytes]]:
    page = reader.pages[page_no]
    return ContentStream(page.get_contents(), reader).operations


def placed_forms(reader: PdfReader, page_no: int) -> list[Placed]:
    """Every ``Do`` of a form with its translation (``cm``, translations only) and clip."""
    stack: list[tuple[float, float, tuple | None]] = []
    dx = dy = 0.0
    clip = None
    pending_rect = None
    out = []
    for args, op in operations(reader, page_no):
        if op == b"q":
            stack.append((dx, dy, clip))
        elif op == b"Q":
            dx, dy, clip = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(x) for x in args)
            if (a, b, c, d) == (1, 0, 0, 1):
                dx, dy = dx + e, dy + f
        elif op == b"re":
            x, y, w, h = (float(v) for v in args)
            pending_rect = (x + dx, y + dy, w, h)
        elif op in (b"W", b"W*"):
            clip = pending_rect
        elif op == b"Do":
            out.append(Placed(str(args[0]).removeprefix("/FormXob."), dx, dy, clip))
    return out


def segments(reader: PdfReader, page_no: int) -> list[tuple[float, float, float, float]]:
    """Straight line segments (``m`` then ``l``) drawn directly on the page, in page space."""
    out = []
    dx = dy = 0.0
    stack = []
    last = None
    for args, op in operations(reader, page_no):
        if op == b"q":
            stack.append((dx, dy))
        elif op == b"Q":
            dx, dy = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(x) for x in args)
            if (a, b, c, d) == (1, 0, 0, 1):
                dx, dy = dx + e, dy + f
        elif op == b"m":
            last = (float(args[0]) + dx, float(args[1]) + dy)
        elif op == b"l" and last is not None:
            end = (float(args[0]) + dx, float(args[1]) + dy)
            out.append((*last, *end))
            last = end
    return out
