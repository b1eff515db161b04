"""The PNG writer: what Pillow reads back is exactly what was written, with the resolution."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from cardgen.render.products.png import png_bytes


def _noise(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    bands = len(mode)
    data = bytes(rng.randrange(256) for _ in range(size[0] * size[1] * bands))
    return Image.frombytes(mode, size, data)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1"])
@pytest.mark.parametrize("size", [(1, 1), (7, 3), (64, 41)])
def test_pillow_reads_back_every_pixel(mode, size):
    im = _noise("RGB", size, seed=size[0]).convert(mode) if mode in ("P", "1") else None
    im = im or _noise(mode, size, seed=size[1])
    data = png_bytes(im)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as back:
        back.load()
        assert back.size == im.size
        assert back.convert("RGBA").tobytes() == im.convert("RGBA").tobytes()
    assert png_bytes(im) == data  # deterministic


def test_the_resolution_is_written_as_pillow_writes_it():
    im = _noise("RGB", (10, 10), seed=1)
    ours = png_bytes(im, 300)
    with Image.open(io.BytesIO(ours)) as back:
        assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    pillow = io.BytesIO()
    im.save(pillow, "PNG", dpi=(300, 300))
    with Image.open(io.BytesIO(pillow.getvalue())) as theirs:
        assert theirs.info["dpi"] == back.info["dpi"]
    with Image.open(io.BytesIO(png_bytes(im))) as plain:
        assert "dpi" not in plain.info
