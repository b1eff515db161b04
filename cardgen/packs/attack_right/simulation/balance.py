"""Attack Right's own summary sections: decks (win rates, glory by source, battles won, end
coins), cards (pick, play and win rates) and rounds (coins, power and glory per round)."""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_right.simulation.play import CARD_FIELDS, round_item
from cardgen.simulate.batch import SimResult
from cardgen.simulate.report import side_summary
from cardgen.simulate.stats import interval, ratio, rounded


def summarise(result: SimResult, catalogue: Catalogue | None) -> dict:
    return {
        "decks": _decks(result, catalogue),
        "cards": _cards(result, catalogue),
        "rounds": _rounds(result),
    }


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
        pg, pw = v["played_games"], v["played_wins"]
        row.update(
            pick_rate=rounded(ratio(v["drafted"], v["dealt"])),
            mean_pick_position=rounded(ratio(v["pick_position"], v["picks"])),
            play_rate=rounded(ratio(v["played"], v["drafted"])),
            never_affordable_rate=rounded(ratio(v["never_affordable"], v["drafted"])),
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
