"""Attack Right's own summary sections: decks (win rates, glory by source, battles won, end
coins), the groups of players by the deck most of their played cards came from and by the share
of each deck among them, cards (pick position, play, never-affordable and win rates, each with
its count and 95% interval), rounds (coins, power and glory per round), the economy per round
and season (cards played, coins left, slots filled) and the verdicts of the balance targets
(:mod:`.targets`)."""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.engine.simulation import SimResult
from cardgen.packs.attack_right.engine.metrics import (
    CARD_FIELDS,
    SHARE_BINS,
    TIED,
    round_item,
)
from cardgen.packs.attack_right.simulation.targets import Targets, average_win, load_targets
from cardgen.simulate.report import seat_advantage, side_summary
from cardgen.simulate.stats import interval, mean_ci, ratio, rounded


def summarise(result: SimResult, catalogue: Catalogue | None) -> dict:
    cards = _cards(result, catalogue)
    majority = _majority(result)
    economy = _economy(result, catalogue)
    return {
        "decks": _decks(result, catalogue),
        "majority": majority,
        "shares": _shares(result),
        "cards": cards,
        "rounds": _rounds(result),
        "economy": economy,
        "targets": verdicts(result, cards, majority, economy, load_targets()),
    }


def _group_row(v: dict, fair: float) -> dict:
    n, w = v["games"], v["wins"]
    return {
        "games": n,
        "wins": w,
        "win_rate": rounded(ratio(w, n)),
        "win_ci": interval(w, n),
        "vs_fair": rounded(ratio(w, n) - fair) if n else 0.0,
    }


def _majority(result: SimResult) -> list[dict]:
    """Win rate per group of players by the deck most of their played cards came from."""
    L, C = result.layout, result.counters
    fair = 1 / result.spec.players
    out = []
    for k, group in enumerate(L.labels("majority")):
        v = L.row(C, "majority", k)
        if v["games"]:
            out.append({"majority": group} | _group_row(v, fair))
    return out


def share_label(b: int) -> str:
    """A :data:`SHARE_BINS` bin as text (``0%``, ``1-25%`` …)."""
    if b == 0:
        return "0%"
    lo, hi = SHARE_BINS[b - 1], SHARE_BINS[b]
    return f"{round(100 * lo) + 1 if lo else 1}-{round(100 * hi)}%"


def _shares(result: SimResult) -> list[dict]:
    """Win rate by the share of a player's played cards that came from each deck."""
    L, C = result.layout, result.counters
    fair = 1 / result.spec.players
    bins = len(SHARE_BINS)
    out = []
    for d, deck in enumerate(L.labels("deck")):
        for b in range(bins):
            v = L.row(C, "share", d * bins + b)
            if v["games"]:
                out.append({"deck": deck, "share": share_label(b)} | _group_row(v, fair))
    return out


def _decks(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    L, C = result.layout, result.counters
    info = {d.id: d for d in catalogue.rules.decks} if catalogue is not None else {}
    out = []
    for d, deck in enumerate(L.labels("deck")):
        core = side_summary(result, L.labels("side").index(deck), "glory")
        if core is None:
            continue
        n = core["games"]
        v = L.row(C, "deck", d)
        row: dict = {"deck": deck}
        if deck in info:
            row.update(name=info[deck].name, colour=info[deck].colour)
        out.append(
            row
            | core
            | {
                "glory_sources": {
                    "battles": rounded(v["battle_glory"] / n),
                    "end_coins": rounded(v["coin_glory"] / n),
                    "effects": rounded(v["effect_glory"] / n),
                },
                "attacks_won": rounded(v["attacks_won"] / n),
                "defences_won": rounded(v["defences_won"] / n),
                "end_coins_mean": rounded(v["end_coins"] / n),
            }
        )
    return out


def _cards(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    L, C = result.layout, result.counters
    info = {c.id: c for c in catalogue.cards} if catalogue is not None else {}
    out = []
    for k, cid in enumerate(L.labels("card")):
        v = L.row(C, "card", k)
        if not v["dealt"]:
            continue
        row: dict = {"card": cid}
        card = info.get(cid)
        if card is not None:
            row.update(name=card.name, deck=card.deck, season=card.season)
        row.update({f: v[f] for f in CARD_FIELDS})
        pg, pw, dg = v["played_games"], v["played_wins"], v["drafted_games"]
        drafted, never = v["drafted"], v["never_affordable"]
        row.update(
            pick_rate=rounded(ratio(v["drafted"], v["dealt"])),
            mean_pick_position=rounded(ratio(v["pick_position"], v["picks"])),
            pick_position_ci=mean_ci(v["pick_position"], v["pick_position_sq"], v["picks"]),
            play_rate=rounded(ratio(v["played"], drafted)),
            play_ci=interval(min(v["played"], drafted), drafted),
            played_share=rounded(ratio(pg, dg)),
            played_share_ci=interval(pg, dg),
            never_affordable_rate=rounded(ratio(never, drafted)),
            never_affordable_ci=interval(never, drafted),
            win_rate_when_played=rounded(ratio(pw, pg)),
            win_when_played_ci=interval(pw, pg),
        )
        out.append(row)
    return out


def _rounds(result: SimResult) -> list[dict]:
    L, C = result.layout, result.counters
    decks = L.labels("deck")
    rounds = len(L.labels("round")) // len(decks) if decks else 0
    out = []
    for d, deck in enumerate([*decks, None]):
        for r in range(1, rounds + 1):
            idx = range(len(decks)) if deck is None else (d,)
            s = {
                f: sum(C[L.at("round", round_item(L, i, r), f)] for i in idx)
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
                    "coins_mean": rounded(s["coins"] / n),
                    "attack_mean": rounded(s["attack"] / n),
                    "defence_mean": rounded(s["defence"] / n),
                    "glory_mean": rounded(s["glory"] / n),
                }
            )
    return out


def _economy(result: SimResult, catalogue: Catalogue | None) -> list[dict]:
    """Per round, then per season: cards played per player (mean and 95% interval), coins left
    when the player ended the Play Phase, tableau cards then and the share of the slots."""
    L, C = result.layout, result.counters
    decks = L.labels("deck")
    rounds = len(L.labels("round")) // len(decks) if decks else 0
    fields = ("samples", "played", "played_sq", "coins_left", "filled", "capacity")
    per_round = {
        r: {
            f: sum(C[L.at("round", round_item(L, d, r), f)] for d in range(len(decks)))
            for f in fields
        }
        for r in range(1, rounds + 1)
    }
    season = {}
    if catalogue is not None:
        season = {r: catalogue.rules.season_of_round(r).id for r in per_round}
    groups: list[tuple[str, str, list[int]]] = [
        (f"round {r}", season.get(r, ""), [r]) for r in per_round
    ]
    for s in dict.fromkeys(season.values()):
        groups.append((s, s, [r for r in per_round if season[r] == s]))
    out = []
    for label, s, rs in groups:
        t = {f: sum(per_round[r][f] for r in rs) for f in fields}
        n = t["samples"]
        if not n:
            continue
        out.append(
            {
                "period": label,
                "season": s,
                "samples": n,
                "played_mean": rounded(t["played"] / n),
                "played_ci": mean_ci(t["played"], t["played_sq"], n),
                "coins_left_mean": rounded(t["coins_left"] / n),
                "filled_mean": rounded(t["filled"] / n),
                "filled_share": rounded(ratio(t["filled"], t["capacity"])),
            }
        )
    return out


def _listed(items, most: int = 12) -> str:
    """The first ``most`` items, comma-separated, and how many more."""
    items = list(items)
    more = f" and {len(items) - most} more" if len(items) > most else ""
    return ", ".join(items[:most]) + more


def _verdict(target: str, figure: str, ok: bool | None, detail: str) -> dict:
    return {"target": target, "figure": figure, "ok": ok, "detail": detail}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(c: list[float]) -> str:
    return f"{100 * c[0]:.1f}-{100 * c[1]:.1f}%"


def _designs(target, judged, fails, keys, extreme: str, side: str) -> dict:
    """The verdict of a per-design target: the extreme design's figure (``keys``: the rate,
    its interval, its sample size) and the designs that fail, worst first."""
    rate, ci, n = keys
    sign = -1 if extreme == "highest" else 1
    order = sorted(judged, key=lambda c: (sign * c[rate], c["card"]))
    failing = [c for c in order if fails(c)]
    figure = "no design judged"
    if order:
        c = order[0]
        figure = f"{extreme} {c['card']} {_pct(c[rate])} ({_ci(c[ci])}, n={c[n]})"
    detail = f"{len(failing)} of {len(judged)} designs {side}: " + _listed(
        f"{c['card']} {_pct(c[rate])}" for c in failing
    )
    return _verdict(target, figure, None if not order else not failing, detail)


def verdicts(
    result: SimResult,
    cards: list[dict],
    majority: list[dict],
    economy: list[dict],
    t: Targets,
) -> list[dict]:
    """Each balance target checked: ``ok`` True or False (None: too few games to judge), the
    figure with its interval and what fails."""
    avg = average_win(cards)
    out = [
        _designs(
            f"every design played in >= {_pct(t.play_share_min)} of the games it was drafted in",
            [c for c in cards if c["drafted_games"] >= t.min_drafted_games],
            t.dead,
            ("played_share", "played_share_ci", "drafted_games"),
            "lowest",
            "below",
        ),
        _designs(
            f"no design wins {_pct(t.dominant_margin)} above the average ({_pct(avg)}) when "
            f"played (n >= {t.dominant_min_games})",
            [c for c in cards if c["played_games"] >= t.dominant_min_games],
            lambda c: t.dominant(c, avg),
            ("win_rate_when_played", "win_when_played_ci", "played_games"),
            "highest",
            "above",
        ),
    ]
    fair = 1 / result.spec.players
    groups = [g for g in majority if g["majority"] != TIED and g["games"] >= t.majority_min_games]
    off = [g for g in groups if abs(g["win_rate"] - fair) > t.majority_margin]
    far = max(groups, key=lambda g: (abs(g["win_rate"] - fair), g["majority"]), default=None)
    out.append(
        _verdict(
            f"deck-majority win rates within {100 * t.majority_margin:.0f} points of {_pct(fair)}",
            "no group judged"
            if far is None
            else f"furthest {far['majority']} {_pct(far['win_rate'])} "
            f"({_ci(far['win_ci'])}, n={far['games']})",
            None if far is None else not off,
            ", ".join(f"{g['majority']} {_pct(g['win_rate'])} (n={g['games']})" for g in groups),
        )
    )
    for season, least in t.cards_per_round.items():
        row = next((e for e in economy if e["period"] == season), None)
        out.append(
            _verdict(
                f"at least {least:g} cards played per player and round in {season}",
                "not played"
                if row is None
                else f"{row['played_mean']:.2f} ({row['played_ci'][0]:.2f}-"
                f"{row['played_ci'][1]:.2f}, n={row['samples']})",
                None if row is None else row["played_mean"] >= least,
                "",
            )
        )
    adv = seat_advantage(result)
    out.append(
        _verdict(
            f"seat advantage under {100 * t.seat_margin:.0f} points",
            "no game"
            if adv is None
            else f"seat {adv['seat']} {100 * adv['advantage']:+.1f} points "
            f"({100 * adv['advantage_ci'][0]:+.1f} to {100 * adv['advantage_ci'][1]:+.1f}, "
            f"n={adv['games']})",
            None if adv is None else adv["advantage"] < t.seat_margin,
            "",
        )
    )
    return out
