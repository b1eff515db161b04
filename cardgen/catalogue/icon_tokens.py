"""Icon tokens in card text: ``{name}`` stands for the pack's icon ``name``."""

from __future__ import annotations

import re

TOKEN = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def tokens_in(text: str) -> list[str]:
    """The icon token names used in ``text``, in order."""
    return TOKEN.findall(text)
