"""Attack the Tower's own summary and report sections: the first-player advantage, the armies
and each card's use ("pick") and win rates."""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_the_tower.simulation.play import ARMY_FIELDS, CARD_FIELDS
from cardgen.simulate.batch import SimResult
from cardgen.simulate.report_model import Section, Table, ci, pct
from cardgen.simulate.stats import interval, ratio, rounded

CARD_NOTE = (
    "pick: share of drawn copies used (an ability played, a base built); win used: win rate "
    "of the players who used the card in the game."
)


def summarise(result: SimResult, catalogue: Catalogue | None) -> dict:
    return {
        "first_player": _first(result),
        "armies": _armies(result),
        "cards": _cards(result, catalogue),
    }


def _first(result: SimResult) -> dict:
    L, C = result.layout, result.counters
    v = L.row(C, "first", 0)
    n, w, s = v["games"], v["wins"], v["stalemates"]
    decided = n - s
    return {
        "games": n,
        "first_wins": w,
        "stalemates": s,
        "win_rate": rounded(ratio(w, n)),
        "win_ci": interval(w, n),
        "win_rate_decided": rounded(ratio(w, decided)),
        "win_ci_decided": interval(w, decided),
        "advantage": rounded(ratio(w, decided) - 0.5) if decided else 0.0,
        "turns_mean": rounded(ratio(v["turns"], n)),
    }


def _armies(result: SimResult) -> list[dict]:
    L, C = result.layout, result.counters
    games = L.row(C, "first", 0)["games"]
    out = []
    for k, army in enumerate(L.labels("army")):
        v = L.row(C, "army", k)
        out.append({"army": army, **{f: rounded(ratio(v[f], games)) for f in ARMY_FIELDS}})
    return out


def _cards(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    L, C = result.layout, result.counters
    info = {c.id: c for c in catalogue.cards} if catalogue is not None else {}
    out = []
    for k, cid in enumerate(L.labels("card")):
        v = L.row(C, "card", k)
        card = info.get(cid)
        row: dict = {"card": cid, **({"pile": card.pile} if card else {})}
        row.update({f: v[f] for f in CARD_FIELDS})
        row.update(
            pick_rate=rounded(ratio(v["used"], v["drawn"])),
            win_rate_when_used=rounded(ratio(v["used_wins"], v["used_games"])),
            win_used_ci=interval(v["used_wins"], v["used_games"]),
        )
        out.append(row)
    return out


def sections(summary: dict, *, figures: bool = True) -> dict[str, Section]:
    """The game's sections of the report of ``summary``, by name."""
    f = summary["first_player"]
    first = Table(
        "first_player",
        "First-player advantage",
        "Win rate of the player who takes the first turn, with its 95% Wilson interval, over "
        "all games and over the decided ones (stalemates excluded).",
        ("games", "first wins", "win rate", "95% CI", "stalemates", "decided win", "95% CI"),
        (
            (
                str(f["games"]),
                str(f["first_wins"]),
                pct(f["win_rate"]),
                ci(f["win_ci"]),
                str(f["stalemates"]),
                pct(f["win_rate_decided"]),
                ci(f["win_ci_decided"]),
            ),
        ),
    )
    armies = Table(
        "armies",
        "Armies",
        "Per game: turns as attacker, renewals called, attacks, palace battles, bases built.",
        ("army", *ARMY_FIELDS),
        tuple((a["army"], *(f"{a[k]:.2f}" for k in ARMY_FIELDS)) for a in summary["armies"]),
    )
    cards = Table(
        "cards",
        "Cards",
        CARD_NOTE,
        ("card", "pile", "drawn", "used", "discarded", "pick", "win used", "95% CI"),
        tuple(
            (
                c["card"],
                c.get("pile", ""),
                str(c["drawn"]),
                str(c["used"]),
                str(c["discarded"]),
                pct(c["pick_rate"]),
                pct(c["win_rate_when_used"]),
                ci(c["win_used_ci"]),
            )
            for c in summary["cards"]
        ),
    )
    return {
        "first_player": Section("first_player", (), (first,)),
        "armies": Section("armies", (), (armies,)),
        "cards": Section("cards", (), (cards,)),
    }
