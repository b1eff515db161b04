"""PDF flowables: text with inline vector icons.

:class:`IconText` wraps words and icons to the available width (the card renderer's icons are
drawn inline, scaled to the text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from cardgen.docs.content import Segment
from cardgen.docs.pdf_build import colour
from cardgen.docs.pdf_theme import IconDrawer

_WORDS = re.compile(r"\S+|\s+")


@lru_cache(maxsize=1 << 16)
def _width(text: str, font: str, size: float) -> float:
    """``stringWidth``, remembered: the same words come back in every pass and document."""
    return stringWidth(text, font, size)


@dataclass(frozen=True)
class Run:
    """A run of :class:`IconText`: text in one font and colour, an icon, or a line break."""

    text: str = ""
    font: str = ""
    colour: str = "#1D1D1D"
    icon: str | None = None
    newline: bool = False


def runs_of(segments: tuple[Segment, ...], font: str) -> list[Run]:
    """Rules-text segments as runs."""
    return [Run(icon=s.icon) if s.icon else Run(s.text, font) for s in segments]


@dataclass(frozen=True)
class _Item:
    width: float
    run: Run
    space: bool


@lru_cache(maxsize=1 << 14)
def _text_items(text: str, font: str, colour: str, size: float) -> tuple[_Item, ...]:
    """A text run's words and spaces with their widths (shared: the same runs come back)."""
    return tuple(
        _Item(_width(word, font, size), Run(word, font, colour), word.isspace())
        for word in _WORDS.findall(text)
    )


def _glued_tail(line: list[_Item]) -> list[_Item]:
    """Remove and return the items after the line's last space (none if it has no space)."""
    cut = max((i + 1 for i, item in enumerate(line) if item.space), default=0)
    if cut == 0:
        return []
    tail = line[cut:]
    del line[cut:]
    return tail


class IconText(Flowable):
    """A paragraph of text runs and inline icons, wrapped greedily at spaces."""

    def __init__(
        self,
        runs: list[Run],
        size: float,
        draw_icon: IconDrawer,
        *,
        leading: float | None = None,
        anchor: str | None = None,
        indent: float = 0.0,
        bullet: Run | None = None,
    ) -> None:
        super().__init__()
        self.runs, self.size, self.draw_icon = runs, size, draw_icon
        self.leading = leading or size * 1.3
        self.anchor = anchor
        self.indent, self.bullet = indent, bullet
        self.icon_size = size * 1.15
        self._lines: list[list[_Item]] = []
        self._words: list[_Item | None] | None = None
        # lines, width and height by available width: every pass wraps it again, as do tables
        self._wrapped: dict[float, tuple[list[list[_Item]], float, float]] = {}

    def _items(self) -> list[_Item | None]:
        if self._words is not None:
            return self._words
        items: list[_Item | None] = []
        for run in self.runs:
            if run.newline:
                items.append(None)
            elif run.icon:
                items.append(_Item(self.icon_size + 1, run, False))
            else:
                items += _text_items(run.text, run.font, run.colour, self.size)
        self._words = items
        return items

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self.indent:
            _, height = self._wrap_lines(avail_width - self.indent)
            self.width = avail_width
            return avail_width, height
        return self._wrap_lines(avail_width)

    def _wrap_lines(self, avail_width: float) -> tuple[float, float]:
        if avail_width in self._wrapped:
            self._lines, self.width, self.height = self._wrapped[avail_width]
            return self.width, self.height
        lines: list[list[_Item]] = [[]]
        x = 0.0
        for item in self._items():
            if item is None:
                lines.append([])
                x = 0.0
                continue
            if item.space and not lines[-1]:
                continue
            if item.width > avail_width and not item.run.icon:
                pieces = self._split_word(item.run, avail_width)
                item, rest = pieces[-1], pieces[:-1]
                for piece in rest:
                    if lines[-1]:
                        lines.append([])
                    lines[-1].append(piece)
                lines.append([])
                x = 0.0
            if x + item.width > avail_width and lines[-1] and not item.space:
                carry = _glued_tail(lines[-1])  # an icon and its full stop stay together
                while lines[-1] and lines[-1][-1].space:
                    lines[-1].pop()
                lines.append(carry)
                x = sum(i.width for i in carry)
            lines[-1].append(item)
            x += item.width
        self._lines = lines
        widths = [sum(i.width for i in line) for line in lines]
        self.width = min(avail_width, max(widths, default=0.0))
        self.height = self.leading * len(lines)
        self._wrapped[avail_width] = (lines, self.width, self.height)
        return self.width, self.height

    def _split_word(self, run: Run, width: float) -> list[_Item]:
        """Break a word wider than the column into pieces that fit (by characters)."""
        pieces: list[_Item] = []
        current = ""
        for ch in run.text:
            if current and _width(current + ch, run.font, self.size) > width:
                pieces.append(self._item(current, run))
                current = ""
            current += ch
        pieces.append(self._item(current, run))
        return pieces

    def _item(self, text: str, run: Run) -> _Item:
        w = _width(text, run.font, self.size)
        return _Item(w, Run(text, run.font, run.colour), False)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Split between lines (at least two lines on each side) when it does not fit."""
        self.wrap(avail_width, avail_height)
        n = len(self._lines)
        fit = min(int((avail_height + 1e-6) // self.leading), n - 2)
        if fit < 2:
            return []
        return [self._part(self._lines[:fit], first=True), self._part(self._lines[fit:])]

    def _part(self, lines: list[list[_Item]], first: bool = False) -> IconText:
        runs: list[Run] = []
        for i, line in enumerate(lines):
            runs += [Run(newline=True)] if i else []
            runs += [item.run for item in line]
        part = IconText(
            runs,
            self.size,
            self.draw_icon,
            leading=self.leading,
            anchor=self.anchor if first else None,
            indent=self.indent,
            bullet=self.bullet if first else None,
        )
        for attr in ("spaceBefore", "outline", "keepWithNext") if first else ("spaceAfter",):
            if hasattr(self, attr):
                setattr(part, attr, getattr(self, attr))
        return part

    def draw(self) -> None:
        canv = self.canv
        if self.anchor:
            canv.bookmarkHorizontal(self.anchor, 0, self.height)
        if self.bullet is not None:
            b = self.bullet
            canv.setFont(b.font, self.size)
            canv.setFillColor(colour(b.colour))
            canv.drawRightString(self.indent - self.size * 0.4, self.height - self.size, b.text)
        if self.indent:
            canv.translate(self.indent, 0)
        # the words in one text object, each at its place; the icons beside it
        text = canv.beginText()
        font = ink = ""
        y = self.height - self.size
        for line in self._lines:
            x = 0.0
            for item in line:
                run = item.run
                if run.icon:
                    self.draw_icon(canv, run.icon, x, y - self.size * 0.18, self.icon_size)
                elif not item.space:
                    if run.font != font:
                        text.setFont(run.font, self.size)
                        font = run.font
                    if run.colour != ink:
                        text.setFillColor(colour(run.colour))
                        ink = run.colour
                    text.setTextOrigin(x, y)
                    text.textOut(run.text)
                x += item.width
            y -= self.leading
        canv.drawText(text)
