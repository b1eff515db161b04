"""Units of print: millimetres and inches to PDF points, and to pixels at a resolution."""

from __future__ import annotations

from dataclasses import dataclass

POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4
PT_PER_MM = POINTS_PER_INCH / MM_PER_INCH


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM


def inch(value: float) -> float:
    """Inches to PDF points."""
    return value * POINTS_PER_INCH


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / PT_PER_MM


def px(millimetres: float, dpi: int) -> int:
    """Millimetres to whole pixels at ``dpi`` (rounded to the nearest pixel)."""
    return round(millimetres / MM_PER_INCH * dpi)


@dataclass(frozen=True, slots=True)
class Size:
    """A width and height in millimetres."""

    w: float
    h: float

    @property
    def pt(self) -> tuple[float, float]:
        """The size in PDF points."""
        return (mm(self.w), mm(self.h))

    def grow(self, margin: float) -> Size:
        """This size with ``margin`` mm added on every side."""
        return Size(self.w + 2 * margin, self.h + 2 * margin)

    @property
    def landscape(self) -> Size:
        return Size(max(self.w, self.h), min(self.w, self.h))


#: Poker-size playing card, 2.5 × 3.5 in.
POKER = Size(63.5, 88.9)
#: The 1/8 in bleed print services ask for.
BLEED_MM = 3.175
