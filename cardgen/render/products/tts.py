"""Tabletop Simulator: deck sheets of at most 10 × 7 cards and 4096 px a side, with a back.

One sheet per back design (copies expanded), so piles that differ face down stay apart; each
comes with its back image and an entry in ``tts.json`` giving the grid TTS asks for.  The
sheets and the index are written apart, so a build remakes only the sheet a change touches.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from PIL import Image

from cardgen.pack import BackDesign
from cardgen.render.products.base import RenderContext, TtsSettings
from cardgen.render.products.png import png_bytes


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


def write_tts_sheets(
    ctx: RenderContext,
    faces: dict[str, Image.Image],
    backs: dict[str, Image.Image],
    write: Callable[[str, bytes], None],
) -> None:
    """Write a deck sheet and its back image per back design."""
    s = ctx.settings.tts
    for back in _back_designs(ctx):
        cards = ctx.physical(ctx.cards_of_back(back))
        sheet, _, _ = make_sheet([faces[c.id] for c in cards], s)
        write(f"tts/{back.slug}.png", png_bytes(sheet))
        write(f"tts/{back.slug}-back.png", png_bytes(backs[back.key]))


def write_tts_index(ctx: RenderContext, write: Callable[[str, bytes], None]) -> None:
    """Write ``tts/tts.json``: per back design its sheet, back and the grid TTS asks for."""
    s = ctx.settings.tts
    pile_key, name_key = ctx.catalogue.pack.back_labels
    manifest = []
    for back in _back_designs(ctx):
        cards = ctx.physical(ctx.cards_of_back(back))
        cols, rows = sheet_grid(len(cards), s)
        manifest.append(
            {
                pile_key: back.pile,
                name_key: back.name,
                "face": f"{back.slug}.png",
                "back": f"{back.slug}-back.png",
                "num_width": cols,
                "num_height": rows,
                "cards": len(cards),
                "card_ids": [c.id for c in cards],
            }
        )
    write("tts/tts.json", (json.dumps(manifest, indent=2) + "\n").encode())


def _back_designs(ctx: RenderContext) -> list[BackDesign]:
    return [b for pile_backs in ctx.backs_by_pile().values() for b in pile_backs]
