"""Tabletop Simulator: deck sheets at the largest card size TTS allows, and a saved object.

A deck here is one pile's cards with one back (:meth:`RenderContext.backs_by_pile`): with
backs per face-down group, every deck of a group shows the same back in TTS too.  Its cards go
on sheets of at most ``max_cols`` × ``max_rows`` cards and ``max_side`` px a side; each sheet
takes the grid that gives its cards the most pixels, never more than the 300 dpi print image.
The back is the hidden-card image (``BackIsHidden``), so no slot is kept for one.

``tts/<game>.json`` is a Tabletop Simulator saved object (the save-file format:
https://kb.tabletopsimulator.com/custom-content/save-file-format/): one ``Deck`` object per
deck, its ``CustomDeck`` sheets (``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``,
``BackIsHidden``), its ``DeckIDs`` and one ``Card`` per physical card.  The image addresses are
``base_url`` + file name: by default the bare file name, which Tabletop Simulator finds in its
``Mods/Images`` folder (copy the ``tts`` images there); after uploading them (Steam Cloud, any web
host), render with ``--tts-url`` to point every address there.  Copy the JSON into Tabletop
Simulator's ``Saves/Saved Objects`` folder and spawn it from *Objects ▸ Saved Objects*.  The
file is the same wherever the kit is written.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

from cardgen.pack import BackDesign
from cardgen.render.products.base import ProductSettings, RenderContext, TtsSettings
from cardgen.render.products.png import png_bytes, png_rows, rows_png
from cardgen.render.units import Size, px

#: TTS's card size in its own units (a poker card), scaled by the layout's card width.
TTS_CARD_WIDTH_MM = 63.5


def master_cell(ctx: RenderContext) -> tuple[int, int]:
    """The size every card's TTS image is rasterised at: its trim at the print resolution
    (750 × 1050 px for a poker card at 300 dpi), at most ``max_side`` a side."""
    return master_size(ctx.theme.layout.size, ctx.settings)


def master_size(card: Size, s: ProductSettings) -> tuple[int, int]:
    """:func:`master_cell` of a ``card`` (mm) with the product settings ``s``."""
    w, h = px(card.w, s.png.dpi), px(card.h, s.png.dpi)
    scale = min(1.0, s.tts.max_side / max(w, h))
    return math.floor(w * scale), math.floor(h * scale)


def per_sheet(s: TtsSettings) -> int:
    """Cards on one sheet at most."""
    return s.max_cols * s.max_rows


def sheet_layout(n: int, s: TtsSettings, cell: tuple[int, int]) -> tuple[int, int, int, int]:
    """``(cols, rows, w, h)``: the grid and card size in px that give ``n`` cards the largest
    cards within ``max_cols`` × ``max_rows`` and ``max_side``, never larger than ``cell``; on a
    tie, the grid with fewer empty slots (the largest size a sheet of ``n`` cards allows)."""
    if not 1 <= n <= per_sheet(s):
        raise ValueError(f"{n} cards do not fit one TTS sheet (at most {per_sheet(s)})")
    aspect = cell[1] / cell[0]
    best: tuple[Any, ...] | None = None
    for cols in range(1, s.max_cols + 1):
        rows = math.ceil(n / cols)
        if rows > s.max_rows:
            continue
        w = min(cell[0], s.max_side // cols, math.floor(s.max_side / rows / aspect))
        h = min(cell[1], math.floor(w * aspect), s.max_side // rows)
        key = (w, -(cols * rows - n), -cols)
        if best is None or key > best[0]:
            best = (key, cols, rows, w, h)
    assert best is not None
    return best[1], best[2], best[3], best[4]


@dataclass(frozen=True)
class TtsSheet:
    """One face sheet: its file, its cards (physical, in order) and its grid."""

    file: str
    cards: tuple[Any, ...]
    cols: int
    rows: int
    cell: tuple[int, int]


@dataclass(frozen=True)
class TtsDeck:
    """One pile's cards with one back: its sheets and its back image's file."""

    back: BackDesign
    name: str
    sheets: tuple[TtsSheet, ...]
    back_file: str


def grid_for_cell(n: int, s: TtsSettings, cell: tuple[int, int]) -> tuple[int, int]:
    """``(cols, rows)`` for ``n`` cards of ``cell`` px: within ``max_cols`` × ``max_rows`` and
    ``max_side``, the fewest empty slots, then the fewest columns."""
    w, h = cell
    grids = [
        (cols, math.ceil(n / cols))
        for cols in range(1, s.max_cols + 1)
        if math.ceil(n / cols) <= s.max_rows
        and cols * w <= s.max_side
        and math.ceil(n / cols) * h <= s.max_side
    ]
    if not grids:
        raise ValueError(f"{n} cards of {w}×{h} px do not fit one TTS sheet")
    return min(grids, key=lambda g: (g[0] * g[1] - n, g[0]))


def game_cell(s: TtsSettings, master: tuple[int, int], counts: list[int]) -> tuple[int, int]:
    """The one card size (px) of every TTS sheet and back of a game whose decks hold
    ``counts`` cards: the largest its fullest sheet allows (Tabletop Simulator scales a deck
    by its first sheet, so a deck of two sizes draws some cards wrongly)."""
    fullest = max((min(n, per_sheet(s)) for n in counts if n), default=1)
    return sheet_layout(fullest, s, master)[2:]


def tts_decks(ctx: RenderContext, cell: tuple[int, int] | None = None) -> list[TtsDeck]:
    """Every deck (:meth:`RenderContext.decks`) with its sheets, every card of the game
    ``cell`` px (default: :func:`game_cell` of these decks)."""
    s = ctx.settings.tts
    decks = ctx.decks()
    if cell is None:
        cell = game_cell(s, master_cell(ctx), [d.count for d in decks])
    n = per_sheet(s)
    out = []
    for deck in decks:
        cards = ctx.physical(list(deck.cards))
        sheets = []
        for k, start in enumerate(range(0, len(cards), n), 1):
            chunk = cards[start : start + n]
            cols, rows = grid_for_cell(len(chunk), s, cell)
            file = f"{deck.slug}.png" if k == 1 else f"{deck.slug}.{k}.png"
            sheets.append(TtsSheet(file, tuple(chunk), cols, rows, cell))
        out.append(TtsDeck(deck.back, deck.name, tuple(sheets), f"{deck.slug}-back.png"))
    return out


def make_sheet(cells: list[Image.Image], sheet: TtsSheet) -> Image.Image:
    """Paste ``cells`` (scaled to the sheet's card size) row by row on a black sheet."""
    w, h = sheet.cell
    im = Image.new("RGB", (sheet.cols * w, sheet.rows * h), (0, 0, 0))
    for i, cell in enumerate(cells):
        r, c = divmod(i, sheet.cols)
        if cell.size != (w, h):
            cell = cell.resize((w, h), Image.Resampling.LANCZOS)
        im.paste(cell, (c * w, r * h))
    return im


def sheet_png(cells: list[Image.Image], sheet: TtsSheet) -> bytes:
    """:func:`make_sheet` as PNG bytes, each cell pasted straight into the PNG's scan lines
    (no sheet image, then its bytes, then its rows: three copies of ~45 MB saved a sheet)."""
    w, h = sheet.cell
    rows = png_rows(sheet.rows * h, sheet.cols * w * 3)  # black
    for i, cell in enumerate(cells):
        r, c = divmod(i, sheet.cols)
        if cell.size != (w, h):
            cell = cell.resize((w, h), Image.Resampling.LANCZOS)
        x = 1 + c * w * 3  # past the row's filter byte
        rows[r * h : (r + 1) * h, x : x + w * 3] = np.asarray(cell.convert("RGB")).reshape(h, -1)
    return rows_png(rows)


def write_tts_sheets(
    ctx: RenderContext,
    faces: dict[str, Image.Image],
    backs: dict[str, Image.Image],
    write: Callable[[str, bytes], None],
    cell: tuple[int, int] | None = None,
) -> None:
    """Write every deck's face sheets and its back image (at the cards' size)."""
    for deck in tts_decks(ctx, cell):
        for sheet in deck.sheets:
            write(f"tts/{sheet.file}", sheet_png([faces[c.id] for c in sheet.cards], sheet))
        # the back at the cards' size
        back = backs[deck.back.key].resize(deck.sheets[0].cell, Image.Resampling.LANCZOS)
        write(f"tts/{deck.back_file}", png_bytes(back))


def saved_object_name(ctx: RenderContext) -> str:
    """The saved object's file name: the game's name in lowercase words."""
    slug = re.sub(r"[^a-z0-9]+", "-", ctx.theme.rules.game.lower()).strip("-")
    return f"{slug or 'cards'}.json"


def _transform(x: float, scale: float) -> dict[str, float]:
    """Face down (turned over its long axis), ``x`` units along the table."""
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _guid(n: int) -> str:
    return f"{0xC0DE00 + n:06x}"


def saved_object(
    ctx: RenderContext, base_url: str, cell: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The Tabletop Simulator saved object: one ``Deck`` per deck (see the module's doc)."""
    scale = round(ctx.theme.layout.card.width / TTS_CARD_WIDTH_MM, 4)
    objects, sheet_id, n = [], 0, 0
    for i, deck in enumerate(tts_decks(ctx, cell)):
        custom, ids, cards = {}, [], []
        for sheet in deck.sheets:
            sheet_id += 1
            entry = {
                "FaceURL": base_url + sheet.file,
                "BackURL": base_url + deck.back_file,
                "NumWidth": sheet.cols,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            custom[str(sheet_id)] = entry
            for k, card in enumerate(sheet.cards):
                card_id = sheet_id * 100 + k
                ids.append(card_id)
                n += 1
                cards.append(
                    {
                        "GUID": _guid(n),
                        "Name": "Card",
                        "Transform": _transform(0.0, scale),
                        "Nickname": card.name,
                        "Description": card.id,
                        "CardID": card_id,
                        "CustomDeck": {str(sheet_id): entry},
                        "SidewaysCard": False,
                        "HideWhenFaceDown": True,
                        "Hands": True,
                    }
                )
        objects.append(
            {
                "GUID": _guid(0x8000 + i),
                "Name": "Deck",
                "Transform": _transform(i * 3.0 * scale, scale),
                "Nickname": deck.name,
                "Description": f"{len(cards)} cards; back: {deck.back.name}",
                "DeckIDs": ids,
                "CustomDeck": custom,
                "ContainedObjects": cards,
                "SidewaysCard": False,
                "HideWhenFaceDown": True,
                "Hands": False,
            }
        )
    return {
        "SaveName": ctx.theme.rules.game,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def write_tts_index(
    ctx: RenderContext,
    write: Callable[[str, bytes], None],
    base_url: str = "",
    cell: tuple[int, int] | None = None,
) -> None:
    """Write ``tts/<game>.json``, the saved object, its images at ``base_url`` + file name."""
    data = saved_object(ctx, base_url, cell)
    write(f"tts/{saved_object_name(ctx)}", (json.dumps(data, indent=2) + "\n").encode())
