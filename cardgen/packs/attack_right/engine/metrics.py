"""Attack Right's simulation figures: the kit counts them (:mod:`cardgen.engine.figures`) from
the events this declares (:data:`FIGURES`), and the game judges them by its balance targets
(:mod:`..simulation.balance`).

A simulation's game records no event log but a :class:`~.state.Tally`; :func:`events` turns
it, at the game's end, into the events the kit counts, in the kit's form (as the log has them,
the fields the figures do not read None): per round its ``round``, ``deal``, ``pick``, ``play``
and ``battle`` events and each seat's ``round_end`` (coins, glory, coins left and tableau cards
when it ended the Play Phase, the season's slots); then each seat's glory by source and its
drafted copies that never had a legal play (``never_affordable``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardgen.engine.figures import Figures, Sum

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.engine.simulation import GameSpec, SimResult
    from cardgen.packs.attack_right.engine.state import State
    from cardgen.simulate.report_model import Section
    from cardgen.simulate.spec import SimSpec
    from cardgen.simulate.stats import Block, Layout


def _rounds(catalogue: Catalogue) -> list[tuple[str, str]]:
    rules = catalogue.rules
    return [(str(r), rules.season_of_round(r).id) for r in range(1, rules.draft.rounds + 1)]


def _decks(catalogue: Catalogue) -> dict[str, tuple[str, str]]:
    return {d.id: (d.name, d.colour) for d in catalogue.rules.decks}


FIGURES = Figures(
    group="deck",
    periods=_rounds,
    period="round",
    period_group="season",
    ends=("coins",),
    charts=("coins", "attack", "defence", "glory"),
    trend=("coins_left", "filled", "slots"),
    sums=(
        Sum("glory", "glory", amount="amount", by="source", sources=("battle", "coins")),
        Sum("attacks_won", "battle", seat="attacker", when="winner"),
        Sum("defences_won", "battle", seat="defender", when="winner"),
        Sum("attack", "battle", "attacker", "attack", per_period=True, per_side=False),
        Sum("defence", "battle", "defender", "defence", per_period=True, per_side=False),
    ),
    labels={
        "glory/battle": "battles",
        "glory/coins": "end coins",
        "glory/other": "card effects",
        "drawn": "drafted",
        "unplayable": "never affordable",
        "attacks_won": "attacks won",
        "defences_won": "defences won",
        "coins_left": "coins left",
        "filled": "tableau cards",
        "attack": "attack power",
        "defence": "defence power",
    },
    side_info=_decks,
)


def events(state: State) -> list[tuple]:
    """The kit's events of a finished simulation game (its :class:`~.state.Tally`)."""
    tally = state.tally
    if tally is None:
        return list(state.events or ())
    game, n = state.game, state.n
    ids, seasons = game.ids, game.rules.seasons
    out: list[tuple] = []
    deals, picks, plays = tally.deals, tally.picks, tally.plays
    left = {(r, p): (coins, tab) for r, p, coins, tab in tally.ended}
    battles: dict[int, list] = {}
    for b in state.battles:
        battles.setdefault(b[0], []).append(b)
    d = k = j = 0
    for r, coins, glory, tabs, in_round in tally.rounds:
        season = game.season_of_round[r]
        out.append(("round", r, seasons[season].id))
        dealt = deals[d : d + n]
        d += n
        out += [("deal", p, tuple(map(ids.__getitem__, cards))) for _x, p, cards in dealt]
        picked = sum(len(cards) - 1 for _x, _p, cards in dealt) + (n if game.first_game else 0)
        out += [("pick", p, ids[i]) for p, i in picks[k : k + picked]]
        k += picked
        m = sum(in_round)
        out += [("play", p, ids[i], None, None, None, None) for p, i in plays[j : j + m]]
        j += m
        for _r, a, b, atk, dfn, w in battles.get(r, ()):
            out.append(("battle", a, b, atk, dfn, w if w >= 0 else None))
        slots = sum(game.capacity[season])
        for p in range(n):
            coins_left, filled = left.get((r, p), (coins[p], tabs[p]))
            out.append(("round_end", p, coins[p], glory[p], coins_left, filled, slots))
    for p in range(n):
        for source, split in (
            ("battle", state.battle_glory),
            ("coins", state.coin_glory),
            ("effect", state.effect_glory),
        ):
            if split[p]:
                out.append(("glory", p, split[p], source))
    affordable = tally.affordable
    out += [("never_affordable", p, ids[i]) for p, i in picks if i not in affordable]
    return out


class AttackRightMetrics:
    """The kit's :class:`~cardgen.engine.simulation.Metrics` of Attack Right: its balance
    targets' verdicts (the kit counts every figure: :data:`FIGURES`)."""

    order = ("targets", "seat_advantage")

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> Sequence[Block]:
        return ()

    def count(self, state: State, game: GameSpec, layout: Layout, counters: list[int]) -> bool:
        return False

    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]:
        return {}

    def judge(self, result: SimResult, summary: dict[str, Any]) -> dict[str, Any]:
        """The balance targets' verdicts on the kit's summary."""
        from cardgen.packs.attack_right.simulation.balance import verdicts
        from cardgen.packs.attack_right.simulation.targets import load_targets

        return {"targets": verdicts(result, summary, load_targets())}

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        from cardgen.packs.attack_right.simulation.balance import targets_section

        return {"targets": targets_section(summary)}


METRICS = AttackRightMetrics()
