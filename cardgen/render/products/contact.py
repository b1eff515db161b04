"""Contact sheet: every physical card's front on one PNG, for review."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image

from cardgen.render.colours import hex_rgb
from cardgen.render.products.base import ContactSettings, RenderContext
from cardgen.render.products.png import png_bytes


def contact_sheet(cells: list[Image.Image], s: ContactSettings) -> Image.Image:
    """Paste equal-size ``cells`` in ``s.cols`` columns with ``s.gap`` px between them."""
    w, h = cells[0].size
    cols = min(s.cols, len(cells))
    rows = math.ceil(len(cells) / cols)
    bg = tuple(round(v * 255) for v in hex_rgb(s.background))
    sheet = Image.new("RGB", (cols * w + (cols + 1) * s.gap, rows * h + (rows + 1) * s.gap), bg)
    for i, im in enumerate(cells):
        r, c = divmod(i, cols)
        sheet.paste(im, (s.gap + c * (w + s.gap), s.gap + r * (h + s.gap)))
    return sheet


def thumbnail_size(ctx: RenderContext) -> tuple[int, int]:
    """The size of a card's picture on the contact sheet, in pixels."""
    s, L = ctx.settings.contact, ctx.theme.layout
    return (s.card_width, round(s.card_width * L.card.height / L.card.width))


def thumbnail(ctx: RenderContext, cell: Image.Image) -> Image.Image:
    """A card's picture on the contact sheet, scaled down from its TTS cell."""
    return shrunk(cell, thumbnail_size(ctx))


def shrunk(cell: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``cell`` scaled to the thumbnail ``size`` (:func:`thumbnail`)."""
    return cell.resize(size, Image.Resampling.LANCZOS)


def write_contact(
    ctx: RenderContext, thumbs: dict[str, Image.Image], write: Callable[[str, bytes], None]
) -> None:
    """Write ``contact.png`` from the cards' thumbnails: every physical card, copies included,
    in catalogue order."""
    cells = [thumbs[c.id] for c in ctx.physical()]
    write("contact.png", png_bytes(contact_sheet(cells, ctx.settings.contact)))
