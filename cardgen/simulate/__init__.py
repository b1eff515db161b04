"""Balance simulation at scale: many seeded games, exact counters, reports with charts.

    from cardgen.simulate import SimSpec, make_matchups, simulate, summarise
    spec = SimSpec(games=1000, players=4, matchups=make_matchups(deck_ids, 4), seed=7)
    result = simulate(catalogue, spec, workers=2)      # same numbers for any worker count
    summary = summarise(result, catalogue)             # JSON-ready dict (no timings)

Games are a pure function of (catalogue, spec): seeds come from the master seed and the game
index (:mod:`.seeds`), chunks of games run anywhere (:mod:`.runner`, :mod:`.distributed`) and
their int counters (:mod:`.stats`) merge by addition.
"""

from cardgen.simulate.report import render_table, summarise, to_json
from cardgen.simulate.runner import SimResult, simulate
from cardgen.simulate.spec import BOT_CHOICES, SimSpec, SimSpecError, make_matchups

__all__ = [
    "BOT_CHOICES",
    "SimResult",
    "SimSpec",
    "SimSpecError",
    "make_matchups",
    "render_table",
    "simulate",
    "summarise",
    "to_json",
]
