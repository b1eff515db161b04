"""What makes the PDF documents quick to build: known contents, a layout pass that draws
nothing, parsed colours.

A document with a table of contents needs the page of every heading before it can draw its
first page.  platypus's ``multiBuild`` finds them by building the whole document, drawing
included, until the contents stop changing: two full passes.  The documents
(:meth:`cardgen.docs.pdf._Doc.build_with_contents`) instead

- start from the contents the same headings had last time (:func:`known_contents`, kept in
  the cache folder): when they are still right, which a changed card seldom alters, the first
  pass is the last;
- else make the first pass on a :class:`LayoutCanvas`, on which their flowables
  (:class:`Para`, :class:`Grid`, :class:`Contents`, :class:`~cardgen.docs.pdf_flow.IconText`)
  draw nothing: it only finds the pages of the contents, which the second pass draws.

Either way the document is the one whose contents list the pages its pass found, as with
``multiBuild`` alone: the same bytes.

:func:`colour` parses a colour once: reportlab parses a colour given as a string each time it
is set, and that parse is slow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.catalogue.cache_entries import read_entry, write_entry
from cardgen.util.cache_dirs import private_cache_dir
from cardgen.util.hashing import digest_data

#: an entry of a table of contents: level, text (markup), page, bookmark key
Entry = tuple[int, str, int, str | None]


@cache
def colour(value: str) -> Color:
    """The reportlab colour of ``value`` (``#RRGGBB`` or a name), parsed once."""
    return toColor(value)


class LayoutCanvas(Canvas):
    """The canvas of the layout pass: the document's flowables draw nothing on it and it
    writes no file."""

    def save(self) -> None:
        """Nothing to write: the layout pass only places the flowables."""


#: what a table of contents shows before its entries are known (platypus's own placeholder):
#: the layout pass shows it, so it lays the pages out as the first of two full passes did
PLACEHOLDER = (0, "Placeholder for table of contents", 0, None)


def first_pass_lays_out() -> Callable[..., Canvas]:
    """A ``canvasmaker`` for ``multiBuild``: a :class:`LayoutCanvas` for its first pass, a
    real canvas for the others."""
    made = 0

    def make(*args: Any, **kwargs: Any) -> Canvas:
        nonlocal made
        made += 1
        return (LayoutCanvas if made == 1 else Canvas)(*args, **kwargs)

    return make


def drawing(flowable: Flowable) -> bool:
    """Whether ``flowable`` (inside its ``draw``) is drawn for real, not laid out only."""
    return not isinstance(flowable.canv, LayoutCanvas)


class _Remembered:
    """A flowable that answers a ``wrap`` like its last one at once: tables, kept-together
    blocks and frames wrap the same flowable again and again.  ``wrap`` depends on the space
    given alone (a paragraph's on its width); a ``split`` forgets."""

    _last: tuple[tuple[float, ...], tuple[float, float]] | None = None

    def _space(self, avail_width: float, avail_height: float) -> tuple[float, ...]:
        return (avail_width, avail_height)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        space = self._space(availWidth, availHeight)
        if self._last is not None and self._last[0] == space:
            return self._last[1]
        size = super().wrap(availWidth, availHeight)  # type: ignore[misc]
        self._last = (space, size)
        return size

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self._last = None
        return super().split(availWidth, availHeight)  # type: ignore[misc]


class Para(_Remembered, Paragraph):
    """A paragraph that draws nothing in the layout pass and is broken into lines once per
    width."""

    def _space(self, avail_width: float, avail_height: float) -> tuple[float, ...]:
        return (avail_width,)  # its lines depend on the width alone

    def draw(self) -> None:
        if drawing(self):
            super().draw()


class Grid(_Remembered, Table):
    """A table (and its cells) that draws nothing in the layout pass and is measured once per
    space given."""

    def draw(self) -> None:
        if drawing(self):
            super().draw()


class Keep(KeepTogether):
    """Flowables kept on one page, which says what they are (for :func:`outlines`)."""

    def __init__(self, flowables: list[Flowable]) -> None:
        super().__init__(flowables)
        self.flowables = list(flowables)


class Contents(TableOfContents):
    """A table of contents that draws nothing in the layout pass."""

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        if not isinstance(canvas, LayoutCanvas):
            super().drawOn(canvas, x, y, _sW)


def outlines(story: Iterable[Flowable]) -> list[tuple[int, str, str]]:
    """The outline entries (level, text, key) of the flowables of ``story``, in order."""
    out: list[tuple[int, str, str]] = []
    for f in story:
        entry = getattr(f, "outline", None)
        if entry is not None:
            out.append(tuple(entry))
        if isinstance(f, Keep):
            out += outlines(f.flowables)
    return out


def contents_key(document: str, story: Iterable[Flowable]) -> str:
    """What the contents of ``story`` in ``document`` (its kind and title) are known by: its
    headings, in order."""
    return digest_data({"document": document, "outlines": outlines(story)})


def _contents_file(key: str) -> Path | None:
    folder = private_cache_dir("contents")
    return None if folder is None else folder / f"{key}.json"


def known_contents(key: str) -> list[Entry] | None:
    """The entries the document of ``key`` had when it was last built, if remembered (a
    private entry naming this very key, :mod:`cardgen.catalogue.cache_entries`)."""
    path = _contents_file(key)
    entry = read_entry(path, "contents", key) if path is not None else None
    if entry is None:
        return None
    try:
        return [(int(lv), str(text), int(page), str(k)) for lv, text, page, k in entry["entries"]]
    except (KeyError, ValueError, TypeError):
        return None


def remember_contents(key: str, entries: list[Entry]) -> None:
    """Keep the entries the document of ``key`` has (never fails: it is only a cache)."""
    path = _contents_file(key)
    if path is not None:
        write_entry(path, "contents", key, {"entries": [list(e) for e in entries]})
