"""Turn simulation counters into a summary (JSON-ready dict) and text tables.

The summary is a pure function of the result (and the catalogue, for card names): rates are
rounded to 4 decimals and keys keep a fixed order, so equal results give equal bytes.
"""

from __future__ import annotations

import io
import json
import math

from cardgen.catalogue.loader import Catalogue
from cardgen.simulate.runner import SimResult
from cardgen.simulate.stats import CARD_FIELDS, DECK_FIELDS, ratio, wilson

FORMAT = "cardgen-simulation/1"


def _r(x: float) -> float:
    return round(x, 4)


def _ci(k: int, n: int) -> list[float]:
    lo, hi = wilson(k, n)
    return [_r(lo), _r(hi)]


def summarise(result: SimResult, catalogue: Catalogue | None = None) -> dict:
    """The report as a JSON-ready dict (win rates with Wilson 95% intervals, glory sources,
    card rates, round curves, deck-vs-deck standings)."""
    L, C = result.layout, result.counters
    games = C[0]
    doc: dict = {
        "format": FORMAT,
        "spec": result.spec.to_dict(),
        "games": games,
        "shared_wins": C[1],
        "fair_share": _r(1 / L.seats),
        "warnings": list(result.warnings),
        "decks": _decks(result, catalogue),
        "seats": [],
        "bots": [],
        "cards": _cards(result, catalogue),
        "rounds": _rounds(result),
        "versus": _versus(result),
    }
    for s in range(L.seats):
        n, w, glory = (C[L.seat(s, f)] for f in ("games", "wins", "glory"))
        doc["seats"].append(
            {
                "seat": s + 1,
                "games": n,
                "wins": w,
                "win_rate": _r(ratio(w, n)),
                "win_ci": _ci(w, n),
                "glory_mean": _r(ratio(glory, n)),
            }
        )
    for b, name in enumerate(L.bots):
        n, w = C[L.bot(b, "games")], C[L.bot(b, "wins")]
        if n:
            doc["bots"].append(
                {"bot": name, "seats": n, "wins": w, "win_rate": _r(w / n), "win_ci": _ci(w, n)}
            )
    return doc


def _decks(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    L, C = result.layout, result.counters
    info = {d.id: d for d in catalogue.rules.decks} if catalogue is not None else {}
    out = []
    for d, deck in enumerate(L.decks):
        v = dict(zip(DECK_FIELDS, C[L.deck(d, "games") :][: len(DECK_FIELDS)], strict=True))
        n = v["games"]
        if not n:
            continue
        mean = v["glory"] / n
        var = max(0.0, v["glory_sq"] / n - mean * mean)
        row: dict = {"deck": deck}
        if deck in info:
            row.update(name=info[deck].name, colour=info[deck].colour)
        out.append(
            row
            | {
                "games": n,
                "wins": v["wins"],
                "win_rate": _r(v["wins"] / n),
                "win_ci": _ci(v["wins"], n),
                "glory_mean": _r(mean),
                "glory_sd": _r(math.sqrt(var)),
                "glory_sources": {
                    "battles": _r(v["battle_glory"] / n),
                    "end_coins": _r(v["coin_glory"] / n),
                    "effects": _r(v["effect_glory"] / n),
                },
                "attacks_won": _r(v["attacks_won"] / n),
                "defences_won": _r(v["defences_won"] / n),
                "end_coins_mean": _r(v["end_coins"] / n),
            }
        )
    return out


def _cards(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    L, C = result.layout, result.counters
    info = {c.id: c for c in catalogue.cards} if catalogue is not None else {}
    out = []
    for k, cid in enumerate(L.cards):
        v = dict(zip(CARD_FIELDS, C[L.card(k, "dealt") :][: len(CARD_FIELDS)], strict=True))
        if not v["dealt"]:
            continue
        row: dict = {"card": cid}
        card = info.get(cid)
        if card is not None:
            row.update(name=card.name, deck=card.deck, season=card.season)
        row.update(v)
        pg, pw = v["played_games"], v["played_wins"]
        row.update(
            pick_rate=_r(ratio(v["drafted"], v["dealt"])),
            mean_pick_position=_r(ratio(v["pick_position"], v["picks"])),
            play_rate=_r(ratio(v["played"], v["drafted"])),
            never_affordable_rate=_r(ratio(v["never_affordable"], v["drafted"])),
            win_rate_when_played=_r(ratio(pw, pg)),
            win_when_played_ci=_ci(pw, pg),
        )
        out.append(row)
    return out


def _rounds(result: SimResult) -> list[dict]:
    L, C = result.layout, result.counters
    out = []
    for d, deck in enumerate([*L.decks, None]):
        for r in range(1, L.rounds + 1):
            idx = range(len(L.decks)) if deck is None else (d,)
            s = {
                f: sum(C[L.round(i, r, f)] for i in idx)
                for f in ("samples", "coins", "attack", "defence", "glory")
            }
            n = s["samples"]
            if not n:
                continue
            out.append(
                {
                    "deck": deck or "all",
                    "round": r,
                    "samples": n,
                    "coins_mean": _r(s["coins"] / n),
                    "attack_mean": _r(s["attack"] / n),
                    "defence_mean": _r(s["defence"] / n),
                    "glory_mean": _r(s["glory"] / n),
                }
            )
    return out


def _versus(result: SimResult) -> list[dict]:
    L, C = result.layout, result.counters
    out = []
    for a, da in enumerate(L.decks):
        for b, db in enumerate(L.decks):
            n = C[L.pair(a, b, "games")]
            if a != b and n:
                k = C[L.pair(a, b, "ahead")]
                out.append(
                    {"deck": da, "versus": db, "games": n, "ahead": k, "ahead_rate": _r(k / n)}
                )
    return out


def to_json(summary: dict) -> str:
    """The summary as JSON text (stable key order, no timings)."""
    return json.dumps(summary, indent=1, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ text tables
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci_text(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def render_table(summary: dict, *, width: int = 120) -> str:
    """The summary as rich text tables (decks, seats, bots, rounds, versus, cards)."""
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    con = Console(file=buf, width=width, color_system=None, legacy_windows=False)
    spec = summary["spec"]
    con.print(
        f"{summary['games']} games, {spec['players']} players, bots {spec['bots']}, "
        f"seed {spec['seed']}{', first game' if spec['first_game'] else ''}; "
        f"{summary['shared_wins']} shared wins; fair share {_pct(summary['fair_share'])}"
    )
    for w in summary["warnings"]:
        con.print(f"warning: {w}")

    t = Table(title="Decks (win rate with 95% Wilson interval; glory per game by source)")
    for col in ("deck", "games", "win rate", "95% CI", "glory", "battles", "end coins"):
        t.add_column(col, justify="left" if col == "deck" else "right")
    t.add_column("effects", justify="right")
    for d in summary["decks"]:
        src = d["glory_sources"]
        t.add_row(
            d["deck"],
            str(d["games"]),
            _pct(d["win_rate"]),
            _ci_text(d["win_ci"]),
            f"{d['glory_mean']:.2f} ± {d['glory_sd']:.2f}",
            f"{src['battles']:.2f}",
            f"{src['end_coins']:.2f}",
            f"{src['effects']:.2f}",
        )
    con.print(t)

    t = Table(title="Seats")
    for col in ("seat", "games", "win rate", "95% CI", "glory"):
        t.add_column(col, justify="right")
    for s in summary["seats"]:
        t.add_row(
            str(s["seat"]),
            str(s["games"]),
            _pct(s["win_rate"]),
            _ci_text(s["win_ci"]),
            f"{s['glory_mean']:.2f}",
        )
    con.print(t)

    if len(summary["bots"]) > 1:
        t = Table(title="Bots")
        for col in ("bot", "seats", "win rate", "95% CI"):
            t.add_column(col, justify="left" if col == "bot" else "right")
        for b in summary["bots"]:
            t.add_row(b["bot"], str(b["seats"]), _pct(b["win_rate"]), _ci_text(b["win_ci"]))
        con.print(t)

    t = Table(title="Rounds (mean per player: coins and glory after the round, battle power)")
    for col in ("deck", "round", "coins", "attack", "defence", "glory"):
        t.add_column(col, justify="left" if col == "deck" else "right")
    for r in summary["rounds"]:
        t.add_row(
            r["deck"],
            str(r["round"]),
            f"{r['coins_mean']:.2f}",
            f"{r['attack_mean']:.2f}",
            f"{r['defence_mean']:.2f}",
            f"{r['glory_mean']:.2f}",
        )
    con.print(t)

    if summary["versus"]:
        t = Table(title="Versus (how often the deck finishes ahead of the other)")
        for col in ("deck", "versus", "games", "ahead"):
            t.add_column(col, justify="right" if col in ("games", "ahead") else "left")
        for v in summary["versus"]:
            t.add_row(v["deck"], v["versus"], str(v["games"]), _pct(v["ahead_rate"]))
        con.print(t)

    t = Table(title="Cards (per copy dealt / drafted; win rate of players who played it)")
    cols = ("card", "dealt", "pick", "pick pos", "play", "never affordable", "win played", "95% CI")
    for col in cols:
        t.add_column(col, justify="left" if col == "card" else "right")
    for c in summary["cards"]:
        t.add_row(
            c["card"],
            str(c["dealt"]),
            _pct(c["pick_rate"]),
            f"{c['mean_pick_position']:.2f}",
            _pct(c["play_rate"]),
            _pct(c["never_affordable_rate"]),
            _pct(c["win_rate_when_played"]),
            _ci_text(c["win_when_played_ci"]),
        )
    con.print(t)
    return buf.getvalue()
