"""The report sections of a game's declared figures (:mod:`cardgen.engine.figures`): sides (win
rates, the sums per game), the groups of players by their played cards' group value and by
its share, the periods per side and over all sides, the period groups, and the designs' drawn
figures with the best and worst win rates when played."""

from __future__ import annotations

from typing import Any

from cardgen.charts import PALETTE, BarChart, Chart, LineChart, Series
from cardgen.engine.figures import Figures
from cardgen.simulate.report_model import (
    Section,
    Table,
    ci,
    pct,
    points,
    rate_bars,
    win_rate_figure,
)

#: a design needs at least this many player-games with it played to enter the best/worst charts
MIN_PLAYED = 30

DRAW_HEAD: tuple[str, ...] = ("card", "group", "dealt", "drawn", "mean position", "95% CI")
DRAW_HEAD += ("drawn games", "played in", "95% CI", "never playable", "95% CI")
DRAW_HEAD += ("played games", "win played", "95% CI")
DRAW_NOTE = (
    "{drawn}: share of dealt copies {drawn} (picked, kept); mean position: of the draw among "
    "its seat's draws of the {period} (1 = first); drawn games: player-games in which a copy "
    "was {drawn}; played in: share of those in which the player played it; {unplayable}: "
    "share of the copies {drawn} that never had a legal play; played games: player-games in "
    "which it was played; win played: win rate of those players. Intervals are 95% (Wilson "
    "for shares, normal for the mean position)."
)


def _label(f: Figures, name: str) -> str:
    return f.labels.get(name, name.replace("_", " ").replace("/", ": "))


def figure_sections(
    summary: dict, f: Figures, side: str = "side", score: str = "score", *, figures: bool = True
) -> dict[str, Section]:
    """The report's sections of the declared figures of ``summary`` (``side``: what a seat
    plays, ``score``: what it scores, as the report calls them), by name."""
    colours = {
        s["side"]: s.get("colour", PALETTE[k % len(PALETTE)])
        for k, s in enumerate(summary.get("sides", ()))
    }
    figs: dict[str, list[Chart]] = {
        "sides": _side_figures(summary, f, side, colours),
        "majority": _majority_figures(summary, f, colours),
        "shares": _share_figures(summary, f, colours),
        "periods": _period_figures(summary, f, colours),
        "period_groups": _group_figures(summary, f, side),
        "draws": _draw_figures(summary, f),
    }
    tables = {
        "sides": (_side_table(summary, f, side, score),),
        "majority": (_group_table(summary, "majority", f),),
        "shares": (_group_table(summary, "shares", f),),
        "periods": (_period_table(summary, f, side),),
        "period_groups": (_groups_table(summary, f, side),),
        "draws": (_draw_table(summary, f),),
    }
    out = {k: Section(k, tuple(figs[k]) if figures else (), tables[k]) for k in figs}
    if not f.draws:
        out = {}
    if "tallies" in summary:
        charts = _tally_figures(summary, f) if figures else ()
        out["tallies"] = Section("tallies", charts, (_tally_table(summary, f),))
    return out


def _tally_table(summary: dict, f: Figures) -> Table:
    rows = summary["tallies"]
    keys = [k for k in rows[0] if k.endswith(("_per_game", "_rate"))] if rows else []
    heads = [k.removesuffix("_per_game").removesuffix("_rate").replace("_", " ") for k in keys]
    return Table(
        "tallies",
        f.tally_title,
        f.tally_note,
        ("design", *heads),
        tuple(
            (
                f"{r['name']} ({r['design']})",
                *(f"{r[k]:.2f}" if k.endswith("_per_game") else pct(r[k]) for k in keys),
            )
            for r in rows
        ),
    )


def _tally_figures(summary: dict, f: Figures) -> tuple[Chart, ...]:
    if f.tally_chart is None:
        return ()
    rows, key = summary["tallies"], f"{f.tally_chart}_rate"
    title = f"{f.tally_title}: {_label(f, f.tally_chart)}"
    return (rate_bars(title, [r["name"] for r in rows], [r[key] for r in rows], name=key),)


def _sums(f: Figures) -> list[tuple[str, str | None]]:
    """The sides' per-game figures: (key, source or None)."""
    out: list[tuple[str, str | None]] = []
    for s in f.sums:
        if not s.per_side:
            continue
        if s.by is None:
            out.append((s.name, None))
        else:
            out += [(s.name, p.split("/", 1)[1]) for p in s.parts]
    return out


def _side_table(summary: dict, f: Figures, side: str, score: str) -> Table:
    rows = summary.get("sides", ())
    sums = _sums(f)
    ends = list(rows[0].get("end", {})) if rows else []
    return Table(
        "sides",
        f"{side.capitalize()}s",
        f"Win rate with its 95% Wilson interval; the {score} and the counted figures per game; "
        "end: the value at the game's end.",
        (
            side,
            "games",
            "win rate",
            "95% CI",
            score,
            "sd",
            *(_label(f, k if s is None else f"{k}/{s}") for k, s in sums),
            *(f"end {_label(f, e)}" for e in ends),
        ),
        tuple(
            (
                r["side"],
                str(r["games"]),
                pct(r["win_rate"]),
                ci(r["win_ci"]),
                *(f"{v:.2f}" for k, v in r.items() if k.endswith("_mean")),
                *(f"{v:.2f}" for k, v in r.items() if k.endswith("_sd")),
                *(f"{(r[k] if s is None else r[k][s]):.2f}" for k, s in sums),
                *(f"{r['end'][e]:.2f}" for e in ends),
            )
            for r in rows
        ),
    )


def _group_table(summary: dict, key: str, f: Figures) -> Table:
    rows = summary.get(key, ())
    field = f.group or "group"
    if key == "majority":
        title = f"Win rate by the {field} most of a player's played cards have"
        note = (
            f"Players grouped by the {field} of most of their played cards (tied: no single "
            f"{field}); fair share for every group."
        )
        head: tuple[str, ...] = (f"majority {field}",)
        label: list[tuple[Any, ...]] = [(r["group"],) for r in rows]
    else:
        title = f"Win rate by the share of a player's played cards of each {field}"
        note = f"For each {field}, players binned by the share of their played cards of it."
        head = (field, "share")
        label = [(r["group"], r["share"]) for r in rows]
    return Table(
        key,
        title,
        note,
        (*head, "player-games", "win rate", "95% CI", "vs fair"),
        tuple(
            (*lab, str(r["games"]), pct(r["win_rate"]), ci(r["win_ci"]), points(r["vs_fair"]))
            for lab, r in zip(label, rows, strict=True)
        ),
    )


def _period_keys(rows: list[dict]) -> list[str]:
    """The per-period figures of the rows (``coins`` for ``coins_mean`` …)."""
    if not rows:
        return []
    return [k[: -len("_mean")] for k in rows[0] if k.endswith("_mean") and k != "played_mean"]


def _period_table(summary: dict, f: Figures, side: str) -> Table:
    rows = summary.get("periods", ())
    keys = _period_keys(list(rows))
    if f.charts is not None:  # the figures drawn per side, as the table's columns
        keys = [k for k in f.charts if k in keys]
    p = f.period
    return Table(
        "periods",
        f"{p.capitalize()}s",
        f"Mean per player and {p}: cards played, the figures at the {p}'s end and those "
        f"counted in it.",
        (side, p, f.period_group, "players", "cards played", *(_label(f, k) for k in keys)),
        tuple(
            (
                r["side"],
                r["period"],
                r["group"],
                str(r["seats"]),
                f"{r['played_mean']:.2f}",
                *(f"{r[f'{k}_mean']:.2f}" for k in keys),
            )
            for r in rows
        ),
    )


def _groups_table(summary: dict, f: Figures, side: str) -> Table:
    p = f.period
    periods = summary.get("periods", ())
    rows = [r | {"label": f"{p} {r['period']}"} for r in periods if r["side"] == "all"]
    rows += [r | {"label": r["group"]} for r in summary.get("period_groups", ())]
    keys = _period_keys(rows)
    if f.trend:  # the figures drawn over all sides, as the table's columns
        keys = [k for k in f.trend if k in keys]
    return Table(
        "period_groups",
        f"{p.capitalize()}s over all {side}s",
        f"Per player: cards played in the {p} (mean, 95% interval) and the other figures' "
        f"means, per {p} and per {f.period_group}.",
        (p, f.period_group, "players", "cards played", "95% CI", *(_label(f, k) for k in keys)),
        tuple(
            (
                r["label"],
                r["group"],
                str(r["seats"]),
                f"{r['played_mean']:.2f}",
                "{:.2f}–{:.2f}".format(*r["played_ci"]),
                *(f"{r[f'{k}_mean']:.2f}" for k in keys),
            )
            for r in rows
        ),
    )


def _draw_table(summary: dict, f: Figures) -> Table:
    rows = [d for d in summary.get("designs", ()) if d.get("dealt")]
    group = f.group or "group"
    head = [group if h == "group" else h for h in DRAW_HEAD]
    head[3], head[9] = _label(f, "drawn"), _label(f, "unplayable")
    return Table(
        "draws",
        "Cards drawn and played",
        DRAW_NOTE.format(
            drawn=_label(f, "drawn"), unplayable=_label(f, "unplayable"), period=f.period
        ),
        tuple(head),
        tuple(
            (
                d["card"],
                str(d.get(group, "")),
                str(d["dealt"]),
                pct(d["draw_rate"]),
                f"{d['mean_position']:.2f}",
                "{:.2f}–{:.2f}".format(*d["position_ci"]),
                str(d["games_drawn"]),
                pct(d["played_share"]),
                ci(d["played_share_ci"]),
                pct(d["unplayable_rate"]),
                ci(d["unplayable_ci"]),
                str(d["games_played"]),
                pct(d["win_rate_when_played"]),
                ci(d["win_played_ci"]),
            )
            for d in rows
        ),
    )


# ------------------------------------------------------------------ charts
def _side_figures(summary: dict, f: Figures, side: str, colours: dict[str, str]) -> list[Chart]:
    rows = summary.get("sides", ())
    if not rows:
        return []
    out: list[Chart] = [
        win_rate_figure(
            f"Win rate per {side} (95% Wilson interval; dashed: fair share)",
            rows,
            lambda r: r["side"],
            [colours[r["side"]] for r in rows],
            summary["fair_share"],
        )
    ]
    for s in f.sums:
        if s.by is None or not s.per_side:
            continue
        parts = [p.split("/", 1)[1] for p in s.parts]
        out.append(
            BarChart(
                f"Average {_label(f, s.name)} per game by {s.by}",
                tuple(r["side"] for r in rows),
                tuple(
                    Series(
                        _label(f, f"{s.name}/{p}"),
                        tuple(r[s.name][p] for r in rows),
                        PALETTE[(3 + j) % len(PALETTE)],
                    )
                    for j, p in enumerate(parts)
                ),
                horizontal=True,
                stacked=True,
                label="{:.2f}",
            )
        )
    return out


def _majority_figures(summary: dict, f: Figures, colours: dict[str, str]) -> list[Chart]:
    rows = summary.get("majority", ())
    if not rows:
        return []
    return [
        rate_bars(
            f"Win rate by the {f.group} most of a player's played cards have "
            "(95% Wilson interval; dashed: fair share)",
            [r["group"] for r in rows],
            [r["win_rate"] for r in rows],
            [r["win_ci"] for r in rows],
            [colours.get(r["group"], "#999999") for r in rows],
            reference=summary["fair_share"],
        )
    ]


def _share_figures(summary: dict, f: Figures, colours: dict[str, str]) -> list[Chart]:
    rows = summary.get("shares", ())
    if not rows:
        return []
    labels = list(dict.fromkeys(r["share"] for r in rows))
    by = {(r["group"], r["share"]): r["win_rate"] for r in rows}
    groups = list(dict.fromkeys(r["group"] for r in rows))
    return [
        BarChart(
            f"Win rate by the share of a player's played cards of each {f.group}",
            tuple(labels),
            tuple(
                Series(g, tuple(by.get((g, x), 0.0) for x in labels), colours.get(g, PALETTE[0]))
                for g in groups
            ),
            percent=True,
            reference=summary["fair_share"],
        )
    ]


def _period_figures(summary: dict, f: Figures, colours: dict[str, str]) -> list[Chart]:
    rows = list(summary.get("periods", ()))
    if not rows:
        return []
    names = list(dict.fromkeys(r["side"] for r in rows))
    xs = list(dict.fromkeys(r["period"] for r in rows))
    by = {(r["side"], r["period"]): r for r in rows}
    out: list[Chart] = []
    p, sums = f.period, {part for s in f.sums for part in s.parts}
    keys = _period_keys(rows)
    for key in keys if f.charts is None else [k for k in f.charts if k in keys]:
        when = f"in each {p}" if key in sums else f"after each {p}"
        title = f"{_label(f, key).capitalize()} {when} (mean per player)"
        series = tuple(
            Series(
                name, tuple(by[(name, x)][f"{key}_mean"] for x in xs), colours.get(name, "#000000")
            )
            for name in names
            if all((name, x) in by for x in xs)
        )
        out.append(LineChart(title, tuple(range(1, len(xs) + 1)), series, x_label=p))
    return out


def _group_figures(summary: dict, f: Figures, side: str) -> list[Chart]:
    rows = [r for r in summary.get("periods", ()) if r["side"] == "all"]
    if not rows:
        return []
    keys = ["played", *(k for k in f.trend if k in _period_keys(rows))]
    return [
        LineChart(
            f"Per {f.period}, over all {side}s (mean per player)",
            tuple(range(1, len(rows) + 1)),
            tuple(
                Series(
                    "cards played" if k == "played" else _label(f, k),
                    tuple(r[f"{k}_mean"] for r in rows),
                    PALETTE[j % len(PALETTE)],
                )
                for j, k in enumerate(keys)
            ),
            x_label=f.period,
        )
    ]


def _draw_figures(summary: dict, f: Figures) -> list[Chart]:
    cards = [d for d in summary.get("designs", ()) if d.get("dealt")]
    if not cards:
        return []
    most = max(c["games_played"] for c in cards)
    floor = min(MIN_PLAYED, most)
    enough = [c for c in cards if c["games_played"] >= floor and c["games_played"]]
    ranked = sorted(enough, key=lambda c: (-c["win_rate_when_played"], c["card"]))
    out: list[Chart] = []
    for title, chosen in (
        ("Cards with the best win rate when played", ranked[:15]),
        ("Cards with the worst win rate when played", list(reversed(ranked[-15:]))),
    ):
        if chosen:
            out.append(
                rate_bars(
                    f"{title} (at least {floor} games played)",
                    [c["card"] for c in chosen],
                    [c["win_rate_when_played"] for c in chosen],
                    [c["win_played_ci"] for c in chosen],
                    [PALETTE[5]],
                    reference=summary["fair_share"],
                    width=520,
                    name="win rate when played",
                )
            )
    stuck = sorted(cards, key=lambda c: (-c["unplayable_rate"], c["card"]))[:12]
    if stuck and stuck[0]["unplayable_rate"] > 0:
        out.append(
            rate_bars(
                f"{_label(f, 'drawn').capitalize()} but {_label(f, 'unplayable')} (share of "
                f"the copies)",
                [c["card"] for c in stuck],
                [c["unplayable_rate"] for c in stuck],
                colours=[PALETTE[6]],
                width=520,
                name=f"of the copies {_label(f, 'unplayable')}",
            )
        )
    return out
