"""The search bot moved to :mod:`cardgen.engine.search` (kept here for packs not yet ported
onto the engine kit)."""

from cardgen.engine.search import ISMCTSBot, SearchAdapter

__all__ = ["ISMCTSBot", "SearchAdapter"]
