"""Attack Right's own report sections: decks, glory by source, rounds and cards (their tables
and charts); the core adds seats, bots and deck versus deck."""

from __future__ import annotations

from cardgen.charts import PALETTE, BarChart, Chart, LineChart, Series
from cardgen.simulate.report_model import Section, Table, ci, pct, rate_bars, win_rate_figure

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


def sections(summary: dict, *, figures: bool = True) -> dict[str, Section]:
    """The game's sections of the report of ``summary``, by name."""
    colours = _deck_colours(summary)
    figs = {
        "decks": _deck_figures(summary, colours),
        "glory": _glory_figures(summary),
        "rounds": _round_figures(summary, colours),
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
                pct(c["play_rate"]),
                pct(c["never_affordable_rate"]),
                pct(c["win_rate_when_played"]),
                ci(c["win_when_played_ci"]),
            )
            for c in summary["cards"]
        ),
    )
    return {"decks": (decks,), "rounds": (rounds,), "cards": (cards,)}


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
    out = []
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
    out = []
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
