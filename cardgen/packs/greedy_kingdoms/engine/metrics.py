"""Greedy Kingdoms' simulation figures beyond the kit's (which counts per design the Upgrades
offered in the line (drawn) and obtained (played), the Special Workers promoted (drawn), the
Characters' attacks (played) and the win rate when played):

* the **first Attacker**'s win rate: Rock-Scissors-Paper decides who starts, so the seat
  advantage the kit reports is not the first player's; and the game's length in turns;
* per **Character**: its defences, and of its attacks the share that succeeded and was paid,
  succeeded unpaid, or failed (the Knight is rarely paid in full).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.simulate.report_model import Section, Table, ci, pct, rate_bars
from cardgen.simulate.stats import Block, Layout, interval, ratio, rounded

FIRST_FIELDS = ("games", "draws", "first_wins", "turns", "turns_sq")
CHARACTER_FIELDS = ("attacks", "paid", "unpaid", "failed", "defences")
_ATTACKS, _PAID, _UNPAID, _FAILED, _DEFENCES = range(len(CHARACTER_FIELDS))
#: per layout (one a run), each character's first counter by card id
_STARTS: dict[int, tuple[Layout, dict[str, int]]] = {}


def _starts(layout: Layout) -> dict[str, int]:
    hit = _STARTS.get(id(layout))
    if hit is None or hit[0] is not layout:
        if len(_STARTS) > 64:
            _STARTS.clear()
        labels = layout.labels("character")
        hit = _STARTS[id(layout)] = (
            layout,
            {cid: layout.start("character", k) for k, cid in enumerate(labels)},
        )
    return hit[1]


class GreedyMetrics:
    """The counters, summary and report sections above (:class:`cardgen.engine.simulation.
    Metrics`)."""

    order = ("first_attacker", "characters")

    def blocks(self, catalogue: Any, spec: Any) -> Sequence[Block]:
        ids = tuple(c.id for c in catalogue if c.is_character)
        return (
            Block("first_attacker", ("all",), FIRST_FIELDS),
            Block("character", ids, CHARACTER_FIELDS),
        )

    def count(self, state: Any, game: Any, layout: Layout, C: list[int]) -> None:
        g = state.game
        f = layout.start("first_attacker", 0)
        C[f] += 1
        C[f + 1] += state.winner not in (0, 1)
        C[f + 2] += state.winner == state.first_attacker
        C[f + 3] += state.turn
        C[f + 4] += state.turn * state.turn
        chars = _starts(layout)
        promoted: list[set[int]] = [set(), set()]
        for e in state.events:
            kind = e[0]
            if kind == "promote":
                promoted[e[1]].add(e[2])
            elif kind == "reveal":
                dfd = 1 - e[1]
                for n in e[3]:
                    ch = g.special[n] if n in promoted[dfd] else g.ordinary[n]
                    C[chars[ch.card_id] + _DEFENCES] += 1
            elif kind in ("failed", "success"):
                k = chars[e[3]]
                C[k + _ATTACKS] += 1
                C[k + (_FAILED if kind == "failed" else (_PAID if e[4] else _UNPAID))] += 1

    def summarise(self, result: Any, catalogue: Any) -> dict[str, Any]:
        L, C = result.layout, result.counters
        v = L.row(C, "first_attacker", 0)
        n, decided = v["games"], v["games"] - v["draws"]
        mean = ratio(v["turns"], n)
        first = {
            "games": n,
            "decided": decided,
            "draws": v["draws"],
            "first_attacker_wins": v["first_wins"],
            "first_attacker_win_rate": rounded(ratio(v["first_wins"], decided)),
            "first_attacker_ci": interval(v["first_wins"], decided) if decided else [0.0, 0.0],
            "turns_mean": rounded(mean),
            "turns_sd": rounded(math.sqrt(max(0.0, ratio(v["turns_sq"], n) - mean * mean))),
        }
        names = {c.id: c.name for c in catalogue} if catalogue is not None else {}
        characters = []
        for k, cid in enumerate(L.labels("character")):
            c = L.row(C, "character", k)
            characters.append(
                {
                    "character": cid,
                    "name": names.get(cid, cid),
                    "attacks_per_game": rounded(ratio(c["attacks"], n)),
                    "defences_per_game": rounded(ratio(c["defences"], n)),
                    **{
                        f"{x}_rate": rounded(ratio(c[x], c["attacks"]))
                        for x in CHARACTER_FIELDS[1:4]
                    },
                }
            )
        return {"first_attacker": first, "characters": characters}

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        f, chs = summary["first_attacker"], summary["characters"]
        first = Table(
            "first_attacker",
            "First Attacker",
            "Rock-Scissors-Paper picks the first Attacker; its win rate among decided games, "
            "with the 95% Wilson interval; draws are games that reached the turn limit; turns "
            "per game (one turn = one player's attack).",
            ("games", "draws", "first Attacker wins", "win rate", "95% CI", "turns", "sd"),
            (
                (
                    str(f["games"]),
                    str(f["draws"]),
                    str(f["first_attacker_wins"]),
                    pct(f["first_attacker_win_rate"]),
                    ci(f["first_attacker_ci"]),
                    f"{f['turns_mean']:.2f}",
                    f"{f['turns_sd']:.2f}",
                ),
            ),
        )
        characters = Table(
            "characters",
            "Characters",
            "Per game: times committed in attack and in defence; of the attacks the share that "
            "succeeded and was paid, succeeded unpaid, failed.",
            ("character", "attacks", "defences", "paid", "unpaid", "failed"),
            tuple(
                (
                    c["name"] + f" ({c['character'].split('-')[0]})",
                    f"{c['attacks_per_game']:.2f}",
                    f"{c['defences_per_game']:.2f}",
                    pct(c["paid_rate"]),
                    pct(c["unpaid_rate"]),
                    pct(c["failed_rate"]),
                )
                for c in chs
            ),
        )
        figs: tuple[Any, ...] = ()
        if figures:
            figs = (
                rate_bars(
                    "Characters: attacks paid in full",
                    [c["name"] for c in chs],
                    [c["paid_rate"] for c in chs],
                    name="paid",
                ),
            )
        return {
            "first_attacker": Section("first_attacker", (), (first,)),
            "characters": Section("characters", figs, (characters,)),
        }


METRICS = GreedyMetrics()
