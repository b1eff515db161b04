"""Attack Right's card layout (``layout.yaml``): the face and back boxes, in mm."""

from __future__ import annotations

from pydantic import PositiveFloat

from cardgen.render.layout import BoxMM, CardLayout, LayoutPart, PointMM
from cardgen.render.layout import TextBox as CoreTextBox
from cardgen.util.resources import data_path

LAYOUT_FILE = data_path("cardgen.packs.attack_right", "layout.yaml")


class Frame(LayoutPart):
    inset: float
    width: float
    radius: float


class TextLine(LayoutPart):
    box: BoxMM
    font: str
    size: PositiveFloat
    min_size: PositiveFloat | None = None
    radius: float = 0.0
    padding: float = 1.2


class Cost(LayoutPart):
    centre: PointMM
    radius: PositiveFloat
    font: str
    size: PositiveFloat


class IconColumn(LayoutPart):
    box: BoxMM
    icon: PositiveFloat
    gap: float


class AreaBox(LayoutPart):
    box: BoxMM


class PowerLayout(LayoutPart):
    defence: AreaBox
    attack: AreaBox
    icon: PositiveFloat
    font: str
    size: PositiveFloat
    dash: tuple[float, float]


class PlacementLayout(LayoutPart):
    box: BoxMM
    size: PositiveFloat
    font: str
    text_size: PositiveFloat


class TextBox(CoreTextBox):
    radius: float


class Disc(LayoutPart):
    centre: PointMM
    radius: PositiveFloat


class Mark(LayoutPart):
    centre: PointMM
    size: PositiveFloat


class Face(LayoutPart):
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


class Pattern(LayoutPart):
    spacing: PositiveFloat
    size: PositiveFloat


class Label(LayoutPart):
    centre: PointMM
    font: str
    size: PositiveFloat
    text: str | None = None


class Back(LayoutPart):
    frame: Frame
    pattern: Pattern
    title: Label
    emblem: Disc
    deck: Label
    season: Label


class Layout(CardLayout):
    """Attack Right's whole card layout."""

    face: Face
    back: Back


def load_layout(path=LAYOUT_FILE) -> Layout:
    """Load and validate Attack Right's card layout (raises DiagnosticError on bad input)."""
    from cardgen.render.layout import load_layout as load

    return load(path, Layout)
