"""The card sizes a catalogue may name (``size: poker``), in mm (width, height)."""

from __future__ import annotations

from typing import Literal

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
    "euro": (59.0, 92.0),
    "mini-euro": (44.0, 68.0),
    "jumbo": (88.9, 127.0),
}
SizeName = Literal["poker", "bridge", "tarot", "mini", "square", "euro", "mini-euro", "jumbo"]
