"""Attack Right's own report sections: the balance targets, decks, the deck-majority and
deck-share groups, glory by source, rounds, the economy and cards (their tables and charts); the
core adds seats, bots and deck versus deck."""

from __future__ import annotations

from typing import Any

from cardgen.charts import PALETTE, BarChart, Chart, LineChart, Series
from cardgen.simulate.report_model import (
    Section,
    Table,
    ci,
    pct,
    points,
    rate_bars,
    win_rate_figure,
)

ROUND_KEYS = ("coins", "attack", "defence", "glory")
DECK_HEAD: tuple[str, ...] = ("deck", "games", "win rate", "95% CI", "glory", "sd", "battles")
DECK_HEAD += ("end coins", "effects")
CARD_HEAD: tuple[str, ...] = ("card", "deck", "dealt", "pick", "pick pos", "95% CI")
CARD_HEAD += ("drafted games", "played in", "95% CI", "never affordable", "95% CI")
CARD_HEAD += ("played games", "win played", "95% CI")
#: a card needs at least this many player-games with it played to enter the best/worst charts
MIN_PLAYED = 30

CARD_NOTE = (
    "pick: share of dealt copies drafted; pick pos: mean position of the pick in its pack "
    "(1 = first); drafted games: player-games in which a copy was drafted; played in: share of "
    "those in which the player played it; never affordable: share of drafted copies that never "
    "had a legal play; played games: player-games in which it was played; win played: win rate "
    "of those players. Intervals are 95% (Wilson for shares, normal for the mean position)."
)


def sections(summary: dict, *, figures: bool = True) -> dict[str, Section]:
    """The game's sections of the report of ``summary``, by name."""
    colours = _deck_colours(summary)
    figs = {
        "targets": [],
        "decks": _deck_figures(summary, colours),
        "majority": _majority_figures(summary, colours),
        "shares": _share_figures(summary, colours),
        "glory": _glory_figures(summary),
        "rounds": _round_figures(summary, colours),
        "economy": _economy_figures(summary),
        "cards": _card_figures(summary),
    }
    tables = _tables(summary)
    return {
        key: Section(key, tuple(figs[key]) if figures else (), tables.get(key, ())) for key in figs
    }


def _tables(summary: dict) -> dict[str, tuple[Table, ...]]:
    decks = Table(
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
    )
    rounds = Table(
        "rounds",
        "Rounds",
        "Mean per player: coins and glory after the round, attack and defence power in its battle.",
        ("deck", "round", "coins", "attack", "defence", "glory"),
        tuple(
            (r["deck"], str(r["round"]), *(f"{r[f'{k}_mean']:.2f}" for k in ROUND_KEYS))
            for r in summary["rounds"]
        ),
    )
    cards = Table(
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
                "{:.2f}–{:.2f}".format(*c["pick_position_ci"]),
                str(c["drafted_games"]),
                pct(c["played_share"]),
                ci(c["played_share_ci"]),
                pct(c["never_affordable_rate"]),
                ci(c["never_affordable_ci"]),
                str(c["played_games"]),
                pct(c["win_rate_when_played"]),
                ci(c["win_when_played_ci"]),
            )
            for c in summary["cards"]
        ),
    )
    return {
        "targets": (_targets_table(summary),),
        "decks": (decks,),
        "majority": (_group_table(summary, "majority"),),
        "shares": (_group_table(summary, "shares"),),
        "rounds": (rounds,),
        "economy": (_economy_table(summary),),
        "cards": (cards,),
    }


def _targets_table(summary: dict) -> Table:
    verdict = {True: "met", False: "MISSED", None: "too few games"}
    return Table(
        "targets",
        "Balance targets",
        "Each target of the pack's targets.yaml checked on these games (the figure with its "
        "95% interval and sample size).",
        ("target", "verdict", "figure", "what fails"),
        tuple(
            (t["target"], verdict[t["ok"]], t["figure"], t["detail"] if t["ok"] is False else "")
            for t in summary.get("targets", ())
        ),
    )


def _group_table(summary: dict, key: str) -> Table:
    rows = summary.get(key, ())
    if key == "majority":
        title = "Win rate by the deck most of a player's played cards came from"
        note = (
            "Players grouped by the deck of most of their played cards (tied: no single deck); "
            "fair share for every group."
        )
        head: tuple[str, ...] = ("majority deck",)
        label: list[tuple[Any, ...]] = [(r["majority"],) for r in rows]
    else:
        title = "Win rate by the share of a player's played cards from each deck"
        note = "For each deck in play, players binned by the share of their played cards from it."
        head = ("deck", "share")
        label = [(r["deck"], r["share"]) for r in rows]
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


def _economy_table(summary: dict) -> Table:
    return Table(
        "economy",
        "Economy",
        "Per player: cards played in the round (mean, 95% interval), coins left when ending the "
        "Play Phase, tableau cards then and their share of the season's slots.",
        ("period", "season", "samples", "cards played", "95% CI", "coins left", "filled", "slots"),
        tuple(
            (
                e["period"],
                e["season"],
                str(e["samples"]),
                f"{e['played_mean']:.2f}",
                "{:.2f}–{:.2f}".format(*e["played_ci"]),
                f"{e['coins_left_mean']:.2f}",
                f"{e['filled_mean']:.2f}",
                pct(e["filled_share"]),
            )
            for e in summary.get("economy", ())
        ),
    )


# ------------------------------------------------------------------ charts
def _deck_colours(summary: dict) -> dict[str, str]:
    return {
        d["deck"]: d.get("colour", PALETTE[k % len(PALETTE)])
        for k, d in enumerate(summary["decks"])
    }


def _deck_figures(summary: dict, colours: dict[str, str]) -> list[Chart]:
    decks = summary["decks"]
    if not decks:
        return []
    return [
        win_rate_figure(
            "Win rate per deck (95% Wilson interval; dashed: fair share)",
            decks,
            lambda d: d["deck"],
            [colours[d["deck"]] for d in decks],
            summary["fair_share"],
        )
    ]


def _majority_figures(summary: dict, colours: dict[str, str]) -> list[Chart]:
    rows = summary.get("majority", ())
    if not rows:
        return []
    return [
        rate_bars(
            "Win rate by the deck most of a player's played cards came from "
            "(95% Wilson interval; dashed: fair share)",
            [r["majority"] for r in rows],
            [r["win_rate"] for r in rows],
            [r["win_ci"] for r in rows],
            [colours.get(r["majority"], "#999999") for r in rows],
            reference=summary["fair_share"],
        )
    ]


def _share_figures(summary: dict, colours: dict[str, str]) -> list[Chart]:
    rows = summary.get("shares", ())
    if not rows:
        return []
    labels = list(dict.fromkeys(r["share"] for r in rows))
    by = {(r["deck"], r["share"]): r["win_rate"] for r in rows}
    decks = list(dict.fromkeys(r["deck"] for r in rows))
    return [
        BarChart(
            "Win rate by the share of a player's played cards from each deck",
            tuple(labels),
            tuple(
                Series(d, tuple(by.get((d, x), 0.0) for x in labels), colours.get(d, PALETTE[0]))
                for d in decks
            ),
            percent=True,
            reference=summary["fair_share"],
        )
    ]


def _economy_figures(summary: dict) -> list[Chart]:
    rows = [e for e in summary.get("economy", ()) if e["period"].startswith("round ")]
    if not rows:
        return []
    xs = tuple(int(e["period"].split()[1]) for e in rows)
    return [
        LineChart(
            "Economy per round (mean per player)",
            xs,
            (
                Series("cards played", tuple(e["played_mean"] for e in rows), PALETTE[0]),
                Series("coins left", tuple(e["coins_left_mean"] for e in rows), PALETTE[1]),
                Series("tableau cards", tuple(e["filled_mean"] for e in rows), PALETTE[2]),
            ),
            x_label="round",
        )
    ]


def _glory_figures(summary: dict) -> list[Chart]:
    decks = summary["decks"]
    if not decks:
        return []
    sources = (("battles", "battles"), ("end_coins", "end coins"), ("effects", "card effects"))
    return [
        BarChart(
            "Average glory per game by source",
            tuple(d["deck"] for d in decks),
            tuple(
                Series(name, tuple(d["glory_sources"][key] for d in decks), PALETTE[3 + j])
                for j, (key, name) in enumerate(sources)
            ),
            horizontal=True,
            stacked=True,
            label="{:.2f}",
        )
    ]


def _round_figures(summary: dict, colours: dict[str, str]) -> list[Chart]:
    rows = summary["rounds"]
    if not rows:
        return []
    names = list(dict.fromkeys(r["deck"] for r in rows))
    xs = sorted({r["round"] for r in rows})
    by = {(r["deck"], r["round"]): r for r in rows}
    out: list[Chart] = []
    for key, title in (
        ("coins_mean", "Coins after each round (mean per player)"),
        ("attack_mean", "Attack power in each round's battle"),
        ("defence_mean", "Defence power in each round's battle"),
        ("glory_mean", "Glory after each round"),
    ):
        series = tuple(
            Series(name, tuple(by[(name, x)][key] for x in xs), colours.get(name, "#000000"))
            for name in names
            if all((name, x) in by for x in xs)
        )
        out.append(LineChart(title, tuple(xs), series, x_label="round"))
    return out


def _card_figures(summary: dict) -> list[Chart]:
    cards = summary["cards"]
    if not cards:
        return []
    most = max(c["played_games"] for c in cards)
    floor = min(MIN_PLAYED, most)
    enough = [c for c in cards if c["played_games"] >= floor and c["played_games"]]
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
                    [c["win_when_played_ci"] for c in chosen],
                    [PALETTE[5]],
                    reference=summary["fair_share"],
                    width=520,
                    name="win rate when played",
                )
            )
    stuck = sorted(cards, key=lambda c: (-c["never_affordable_rate"], c["card"]))[:12]
    if stuck and stuck[0]["never_affordable_rate"] > 0:
        out.append(
            rate_bars(
                "Drafted but never affordable (share of drafted copies)",
                [c["card"] for c in stuck],
                [c["never_affordable_rate"] for c in stuck],
                colours=[PALETTE[6]],
                width=520,
                name="of drafted copies never affordable",
            )
        )
    return out
