"""PNG products: one image per card design and per back, at 300 dpi with bleed (The Game
Crafter poker, 825 × 1125 px), and the MakePlayingCards variant (822 × 1122 px, the centre of
it, resampled so it is exactly centred)."""

from __future__ import annotations

import io
import math
import struct
import zlib

from PIL import Image

#: Pillow's PNG settings, for the modes :func:`png_bytes` does not write itself.
PNG_OPTIONS = {"format": "PNG", "compress_level": 1, "optimize": False}
#: zlib level of the PNG data: the fastest; card images are mostly flat colour.
ZLIB_LEVEL = 1
#: Modes written directly: (PNG colour type, bytes per pixel).
_DIRECT = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(im: Image.Image, dpi: int | None = None) -> bytes:
    """``im`` as PNG bytes, with no metadata but the resolution when ``dpi`` is given (so
    print tools read a card image at its true size); deterministic.

    RGB, RGBA and greyscale images are written here with the rows unfiltered and deflated by
    zlib: about three times faster than Pillow's writer, which tries every PNG filter on
    every row (it cannot be told not to), and smaller for card art's flat colours.  Pillow
    reads the files back pixel for pixel (tested)."""
    if im.mode not in _DIRECT:
        buf = io.BytesIO()
        im.save(buf, **PNG_OPTIONS, **({"dpi": (dpi, dpi)} if dpi else {}))
        return buf.getvalue()
    colour, bpp = _DIRECT[im.mode]
    w, h = im.size
    raw, stride = im.tobytes(), w * bpp
    # every row starts with its filter type: 0, none
    rows = b"".join(b"\0" + raw[y : y + stride] for y in range(0, h * stride, stride))
    parts = [_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0))]
    if dpi:
        per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow writes it
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [_chunk(b"IDAT", zlib.compress(rows, ZLIB_LEVEL)), _chunk(b"IEND", b"")]
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
