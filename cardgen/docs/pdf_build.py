"""What makes the PDF documents' flowables quick to lay out: wraps remembered, parsed colours.

:func:`colour` parses a colour once: reportlab parses a colour given as a string each time it
is set, and that parse is slow.  :class:`Para` and :class:`Grid` answer a ``wrap`` like their
last one at once (tables, kept-together blocks and frames wrap the same flowable again and
again).  The documents are drawn in chunks (:mod:`cardgen.docs.pdf_chunks`), each in one pass.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import Color, toColor
from reportlab.platypus import Flowable, Paragraph, Table

#: an entry of a table of contents: level, text (markup), page, bookmark key
Entry = tuple[int, str, int, str | None]


@cache
def colour(value: str) -> Color:
    """The reportlab colour of ``value`` (``#RRGGBB`` or a name), parsed once."""
    return toColor(value)


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
    """A paragraph broken into lines once per width."""

    def _space(self, avail_width: float, avail_height: float) -> tuple[float, ...]:
        return (avail_width,)  # its lines depend on the width alone


class Grid(_Remembered, Table):
    """A table measured once per space given."""
