"""Pictures the documents keep between builds: a chart's SVG, a figure's PNG.

Each is text made from data alone, kept in the private cache folder
(:func:`cardgen.util.cache_dirs.private_cache_dir`) as a JSON entry named by the digest of
everything it is made from (the data, the code that draws it, the installed libraries); an
entry is used only if it holds that very key.  After one card changes, the charts and figures
that do not show it are read back instead of drawn again, byte for byte what drawing gives.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.catalogue.cache_entries import read_entry, write_entry
from cardgen.util.cache_dirs import private_cache_dir
from cardgen.util.hashing import digest_data, environment_digest


def kept_text(kind: str, made_from: object, make: Callable[[], str]) -> str:
    """The text ``make()`` gives, kept under the digest of ``made_from`` (JSON-able data naming
    everything the text depends on besides the installed libraries)."""
    key = digest_data({"kind": kind, "from": made_from, "environment": environment_digest()})
    folder = private_cache_dir(kind)
    path = folder / f"{key}.json" if folder is not None else None
    entry = read_entry(path, kind, key) if path is not None else None
    if entry is not None and isinstance(entry.get("text"), str):
        return entry["text"]
    text = make()
    if path is not None:
        write_entry(path, kind, key, {"text": text})
    return text
