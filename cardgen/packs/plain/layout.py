"""The `plain` pack's card layout (``layout.yaml``): face elements and back boxes, in mm."""

from __future__ import annotations

from typing import ClassVar

from pydantic import PositiveFloat

from cardgen.render.elements.layout import ElementLayout
from cardgen.render.layout import LayoutPart, PointMM


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


class PlainLayout(ElementLayout):
    """The whole card layout of a plain game: the face as elements, the back's boxes."""

    sections: ClassVar[tuple[str, ...]] = ("face",)
    back: Back  # type: ignore[assignment]
