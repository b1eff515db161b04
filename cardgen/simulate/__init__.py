"""What a balance simulation of any game is built from: its spec and line-ups (:mod:`.spec`),
seeds (:mod:`.seeds`), exact int counters with Wilson intervals (:mod:`.stats`), the summary's
core sections and JSON (:mod:`.report`) and the report's model and its text, HTML and PDF
layouts (:mod:`.report_model`, :mod:`.report_html`, :mod:`.report_pdf`).

The simulation itself (playing the games, in chunks on processes or Dask, counting what every
game has and summarising and reporting it) is the engine kit's:
:mod:`cardgen.engine.simulation`; a game extends it only with its per-game figures
(:class:`cardgen.engine.simulation.Metrics`).  This package imports no engine and no pack.
"""

from cardgen.simulate.report import RunCounts, render_table, to_json
from cardgen.simulate.report_html import write_report
from cardgen.simulate.spec import MIXED, SimSpec, SimSpecError, make_matchups

__all__ = [
    "MIXED",
    "RunCounts",
    "SimSpec",
    "SimSpecError",
    "make_matchups",
    "render_table",
    "to_json",
    "write_report",
]
