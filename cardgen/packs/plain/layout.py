"""The `plain` pack's card layout (``layout.yaml``): face and back boxes in mm."""

from __future__ import annotations

from pydantic import PositiveFloat

from cardgen.render.layout import BoxMM, CardLayout, LayoutPart, PointMM, TextBox


class Line(LayoutPart):
    box: BoxMM
    font: str
    size: PositiveFloat
    min_size: PositiveFloat | None = None


class Coin(LayoutPart):
    centre: PointMM
    radius: PositiveFloat
    font: str
    size: PositiveFloat


class Area(LayoutPart):
    box: BoxMM


class Stats(LayoutPart):
    box: BoxMM
    icon: PositiveFloat
    font: str
    size: PositiveFloat


class Face(LayoutPart):
    name: Line
    cost: Coin
    type: Line
    art: Area
    text: TextBox
    stats: Stats
    prototype: Line


class Frame(LayoutPart):
    inset: float
    width: float


class Label(LayoutPart):
    centre: PointMM
    font: str
    size: PositiveFloat


class Back(LayoutPart):
    frame: Frame
    title: Label
    label: Label


class PlainLayout(CardLayout):
    """The whole card layout of a plain game."""

    face: Face
    back: Back
