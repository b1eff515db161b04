"""Balance simulation at scale for any game with a simulation: many seeded games, exact
counters, reports with charts.

    from cardgen.simulate import SimSpec, make_matchups, simulate, summarise
    sim = KitSimulation(engine_of(catalogue))           # the game's (cardgen.engine)
    spec = SimSpec(games=1000, players=4, matchups=make_matchups(sim.sides(catalogue), 4),
                   seed=7)
    result = simulate(catalogue, spec, workers=2, simulation=sim)  # same for any workers
    summary = summarise(result, catalogue)             # JSON-ready dict (no timings)
    write_report(summary, "report.html", sim)          # or .pdf

Games are a pure function of (catalogue, spec): seeds come from the master seed and the game
index (:mod:`.seeds`), chunks of games run anywhere (:mod:`.batch`, :mod:`.distributed`) and
their int counters (:mod:`.stats`) merge by addition.  The game itself (how one game is played,
its bots, its own counters and report sections) is a :class:`Simulation` (:mod:`.protocol`;
the engine kit's :class:`cardgen.engine.simulation.KitSimulation` serves every game); this
package imports no pack.
"""

from cardgen.simulate.batch import Runner, SimResult, simulate
from cardgen.simulate.protocol import GameRecord, GameSpec, GameTable, Simulation
from cardgen.simulate.report import render_table, summarise, to_json
from cardgen.simulate.report_html import write_report
from cardgen.simulate.spec import MIXED, SimSpec, SimSpecError, make_matchups

__all__ = [
    "MIXED",
    "GameRecord",
    "GameSpec",
    "GameTable",
    "Runner",
    "SimResult",
    "SimSpec",
    "SimSpecError",
    "Simulation",
    "make_matchups",
    "render_table",
    "simulate",
    "summarise",
    "to_json",
    "write_report",
]
