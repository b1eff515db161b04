"""The HTML report (tables and inline SVG charts) and the dispatch to HTML or PDF.

Charts come from :func:`build_figures` (backend-neutral, :mod:`.charts`); the HTML embeds them
as inline SVG, the PDF (:mod:`.report_pdf`) draws the same figures with reportlab shapes.
The page holds no timestamps, so equal summaries give equal bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from cardgen.simulate.charts import (
    PALETTE,
    Dot,
    Figure,
    Line,
    Poly,
    Rect,
    Text,
    interval_bars,
    line_chart,
    stacked_bars,
)
from cardgen.util.atomic import atomic_write_text

#: a card needs at least this many player-games with it played to enter the best/worst charts
MIN_PLAYED = 30


def _deck_colours(summary: dict) -> dict[str, str]:
    return {
        d["deck"]: d.get("colour", PALETTE[k % len(PALETTE)])
        for k, d in enumerate(summary["decks"])
    }


def build_figures(summary: dict) -> list[Figure]:
    """Every chart of the report, in order."""
    figs: list[Figure] = []
    decks = summary["decks"]
    colours = _deck_colours(summary)
    fair = summary["fair_share"]
    if decks:
        figs.append(
            interval_bars(
                "Win rate per deck (95% Wilson interval; dashed: fair share)",
                [d["deck"] for d in decks],
                [d["win_rate"] for d in decks],
                [tuple(d["win_ci"]) for d in decks],
                colours=[colours[d["deck"]] for d in decks],
                reference=fair,
            )
        )
    seats = summary["seats"]
    if seats and summary["games"]:
        figs.append(
            interval_bars(
                "Win rate per seat (95% Wilson interval)",
                [f"seat {s['seat']}" for s in seats],
                [s["win_rate"] for s in seats],
                [tuple(s["win_ci"]) for s in seats],
                colours=[PALETTE[3]],
                reference=fair,
            )
        )
    if len(summary["bots"]) > 1:
        bots = summary["bots"]
        figs.append(
            interval_bars(
                "Win rate per bot (95% Wilson interval)",
                [b["bot"] for b in bots],
                [b["win_rate"] for b in bots],
                [tuple(b["win_ci"]) for b in bots],
                colours=[PALETTE[4]],
                reference=fair,
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


# ------------------------------------------------------------------ SVG
def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def figure_svg(fig: Figure) -> str:
    """One figure as an inline ``<svg>`` element."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(fig.width)} {_n(fig.height)}"'
        f' width="{_n(fig.width)}" height="{_n(fig.height)}" role="img"'
        f' aria-label="{escape(fig.title)}" font-family="Helvetica, Arial, sans-serif">'
    ]
    for it in fig.items:
        if isinstance(it, Rect):
            stroke = f' stroke="{it.stroke}"' if it.stroke else ""
            out.append(
                f'<rect x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}"'
                f' fill="{it.fill}"{stroke}/>'
            )
        elif isinstance(it, Line):
            dash = ' stroke-dasharray="3 2"' if it.dash else ""
            out.append(
                f'<line x1="{_n(it.x1)}" y1="{_n(it.y1)}" x2="{_n(it.x2)}" y2="{_n(it.y2)}"'
                f' stroke="{it.stroke}" stroke-width="{_n(it.width)}"{dash}/>'
            )
        elif isinstance(it, Poly):
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in it.points)
            out.append(
                f'<polyline points="{pts}" fill="none" stroke="{it.stroke}"'
                f' stroke-width="{_n(it.width)}"/>'
            )
        elif isinstance(it, Dot):
            out.append(f'<circle cx="{_n(it.x)}" cy="{_n(it.y)}" r="{_n(it.r)}" fill="{it.fill}"/>')
        elif isinstance(it, Text):
            weight = ' font-weight="bold"' if it.bold else ""
            out.append(
                f'<text x="{_n(it.x)}" y="{_n(it.y)}" font-size="{_n(it.size)}"'
                f' text-anchor="{it.anchor}" fill="{it.fill}"{weight}>{escape(it.text)}</text>'
            )
    out.append("</svg>")
    return "".join(out)


# ------------------------------------------------------------------ HTML
_CSS = """
body{font-family:Helvetica,Arial,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
figure{margin:1em 0}figure svg{width:100%;max-width:760px;height:auto}
figcaption{font-weight:bold;font-size:.9em;margin-bottom:.2em}
.note{color:#666;font-size:.85em}
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def _table(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th>{escape(c)}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _tables(summary: dict) -> dict[str, str]:
    t = {}
    t["decks"] = _table(
        ["deck", "games", "win rate", "95% CI", "glory", "sd", "battles", "end coins", "effects"],
        [
            [
                d["deck"],
                str(d["games"]),
                _pct(d["win_rate"]),
                _ci(d["win_ci"]),
                f"{d['glory_mean']:.2f}",
                f"{d['glory_sd']:.2f}",
                f"{d['glory_sources']['battles']:.2f}",
                f"{d['glory_sources']['end_coins']:.2f}",
                f"{d['glory_sources']['effects']:.2f}",
            ]
            for d in summary["decks"]
        ],
    )
    t["seats"] = _table(
        ["seat", "games", "win rate", "95% CI", "glory"],
        [
            [
                str(s["seat"]),
                str(s["games"]),
                _pct(s["win_rate"]),
                _ci(s["win_ci"]),
                f"{s['glory_mean']:.2f}",
            ]
            for s in summary["seats"]
        ],
    )
    decks = [d["deck"] for d in summary["decks"]]
    ahead = {(v["deck"], v["versus"]): v["ahead_rate"] for v in summary["versus"]}
    t["versus"] = _table(
        ["finishes ahead of →", *decks],
        [[a, *(_pct(ahead[(a, b)]) if (a, b) in ahead else "–" for b in decks)] for a in decks],
    )
    t["cards"] = _table(
        [
            *("card", "deck", "dealt", "pick", "pick pos", "play"),
            *("never affordable", "win played", "95% CI"),
        ],
        [
            [
                c["card"],
                c.get("deck", ""),
                str(c["dealt"]),
                _pct(c["pick_rate"]),
                f"{c['mean_pick_position']:.2f}",
                _pct(c["play_rate"]),
                _pct(c["never_affordable_rate"]),
                _pct(c["win_rate_when_played"]),
                _ci(c["win_when_played_ci"]),
            ]
            for c in summary["cards"]
        ],
    )
    return t


def render_html(summary: dict) -> str:
    """The whole report as one self-contained HTML page."""
    spec = summary["spec"]
    title = f"Attack Right balance report: {summary['games']} games, {spec['players']} players"
    figs = "".join(
        f"<figure><figcaption>{escape(f.title)}</figcaption>{figure_svg(f)}</figure>"
        for f in build_figures(summary)
    )
    tables = _tables(summary)
    warn = "".join(f"<p class='note'>warning: {escape(w)}</p>" for w in summary["warnings"])
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>Bots: {escape(spec['bots'])}; master seed {spec['seed']}; "
        f"{len(spec['matchups'])} seatings cycled"
        f"{'; first game (no star cards)' if spec['first_game'] else ''}; "
        f"{summary['shared_wins']} shared wins (a shared win counts for every winner); "
        f"fair share {_pct(summary['fair_share'])}.</p>",
        warn,
        "<h2>Charts</h2>",
        figs,
        "<h2>Decks</h2>",
        tables["decks"],
        "<h2>Seats</h2>",
        tables["seats"],
        "<h2>Deck versus deck</h2>",
        tables["versus"],
        "<h2>Cards</h2>",
        "<p class='note'>pick: share of dealt copies drafted; pick pos: mean position of the "
        "pick in its pack (1 = first); play: share of drafted copies played; never affordable: "
        "drafted copies that never had a legal play; win played: win rate of the players who "
        "played the card.</p>",
        tables["cards"],
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def write_report(summary: dict, path: Path) -> Path:
    """Write the report as HTML or PDF, chosen by the file extension."""
    path = Path(path)
    if path.suffix.lower() == ".pdf":
        from cardgen.simulate.report_pdf import write_pdf

        write_pdf(summary, path)
    else:
        atomic_write_text(path, render_html(summary))
    return path
