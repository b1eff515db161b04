"""The report model: the summary's tables (formatted cells) and charts, built once.

:func:`build_model` turns a summary (:func:`cardgen.simulate.report.summarise`) into a
:class:`ReportModel`; the text, HTML and PDF writers only lay it out.  Charts are
backend-neutral :class:`~cardgen.charts.Figure` objects (:mod:`.charts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.charts import PALETTE, Figure
from cardgen.simulate.charts import interval_bars, line_chart, stacked_bars

ROUND_KEYS = ("coins", "attack", "defence", "glory")
DECK_HEAD = ("deck", "games", "win rate", "95% CI", "glory", "sd", "battles", "end coins")
DECK_HEAD += ("effects",)
CARD_HEAD = ("card", "deck", "dealt", "pick", "pick pos", "play", "never affordable")
CARD_HEAD += ("win played", "95% CI")
#: a card needs at least this many player-games with it played to enter the best/worst charts
MIN_PLAYED = 30

CARD_NOTE = (
    "pick: share of dealt copies drafted; pick pos: mean position of the pick in its pack "
    "(1 = first); play: share of drafted copies played; never affordable: drafted copies that "
    "never had a legal play; win played: win rate of the players who played the card."
)


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
class ReportModel:
    """Everything a report shows, in order."""

    title: str
    intro: str
    warnings: tuple[str, ...]
    figures: tuple[Figure, ...]
    tables: tuple[Table, ...]


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(interval: list[float]) -> str:
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}%"


def build_model(summary: dict, *, figures: bool = True) -> ReportModel:
    """The report of ``summary`` (``figures=False``: tables only, e.g. for text output)."""
    spec = summary["spec"]
    intro = (
        f"{summary['games']} games, {spec['players']} players, bots {spec['bots']}, "
        f"master seed {spec['seed']}, {len(spec['matchups'])} seatings cycled"
        f"{', first game (no star cards)' if spec['first_game'] else ''}; "
        f"{summary['shared_wins']} shared wins (a shared win counts for every winner); "
        f"fair share {pct(summary['fair_share'])}."
    )
    return ReportModel(
        title=f"Attack Right balance report: {summary['games']} games, {spec['players']} players",
        intro=intro,
        warnings=tuple(summary["warnings"]),
        figures=tuple(build_figures(summary)) if figures else (),
        tables=tuple(t for t in _tables(summary) if t.rows),
    )


def _tables(summary: dict) -> list[Table]:
    decks = [d["deck"] for d in summary["decks"]]
    ahead = {(v["deck"], v["versus"]): v["ahead_rate"] for v in summary["versus"]}
    bots = summary["bots"] if len(summary["bots"]) > 1 else []
    return [
        Table(
            "decks",
            "Decks",
            "Win rate with its 95% Wilson interval; glory per game, in all and by source.",
            DECK_HEAD,
            tuple(
                (
                    d["deck"],
                    str(d["games"]),
                    pct(d["win_rate"]),
                    ci(d["win_ci"]),
                    f"{d['glory_mean']:.2f}",
                    f"{d['glory_sd']:.2f}",
                    *(f"{d['glory_sources'][k]:.2f}" for k in ("battles", "end_coins", "effects")),
                )
                for d in summary["decks"]
            ),
        ),
        Table(
            "seats",
            "Seats",
            "Win rate and glory per game by seat.",
            ("seat", "games", "win rate", "95% CI", "glory"),
            tuple(
                (
                    str(s["seat"]),
                    str(s["games"]),
                    pct(s["win_rate"]),
                    ci(s["win_ci"]),
                    f"{s['glory_mean']:.2f}",
                )
                for s in summary["seats"]
            ),
        ),
        Table(
            "bots",
            "Bots",
            "Win rate per seat a bot played.",
            ("bot", "seats", "win rate", "95% CI"),
            tuple((b["bot"], str(b["seats"]), pct(b["win_rate"]), ci(b["win_ci"])) for b in bots),
        ),
        Table(
            "rounds",
            "Rounds",
            "Mean per player: coins and glory after the round, attack and defence power in its "
            "battle.",
            ("deck", "round", "coins", "attack", "defence", "glory"),
            tuple(
                (r["deck"], str(r["round"]), *(f"{r[f'{k}_mean']:.2f}" for k in ROUND_KEYS))
                for r in summary["rounds"]
            ),
        ),
        Table(
            "versus",
            "Deck versus deck",
            "How often the row's deck finishes ahead of the column's deck.",
            ("finishes ahead of →", *decks),
            tuple(
                (a, *(pct(ahead[(a, b)]) if (a, b) in ahead else "–" for b in decks)) for a in decks
            )
            if ahead
            else (),
        ),
        Table(
            "cards",
            "Cards",
            CARD_NOTE,
            CARD_HEAD,
            tuple(
                (
                    c["card"],
                    c.get("deck", ""),
                    str(c["dealt"]),
                    pct(c["pick_rate"]),
                    f"{c['mean_pick_position']:.2f}",
                    pct(c["play_rate"]),
                    pct(c["never_affordable_rate"]),
                    pct(c["win_rate_when_played"]),
                    ci(c["win_when_played_ci"]),
                )
                for c in summary["cards"]
            ),
        ),
    ]


# ------------------------------------------------------------------ charts
def _deck_colours(summary: dict) -> dict[str, str]:
    return {
        d["deck"]: d.get("colour", PALETTE[k % len(PALETTE)])
        for k, d in enumerate(summary["decks"])
    }


def _win_rates(title: str, rows: list[dict], label, colours: list[str], fair: float) -> Figure:
    """Win rates of ``rows`` with their Wilson intervals and the fair share."""
    return interval_bars(
        title,
        [label(x) for x in rows],
        [x["win_rate"] for x in rows],
        [tuple(x["win_ci"]) for x in rows],
        colours=colours,
        reference=fair,
    )


def build_figures(summary: dict) -> list[Figure]:
    """Every chart of the report, in order."""
    figs: list[Figure] = []
    decks = summary["decks"]
    colours = _deck_colours(summary)
    fair = summary["fair_share"]
    if decks:
        figs.append(
            _win_rates(
                "Win rate per deck (95% Wilson interval; dashed: fair share)",
                decks,
                lambda d: d["deck"],
                [colours[d["deck"]] for d in decks],
                fair,
            )
        )
    if summary["seats"] and summary["games"]:
        figs.append(
            _win_rates(
                "Win rate per seat (95% Wilson interval)",
                summary["seats"],
                lambda s: f"seat {s['seat']}",
                [PALETTE[3]],
                fair,
            )
        )
    if len(summary["bots"]) > 1:
        figs.append(
            _win_rates(
                "Win rate per bot (95% Wilson interval)",
                summary["bots"],
                lambda b: b["bot"],
                [PALETTE[4]],
                fair,
            )
        )
    if decks:
        figs.append(
            stacked_bars(
                "Average glory per game by source",
                [d["deck"] for d in decks],
                [
                    (name, [d["glory_sources"][key] for d in decks])
                    for key, name in (
                        ("battles", "battles"),
                        ("end_coins", "end coins"),
                        ("effects", "card effects"),
                    )
                ],
            )
        )
    figs.extend(_round_figures(summary, colours))
    figs.extend(_card_figures(summary))
    return figs


def _round_figures(summary: dict, colours: dict[str, str]) -> list[Figure]:
    rows = summary["rounds"]
    if not rows:
        return []
    names = list(dict.fromkeys(r["deck"] for r in rows))
    xs = sorted({r["round"] for r in rows})
    by = {(r["deck"], r["round"]): r for r in rows}
    out = []
    for key, title in (
        ("coins_mean", "Coins after each round (mean per player)"),
        ("attack_mean", "Attack power in each round's battle"),
        ("defence_mean", "Defence power in each round's battle"),
        ("glory_mean", "Glory after each round"),
    ):
        series = [
            (name, [by[(name, x)][key] for x in xs], colours.get(name, "#000000"))
            for name in names
            if all((name, x) in by for x in xs)
        ]
        out.append(line_chart(title, xs, series))
    return out


def _card_figures(summary: dict) -> list[Figure]:
    cards = summary["cards"]
    if not cards:
        return []
    most = max(c["played_games"] for c in cards)
    floor = min(MIN_PLAYED, most)
    enough = [c for c in cards if c["played_games"] >= floor and c["played_games"]]
    ranked = sorted(enough, key=lambda c: (-c["win_rate_when_played"], c["card"]))
    out = []
    for title, chosen in (
        ("Cards with the best win rate when played", ranked[:15]),
        ("Cards with the worst win rate when played", list(reversed(ranked[-15:]))),
    ):
        if chosen:
            out.append(
                interval_bars(
                    f"{title} (at least {floor} games played)",
                    [c["card"] for c in chosen],
                    [c["win_rate_when_played"] for c in chosen],
                    [tuple(c["win_when_played_ci"]) for c in chosen],
                    colours=[PALETTE[5]],
                    reference=summary["fair_share"],
                    width=520,
                )
            )
    stuck = sorted(cards, key=lambda c: (-c["never_affordable_rate"], c["card"]))[:12]
    if stuck and stuck[0]["never_affordable_rate"] > 0:
        out.append(
            interval_bars(
                "Drafted but never affordable (share of drafted copies)",
                [c["card"] for c in stuck],
                [c["never_affordable_rate"] for c in stuck],
                colours=[PALETTE[6]],
                width=520,
            )
        )
    return out
