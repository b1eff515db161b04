"""Tabletop Simulator: deck sheets of at most 10 × 7 cards and 4096 px a side, with a back.

One sheet per deck and season (copies expanded), so spring and fall piles stay apart; each
comes with its back image and an entry in ``tts.json`` giving the grid TTS asks for.
"""

from __future__ import annotations

import math

from PIL import Image

from cardgen.render.products.base import TtsSettings


def cell_size(s: TtsSettings, aspect: float) -> tuple[int, int]:
    """The largest card cell (w, h) with ``h = w * aspect`` that keeps a full sheet in limits."""
    w = s.max_side // s.max_cols
    h = math.floor(w * aspect)
    if h * s.max_rows > s.max_side:
        h = s.max_side // s.max_rows
        w = math.floor(h / aspect)
    return w, h


def sheet_grid(n: int, s: TtsSettings) -> tuple[int, int]:
    """Columns and rows for ``n`` cards on one sheet."""
    if n > s.max_cols * s.max_rows:
        raise ValueError(f"{n} cards do not fit one TTS sheet of {s.max_cols}×{s.max_rows}")
    cols = min(n, s.max_cols)
    return cols, math.ceil(n / cols)


def make_sheet(cells: list[Image.Image], s: TtsSettings) -> tuple[Image.Image, int, int]:
    """Paste equal-size ``cells`` row by row; returns the sheet and its columns and rows."""
    cols, rows = sheet_grid(len(cells), s)
    w, h = cells[0].size
    sheet = Image.new("RGB", (cols * w, rows * h), (0, 0, 0))
    for i, im in enumerate(cells):
        r, c = divmod(i, cols)
        sheet.paste(im, (c * w, r * h))
    return sheet, cols, rows
