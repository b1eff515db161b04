"""How card text names an icon: ``{name}`` stands for the icon ``name``, an SVG file
``icons/<name>.svg`` (:mod:`cardgen.catalogue.icon_tokens` finds and checks them)."""

from __future__ import annotations

import re

#: the folder of icon files, in a catalogue folder (designers' own icons) and in a pack
ICON_FOLDER = "icons"

TOKEN = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def tokens_in(text: str) -> list[str]:
    """The icon token names used in ``text``, in order."""
    return TOKEN.findall(text)
