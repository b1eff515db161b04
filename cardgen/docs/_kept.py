"""Pictures the documents keep between builds: a chart's SVG, a figure's PNG.

Each is text made from data alone, kept in the cache store (:class:`cardgen.util.store.Store`)
under the digest of everything it is made from (the data, the code that draws it, the installed
libraries).  After one card changes, the charts and figures that do not show it are read back
instead of drawn again, byte for byte what drawing gives.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.util.hashing import digest_data, environment_digest
from cardgen.util.store import Store


def kept_text(kind: str, made_from: object, make: Callable[[], str]) -> str:
    """The text ``make()`` gives, kept under the digest of ``made_from`` (JSON-able data naming
    everything the text depends on besides the installed libraries)."""
    key = digest_data({"kind": kind, "from": made_from, "environment": environment_digest()})
    return Store(kind).keep(key, make, lambda v: isinstance(v, str))
