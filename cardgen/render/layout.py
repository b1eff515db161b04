"""Card layouts: the card size, fonts and colours every layout has; boxes in mm.

Boxes are ``[x, y, w, h]`` in millimetres from the card's top-left corner; :meth:`Layout.box`
turns one into PDF points from the card's bottom-left corner.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Annotated, Any, TypeVar, overload

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from cardgen.catalogue.card_sizes import CARD_SIZES, SizeName
from cardgen.diagnostics import Position
from cardgen.render.geometry import Box, top_box
from cardgen.render.units import Size, mm
from cardgen.util.hashing import file_digest
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
    """The card's trim size (a named ``size``, or ``width`` and ``height`` in mm), its bleed
    and safe zone."""

    size: SizeName | None = None
    width: float = Field(gt=0, le=MAX_CARD_MM)
    height: float = Field(gt=0, le=MAX_CARD_MM)
    landscape: bool = False
    bleed: float = Field(3.175, ge=0, le=MAX_BLEED_MM)
    safe: float = Field(3.175, ge=0, le=MAX_CARD_MM / 2)

    @model_validator(mode="before")
    @classmethod
    def _named(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("size") is None:
            return data
        if "width" in data or "height" in data:
            raise ValueError("give a named `size` or `width` and `height`, not both")
        w, h = CARD_SIZES.get(str(data["size"]), (None, None))
        if w is None:
            return data  # the size's own error names the sizes
        if data.get("landscape"):
            w, h = h, w
        return {**data, "width": w, "height": h}

    def sized(self, size: str | tuple[float, float]) -> CardSize:
        """The same card at another size (a name of :data:`CARD_SIZES` or ``(w, h)`` mm)."""
        w, h = CARD_SIZES[size] if isinstance(size, str) else size
        name = size if isinstance(size, str) else None
        return self.model_copy(update={"size": name, "width": float(w), "height": float(h)})


class CardLayout(LayoutPart):
    """A card layout: the card size, its fonts by role and its colours by role.

    A pack's layout model extends it with what its faces and backs need.
    """

    card: CardSize
    fonts: dict[str, str]
    colours: dict[str, HexColour]
    #: boxes already converted (a template is frozen, so they never change)
    _boxes: dict[BoxMM, Box] = PrivateAttr(default_factory=dict)
    #: the positions of the layout file's values (set when it is loaded), and its folder
    _smap: Any = PrivateAttr(None)
    _folder: Path | None = PrivateAttr(None)

    def at(self, *path: str | int) -> Position:
        """The position of a value of the layout file."""
        return self._smap.at(path) if self._smap is not None else Position("layout")

    @property
    def folder(self) -> Path | None:
        """The folder of the layout file (its fonts and images are looked for there first)."""
        return self._folder

    def resized(self, size: str | tuple[float, float]) -> CardLayout:
        """This layout for a card of another size (boxes in mm stay, ``%`` and edge-anchored
        boxes follow the card)."""
        out = self.model_copy(update={"card": self.card.sized(size)})
        private = self.__pydantic_private__
        assert private is not None  # set by PrivateAttr
        out.__pydantic_private__ = {
            **private,
            "_boxes": {},
        }
        return out

    @property
    def size(self) -> Size:
        return Size(self.card.width, self.card.height)

    def box(self, b: BoxMM) -> Box:
        """A template box as PDF points from the card's bottom-left corner.

        Edges lying on the trim run on into the bleed.
        """
        private = self.__pydantic_private__
        assert private is not None  # set by PrivateAttr
        boxes = private["_boxes"]  # (not through the slower self._boxes)
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


@overload
def load_layout(path: Path, *, use_cache: bool = True) -> CardLayout: ...
@overload
def load_layout(path: Path, model: type[L], *, use_cache: bool = True) -> L: ...
def load_layout(
    path: Path, model: type[CardLayout] = CardLayout, *, use_cache: bool = True
) -> CardLayout:
    """Load and validate a layout file as ``model`` (raises DiagnosticError on bad input); a
    file already loaded by this process with the same content is not read again.

    (``use_cache`` is kept for callers; layouts are not kept on disk: a cache holds data, and a
    layout's validated model could only be stored as code.)"""

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
    layout._smap, layout._folder = smap, Path(path).parent
    layout.loaded(smap)
    return layout
