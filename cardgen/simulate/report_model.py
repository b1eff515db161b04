"""The report model: the summary's tables (formatted cells) and charts, built once.

:func:`build_model` lays a summary's :class:`Section` objects (each with its charts and tables)
out as a :class:`ReportModel`; the text, HTML and PDF writers only lay that out.  The sections
every game has (seats, bots, side versus side) are :func:`core_sections`; the kit's simulation
(:meth:`cardgen.engine.simulation.KitSimulation.sections`) adds its own and the game's.
Charts are :mod:`cardgen.charts` specs, which the HTML writer draws as inline SVG and the PDF
writer as vector drawings; the writers show every section's charts first, then every
section's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.charts import PALETTE, BarChart, Chart, Series


@dataclass(frozen=True, slots=True)
class Table:
    """One table: a heading, a one-line note, column heads and rows of formatted cells.  The
    first column is a label (left-aligned), the others are numbers."""

    key: str
    title: str
    note: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the report: its charts and its tables."""

    key: str
    figures: tuple[Chart, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True, slots=True)
class ReportModel:
    """Everything a report shows, in order."""

    title: str
    intro: str
    warnings: tuple[str, ...]
    figures: tuple[Chart, ...]
    tables: tuple[Table, ...]
    #: the document's title (a PDF's metadata)
    document: str = "balance report"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def points(x: float) -> str:
    """A difference of two shares in percentage points, signed (``+2.3 pts``)."""
    return f"{100 * x:+.1f} pts"


def ci(interval: list[float]) -> str:
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}%"


def build_model(summary: dict, name: str, options: str, sections: Sequence[Section]) -> ReportModel:
    """The report of ``summary`` for the game ``name`` (``options``: its options as the intro
    tells them, e.g. ``", first game"``), its ``sections`` in order."""
    spec = summary["spec"]
    cycled = ", ".join(dict.fromkeys(s for m in spec["matchups"] for s in m))
    intro = (
        f"{summary['games']} games, {spec['players']} players, bots {spec['bots']}, "
        f"master seed {spec['seed']}, {len(spec['matchups'])} seatings of {cycled} cycled"
        f"{options}; "
        f"{summary['shared_wins']} shared wins (a shared win counts for every winner); "
        f"fair share {pct(summary['fair_share'])}."
    )
    return ReportModel(
        title=f"{name} balance report: {summary['games']} games, {spec['players']} players",
        intro=intro,
        warnings=tuple(summary["warnings"]),
        figures=tuple(f for s in sections for f in s.figures),
        tables=tuple(t for s in sections for t in s.tables if t.rows),
        document=f"{name} balance report",
    )


def core_sections(summary: dict, score: str, side: str, *, figures: bool = True) -> dict:
    """The sections every game has (seats, bots, ``side`` versus ``side``; ``score``: what
    its players score), by name."""
    return {
        "seats": _seats(summary, score, figures),
        "bots": _bots(summary, figures),
        "versus": _versus(summary, side),
    }


def rate_bars(
    title: str,
    labels: Sequence[str],
    rates: Sequence[float],
    intervals: Sequence[Sequence[float]] = (),
    colours: Sequence[str] = (PALETTE[0],),
    reference: float | None = None,
    width: float = 460,
    name: str = "win rate",
) -> BarChart:
    """Horizontal bars of shares (0 to 1), one per label, with their intervals (optional)
    as whiskers and a dashed reference line (optional); ``colours`` are taken in turn, and
    ``name`` says what a share is (in each bar's tooltip)."""
    series = Series(
        name,
        tuple(rates),
        colours[0],
        colours=tuple(colours) if len(colours) > 1 else (),
        intervals=tuple((lo, hi) for lo, hi in intervals),
    )
    return BarChart(
        title,
        tuple(labels),
        (series,),
        horizontal=True,
        percent=True,
        reference=reference,
        width=width,
    )


def win_rate_figure(
    title: str,
    rows: Sequence[dict],
    label: Callable[[dict], str],
    colours: Sequence[str],
    fair: float,
) -> BarChart:
    """Win rates of ``rows`` (``win_rate``, ``win_ci``) with their Wilson intervals and the
    fair share."""
    return rate_bars(
        title,
        [label(x) for x in rows],
        [x["win_rate"] for x in rows],
        [x["win_ci"] for x in rows],
        colours,
        reference=fair,
    )


def _seats(summary: dict, score: str, figures: bool) -> Section:
    seats = summary["seats"]
    note = f"Win rate and {score} per game by seat."
    adv = summary.get("seat_advantage")
    if adv:
        note += (
            f" Seat advantage: seat {adv['seat']} wins {points(adv['advantage'])} above the fair"
            f" share (95% CI {points(adv['advantage_ci'][0])} to {points(adv['advantage_ci'][1])})."
        )
    table = Table(
        "seats",
        "Seats",
        note,
        ("seat", "games", "win rate", "95% CI", score),
        tuple(
            (
                str(s["seat"]),
                str(s["games"]),
                pct(s["win_rate"]),
                ci(s["win_ci"]),
                f"{s[f'{score}_mean']:.2f}",
            )
            for s in seats
        ),
    )
    figs: tuple[Chart, ...] = ()
    if figures and seats and summary["games"]:
        figs = (
            win_rate_figure(
                "Win rate per seat (95% Wilson interval)",
                seats,
                lambda s: f"seat {s['seat']}",
                [PALETTE[3]],
                summary["fair_share"],
            ),
        )
    return Section("seats", figs, (table,))


def _bots(summary: dict, figures: bool) -> Section:
    bots = summary["bots"] if len(summary["bots"]) > 1 else []
    table = Table(
        "bots",
        "Bots",
        "Win rate per seat a bot played.",
        ("bot", "seats", "win rate", "95% CI"),
        tuple((b["bot"], str(b["seats"]), pct(b["win_rate"]), ci(b["win_ci"])) for b in bots),
    )
    figs: tuple[Chart, ...] = ()
    if figures and bots:
        figs = (
            win_rate_figure(
                "Win rate per bot (95% Wilson interval)",
                bots,
                lambda b: b["bot"],
                [PALETTE[4]],
                summary["fair_share"],
            ),
        )
    return Section("bots", figs, (table,))


def _versus(summary: dict, side: str) -> Section:
    rows = summary["versus"]
    sides = list(dict.fromkeys(v[side] for v in rows))
    ahead = {(v[side], v["versus"]): v["ahead_rate"] for v in rows}
    table = Table(
        "versus",
        f"{side.capitalize()} versus {side}",
        f"How often the row's {side} finishes ahead of the column's {side}.",
        ("finishes ahead of →", *sides),
        tuple((a, *(pct(ahead[(a, b)]) if (a, b) in ahead else "–" for b in sides)) for a in sides),
    )
    return Section("versus", (), (table,))
