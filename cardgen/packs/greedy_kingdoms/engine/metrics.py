"""Greedy Kingdoms' simulation figures beyond the kit's (which counts per design the Upgrades
offered in the line (drawn) and obtained (played), the Special Workers promoted (drawn), the
Characters' attacks (played) and the win rate when played, by seat; the first player, the first
Attacker its ``first_attacker`` event names; the game's length): per **Character**, its
defences, and of its attacks the share that succeeded and was paid, succeeded unpaid, or failed
(the Knight is rarely paid in full).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.simulate.report_model import Section, Table, pct, rate_bars
from cardgen.simulate.stats import Block, Layout, ratio, rounded

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

    order = ("characters",)

    def blocks(self, catalogue: Any, spec: Any) -> Sequence[Block]:
        ids = tuple(c.id for c in catalogue if c.is_character)
        return (Block("character", ids, CHARACTER_FIELDS),)

    def count(self, state: Any, game: Any, layout: Layout, C: list[int]) -> None:
        g = state.game
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
        n = C[L.at("total", 0, "games")]
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
        return {"characters": characters}

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        chs = summary["characters"]
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
            "characters": Section("characters", figs, (characters,)),
        }


METRICS = GreedyMetrics()
