"""A run's numbers as a summary (JSON-ready dict) and its report as text tables.

The summary is a pure function of the run (and the catalogue, for names): rates are rounded to
4 decimals and keys keep a fixed order, so equal results give equal bytes.  This writes the
header and the sections every game has (seats, seat advantage, bots, side versus side); the
kit's simulation (:class:`cardgen.engine.simulation.KitSimulation`) adds its own and the game's
and orders them.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import Layout, interval, ratio, rounded

if TYPE_CHECKING:
    from cardgen.simulate.report_model import ReportModel

FORMAT = "cardgen-simulation/1"


@dataclass(frozen=True)
class RunCounts:
    """A run's numbers: its spec, the counter layout and the summed counters."""

    spec: SimSpec
    layout: Layout
    counters: tuple[int, ...]


def ordered(order: Iterable[str], *parts: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of ``parts`` in ``order``, then any others in their own order."""
    merged: dict[str, Any] = {}
    for part in parts:
        merged.update(part)
    out = {k: merged.pop(k) for k in order if k in merged}
    return out | merged


def core_summary(
    result: RunCounts, warnings: Sequence[str], score: str, side: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The summary's header (the run, its totals and ``warnings``) and the sections every game
    has: win rates with Wilson 95% intervals per seat (``score``: what players score) and bot,
    the seat advantage and ``side`` versus ``side``."""
    L, C = result.layout, result.counters
    head = {
        "format": FORMAT,
        "spec": result.spec.to_dict(),
        "games": C[L.at("total", 0, "games")],
        "shared_wins": C[L.at("total", 0, "shared_wins")],
        "fair_share": rounded(1 / result.spec.players),
        "warnings": list(warnings),
    }
    core = {
        "seats": _seats(result, score),
        "seat_advantage": seat_advantage(result),
        "bots": _bots(result),
        "versus": _versus(result, side),
    }
    return head, core


def side_summary(result: RunCounts, side: int, score: str) -> dict[str, Any] | None:
    """Side ``side``'s games, wins, win rate with its interval, and mean and standard deviation
    of its score (keys ``{score}_mean``, ``{score}_sd``); None if it never sat."""
    v = result.layout.row(result.counters, "side", side)
    n = v["games"]
    if not n:
        return None
    mean = v["score"] / n
    var = max(0.0, v["score_sq"] / n - mean * mean)
    return {
        "games": n,
        "wins": v["wins"],
        "win_rate": rounded(v["wins"] / n),
        "win_ci": interval(v["wins"], n),
        f"{score}_mean": rounded(mean),
        f"{score}_sd": rounded(math.sqrt(var)),
    }


def _seats(result: RunCounts, score: str) -> list[dict]:
    L, C = result.layout, result.counters
    out = []
    for s in range(len(L.labels("seat"))):
        v = L.row(C, "seat", s)
        n, w = v["games"], v["wins"]
        out.append(
            {
                "seat": s + 1,
                "games": n,
                "wins": w,
                "win_rate": rounded(ratio(w, n)),
                "win_ci": interval(w, n),
                f"{score}_mean": rounded(ratio(v["score"], n)),
            }
        )
    return out


def seat_advantage(result: RunCounts) -> dict[str, Any] | None:
    """The seat that wins most often: its win rate above the fair share (``advantage``) and
    that difference's Wilson 95% interval; None before any game."""
    L, C = result.layout, result.counters
    fair = 1 / result.spec.players
    rows = [L.row(C, "seat", s) for s in range(len(L.labels("seat")))]
    if not rows or not rows[0]["games"]:
        return None
    best = max(range(len(rows)), key=lambda s: (rows[s]["wins"] / rows[s]["games"], -s))
    n, w = rows[best]["games"], rows[best]["wins"]
    lo, hi = interval(w, n)
    return {
        "seat": best + 1,
        "games": n,
        "win_rate": rounded(w / n),
        "advantage": rounded(w / n - fair),
        "advantage_ci": [rounded(lo - fair), rounded(hi - fair)],
    }


def _bots(result: RunCounts) -> list[dict]:
    L, C = result.layout, result.counters
    out = []
    for b, name in enumerate(L.labels("bot")):
        v = L.row(C, "bot", b)
        n, w = v["games"], v["wins"]
        if n:
            out.append(
                {
                    "bot": name,
                    "seats": n,
                    "wins": w,
                    "win_rate": rounded(w / n),
                    "win_ci": interval(w, n),
                }
            )
    return out


def _versus(result: RunCounts, side: str) -> list[dict]:
    L, C = result.layout, result.counters
    sides = L.labels("side")
    out = []
    for a, da in enumerate(sides):
        for b, db in enumerate(sides):
            v = L.row(C, "pair", a * len(sides) + b)
            n = v["games"]
            if a != b and n:
                k = v["ahead"]
                out.append(
                    {side: da, "versus": db, "games": n, "ahead": k, "ahead_rate": rounded(k / n)}
                )
    return out


def to_json(summary: dict) -> str:
    """The summary as JSON text (stable key order, no timings)."""
    return json.dumps(summary, indent=1, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ text tables
def render_table(model: ReportModel, *, width: int = 120) -> str:
    """A report model (tables only) as rich text tables."""
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    con = Console(file=buf, width=width, color_system=None, legacy_windows=False)
    con.print(model.intro)
    for w in model.warnings:
        con.print(f"warning: {w}")
    for table in model.tables:
        t = Table(title=table.title, caption=table.note)
        for k, col in enumerate(table.head):
            t.add_column(col, justify="left" if k == 0 else "right")
        for row in table.rows:
            t.add_row(*row)
        con.print(t)
    return buf.getvalue()
