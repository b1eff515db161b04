"""Attack Right's card layout (``layout.yaml``): the face's elements and the back's boxes, in mm."""

from __future__ import annotations

from typing import ClassVar

from pydantic import PositiveFloat

from cardgen.render.elements.layout import ElementLayout
from cardgen.render.layout import LayoutPart, PointMM
from cardgen.util.resources import data_path

LAYOUT_FILE = data_path("cardgen.packs.attack_right", "layout.yaml")


class Frame(LayoutPart):
    inset: float
    width: float
    radius: float


class Disc(LayoutPart):
    centre: PointMM
    radius: PositiveFloat


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


class Layout(ElementLayout):
    """Attack Right's whole card layout: the face as elements, the back's boxes."""

    sections: ClassVar[tuple[str, ...]] = ("face",)
    back: Back  # type: ignore[assignment]


def load_layout(path=LAYOUT_FILE) -> Layout:
    """Load and validate Attack Right's card layout (raises DiagnosticError on bad input)."""
    from cardgen.render.layout import load_layout as load

    return load(path, Layout)
