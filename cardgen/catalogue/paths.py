"""A catalogue folder's reserved file names, and a path as diagnostics show it: a leaf the
loader and the modules it imports share (none of them imports the loader for these)."""

from __future__ import annotations

import os
from pathlib import Path

RULES_FILE = "rules.yaml"
#: files of a catalogue folder that hold no cards: the rules model and layout overrides
RESERVED_FILES = (
    RULES_FILE,
    "layout.yaml",
    "components.yaml",
    "icons.yaml",
    "source.yaml",
    "play.yaml",  # the rules described in data (docs/rules-as-data.md)
)
#: files beside the card files that commands read when present (the pack's data overridden)
OVERRIDE_FILES = (*RESERVED_FILES[1:], "rulebook.md")


def display_path(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working folder when inside it."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except ValueError:
        return str(path)
