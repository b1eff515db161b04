"""A store of rasterised card designs, so a design is rasterised once across builds.

Each design's images are kept under a key that hashes everything its pixels depend on (the card's
data, the layout, fonts, code and raster settings: the caller computes it): the PNG file bytes,
the MakePlayingCards PNG bytes, the small cell the TTS sheets paste and the thumbnail the
contact sheet pastes (lossless PNGs, so a sheet made from the store is byte-identical to one
made from fresh pixels).  Each part is read only when asked for.  Only image data is stored,
never code; a damaged entry is treated as missing.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from PIL import Image

from cardgen.render.products.png import png_bytes
from cardgen.util.atomic import atomic_write_bytes

#: The files of one entry, by role.
PARTS = {"png": ".png", "mpc": ".mpc.png", "cell": ".cell.png", "thumb": ".thumb.png"}
#: The parts of a sheets-only entry (:meth:`RasterStore.put_cell`): the design drawn at the
#: size of the game's TTS cells, and the contact sheet's thumbnail scaled from it.
CELL_PARTS = ("cell", "thumb")


@dataclass(frozen=True)
class StoredDesign:
    """One design's images in the store, each part read from its file when first asked for."""

    store: RasterStore
    key: str

    @cached_property
    def png(self) -> bytes:
        return self.store.path(self.key, "png").read_bytes()

    @cached_property
    def mpc(self) -> bytes:
        return self.store.path(self.key, "mpc").read_bytes()

    @cached_property
    def cell(self) -> Image.Image:
        return _image(self.store.path(self.key, "cell"))

    @cached_property
    def thumb(self) -> Image.Image:
        return _image(self.store.path(self.key, "thumb"))


def _image(path: Path) -> Image.Image:
    with Image.open(path) as im:
        return im.convert("RGB")


class RasterStore:
    """Designs' images in a private folder, keyed by content hash."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def path(self, key: str, part: str) -> Path:
        """The file of one part of an entry."""
        return self.folder / f"{key}{PARTS[part]}"

    def get(self, key: str, parts: Iterable[str] = PARTS) -> StoredDesign | None:
        """The stored design, or None when one of its files (of ``parts``) is missing."""
        if not all(self.path(key, p).is_file() for p in parts):
            return None
        return StoredDesign(self, key)

    def put(
        self, key: str, png: bytes, mpc: bytes, cell: Image.Image, thumb: Image.Image
    ) -> StoredDesign:
        """Store a design's images (each file written atomically) and return them."""
        parts = {"png": png, "mpc": mpc, "cell": png_bytes(cell), "thumb": png_bytes(thumb)}
        for part, data in parts.items():
            atomic_write_bytes(self.path(key, part), data)
        return StoredDesign(self, key)

    def put_cell(self, key: str, cell: Image.Image, thumb: Image.Image) -> StoredDesign:
        """Store a sheets-only entry (:data:`CELL_PARTS`) and return it."""
        return self.put_cell_png(key, png_bytes(cell), png_bytes(thumb))

    def put_cell_png(self, key: str, cell: bytes, thumb: bytes) -> StoredDesign:
        """Store a sheets-only entry from its PNG files' bytes and return it."""
        for part, data in (("cell", cell), ("thumb", thumb)):
            atomic_write_bytes(self.path(key, part), data)
        return StoredDesign(self, key)

    def retain(self, keys: Iterable[str]) -> None:
        """Delete every entry whose key is not in ``keys`` (designs no longer in the catalogue)."""
        keep = set(keys)
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.name.split(".", 1)[0] not in keep:
                with contextlib.suppress(OSError):
                    os.unlink(path)
