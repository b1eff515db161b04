"""Game-quality measures of every engine game, read from each game's course.

A game's **course** (:class:`Course`) is what the simulation records of one game: after every
decision, each seat's **standing** (the engine's :meth:`~cardgen.engine.definition.Engine.
evaluate`, a win chance, where the game writes one, else its :meth:`~cardgen.engine.
definition.Engine.score`), the number of legal actions of every seat that chose, the winners,
and whether a trailing seat that lost had a choice that changed who leads
(:func:`kingmaker_choice`).  :func:`measure` turns one course into :class:`GameQuality`;
:data:`QUALITY_FIELDS` are the integer sums a run adds up (merged exactly across workers) and
:func:`summarise` turns them into the rates the report shows.  The formulas and their sources
(Browne 2008; the CardStock papers) are in docs/balance.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.simulate.stats import ratio, rounded

#: per-game fractions are summed as integers in millionths (exact merging)
SCALE = 1_000_000
#: the integer sums of a run's measured games (one ``quality`` counter block)
QUALITY_FIELDS = (
    "games",  # games measured
    "standing_games",  # of them, with a standing (evaluate or score) and a sole winner
    "decided_sum",  # Σ decided-at fraction (millionths) over standing_games
    "lead_changes",  # Σ lead changes
    "steps",  # Σ decisions of measured games
    "mid_games",  # games with a sole winner and a sole mid-game leader
    "mid_lost",  # of them, the mid-game leader did not win
    "uncertainty_sum",  # Σ mean normalised entropy of the standings (millionths)
    "choices",  # Σ legal actions over every seat's decision
    "decisions",  # seat decisions
    "forced",  # seat decisions with one legal action
    "draws",  # games without a sole winner
    "king_games",  # games of 3+ players measured for kingmaking
    "kingmade",  # of them, with a kingmaker's choice
)


@dataclass
class Course:
    """One game as the quality measures read it."""

    #: each seat's standing after each decision
    standings: list[tuple[float, ...]]
    #: the legal actions of each seat's decision
    choices: list[int]
    #: who won (a sole winner or several sharing it; none: nobody won)
    winners: tuple[bool, ...]
    #: a seat that lost, trailing every other seat, chose between actions that crown different
    #: leaders (:func:`kingmaker_choice`); None when not looked for (fewer than 3 players)
    kingmade: bool | None = None


@dataclass(frozen=True)
class GameQuality:
    """The measures of one game (None where the game gives none: no standing, no sole
    winner, no sole mid-game leader)."""

    steps: int
    decided_at: float | None
    lead_changes: int | None
    mid_leader_lost: bool | None
    uncertainty: float | None
    choices: int
    decisions: int
    forced: int
    draw: bool
    kingmade: bool | None


def leader(standing: Sequence[float]) -> int | None:
    """The seat with the highest standing, or None on a tie for the lead."""
    best = max(standing)
    top = [p for p, x in enumerate(standing) if x == best]
    return top[0] if len(top) == 1 else None


def sole_winner(winners: Sequence[bool]) -> int | None:
    """The one seat that won, or None (nobody, or a shared win)."""
    won = [p for p, w in enumerate(winners) if w]
    return won[0] if len(won) == 1 else None


def lead_changes(leaders: Sequence[int | None]) -> int:
    """How often the sole leader changes: a tie keeps the last sole leader."""
    n, last = 0, None
    for x in leaders:
        if x is None:
            continue
        if last is not None and x != last:
            n += 1
        last = x
    return n


def decided_at(leaders: Sequence[int | None], winner: int) -> float:
    """The fraction of the game played before ``winner`` leads for good: ``t / T`` for the
    first step ``t`` from which it leads after every decision (1.0 if it does not lead after
    the last)."""
    T = len(leaders)
    t = T
    while t > 0 and leaders[t - 1] == winner:
        t -= 1
    return t / T if T else 1.0


def entropy(standing: Sequence[float]) -> float:
    """The normalised Shannon entropy of the standings as shares (negative ones as 0): 1.0 when
    every seat stands equal, 0.0 when one seat holds everything."""
    xs = [max(0.0, x) for x in standing]
    total = sum(xs)
    n = len(xs)
    if n < 2 or total <= 0:
        return 1.0
    h = -sum(x / total * math.log(x / total) for x in xs if x > 0)
    return h / math.log(n)


def measure(course: Course) -> GameQuality:
    """The quality measures of one game."""
    steps = len(course.standings)
    winner = sole_winner(course.winners)
    leaders = [leader(s) for s in course.standings]
    flat = all(s == course.standings[0] for s in course.standings) if steps else True
    has = steps > 0 and not flat  # a constant standing tells nothing (no evaluate or score)
    mid = leaders[steps // 2] if has else None
    return GameQuality(
        steps=steps,
        decided_at=decided_at(leaders, winner) if has and winner is not None else None,
        lead_changes=lead_changes(leaders) if has else None,
        mid_leader_lost=(mid != winner) if mid is not None and winner is not None else None,
        uncertainty=(sum(entropy(s) for s in course.standings) / steps) if has else None,
        choices=sum(course.choices),
        decisions=len(course.choices),
        forced=sum(1 for c in course.choices if c == 1),
        draw=winner is None,
        kingmade=course.kingmade,
    )


def count(q: GameQuality, C: list[int], k: int) -> None:
    """Add one game's measures to the ``quality`` counters starting at ``C[k]``."""
    f = {name: k + i for i, name in enumerate(QUALITY_FIELDS)}
    C[f["games"]] += 1
    C[f["steps"]] += q.steps
    if q.decided_at is not None:
        C[f["standing_games"]] += 1
        C[f["decided_sum"]] += round(q.decided_at * SCALE)
    if q.lead_changes is not None:
        C[f["lead_changes"]] += q.lead_changes
    if q.mid_leader_lost is not None:
        C[f["mid_games"]] += 1
        C[f["mid_lost"]] += q.mid_leader_lost
    if q.uncertainty is not None:
        C[f["uncertainty_sum"]] += round(q.uncertainty * SCALE)
    C[f["choices"]] += q.choices
    C[f["decisions"]] += q.decisions
    C[f["forced"]] += q.forced
    C[f["draws"]] += q.draw
    if q.kingmade is not None:
        C[f["king_games"]] += 1
        C[f["kingmade"]] += q.kingmade


def summarise(v: dict[str, int]) -> dict[str, float | int | None]:
    """The run's measures from its ``quality`` counters (by field name); None where no game
    gave the figure."""
    n = v["games"]
    sg = v["standing_games"]
    standing = v["uncertainty_sum"] > 0 or sg > 0
    decided = v["decided_sum"] / SCALE / sg if sg else None
    return {
        "games": n,
        "decisiveness": rounded(1 - decided) if decided is not None else None,
        "decided_at": rounded(decided) if decided is not None else None,
        "drama": rounded(ratio(v["mid_lost"], v["mid_games"])) if v["mid_games"] else None,
        "lead_changes": rounded(ratio(v["lead_changes"], n)) if standing and n else None,
        "lead_change_rate": rounded(ratio(v["lead_changes"], v["steps"]))
        if standing and v["steps"]
        else None,
        "uncertainty": rounded(v["uncertainty_sum"] / SCALE / n) if standing and n else None,
        "branching": rounded(ratio(v["choices"], v["decisions"])) if v["decisions"] else None,
        "forced": rounded(ratio(v["forced"], v["decisions"])) if v["decisions"] else None,
        "draws": rounded(ratio(v["draws"], n)) if n else None,
        "kingmaking": rounded(ratio(v["kingmade"], v["king_games"])) if v["king_games"] else None,
    }


def kingmaker_choice(
    standing: Sequence[float], seat: int, outcomes: Sequence[Sequence[float]]
) -> bool:
    """Whether ``seat``, trailing every other seat (strictly last in ``standing``), chooses
    between actions after which different seats lead (``outcomes``: the standings after each
    of its legal actions, one step ahead): a trailing seat deciding who leads."""
    if min(standing) != standing[seat] or sum(1 for x in standing if x == standing[seat]) > 1:
        return False
    crowned = {leader(s) for s in outcomes} - {None, seat}
    return len(crowned) >= 2
