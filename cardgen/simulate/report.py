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
def render_table(summary: dict, *, width: int = 120) -> str:
    """The summary as rich text tables (the tables of :func:`.report_model.build_model`)."""
    from rich.console import Console
    from rich.table import Table

    from cardgen.simulate.report_model import build_model

    model = build_model(summary, figures=False)
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
