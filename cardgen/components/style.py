"""What every component layout file has: its colours, page margins and how large items tile.

A pack's component layout (``components.yaml``) extends :class:`SheetStyle` with its boards,
tracks and tokens.  Sizes are millimetres.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt

_HEX = r"^#[0-9A-Fa-f]{6}$"


class StylePart(BaseModel):
    """A frozen, strict part of a component layout file."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Pages(StylePart):
    margin: PositiveFloat
    a3_item_margin: PositiveFloat


class Tiling(StylePart):
    overlap: PositiveFloat
    marks_per_edge: PositiveInt
    target_radius: PositiveFloat


class SheetStyle(StylePart):
    """Colours, margins and tiling shared by every component of a kit."""

    ink: str = Field(pattern=_HEX)
    paper: str = Field(pattern=_HEX)
    muted: str = Field(pattern=_HEX)
    panel: str = Field(pattern=_HEX)
    pages: Pages
    tiling: Tiling
