"""Card layouts: the card size, fonts and colours every layout has; boxes in mm.

Boxes are ``[x, y, w, h]`` in millimetres from the card's top-left corner; :meth:`Layout.box`
turns one into PDF points from the card's bottom-left corner.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr

from cardgen.diagnostics import Position
from cardgen.render.geometry import Box, top_box
from cardgen.render.units import Size, mm
from cardgen.util.limits import MAX_BLEED_MM, MAX_CARD_MM

BoxMM = tuple[float, float, float, float]
PointMM = tuple[float, float]
Colour = str


def _hex_colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        raise ValueError(f"{value!r} is not a #RRGGBB colour")
    return value


#: a ``#RRGGBB`` colour
HexColour = Annotated[str, AfterValidator(_hex_colour)]


class LayoutPart(BaseModel):
    """A frozen, strict part of a layout file (numbers finite: no .inf or .nan)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, allow_inf_nan=False)


class CardSize(LayoutPart):
    width: float = Field(gt=0, le=MAX_CARD_MM)
    height: float = Field(gt=0, le=MAX_CARD_MM)
    bleed: float = Field(ge=0, le=MAX_BLEED_MM)
    safe: float = Field(ge=0, le=MAX_CARD_MM / 2)


class CardLayout(LayoutPart):
    """A card layout: the card size, its fonts by role and its colours by role.

    A pack's layout model extends it with what its faces and backs need.
    """

    card: CardSize
    fonts: dict[str, str]
    colours: dict[str, HexColour]
    #: boxes already converted (a template is frozen, so they never change)
    _boxes: dict[BoxMM, Box] = PrivateAttr(default_factory=dict)
    #: the positions of the layout file's values (set when it is loaded)
    _smap: Any = PrivateAttr(None)

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

    @classmethod
    def prepare(cls, data: Any, smap: Any) -> Any:
        """The raw YAML data before validation (a layout model may resolve references here)."""
        return data

    def loaded(self, smap: Any) -> None:
        """Checks after validation that need the whole layout (none here)."""

    def position(self, *path: str | int) -> Position:
        """Where ``path`` (``"card"``, ``"face", "name"`` …) is in the layout file."""
        if self._smap is None:
            return Position("layout")
        return self._smap.at(path, key=True)

    def point(self, p: PointMM) -> tuple[float, float]:
        """A template point as PDF points from the card's bottom-left corner."""
        return (mm(p[0]), mm(self.card.height - p[1]))


L = TypeVar("L", bound=CardLayout)


def load_layout(path: Path, model: type[L] = CardLayout, *, use_cache: bool = True) -> L:
    """Load and validate a layout file as ``model`` (raises DiagnosticError on bad input); a
    file already loaded by this process with the same content is not read again.

    (``use_cache`` is kept for callers; layouts are not kept on disk: a cache holds data, and a
    layout's validated model could only be stored as code.)"""
    from cardgen.util.hashing import file_digest

    try:
        digest = file_digest(Path(path))
    except OSError:  # an unreadable file: reading it reports the problem
        return _read_layout(path, model)
    return _loaded(str(path), digest, model) if use_cache else _read_layout(path, model)


@functools.lru_cache(maxsize=32)
def _loaded(path: str, digest: str, model: type[L]) -> L:
    return _read_layout(Path(path), model)


def _read_layout(path: Path, model: type[L]) -> L:
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    data, smap = load_yaml(path, display=str(path))
    layout = validate_model(model, model.prepare(data, smap), smap)
    layout._smap = smap
    layout.loaded(smap)
    return layout
