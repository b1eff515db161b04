"""The card layout template (``templates/card.yaml``): typed boxes in mm, fonts and colours.

Boxes are ``[x, y, w, h]`` in millimetres from the card's top-left corner; :meth:`Layout.box`
turns one into PDF points from the card's bottom-left corner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PrivateAttr

from cardgen.render.geometry import Box, top_box
from cardgen.render.units import Size, mm

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "templates"
DEFAULT_TEMPLATE = TEMPLATE_DIR / "card.yaml"

BoxMM = tuple[float, float, float, float]
PointMM = tuple[float, float]
Colour = str


class _T(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CardSize(_T):
    width: PositiveFloat
    height: PositiveFloat
    bleed: float = Field(ge=0)
    safe: float = Field(ge=0)


class Frame(_T):
    inset: float
    width: float
    radius: float


class TextLine(_T):
    box: BoxMM
    font: str
    size: PositiveFloat
    min_size: PositiveFloat | None = None
    radius: float = 0.0
    padding: float = 1.2


class Cost(_T):
    centre: PointMM
    radius: PositiveFloat
    font: str
    size: PositiveFloat


class IconColumn(_T):
    box: BoxMM
    icon: PositiveFloat
    gap: float


class AreaBox(_T):
    box: BoxMM


class PowerLayout(_T):
    defence: AreaBox
    attack: AreaBox
    icon: PositiveFloat
    font: str
    size: PositiveFloat
    dash: tuple[float, float]


class PlacementLayout(_T):
    box: BoxMM
    size: PositiveFloat
    font: str
    text_size: PositiveFloat


class TextBox(_T):
    box: BoxMM
    padding: float
    radius: float
    font: str
    flavour_font: str
    size: PositiveFloat
    min_size: PositiveFloat
    step: PositiveFloat
    leading: PositiveFloat
    paragraph_gap: float
    flavour_scale: PositiveFloat
    icon_scale: PositiveFloat
    align: Literal["left", "center"]


class Disc(_T):
    centre: PointMM
    radius: PositiveFloat


class Mark(_T):
    centre: PointMM
    size: PositiveFloat


class Face(_T):
    frame: Frame
    name: TextLine
    type: TextLine
    cost: Cost
    discount: IconColumn
    art: AreaBox
    power: PowerLayout
    placement: PlacementLayout
    text: TextBox
    deck_icon: Disc
    star: Mark
    prototype: TextLine


class Pattern(_T):
    spacing: PositiveFloat
    size: PositiveFloat


class Label(_T):
    centre: PointMM
    font: str
    size: PositiveFloat
    text: str | None = None


class Back(_T):
    frame: Frame
    pattern: Pattern
    title: Label
    emblem: Disc
    deck: Label
    season: Label


class Layout(_T):
    """The whole card template."""

    card: CardSize
    fonts: dict[str, str]
    colours: dict[str, Colour]
    face: Face
    back: Back
    #: boxes already converted (a template is frozen, so they never change)
    _boxes: dict[BoxMM, Box] = PrivateAttr(default_factory=dict)

    @property
    def size(self) -> Size:
        return Size(self.card.width, self.card.height)

    def box(self, b: BoxMM) -> Box:
        """A template box as PDF points from the card's bottom-left corner.

        Edges lying on the trim run on into the bleed.
        """
        boxes = self.__pydantic_private__["_boxes"]  # (not through the slower self._boxes)
        out = boxes.get(b)
        if out is None:
            out = boxes[b] = self._box(b)
        return out

    def _box(self, b: BoxMM) -> Box:
        x, y, w, h = b
        out = top_box(self.size, x, y, w, h)
        bl, eps = mm(self.card.bleed), 0.01
        x1, y1, x2, y2 = out.corners
        x1 -= bl if x <= eps else 0
        x2 += bl if x + w >= self.card.width - eps else 0
        y2 += bl if y <= eps else 0
        y1 -= bl if y + h >= self.card.height - eps else 0
        return Box(x1, y1, x2 - x1, y2 - y1)

    def point(self, p: PointMM) -> tuple[float, float]:
        """A template point as PDF points from the card's bottom-left corner."""
        return (mm(p[0]), mm(self.card.height - p[1]))


def load_layout(path: Path = DEFAULT_TEMPLATE) -> Layout:
    """Load and validate a layout template (raises DiagnosticError on bad input)."""
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    data, smap = load_yaml(path, display=str(path))
    return validate_model(Layout, data, smap)
