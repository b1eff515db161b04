"""Warnings a designer acts on, from a seeded simulation (`cardgen validate --simulate N`).

N greedy games with every deck at the most players the rules allow, every seating cycled, are
summarised by the simulation core; each design the balance targets (:mod:`.targets`) flag gets a
warning at its card's file and line, with the figure, its 95% interval and the sample size:

* W302 dead — played in fewer than ``play_share_min`` of the player-games it was drafted in;
* W303 dominant — its players win more than ``dominant_margin`` above the average;
* W304 never affordable — at least ``never_affordable_max`` of its drafted copies never had a
  legal play.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.engine.simulation import KitSimulation, simulate, summarise
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.packs.attack_right.simulation.targets import (
    Targets,
    average_win,
    designs,
    load_targets,
)
from cardgen.simulate import SimSpec, make_matchups

#: the bot the warnings are measured with (fast enough for a validate run)
BOT = "greedy"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(c: list[float]) -> str:
    return f"95% CI {100 * c[0]:.1f}-{100 * c[1]:.1f}%"


def balance_summary(cat: Catalogue, games: int, *, seed: int = 0, bots: str = BOT) -> dict:
    """The simulation summary of ``games`` seeded games at the most players, every seating of
    the decks the rules recommend for that count."""
    sim = KitSimulation(ENGINE)
    players = min(len(cat.rules.deck_ids), cat.rules.players.max)
    decks = sim.recommended_sides(cat, players)
    spec = SimSpec(
        games, players, make_matchups(decks, players), bots=bots, seed=seed, pool=sim.bots
    )
    return summarise(simulate(cat, spec, simulation=sim), cat)


def balance_warnings(
    cat: Catalogue, summary: dict, targets: Targets | None = None
) -> Iterator[Diagnostic]:
    """W302, W303 and W304 for the designs of ``summary`` that miss the targets."""
    t = targets or load_targets()
    games, bots = summary["games"], summary["spec"]["bots"]
    where = f"over {games} {bots} games of {summary['spec']['players']} players"
    cards = designs(summary)
    avg = average_win(cards)
    for c in cards:
        cid = c["card"]
        if t.dead(c):
            yield Diagnostic(
                "W302",
                f"dead: played in {_pct(c['played_share'])} ({_ci(c['played_share_ci'])}) of the "
                f"{c['games_drawn']} player-games it was drafted in {where} "
                f"(target >= {_pct(t.play_share_min)})",
                cat.position(cid, "name"),
                cid,
            )
        if t.dominant(c, avg):
            yield Diagnostic(
                "W303",
                f"dominant: its players win {_pct(c['win_rate_when_played'])} "
                f"({_ci(c['win_played_ci'])}, n={c['games_played']}) {where}, "
                f"{100 * (c['win_rate_when_played'] - avg):.1f} points above the average "
                f"{_pct(avg)} (target <= {100 * t.dominant_margin:.0f} points)",
                cat.position(cid, "name"),
                cid,
            )
        if t.never_affordable(c):
            yield Diagnostic(
                "W304",
                f"never affordable: {_pct(c['unplayable_rate'])} "
                f"({_ci(c['unplayable_ci'])}) of its {c['drawn']} drafted copies never "
                f"had a legal play {where} (target < {_pct(t.never_affordable_max)})",
                cat.position(cid, "cost"),
                cid,
            )
