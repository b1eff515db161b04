"""Card layouts: the card size, fonts and colours every layout has; boxes in mm.

Boxes are ``[x, y, w, h]`` in millimetres from the card's top-left corner; :meth:`Layout.box`
turns one into PDF points from the card's bottom-left corner.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PrivateAttr

from cardgen.render.geometry import Box, top_box
from cardgen.render.units import Size, mm

BoxMM = tuple[float, float, float, float]
PointMM = tuple[float, float]
Colour = str


class LayoutPart(BaseModel):
    """A frozen, strict part of a layout file."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CardSize(LayoutPart):
    width: PositiveFloat
    height: PositiveFloat
    bleed: float = Field(ge=0)
    safe: float = Field(ge=0)


class CardLayout(LayoutPart):
    """A card layout: the card size, its fonts by role and its colours by role.

    A pack's layout model extends it with what its faces and backs need.
    """

    card: CardSize
    fonts: dict[str, str]
    colours: dict[str, Colour]
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

    @classmethod
    def prepare(cls, data: Any, smap: Any) -> Any:
        """The raw YAML data before validation (a layout model may resolve references here)."""
        return data

    def loaded(self, smap: Any) -> None:
        """Checks after validation that need the whole layout (none here)."""

    def point(self, p: PointMM) -> tuple[float, float]:
        """A template point as PDF points from the card's bottom-left corner."""
        return (mm(p[0]), mm(self.card.height - p[1]))


L = TypeVar("L", bound=CardLayout)


#: Bump when what a cached layout holds changes.
CACHE_VERSION = 1


def load_layout(path: Path, model: type[L] = CardLayout, *, use_cache: bool = True) -> L:
    """Load and validate a layout file as ``model`` (raises DiagnosticError on bad input).

    A valid layout is kept as a pickle keyed by the file's content, its path, the model and
    the code (``cache_dir("layout")``): building the validators of a layout of typed elements
    costs more than a render of a few cards, and every command would pay it.
    """
    if not use_cache:
        return _read_layout(path, model)
    import pickle
    import sys

    import pydantic

    from cardgen.util.atomic import atomic_write_bytes
    from cardgen.util.cache_dirs import cache_dir
    from cardgen.util.hashing import digest_data, file_digest

    try:
        key = digest_data(
            [
                CACHE_VERSION,
                str(path),
                os.path.abspath(path),
                file_digest(Path(path)),
                f"{model.__module__}.{model.__qualname__}",
                _code_key(model),
                sys.version,
                pydantic.VERSION,
            ]
        )
    except OSError:  # an unreadable file: reading it reports the problem
        return _read_layout(path, model)
    folder = cache_dir("layout")
    entry = folder / f"{key}.pickle"
    with contextlib.suppress(Exception):  # no entry, or a damaged one: read the YAML
        with open(entry, "rb") as fh:
            layout = pickle.load(fh)
        if type(layout) is model:
            return layout
    layout = _read_layout(path, model)
    with contextlib.suppress(Exception):  # a cache that cannot be written costs only time
        atomic_write_bytes(entry, pickle.dumps(layout, protocol=pickle.HIGHEST_PROTOCOL))
    return layout


@functools.cache
def _code_key(model: type) -> str:
    """The code a layout model's instances depend on: cardgen's, and the model's own module
    (a pack outside cardgen); once per process, as the code a process runs does not change."""
    from cardgen.util.hashing import PACKAGE_ROOT, digest_paths

    return digest_paths([PACKAGE_ROOT, Path(inspect.getfile(model))])


def _read_layout(path: Path, model: type[L]) -> L:
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    data, smap = load_yaml(path, display=str(path))
    layout = validate_model(model, model.prepare(data, smap), smap)
    layout.loaded(smap)
    return layout
