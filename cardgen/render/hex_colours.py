"""``#RRGGBB`` colours as RGB floats and back: a leaf that the colours and the ICC profiles
share (:mod:`cardgen.render.colours` re-exports both)."""

from __future__ import annotations


def hex_rgb(hex_colour: str) -> tuple[float, float, float]:
    """``"#RRGGBB"`` as three floats in 0..1."""
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"not a #RRGGBB colour: {hex_colour!r}")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def rgb_hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02X}" for v in rgb)
