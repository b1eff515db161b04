"""Attack Right's card layout (``layout.yaml``): its face and back elements, in mm."""

from __future__ import annotations

from pathlib import Path

from cardgen.render.elements.layout import ElementLayout
from cardgen.render.layout import load_layout as load
from cardgen.util.resources import data_path

LAYOUT_FILE = data_path("cardgen.packs.attack_right", "layout.yaml")


def load_layout(path: Path = LAYOUT_FILE) -> ElementLayout:
    """Load and validate Attack Right's card layout (raises DiagnosticError on bad input)."""
    return load(path, ElementLayout)
