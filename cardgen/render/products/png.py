"""PNG products: one image per card design and per back, at 300 dpi with bleed (The Game
Crafter poker, 825 × 1125 px), and the MakePlayingCards variant (822 × 1122 px, the centre of
it, resampled so it is exactly centred)."""

from __future__ import annotations

import io
import math
import struct
import zlib
from typing import Any

import numpy as np
from isal import isal_zlib
from PIL import Image

#: Pillow's PNG settings, for the modes :func:`png_bytes` does not write itself.
PNG_OPTIONS: dict[str, Any] = {"format": "PNG", "compress_level": 1, "optimize": False}
#: ISA-L's deflate level of the PNG data (0 to 3): about as small as zlib's fastest level, in
#: a sixth of its time (a 3655 × 4092 TTS sheet: 15 ms, not 100 ms; 1.21 MB either way).
DEFLATE_LEVEL = 1
#: Modes written directly: (PNG colour type, bytes per pixel).
_DIRECT = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(im: Image.Image, dpi: int | None = None) -> bytes:
    """``im`` as PNG bytes, with no metadata but the resolution when ``dpi`` is given (so
    print tools read a card image at its true size); deterministic.

    RGB, RGBA and greyscale images are written here with the rows unfiltered and deflated by
    ISA-L: many times faster than Pillow's writer, which tries every PNG filter on every row
    (it cannot be told not to) and deflates with zlib, and smaller for card art's flat
    colours.  Pillow reads the files back pixel for pixel (tested)."""
    if im.mode not in _DIRECT:
        buf = io.BytesIO()
        resolution: dict[str, Any] = {"dpi": (dpi, dpi)} if dpi else {}
        im.save(buf, **PNG_OPTIONS, **resolution)
        return buf.getvalue()
    w, h = im.size
    bpp = _DIRECT[im.mode][1]
    rows = png_rows(h, w * bpp)
    rows[:, 1:] = np.asarray(im).reshape(h, w * bpp)
    return rows_png(rows, im.mode, dpi)


def png_rows(height: int, stride: int) -> np.ndarray:
    """Zeroed PNG scan lines for :func:`rows_png`: ``height`` rows of a filter byte (0, none)
    and ``stride`` bytes of pixels (an image pasted in place, as the TTS sheets are, costs no
    copy of the whole)."""
    return np.zeros((height, stride + 1), np.uint8)


def rows_png(rows: np.ndarray, mode: str = "RGB", dpi: int | None = None) -> bytes:
    """The PNG of the scan lines ``rows`` (:func:`png_rows`) of an image in ``mode`` (RGB,
    RGBA or L)."""
    colour, bpp = _DIRECT[mode]
    h, w = rows.shape[0], (rows.shape[1] - 1) // bpp
    parts = [_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0))]
    if dpi:
        per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow writes it
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [_chunk(b"IDAT", isal_zlib.compress(rows, DEFLATE_LEVEL)), _chunk(b"IEND", b"")]
    return b"".join(parts)


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def centred(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The centre ``size`` of ``im``, exactly: where the margins are odd (825 → 822 px) the
    box falls on half pixels, and the image is resampled there rather than cut a half pixel
    off centre."""
    w, h = size
    left, top = (im.width - w) / 2, (im.height - h) / 2
    if min(left, top) < 0 or (left.is_integer() and top.is_integer()):
        # a card smaller than ``size`` (not the service's) is padded, not resampled
        x, y = math.floor(left), math.floor(top)
        return im.crop((x, y, x + w, y + h))
    return im.resize(size, Image.Resampling.BICUBIC, box=(left, top, left + w, top + h))


def trim(im: Image.Image, bleed_px: float) -> tuple[float, float, float, float]:
    """The box of ``im`` inside a bleed of ``bleed_px`` on every side (for ``resize(box=)``)."""
    return (bleed_px, bleed_px, im.width - bleed_px, im.height - bleed_px)
