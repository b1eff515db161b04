"""Rich text: words and ``{icon}`` tokens laid out in a box, shrunk to fit, drawn on a canvas.

Icons sit on the text baseline and are ``icon_scale`` × the font size tall.  :func:`fit` tries
sizes from the largest down to ``min_size``; a text that still does not fit is reported as not
fitting (the preflight makes that an error), never silently clipped.

Typesetting rules every pack's text gets: a hyphen before a digit at the start of a word is a
minus sign (U+2212); an amount and its icon ("2 {coin}") are one unbreakable group, kept on the
line of the word before it ("Gain 2 {coin}"); an inline icon is as wide as its drawing (given
by an ``extent`` function) and punctuation after it follows without a gap.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from cardgen.catalogue.icon_tokens import TOKEN
from cardgen.render.fonts import string_width

#: The first baseline sits this many font sizes below the top of the block …
ASCENT = 0.80
#: … and the block ends this many font sizes below the last baseline.
DESCENT = 0.24


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a word: a run of text, or an icon (``icon`` set, ``text`` empty)."""

    text: str = ""
    icon: str | None = None


Word = tuple[Piece, ...]


#: the minus sign, and a hyphen-minus standing for it: before a digit, at the start of a word
MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=[(\[]))-(?=\d)")
#: punctuation that follows an inline icon without a gap
PUNCTUATION = ".,;:!?)\u2026"
NBSP = "\u00a0"


def typeset(text: str) -> str:
    """``text`` as printed: a hyphen-minus before a digit at the start of a word is a minus
    sign ("-1" → "−1"); hyphens inside words ("Neighbour-facing") stay."""
    return _HYPHEN_MINUS.sub(MINUS, text) if "-" in text else text


def _is_number(word: Word) -> bool:
    return len(word) == 1 and word[0].icon is None and word[0].text.lstrip("+-\u2212").isdigit()


def _is_plain(word: Word) -> bool:
    return len(word) == 1 and word[0].icon is None and not word[0].text.endswith(NBSP)


def parse(text: str) -> list[Word]:
    """Split text into words; ``{name}`` tokens become icon pieces inside their word.

    A number followed by an icon ("2 {coin}") is one word, joined by a no-break space to the
    plain word before it ("Gain 2 {coin}"), so no line break separates an amount from its icon
    or from its verb.
    """
    words: list[Word] = []
    for word in _split(typeset(text)):
        if words and word[0].icon is not None and _is_number(words[-1]):
            amount = words.pop()[0].text + NBSP
            if words and _is_plain(words[-1]):
                amount = words.pop()[0].text + NBSP + amount
            words.append((Piece(amount), *word))
        else:
            words.append(word)
    return words


def _split(text: str) -> list[Word]:
    words: list[Word] = []
    for chunk in text.split():
        pieces: list[Piece] = []
        pos = 0
        for m in TOKEN.finditer(chunk):
            if m.start() > pos:
                pieces.append(Piece(chunk[pos : m.start()]))
            pieces.append(Piece(icon=m.group(1)))
            pos = m.end()
        if pos < len(chunk):
            pieces.append(Piece(chunk[pos:]))
        words.append(tuple(pieces))
    return words


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph: its text, font and size relative to the body size."""

    text: str
    font: str
    scale: float = 1.0


class Run(NamedTuple):
    """Something placed on a line: text (``icon`` None) or an icon, at ``x`` from the line start.

    A named tuple, not a frozen dataclass: as immutable, and a third of the cost to make (every
    size tried while fitting a text makes its runs anew)."""

    x: float
    text: str
    icon: str | None
    font: str
    size: float
    width: float
    #: an icon's drawing starts this far left of ``x`` (its square's blank left part, less the pad)
    shift: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    baseline: float  # below the top of the block
    width: float
    runs: tuple[Run, ...]


@dataclass(frozen=True, slots=True)
class TextLayout:
    """Laid-out text: the body size chosen, its lines, the block height and whether it fits."""

    size: float
    lines: tuple[Line, ...]
    height: float
    fits: bool


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How to set a text block."""

    size: float
    min_size: float = 6.0
    step: float = 0.25
    leading: float = 1.18
    paragraph_gap: float = 0.3
    icon_scale: float = 0.95
    icon_pad: float = 0.08
    align: str = "center"


def para_size(para: Para, size: float, style: TextStyle) -> float:
    """The size of ``para`` at body ``size``: scaled, but never below ``style.min_size``
    (flavour set smaller than the rules still prints at the minimum at least)."""
    return max(size * para.scale, style.min_size)


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[Word, ...]:
    """:func:`parse`, once per text (every size tried lays out the same words)."""
    return tuple(parse(text))


#: an icon's drawing spans these fractions of its square's width (left, right)
IconExtent = Callable[[str], tuple[float, float]]


def full_width(name: str) -> tuple[float, float]:
    return (0.0, 1.0)


def _widths(
    word: Word, font: str, s: float, style: TextStyle, extent: IconExtent
) -> tuple[list[float], list[float]]:
    """The advance width of each piece of a word, and each icon's shift: an icon is its
    drawing's width plus ``icon_pad`` each side, none after it before punctuation."""
    ws, shifts = [], []
    h, pad = s * style.icon_scale, s * style.icon_pad
    for i, p in enumerate(word):
        if p.icon is None:
            ws.append(string_width(p.text, font, s))
            shifts.append(0.0)
            continue
        left, right = extent(p.icon)
        after = word[i + 1] if i + 1 < len(word) else None
        tight = after is not None and after.icon is None and after.text[:1] in PUNCTUATION
        ws.append(h * (right - left) + pad * (1 if tight else 2))
        shifts.append(pad - h * left)
    return ws, shifts


def _set_para(
    para: Para, size: float, width: float, style: TextStyle, extent: IconExtent = full_width
) -> list[tuple[float, list[Run]]] | None:
    """Break one paragraph into lines of runs; None if a word is wider than the box.

    Text pieces that touch (a word, the space after it, the next word) are one run; an icon
    is a run of its own.  Runs are built as ``[x, text, icon, width, shift]`` and frozen per
    line.
    """
    s = para_size(para, size, style)
    font = para.font
    space = string_width(" ", font, s)
    limit = width + 1e-6
    lines: list[tuple[float, list[Run]]] = []
    runs: list[list] = []
    x = 0.0

    def freeze() -> list[Run]:
        return [Run(rx, text, icon, font, s, w, sh) for rx, text, icon, w, sh in runs]

    for word in _words(para.text):
        ws, shifts = _widths(word, font, s, style, extent)
        ww = sum(ws)
        if ww > limit:
            return None
        if runs and x + space + ww > limit:
            lines.append((x, freeze()))
            runs, x = [], 0.0
        if runs:
            x += space
            end = runs[-1]
            if end[2] is None:  # the space joins the previous text run
                end[1] += " "
                end[3] += space
        for p, w, shift in zip(word, ws, shifts, strict=True):
            last = runs[-1] if runs else None
            if (
                p.icon is None
                and last is not None
                and last[2] is None
                and last[0] + last[3] >= x - 1e-6
            ):
                last[1] += p.text
                last[3] += w
            else:
                runs.append([x, p.text, p.icon, w, shift])
            x += w
    if runs:
        lines.append((x, freeze()))
    return lines


def layout_at(
    paras: list[Para],
    size: float,
    width: float,
    height: float,
    style: TextStyle,
    extent: IconExtent = full_width,
):
    """Lay out ``paras`` at body ``size``; the result says whether it fits ``height``."""
    out: list[Line] = []
    y = 0.0
    last_size = size
    fits = True
    for i, para in enumerate(paras):
        s = para_size(para, size, style)
        lines = _set_para(para, size, width, style, extent)
        if lines is None:
            return TextLayout(size, tuple(out), float("inf"), False)
        for j, (w, runs) in enumerate(lines):
            if not out:
                y = ASCENT * s
            else:
                y += s * style.leading
                if j == 0 and i > 0:
                    y += s * style.leading * style.paragraph_gap
            out.append(Line(y, w, tuple(runs)))
        last_size = s
    total = y + DESCENT * last_size if out else 0.0
    if total > height + 1e-6:
        fits = False
    return TextLayout(size, tuple(out), total, fits)


def sizes(style: TextStyle) -> list[float]:
    """The sizes :func:`fit` tries, largest first, ending at ``min_size``."""
    out, size = [], style.size
    while size > style.min_size + 1e-6:
        out.append(size)
        size = round(size - style.step, 4)
    return [*out, style.min_size]


def fit(
    paras: list[Para],
    width: float,
    height: float,
    style: TextStyle,
    extent: IconExtent = full_width,
) -> TextLayout:
    """The largest size from ``style.size`` down to ``style.min_size`` at which the text fits;
    if none does, the layout at ``min_size`` with ``fits`` False.  ``extent`` gives the part of
    its square an icon's drawing covers (the whole square by default)."""
    lay = None
    for size in sizes(style):
        lay = layout_at(paras, size, width, height, style, extent)
        if lay.fits:
            return lay
    assert lay is not None  # sizes() ends at min_size, so there is one
    return lay


IconDrawer = Callable[[str, float, float, float], None]


def draw(
    c, lay: TextLayout, x: float, top: float, width: float, style: TextStyle, icon: IconDrawer
) -> None:
    """Draw a layout with its block top at ``top`` in a column ``width`` wide starting at ``x``.

    The caller sets the fill colour; ``icon(name, x, y, size)`` draws an inline icon.
    """
    font = None
    for line in lay.lines:
        dx = (width - line.width) / 2 if style.align == "center" else 0.0
        base = top - line.baseline
        for r in line.runs:
            if r.icon is not None:
                h = r.size * style.icon_scale
                icon(r.icon, x + dx + r.x + r.shift, base, h)
                continue
            if font != (r.font, r.size):
                c.setFont(r.font, r.size)
                font = (r.font, r.size)
            c.drawString(x + dx + r.x, base, r.text)
