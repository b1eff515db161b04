"""Icon tokens in card text: ``{name}`` stands for the pack's icon ``name``, drawn from the SVG
file ``icons/<name>.svg`` beside the catalogue's ``rules.yaml`` or, failing that, in the pack."""

from __future__ import annotations

import re

#: the folder of icon files, in a catalogue folder (designers' own icons) and in a pack
ICON_FOLDER = "icons"

TOKEN = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def tokens_in(text: str) -> list[str]:
    """The icon token names used in ``text``, in order."""
    return TOKEN.findall(text)
