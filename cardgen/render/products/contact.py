"""Contact sheet: every physical card's front on one PNG, for review."""

from __future__ import annotations

import math

from PIL import Image

from cardgen.render.colours import hex_rgb
from cardgen.render.products.base import ContactSettings


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
