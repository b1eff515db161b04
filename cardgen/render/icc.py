"""CMYK separation through an ICC output profile, by littleCMS (Pillow's ImageCms).

A print service's PDF is CMYK: every colour and image is converted from sRGB through an
output profile, and the profile is embedded in the PDF as its output intent.  A designer may
give the press's own profile (``--icc FILE``: FOGRA39, GRACoL, SWOP …); without one cardgen
writes its own, :func:`cardgen_profile`: an ICC v2 output profile (CMYK ↔ Lab tables) of
an idealised press on white paper, with full grey-component replacement and the service's total
ink limit built into its separation, so no colour it makes exceeds the limit.

On top of the profile, neutral colours (greys, black text) are separated to black ink alone, as
printers ask of text: a colour whose red, green and blue differ by at most
:data:`NEUTRAL_SPREAD` is printed on the K plate only.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardgen.render.hex_colours import hex_rgb

#: Colours whose channels differ by at most this (0..1) print on black ink alone.
NEUTRAL_SPREAD = 8 / 255
#: D50, the profile connection space's white.
D50 = (0.9642, 1.0, 0.8249)
#: sRGB (linear) to XYZ, adapted to D50 (Bradford), as the ICC sRGB profile has it.
_RGB_XYZ = (
    (0.4360747, 0.3850649, 0.1430804),
    (0.2225045, 0.7168786, 0.0606169),
    (0.0139322, 0.0971045, 0.7141733),
)
_A2B_GRID = 9  # CMYK -> Lab: 9^4 points
_B2A_GRID = 17  # Lab -> CMYK: 17^3 points


def _inverse(m: tuple[tuple[float, ...], ...]) -> tuple[tuple[float, ...], ...]:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return (
        ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
        ((f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
        ((d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det),
    )


_XYZ_RGB = _inverse(_RGB_XYZ)


def _lin(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def _f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


def _finv(t: float) -> float:
    return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)


def rgb_to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """sRGB (0..1) to CIE Lab (D50)."""
    lin = [_lin(v) for v in rgb]
    x, y, z = (sum(m * v for m, v in zip(row, lin, strict=True)) for row in _RGB_XYZ)
    fx, fy, fz = _f(x / D50[0]), _f(y / D50[1]), _f(z / D50[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_to_rgb(lab: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE Lab (D50) to sRGB (0..1), clipped to the gamut."""
    L, a, b = lab
    fy = (L + 16) / 116
    xyz = (D50[0] * _finv(fy + a / 500), D50[1] * _finv(fy), D50[2] * _finv(fy - b / 200))
    lin = [sum(m * v for m, v in zip(row, xyz, strict=True)) for row in _XYZ_RGB]
    return tuple(_gamma(v) for v in lin)  # type: ignore[return-value]


def press_cmyk(rgb: tuple[float, float, float], ink_limit: float) -> tuple[float, ...]:
    """The idealised press's separation of an sRGB colour: black takes the grey component
    (full GCR), then cyan, magenta and yellow are scaled down until the total ink is at most
    ``ink_limit`` (1.0 = 100 %)."""
    k = 1 - max(rgb)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    cmy = [(1 - v - k) / (1 - k) for v in rgb]
    total = sum(cmy) + k
    if total > ink_limit and sum(cmy) > 0:
        scale = max(0.0, ink_limit - k) / sum(cmy)
        cmy = [v * scale for v in cmy]
    return (*cmy, k)


def press_rgb(cmyk: tuple[float, ...]) -> tuple[float, float, float]:
    """What the idealised press prints for ``cmyk``, as sRGB."""
    c, m, y, k = cmyk
    return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _u16(v: float) -> int:
    return max(0, min(65535, round(v)))


def _lab_encode(lab: tuple[float, float, float]) -> tuple[int, int, int]:
    """Lab as the 16-bit PCS encoding of ICC v2 (L 100 = 0xFF00, a/b 0 = 0x8000)."""
    L, a, b = lab
    return _u16(L / 100 * 0xFF00), _u16((a + 128) * 256), _u16((b + 128) * 256)


def _lut16(inputs: int, outputs: int, grid: int, clut: list[int]) -> bytes:
    """An ICC ``mft2`` tag: identity matrix and curves around the colour table ``clut``."""
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", inputs, outputs, grid, 0)
    matrix = b"".join(_s15(1.0 if r == c else 0.0) for r in range(3) for c in range(3))
    curves_in = struct.pack(">HH", 2, 2)
    identity = struct.pack(">HH", 0, 65535)
    body = identity * inputs + struct.pack(f">{len(clut)}H", *clut) + identity * outputs
    return head + matrix + curves_in + body


def _text(tag: bytes, text: str) -> bytes:
    if tag == b"desc":
        ascii_ = text.encode("ascii") + b"\0"
        return (
            b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)
        )
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def _a2b(grid: int) -> bytes:
    steps = [i / (grid - 1) for i in range(grid)]
    clut: list[int] = []
    for c in steps:
        for m in steps:
            for y in steps:
                for k in steps:
                    clut.extend(_lab_encode(rgb_to_lab(press_rgb((c, m, y, k)))))
    return _lut16(4, 3, grid, clut)


def _b2a(grid: int, ink_limit: float) -> bytes:
    clut: list[int] = []
    for i in range(grid):
        L = i * 65535 / (grid - 1) / 0xFF00 * 100
        for j in range(grid):
            a = j * 65535 / (grid - 1) / 256 - 128
            for k in range(grid):
                b = k * 65535 / (grid - 1) / 256 - 128
                cmyk = press_cmyk(lab_to_rgb((min(L, 100.0), a, b)), ink_limit)
                clut.extend(_u16(v * 65535) for v in cmyk)
    return _lut16(3, 4, grid, clut)


@cache
def cardgen_profile(ink_limit: float) -> bytes:
    """cardgen's CMYK output profile (ICC v2.1, printer class) with total ink at most
    ``ink_limit`` (1.0 = 100 %); the same bytes every time."""
    name = f"cardgen CMYK, idealised press, GCR, total ink {round(ink_limit * 100)}%"
    gamut = _lut16(3, 1, 2, [0] * 8)  # everything in gamut (the table clips)
    tags = [
        (b"desc", _text(b"desc", name)),
        (b"cprt", _text(b"cprt", "No copyright, use freely (generated by cardgen)")),
        (b"wtpt", b"XYZ " + bytes(4) + b"".join(_s15(v) for v in D50)),
        (b"A2B0", _a2b(_A2B_GRID)),
        (b"B2A0", _b2a(_B2A_GRID, ink_limit)),
        (b"gamt", gamut),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data = [struct.pack(">I", len(tags))], []
    for sig, blob in tags:
        pad = (-len(blob)) % 4
        table.append(sig + struct.pack(">II", offset, len(blob)))
        data.append(blob + bytes(pad))
        offset += len(blob) + pad
    size = offset
    header = (
        struct.pack(">I", size)
        + bytes(4)  # preferred CMM: none
        + struct.pack(">I", 0x02100000)
        + b"prtrCMYKLab "
        + struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
        + b"acsp"
        + bytes(4 + 4 + 4 + 4 + 8)  # platform, flags, manufacturer, model, attributes
        + struct.pack(">I", 1)  # rendering intent: relative colorimetric
        + b"".join(_s15(v) for v in D50)
        + bytes(4 + 16 + 28)  # creator, profile id, reserved
    )
    assert len(header) == 128
    return header + b"".join(table) + b"".join(data)


@dataclass
class Separation:
    """sRGB colours and images to CMYK through an output profile (littleCMS)."""

    profile: bytes
    #: the profile's name, for the PDF's output intent
    name: str
    _transform: Any = field(init=False, repr=False)
    _colours: dict[str, tuple[float, float, float, float]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from PIL import ImageCms

        srgb = ImageCms.createProfile("sRGB")
        out = ImageCms.ImageCmsProfile(io.BytesIO(self.profile))
        self._transform = ImageCms.buildTransform(
            srgb, out, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC
        )
        self._colours = {}

    @classmethod
    def of(cls, profile: bytes | None, ink_limit: float) -> Separation:
        """Through ``profile`` (an ICC file's bytes), or cardgen's own for ``ink_limit``."""
        from PIL import ImageCms

        if profile is None:
            profile = cardgen_profile(ink_limit)
        desc = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile)))
        return cls(profile, desc.strip() or "CMYK output profile")

    def cmyk(self, hex_colour: str) -> tuple[float, float, float, float]:
        """``#RRGGBB`` as CMYK (0..1); a neutral colour on black ink alone."""
        if hex_colour not in self._colours:
            rgb = hex_rgb(hex_colour)
            if max(rgb) - min(rgb) <= NEUTRAL_SPREAD:
                k = 1 - sum(rgb) / 3
                self._colours[hex_colour] = (0.0, 0.0, 0.0, round(k, 4))
            else:
                from PIL import Image, ImageCms

                px = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
                out = ImageCms.applyTransform(px, self._transform)
                assert out is not None  # not in place: a new image
                pixel = out.getpixel((0, 0))
                assert isinstance(pixel, tuple)  # CMYK: four bands
                c, m, y, k = pixel
                self._colours[hex_colour] = (c / 255, m / 255, y / 255, k / 255)
        return self._colours[hex_colour]

    def image(self, im: Any) -> Any:
        """A Pillow image converted to CMYK through the profile."""
        from PIL import ImageCms

        return ImageCms.applyTransform(im.convert("RGB"), self._transform)
