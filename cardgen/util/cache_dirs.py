"""Where cardgen keeps what it can recompute: one folder per kind of entry.

``$CARDGEN_CACHE_DIR/<kind>`` when that variable is set, else ``$XDG_CACHE_HOME/cardgen/<kind>``
(``~/.cache/cardgen/<kind>``).  Entries are keyed by content hashes, never by timestamps, so
deleting the folder only costs time.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(kind: str) -> Path:
    """The cache folder for entries of ``kind`` (``"checks"``, ``"fonts"``, ``"catalogue"`` …)."""
    env = os.environ.get("CARDGEN_CACHE_DIR")
    if env:
        return Path(env) / kind
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cardgen" / kind
