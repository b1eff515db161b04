"""Printed components besides the cards (boards, tracks, tokens): tiling, drawing, specs.

A pack lists its components as :class:`ComponentSpec`; `cardgen build` writes each one and
checks the manifest against the pack's component counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ComponentFile:
    """A written component PDF: its pages and how many of each component it holds."""

    path: Path
    pages: int
    contains: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ComponentSpec:
    """A printed component of a pack.

    ``write(path, rules, paper)`` writes it to ``path``.  A ``large`` component (a board) is
    printed on the kit paper's large sheet (``a3`` for A4, ``tabloid`` for Letter:
    :data:`cardgen.components.tiling.LARGE_SHEETS`) and tiled over the kit's paper; the others
    on the kit's paper.  ``describe(rules, how)`` is its line in the manifest (``how``: "one A3
    sheet each",
    "tiled over A4 to glue", or None on the kit's paper).  ``inputs`` are the data files its
    look depends on.
    """

    id: str
    describe: Callable[[Any, str | None], str]
    write: Callable[[Path, Any, str], ComponentFile]
    large: bool = False
    inputs: tuple[Path, ...] = ()
