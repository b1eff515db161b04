"""PNG products: one image per card design and per back, at 300 dpi with bleed (The Game
Crafter poker, 825 × 1125 px), and the MakePlayingCards variant (822 × 1122 px, cut from the
centre)."""

from __future__ import annotations

import io

from PIL import Image

#: PNG settings fixed so identical pixels always give identical bytes.
PNG_OPTIONS = {"format": "PNG", "compress_level": 1, "optimize": False}


def png_bytes(im: Image.Image, dpi: int | None = None) -> bytes:
    """``im`` as PNG bytes, with no metadata but the resolution when ``dpi`` is given (so
    print tools read a card image at its true size); deterministic."""
    buf = io.BytesIO()
    im.save(buf, **PNG_OPTIONS, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def centre_crop(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The centre ``size`` of ``im`` (any odd pixel is taken from the right and bottom)."""
    w, h = size
    left, top = (im.width - w) // 2, (im.height - h) // 2
    return im.crop((left, top, left + w, top + h))


def trim(im: Image.Image, bleed_px: float) -> tuple[float, float, float, float]:
    """The box of ``im`` inside a bleed of ``bleed_px`` on every side (for ``resize(box=)``)."""
    return (bleed_px, bleed_px, im.width - bleed_px, im.height - bleed_px)
