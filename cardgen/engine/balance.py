"""The balance advisor (``cardgen balance``): outlier designs and numeric changes that fix them.

1. A run of the unchanged game finds the **outliers** (:func:`find_outliers`): a **dead**
   design, chosen when offered far less often than the designs' median (the upper end of its
   Wilson interval below ``dead_share`` × the median), and a **dominant** one, whose players
   win far above the rest: paired, over the player-games in which it was a free choice, those
   that took it won more than those that left it by ``dominant_margin``, the difference's
   Newcombe interval above 0 (significant at the run's size); a summary without the paired
   figures compares its win rate when played with the others' pooled rate.  The run's tests
   are corrected together for their number (Benjamini–Hochberg, :func:`adjusted`).
2. Each outlier's numbers in the card files (cost, strength, points, copies …) give the
   **candidates**: one number one step up or down, kept only if the changed catalogue
   passes the checks such a change can break (the rules model's bounds; what is proposed
   passes a full validate) and the number keeps its sign, moving only the way that fixes the
   outlier where that way is known (:func:`senses`: copies, and fields the run correlates
   with the win rate): a dominant design weaker, a dead one stronger.
3. **Successive halving** with common random numbers: every candidate of a round, and the
   unchanged game, plays the same seeds; the better half (by :func:`badness`, how far the
   designs stand beyond the thresholds) goes on with twice the games, until one is left per
   outlier or the budget is spent; a change is proposed only if it beats the unchanged game.
4. The best changes of the outliers together pass a full validate (if refused, the change
   that gained least in its race is dropped, and the rest tried again), and are **confirmed**
   by a fresh run (new seeds) against the unchanged game; the proposal keeps the figures of
   both.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from statistics import median
from typing import Any, Protocol

from cardgen.engine.registry import engine_of
from cardgen.engine.simulation import UNIFORM_UNIT, KitSimulation, newcombe, seat_sides, summarise
from cardgen.engine.simulation import simulate as play
from cardgen.simulate import SimSpec, make_matchups
from cardgen.simulate.stats import interval, rounded, wilson

FORMAT = "cardgen-balance/1"
#: the sizes of a candidate's change of one number, up and down
STEPS = (1, 2, 4)


@dataclass(frozen=True)
class Thresholds:
    """When a design is an outlier."""

    dead_share: float = 0.25
    dominant_margin: float = 0.10
    min_offered: int = 30
    min_played: int = 20
    #: the false-discovery rate of a run's tests together (Benjamini–Hochberg)
    fdr: float = 0.05


@dataclass(frozen=True)
class Outlier:
    card: str
    kind: str  # "dead" or "dominant"
    figure: float  # chosen when offered, or win rate when played
    ci: tuple[float, float]
    limit: float  # the threshold it is beyond
    #: how a dominant design was judged: "paired" (taken against left) or "pooled" (played
    #: against the other designs' player-games); a dead one: "free"
    test: str = "pooled"
    #: its test's p-value adjusted for the run's number of tests (Benjamini–Hochberg)
    p: float | None = None


@dataclass(frozen=True)
class Change:
    card: str
    file: str  # relative to the catalogue folder
    field: str
    before: int
    after: int


@dataclass
class Proposal:
    """What ``cardgen balance`` writes: the changes and the runs that justify them."""

    changes: list[Change]
    before: list[Outlier]
    after: list[Outlier]
    confirmation: dict[str, Any]
    searched: list[dict[str, Any]] = field(default_factory=list)
    #: the budget ran out before every outlier's race was decided
    cut: bool = False
    #: the unchanged game's per-design figures (the first run)
    baseline: list[dict[str, Any]] = field(default_factory=list)
    #: per player count, the game's figures (:func:`profile`)
    profile: dict[str, Any] = field(default_factory=dict)
    #: the changes dropped because validate refused them together with the others: each
    #: change's fields, its race's ``gain`` and validate's message (``refused``)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    #: the fields' directions the candidates kept to (:func:`senses`)
    senses: dict[str, int] = field(default_factory=dict)

    def unconfirmed(self) -> list[str]:
        """The changed designs the confirmation does not bear out: on its fresh games not an
        outlier unchanged, or still one with the changes."""
        was = {o["card"] for o in self.confirmation["outliers_unchanged"]}
        still = {o.card for o in self.after}
        cards = dict.fromkeys(c.card for c in self.changes)
        return [c for c in cards if c not in was or c in still]

    @property
    def confirmed(self) -> bool:
        """Whether the confirmation bears out every change (what ``--apply`` needs)."""
        return bool(self.changes) and not self.unconfirmed()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "changes": [asdict(c) for c in self.changes],
            "confirmed": self.confirmed,
            "unconfirmed": self.unconfirmed(),
            "outliers_before": [asdict(o) for o in self.before],
            "outliers_after": [asdict(o) for o in self.after],
            "confirmation": self.confirmation,
            "searched": self.searched,
            "dropped": self.dropped,
            "senses": self.senses,
            "cut_by_budget": self.cut,
            "baseline": self.baseline,
            "profile": self.profile,
        }


def free_offers(d: dict[str, Any]) -> tuple[int, int, float]:
    """A design's free choices (decisions where a legal action named it and another did not):
    how many, how many chose it, and the mean share of their legal actions naming it (what a
    uniform choice picks).  A summary without those counts: every offer, a share of 1."""
    if "free_offered" not in d:
        return d["offered"], d["chosen"], 1.0
    n = d["free_offered"]
    return n, d["free_chosen"], d["free_uniform"] / UNIFORM_UNIT / n if n else 0.0


def dead_limits(designs: Sequence[dict[str, Any]], th: Thresholds) -> dict[str, float]:
    """Per design offered freely at least ``th.min_offered`` times, the rate of choosing it
    below which it is dead: ``dead_share`` × the median design's lift (its rate over a
    uniform choice's) × its own uniform share."""
    shares = {d["card"]: free_offers(d) for d in designs}
    lifts = [c / n / u for n, c, u in shares.values() if n >= th.min_offered and u > 0]
    m = median(lifts) if lifts else 0.0
    return {card: th.dead_share * m * u for card, (n, c, u) in shares.items() if n}


def paired(d: dict[str, Any], th: Thresholds) -> bool:
    """Whether a design's row has the paired figures (offered and taken against offered and
    left: :data:`~cardgen.engine.simulation.PAIRED_FIELDS`) with both groups of at least
    ``min_played`` player-games: a design nearly every seat takes leaves a left group too small
    to compare with (Harbour Bid's planted Captain: 14 left of 122, whose win rate swings
    from 29 % to 58 % between runs), and is judged by the pooled test."""
    return d.get("games_taken", 0) >= th.min_played and d.get("games_left", 0) >= th.min_played


def p_value(rejects: Callable[[float], bool]) -> float:
    """The two-sided p-value of a test by a confidence interval: the smallest level
    ``2(1 − Φ(z))`` at which the interval of ``z`` (``rejects(z)``: it excludes the null)
    still excludes it; 1 when it does at no level.  Wilson's and Newcombe's intervals widen
    with ``z``, so the bound is found by bisection."""
    if not rejects(1e-9):
        return 1.0
    lo, hi = 1e-9, 40.0
    if rejects(hi):
        return 0.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if rejects(mid) else (lo, mid)
    return math.erfc(lo / math.sqrt(2))


def adjusted(ps: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values of ``ps`` (in their order): with ``p₍ᵢ₎`` the
    ``i``-th smallest of ``m``, ``min(1, min_{j ≥ i} m · p₍ⱼ₎ / j)``; a test is a discovery
    at false-discovery rate ``q`` when its adjusted p-value is at most ``q``."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out = [1.0] * m
    low = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        low = min(low, m * ps[i] / rank)
        out[i] = min(1.0, low)
    return out


def _tests(designs: Sequence[dict[str, Any]], th: Thresholds) -> list[tuple[float, Outlier | None]]:
    """Every test a run's per-design summary makes, with its p-value and the outlier it
    names if significant (:func:`find_outliers`): a design offered freely often enough is
    tested for dead, one played often enough for dominant (paired where its row has both
    groups, :func:`paired`, else pooled); ``None`` where the point figure is within its
    threshold (a dominant design's margin), whatever the test says."""
    out: list[tuple[float, Outlier | None]] = []
    limits = dead_limits(designs, th)
    wins = sum(d["wins_played"] for d in designs)
    games = sum(d["games_played"] for d in designs)
    for d in designs:
        card = d["card"]
        n, c, _ = free_offers(d)
        if n and n >= th.min_offered:
            limit = limits[card]
            p = p_value(_below(c, n, limit))
            dead = Outlier(card, "dead", rounded(c / n), _ci(c, n), rounded(limit), "free")
            out.append((p, dead if c / n < limit else None))
        if paired(d, th):
            vt, nt, vl, nl = d["wins_taken"], d["games_taken"], d["wins_left"], d["games_left"]
            p = p_value(_gap_above_0(vt, nt, vl, nl))
            taken, left = vt / nt, vl / nl
            limit = rounded(left + th.dominant_margin)
            dom = Outlier(card, "dominant", rounded(taken), _ci(vt, nt), limit, "paired")
            out.append((p, dom if taken > left + th.dominant_margin else None))
            continue
        n, w = d["games_played"], d["wins_played"]
        if n >= th.min_played and games > n:
            rest = (wins - w) / (games - n)
            p = p_value(_above(w, n, rest))
            figure = d["win_rate_when_played"]
            ci = tuple(d["win_played_ci"])
            dom = Outlier(card, "dominant", figure, ci, rounded(rest + th.dominant_margin))
            out.append((p, dom if figure > rest + th.dominant_margin else None))
    return out


def _below(k: int, n: int, limit: float) -> Callable[[float], bool]:
    return lambda z: wilson(k, n, z)[1] < limit


def _above(k: int, n: int, rate: float) -> Callable[[float], bool]:
    return lambda z: wilson(k, n, z)[0] > rate


def _gap_above_0(k1: int, n1: int, k2: int, n2: int) -> Callable[[float], bool]:
    return lambda z: newcombe(k1, n1, k2, n2, z)[0] > 0


def _ci(k: int, n: int) -> tuple[float, float]:
    lo, hi = interval(k, n)
    return (lo, hi)


def find_outliers(designs: Sequence[dict[str, Any]], th: Thresholds) -> list[Outlier]:
    """The dead and dominant designs of a run's per-design summary: every design's tests
    (:func:`_tests`) corrected together for their number by the Benjamini–Hochberg procedure
    at false-discovery rate ``th.fdr`` (:func:`adjusted`); each outlier keeps its test's
    adjusted p-value (``p``)."""
    tests = _tests(designs, th)
    ps = adjusted([p for p, _ in tests])
    return [
        replace(o, p=round(q, 6)) for (_, o), q in zip(tests, ps, strict=True) if o and q <= th.fdr
    ]


def judged(designs: Sequence[dict[str, Any]], th: Thresholds) -> tuple[set[str], set[str]]:
    """The designs a run judges: offered freely often enough to be dead, played often enough
    to be dominant."""
    return (
        {d["card"] for d in designs if free_offers(d)[0] >= th.min_offered},
        {d["card"] for d in designs if d["games_played"] >= th.min_played},
    )


def badness(
    designs: Sequence[dict[str, Any]],
    th: Thresholds,
    base: tuple[set[str], set[str]] | None = None,
    raced: frozenset[str] = frozenset(),
) -> float:
    """How far the designs stand beyond the thresholds (point estimates), summed: 0 when none
    is an outlier by its figure.  ``base``: the designs the unchanged game judges
    (:func:`judged`), judged here however rarely offered or played (a change that makes a
    design rare does not hide it).  The dominant excess is the paired gap's beyond the margin
    for the ``raced`` designs that have one (:func:`paired`), the pooled measure's (the win
    rate when played over the others' pooled rate) for the rest: summed over every design, the
    paired gaps of the many designs near the margin (a draft's good cards) would drown the
    race's own outlier in noise at a race's few games."""
    dead_base, dom_base = base or (set(), set())
    limits = dead_limits(designs, th)
    wins = sum(d["wins_played"] for d in designs)
    games = sum(d["games_played"] for d in designs)
    total = 0.0
    for d in designs:
        f, c, _ = free_offers(d)
        if f and (f >= th.min_offered or d["card"] in dead_base):
            total += max(0.0, limits[d["card"]] - c / f)
        if d["card"] in raced and paired(d, th):
            gap = d["wins_taken"] / d["games_taken"] - d["wins_left"] / d["games_left"]
            total += max(0.0, gap - th.dominant_margin)
            continue
        n = d["games_played"]
        if (n >= th.min_played or (d["card"] in dom_base and n)) and games > n:
            rest = (wins - d["wins_played"]) / (games - n)
            total += max(0.0, d["win_rate_when_played"] - rest - th.dominant_margin)
    return total


# --- the card files' numbers ------------------------------------------------------------------
_ID = re.compile(r"(^|[{,\s])id:\s*['\"]?(?P<id>[\w.-]+)")
_ITEM = re.compile(r"^(\s*)- ")


def _card_span(lines: list[str], card: str) -> tuple[int, int] | None:
    """The lines of ``card``'s entry (its ``- `` item) in a card file's lines."""
    for i, line in enumerate(lines):
        m = _ID.search(line)
        if m and m["id"] == card:
            start = i
            while start > 0 and not _ITEM.match(lines[start]):
                start -= 1
            m0 = _ITEM.match(lines[start])
            indent = len(m0.group(1)) if m0 else 0
            end = i + 1
            while end < len(lines):
                m1 = _ITEM.match(lines[end])
                stripped = lines[end].strip()
                if m1 and len(m1.group(1)) <= indent:
                    break
                if stripped and not lines[end].startswith(" " * (indent + 1)) and not m1:
                    break
                end += 1
            return start, end
    return None


def numbers(root: Path, card: str) -> list[tuple[str, str, int]]:
    """``card``'s integer fields in the catalogue's card files: (file, field, value)."""
    out = []
    for path in sorted(root.glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        span = _card_span(lines, card)
        if span is None:
            continue
        text = "\n".join(lines[span[0] : span[1]])
        for m in re.finditer(r"(?<![\w-])([a-z_]+):\s*(-?\d+)(?=[,}\s]|$)", text):
            out.append((path.name, m.group(1), int(m.group(2))))
        break
    return out


def apply_changes(root: Path, changes: Sequence[Change]) -> None:
    """Write ``changes`` into the card files under ``root`` (in place)."""
    for c in changes:
        path = root / c.file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        span = _card_span([x.rstrip("\n") for x in lines], c.card)
        if span is None:
            raise ValueError(f"{path}: no card {c.card}")
        pat = re.compile(rf"(?<![\w-])({re.escape(c.field)}:\s*){c.before}(?=[,}}\s]|$)")
        for i in range(*span):
            new, k = pat.subn(rf"\g<1>{c.after}", lines[i], count=1)
            if k:
                lines[i] = new
                break
        else:
            raise ValueError(f"{path}: {c.card} has no {c.field}: {c.before}")
        path.write_text("".join(lines), encoding="utf-8")


#: the fields whose direction is known without data: more copies, a stronger design (played
#: more often; its win rate when played diluted, not its card made weaker)
SENSES = {"copies": 1}
#: the fewest designs with a field and a judged win rate from which its direction is read
MIN_SENSE = 8


def kendall(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Kendall's tau-a of ``xs`` against ``ys`` and its two-sided p-value (the normal
    approximation, ``z = S / sqrt(n (n − 1) (2n + 5) / 18)``, ``S`` the concordant pairs less
    the discordant; tied pairs count neither, so ties only weaken it)."""
    n = len(xs)
    if n < 2:
        return 0.0, 1.0
    total = 0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = xs[i] - xs[j], ys[i] - ys[j]
            total += ((a > 0) - (a < 0)) * ((b > 0) - (b < 0))
    z = total / math.sqrt(n * (n - 1) * (2 * n + 5) / 18)
    return 2 * total / (n * (n - 1)), math.erfc(abs(z) / math.sqrt(2))


def senses(
    root: Path, designs: Sequence[dict[str, Any]], th: Thresholds, level: float = 0.05
) -> dict[str, int]:
    """Which way each number of the card files points, where the data says: ``copies`` up
    is stronger (:data:`SENSES`); another field, +1 (up is stronger) or −1 (up is weaker)
    where, over the designs played at least ``th.min_played`` times (at least
    :data:`MIN_SENSE` of them), its value and their win rate when played are correlated
    (Kendall's tau, :func:`kendall`, p below ``level``); a field the data leaves open is
    absent."""
    values: dict[str, tuple[list[float], list[float]]] = {}
    for d in designs:
        if d["games_played"] < th.min_played:
            continue
        for _, name, value in numbers(root, d["card"]):
            xs, ys = values.setdefault(name, ([], []))
            xs.append(value)
            ys.append(d["win_rate_when_played"])
    out = dict(SENSES)
    for name, (xs, ys) in sorted(values.items()):
        if name in out or len(xs) < MIN_SENSE:
            continue
        tau, p = kendall(xs, ys)
        if p < level and tau:
            out[name] = 1 if tau > 0 else -1
    return out


def _allowed(value: int, after: int, sense: int | None, kinds: set[str]) -> bool:
    """Whether a field of ``sense`` (+1: up is stronger, −1: weaker, ``None``: open) may move
    from ``value`` to ``after`` for an outlier of ``kinds``: a dominant design only weaker, a
    dead one only stronger (one that is both, or a field open: either way)."""
    if sense is None or len(kinds) != 1:
        return True
    stronger = (after - value) * sense > 0
    return stronger if kinds == {"dead"} else not stronger


#: whether a catalogue folder in which the numbers of the named cards changed passes the
#: checks such a change can break (:class:`cardgen.checks.QuickCheck`)
CardCheck = Callable[[Path, Collection[str]], bool]


def candidates(
    root: Path,
    outliers: Sequence[Outlier],
    work: Path,
    check: CardCheck,
    sense: dict[str, int] | None = None,
) -> list[Change]:
    """One number of an outlier one step up or down, where the changed catalogue passes
    ``check`` (the rules model's bounds and the changed card's checks: cheap, as there are
    many candidates; what is proposed passes `cardgen validate` too) and the number keeps its
    sign (it may reach 0): a bonus turned into a penalty is another card, not a tuning of this
    one.  ``sense``: the fields' directions (:func:`senses`): a dominant design's numbers move
    only weaker, a dead one's only stronger.  Every candidate is checked in the same copy of
    ``root``, its file put back after."""
    out: list[Change] = []
    seen: set[str] = set()
    trial = _copy(root, work / "check")
    try:
        for o in outliers:
            if o.card in seen:
                continue
            seen.add(o.card)
            kinds = {x.kind for x in outliers if x.card == o.card}
            for file, name, value in numbers(root, o.card):
                steps = {value + s * k for s in (-1, 1) for k in STEPS} - {value}
                way = (sense or {}).get(name)
                for after in sorted(a for a in steps if a * value >= 0):
                    if not _allowed(value, after, way, kinds):
                        continue
                    change = Change(o.card, file, name, value, after)
                    try:
                        apply_changes(trial, [change])
                        if check(trial, {o.card}):
                            out.append(change)
                    finally:
                        shutil.copy2(root / file, trial / file)
    finally:
        shutil.rmtree(trial, ignore_errors=True)
    return out


def validated(
    root: Path, work: Path, changes: Sequence[Change], valid: Callable[[Path], bool]
) -> bool:
    """Whether ``root`` with ``changes`` applied passes ``valid`` (`cardgen validate`)."""
    trial = _copy(root, work / "validate")
    try:
        apply_changes(trial, changes)
        return valid(trial)
    finally:
        shutil.rmtree(trial, ignore_errors=True)


def combined(
    root: Path,
    work: Path,
    changes: Sequence[Change],
    gain: dict[str, float],
    valid: Callable[[Path], bool],
    why: Callable[[Path], str] | None = None,
) -> tuple[list[Change], list[dict[str, Any]]]:
    """The ``changes`` (each valid alone) that pass ``valid`` together, and those dropped: while
    the combination is refused, the change of the least ``gain`` (its race's figure: the
    unchanged game's badness less its own; ties: the later) is dropped, with ``why``'s message
    (`cardgen validate`'s errors, the trial folder named as ``root``)."""
    kept = list(changes)
    dropped: list[dict[str, Any]] = []
    while len(kept) > 1:
        trial = _copy(root, work / "combined")
        try:
            apply_changes(trial, kept)
            if valid(trial):
                break
            message = why(trial).replace(str(trial), str(root)) if why else ""
        finally:
            shutil.rmtree(trial, ignore_errors=True)
        weakest = min(range(len(kept)), key=lambda i: (gain.get(kept[i].card, 0.0), -i))
        c = kept.pop(weakest)
        dropped.append(
            {
                **asdict(c),
                "gain": rounded(gain.get(c.card, 0.0)),
                "refused": message or "validate refused the changes together",
                "with": [asdict(k) for k in kept],
            }
        )
    return kept, dropped


def _copy(root: Path, to: Path) -> Path:
    shutil.copytree(root, to, ignore=shutil.ignore_patterns("*.bak", ".cardgen*"))
    return to


# --- running the game ------------------------------------------------------------------------
class BudgetSpent(Exception):
    """The search's time ran out in the middle of a run (:class:`Runner`'s ``stop``)."""


class Runner(Protocol):
    """Plays a catalogue folder ``games`` games from ``seed`` and gives its summary (at least
    ``designs``: :func:`cardgen.simulate.report.summarise`'s per-design rows); raises
    :class:`BudgetSpent` between chunks of games once ``stop()`` is true."""

    def __call__(
        self, root: Path, games: int, seed: int, stop: Callable[[], bool] | None = None
    ) -> dict[str, Any]: ...


@dataclass
class KitRunner:
    """The :class:`Runner` of every engine game: the kit's simulation on ``workers``
    processes (default: every core) or on the Dask scheduler at ``dask``.  Every decision
    counts its offers; the first ``quality`` games are measured for the game's quality."""

    players: int | None = None
    bots: str = "greedy"
    workers: int | None = None
    dask: str | None = None
    quality: int = 0
    #: called with the games each finished chunk played (a progress bar)
    on_games: Callable[[int], None] | None = None

    def __call__(
        self, root: Path, games: int, seed: int, stop: Callable[[], bool] | None = None
    ) -> dict[str, Any]:
        from cardgen.catalogue.loader import load_catalogue

        cat = load_catalogue(root)
        engine = engine_of(cat)
        sim = KitSimulation(engine, quality_games=min(self.quality, games), offer_games=games)
        n = self.players or engine.player_range(cat)[1]
        if engine.sides(cat):
            matchups = make_matchups(list(sim.recommended_sides(cat, n)), n, side=sim.side)
        else:
            matchups = (seat_sides(n),)
        spec = SimSpec(
            games=games, players=n, matchups=matchups, bots=self.bots, seed=seed, pool=sim.bots
        )
        tell = self.on_games

        def progress(done: int) -> None:
            if tell is not None:
                tell(done)
            if stop is not None and stop():
                raise BudgetSpent

        if self.dask:
            from cardgen.engine.distributed import simulate_dask

            result = simulate_dask(cat, spec, self.dask, progress=progress, simulation=sim)
        else:
            workers = self.workers or os.cpu_count() or 1
            result = play(cat, spec, workers=workers, progress=progress, simulation=sim)
        return dict(summarise(result, cat))


def kit_runner(players: int | None, bots: str, workers: int | None = None) -> KitRunner:
    """The kit's runner at ``players`` (default: the most) with ``bots`` on ``workers``."""
    return KitRunner(players, bots, workers)


def profile(
    root: Path, run: KitRunner, counts: Sequence[int], games: int, seed: int
) -> dict[int, dict[str, Any]]:
    """The unchanged game's summary at each player count of ``counts`` (``games`` games from
    ``seed``, the first ``run.quality`` measured for quality)."""
    return {n: replace(run, players=n)(root, games, seed) for n in counts}


def game_title(cat: Any) -> str:
    """The game's name for a proposals file: its rules' ``game``, else its pack's name."""
    return getattr(cat.rules, "game", None) or cat.pack.game_type.name


def brief_profile(summaries: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """What a proposals file keeps of :func:`profile`: per player count, the quality
    measures, the first player, the best seat, the length and the per-design figures."""
    return {
        str(n): {
            "games": s["games"],
            "quality": s.get("quality"),
            "first_player": s.get("first_player"),
            "seat_advantage": s.get("seat_advantage"),
            "length": s.get("length"),
            "designs": _brief(s["designs"]),
        }
        for n, s in summaries.items()
    }


def advise(
    root: Path,
    run: Runner,
    *,
    valid: Callable[[Path], bool],
    quick: CardCheck | None = None,
    why: Callable[[Path], str] | None = None,
    games: int = 200,
    seed: int = 0,
    budget: float = 300.0,
    th: Thresholds | None = None,
    progress: Callable[[str, float], None] | None = None,
    baseline: dict[str, Any] | None = None,
    race: int | None = None,
    most: int | None = None,
    cards: Sequence[str] | None = None,
) -> Proposal:
    """The proposal for the catalogue folder ``root`` (see the module's text): ``run`` plays
    a catalogue folder, ``valid`` tells whether one passes `cardgen validate`
    (:func:`cardgen.checks.is_valid`), ``quick`` whether one with some cards changed passes
    the checks such a change can break (:class:`cardgen.checks.QuickCheck`; default: ``valid``):
    every candidate is checked by ``quick``, and only the race's leader by ``valid`` (if it
    refuses, the next candidate ahead of the unchanged game), then the leaders together
    (:func:`combined`; ``why``: the message of a refusal, :func:`cardgen.checks.refusal`).
    ``baseline``:
    the unchanged game's summary of ``games`` games from ``seed``, if already played;
    ``race``: the games of each race's first round (default ``games``); ``most``: race only
    this many outliers, the farthest beyond their limits; ``cards``: race only the outliers
    among these designs (the others keep no change).  The
    budget bounds the search: a run of it stops between chunks once ``budget`` seconds have
    passed, and its round is judged on the candidates it finished."""
    th = th or Thresholds()
    start = time.monotonic()
    say = progress or (lambda what, done: None)

    def spent() -> bool:
        return time.monotonic() - start > budget

    say("baseline", 0.0)
    base = baseline if baseline is not None else run(root, games, seed)
    before = find_outliers(base["designs"], th)
    seen = judged(base["designs"], th)
    sense = senses(root, base["designs"], th)
    searched: list[dict[str, Any]] = []
    best: dict[str, Change] = {}
    #: per raced card, its leader's gain on the unchanged game (:func:`combined`)
    gain: dict[str, float] = {}
    cut = False
    with tempfile.TemporaryDirectory(prefix="cardgen-balance-") as tmp:
        work = Path(tmp)
        rounds = 0
        # successive halving per outlier card, every candidate on the same seeds (CRN); the
        # farthest beyond its limit first (the budget may not reach the last)
        worst = sorted(before, key=lambda o: -abs(o.figure - o.limit))
        if cards is not None:
            worst = [o for o in worst if o.card in cards]
        for card in list(dict.fromkeys(o.card for o in worst))[:most]:
            if cut or spent():
                cut = True
                break
            check = quick or (lambda path, cards: valid(path))
            mine = [o for o in before if o.card == card]
            changes = candidates(root, mine, work, check, sense)
            if not changes:
                continue
            # the unchanged game races too (None): a change must beat it to be proposed
            alive: list[Change | None] = [None, *changes]
            order = alive  # the last round's ranking
            # each round's scores, for the leader's gain on the unchanged game
            tables: list[dict[Change | None, float]] = []
            n, s = race or games, seed + 1
            while alive and not cut:
                scored: list[tuple[float, bool, str, int, Change | None]] = []
                for c in alive:
                    trial = _copy(root, work / f"{card}-{rounds}-{len(scored)}")
                    apply_changes(trial, [c] if c else [])
                    try:
                        score = badness(
                            run(trial, n, s, spent)["designs"], th, seen, frozenset({card})
                        )
                    except BudgetSpent:
                        cut = True
                        break
                    finally:
                        shutil.rmtree(trial, ignore_errors=True)
                    key = (c.field, c.after) if c else ("", 0)
                    scored.append((score, c is not None, *key, c))
                    what = asdict(c) if c else {"card": card, "unchanged": True}
                    searched.append({**what, "games": n, "seed": s, "badness": rounded(score)})
                rounds += 1
                tables.append({x[4]: x[0] for x in scored})
                scored.sort(key=lambda x: x[:4])  # ties: the unchanged game first
                say(f"{card}: {len(alive)} candidates, {n} games", time.monotonic() - start)
                if scored:  # a round cut before any candidate finished: the last one's order
                    order = [x[4] for x in scored]
                    alive = order[: max(1, len(scored) // 2)]
                if len(alive) <= 1 or cut or spent():
                    cut = cut or (len(alive) > 1 and spent())
                    # the unchanged game runs first in every round it is alive in: a change
                    # leads only if it beat it; the first that `cardgen validate` accepts
                    for c in order:
                        if c is None:
                            break
                        if validated(root, work, [c], valid):
                            best[card] = c
                            both = [t for t in tables if None in t and c in t]
                            gain[card] = both[-1][None] - both[-1][c] if both else 0.0
                            break
                        searched.append({**asdict(c), "refused": "validate"})
                        say(
                            f"{card}: {c.field} {c.after} refused by validate",
                            time.monotonic() - start,
                        )
                    break
                n *= 2
        changes = [best[o.card] for o in before if o.card in best]
        changes, dropped = combined(root, work, list(dict.fromkeys(changes)), gain, valid, why)
        for d in dropped:
            note = f"{d['card']}: {d['field']} {d['after']} dropped, refused with the others"
            say(note, time.monotonic() - start)
        fresh = seed + 10_007
        say("confirmation", time.monotonic() - start)
        again = run(root, 2 * games, fresh)["designs"]
        trial = _copy(root, work / "confirm")
        apply_changes(trial, changes)
        confirmed = run(trial, 2 * games, fresh)["designs"]
    after = find_outliers(confirmed, th)
    return Proposal(
        changes,
        before,
        after,
        {
            "games": 2 * games,
            "seed": fresh,
            "outliers_unchanged": [asdict(o) for o in find_outliers(again, th)],
            "badness_unchanged": rounded(badness(again, th, seen)),
            "badness_changed": rounded(badness(confirmed, th, seen)),
            "designs_unchanged": _brief(again),
            "designs_changed": _brief(confirmed),
        },
        searched,
        cut=cut,
        baseline=_brief(base["designs"]),
        dropped=dropped,
        senses=sense,
    )


#: the per-design figures a proposal keeps of each run
BRIEF = (
    "card",
    "name",
    "offered",
    "chosen_when_offered",
    "chosen_ci",
    "free_offered",
    "free_chosen",
    "free_uniform",
    "games_played",
    "wins_played",
    "win_rate_when_played",
    "win_played_ci",
    "games_taken",
    "wins_taken",
    "games_left",
    "wins_left",
    "win_rate_taken",
    "win_taken_ci",
    "win_rate_left",
    "win_left_ci",
    "taken_gap",
    "taken_gap_ci",
)


def _brief(designs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: d[k] for k in BRIEF if k in d} for d in designs]


def apply_proposal(root: Path, changes: Sequence[Change]) -> list[Path]:
    """Apply ``changes`` to the card files under ``root``, each replaced file kept as
    ``NAME.bak``; the files replaced."""
    files = sorted({root / c.file for c in changes})
    for f in files:
        shutil.copy2(f, f.with_name(f.name + ".bak"))
    apply_changes(root, changes)
    return files
