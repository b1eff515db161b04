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


def write_contact(
    ctx: RenderContext, faces: dict[str, Image.Image], write: Callable[[str, bytes], None]
) -> None:
    """Write ``contact.png``: every physical card, copies included, in catalogue order."""
    s = ctx.settings.contact
    L = ctx.theme.layout
    size = (s.card_width, round(s.card_width * L.card.height / L.card.width))
    small = {k: im.resize(size, Image.Resampling.LANCZOS) for k, im in faces.items()}
    write("contact.png", png_bytes(contact_sheet([small[c.id] for c in ctx.physical()], s)))
