"""The balance advisor (``cardgen balance``): outlier designs and numeric changes that fix them.

1. A run of the unchanged game finds the **outliers** (:func:`find_outliers`): a **dead**
   design, chosen when offered far less often than the designs' median (the upper end of its
   Wilson interval below ``dead_share`` × the median), and a **dominant** one, whose players
   win far above the rest (its win rate when played above the others' pooled rate by
   ``dominant_margin``, the lower end of its interval above that rate: significant at the
   run's size).
2. Each outlier's numbers in the card files (cost, strength, points, copies …) give the
   **candidates**: one number one step up or down, kept only if the changed catalogue
   validates (the rules model's bounds).
3. **Successive halving** with common random numbers: every candidate of a round, and the
   unchanged game, plays the same seeds; the better half (by :func:`badness`, how far the
   designs stand beyond the thresholds) goes on with twice the games, until one is left per
   outlier or the budget is spent; a change is proposed only if it beats the unchanged game.
4. The best change of each outlier, together, is **confirmed** by a fresh run (new seeds)
   against the unchanged game; the proposal keeps the figures of both.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import median
from typing import Any

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.registry import engine_of
from cardgen.engine.simulation import run_simulation
from cardgen.simulate.report import summarise
from cardgen.simulate.stats import rounded

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


@dataclass(frozen=True)
class Outlier:
    card: str
    kind: str  # "dead" or "dominant"
    figure: float  # chosen when offered, or win rate when played
    ci: tuple[float, float]
    limit: float  # the threshold it is beyond


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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "changes": [asdict(c) for c in self.changes],
            "outliers_before": [asdict(o) for o in self.before],
            "outliers_after": [asdict(o) for o in self.after],
            "confirmation": self.confirmation,
            "searched": self.searched,
        }


def find_outliers(designs: Sequence[dict[str, Any]], th: Thresholds) -> list[Outlier]:
    """The dead and dominant designs of a run's per-design summary."""
    out: list[Outlier] = []
    rates = [d["chosen_when_offered"] for d in designs if d["offered"] >= th.min_offered]
    dead_limit = th.dead_share * median(rates) if rates else 0.0
    wins = sum(d["wins_played"] for d in designs)
    games = sum(d["games_played"] for d in designs)
    for d in designs:
        if d["offered"] >= th.min_offered and d["chosen_ci"][1] < dead_limit:
            out.append(
                Outlier(
                    d["card"],
                    "dead",
                    d["chosen_when_offered"],
                    tuple(d["chosen_ci"]),
                    rounded(dead_limit),
                )
            )
        n = d["games_played"]
        if n >= th.min_played and games > n:
            rest = (wins - d["wins_played"]) / (games - n)
            if (
                d["win_played_ci"][0] > rest
                and d["win_rate_when_played"] > rest + th.dominant_margin
            ):
                out.append(
                    Outlier(
                        d["card"],
                        "dominant",
                        d["win_rate_when_played"],
                        tuple(d["win_played_ci"]),
                        rounded(rest + th.dominant_margin),
                    )
                )
    return out


def badness(designs: Sequence[dict[str, Any]], th: Thresholds) -> float:
    """How far the designs stand beyond the thresholds (point estimates), summed: 0 when none
    is an outlier by its figure."""
    rates = [d["chosen_when_offered"] for d in designs if d["offered"] >= th.min_offered]
    dead_limit = th.dead_share * median(rates) if rates else 0.0
    wins = sum(d["wins_played"] for d in designs)
    games = sum(d["games_played"] for d in designs)
    total = 0.0
    for d in designs:
        if d["offered"] >= th.min_offered:
            total += max(0.0, dead_limit - d["chosen_when_offered"])
        n = d["games_played"]
        if n >= th.min_played and games > n:
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


def candidates(
    root: Path, outliers: Sequence[Outlier], work: Path, valid: Callable[[Path], bool]
) -> list[Change]:
    """One number of an outlier one step up or down, where the changed catalogue validates
    (``valid``: whether a catalogue folder passes `cardgen validate`,
    :func:`cardgen.checks.is_valid`)."""
    out: list[Change] = []
    seen: set[str] = set()
    for o in outliers:
        if o.card in seen:
            continue
        seen.add(o.card)
        for file, name, value in numbers(root, o.card):
            for after in sorted({value + s * k for s in (-1, 1) for k in STEPS} - {value}):
                change = Change(o.card, file, name, value, after)
                trial = _copy(root, work / f"check-{len(out)}-{name}-{after}")
                try:
                    apply_changes(trial, [change])
                    if valid(trial):
                        out.append(change)
                finally:
                    shutil.rmtree(trial, ignore_errors=True)
    return out


def _copy(root: Path, to: Path) -> Path:
    shutil.copytree(root, to, ignore=shutil.ignore_patterns("*.bak", ".cardgen*"))
    return to


# --- running the game ------------------------------------------------------------------------
Runner = Callable[[Path, int, int], list[dict[str, Any]]]


def kit_runner(players: int | None, bots: str, workers: int | None = None) -> Runner:
    """Plays a catalogue folder ``games`` games from ``seed`` on every core and gives its
    per-design summary (every game measured, so every decision counts its offers)."""

    def run(root: Path, games: int, seed: int) -> list[dict[str, Any]]:

        cat = load_catalogue(root)
        cores = workers or os.cpu_count() or 1
        result = run_simulation(
            engine_of(cat),
            cat,
            games=games,
            players=players,
            bots=bots,
            seed=seed,
            workers=cores,
            quality_games=games,
        )
        return list(summarise(result, cat)["designs"])

    return run


def advise(
    root: Path,
    run: Runner,
    *,
    valid: Callable[[Path], bool],
    games: int = 200,
    seed: int = 0,
    budget: float = 300.0,
    th: Thresholds | None = None,
    progress: Callable[[str, float], None] | None = None,
) -> Proposal:
    """The proposal for the catalogue folder ``root`` (see the module's text): ``run`` plays
    a catalogue folder, ``valid`` tells whether one passes `cardgen validate`
    (:func:`cardgen.checks.is_valid`)."""
    th = th or Thresholds()
    start = time.monotonic()
    say = progress or (lambda what, done: None)
    say("baseline", 0.0)
    base = run(root, games, seed)
    before = find_outliers(base, th)
    searched: list[dict[str, Any]] = []
    best: dict[str, Change] = {}
    with tempfile.TemporaryDirectory(prefix="cardgen-balance-") as tmp:
        work = Path(tmp)
        pool = candidates(root, before, work, valid)
        # successive halving per outlier card, every candidate on the same seeds (CRN)
        by_card: dict[str, list[Change]] = {}
        for change in pool:
            by_card.setdefault(change.card, []).append(change)
        rounds = 0
        for card, changes in by_card.items():
            # the unchanged game races too (None): a change must beat it to be proposed
            alive: list[Change | None] = [None, *changes]
            n, s = games, seed + 1
            while alive:
                scored: list[tuple[float, bool, str, int, Change | None]] = []
                for c in alive:
                    trial = _copy(root, work / f"{card}-{rounds}-{len(scored)}")
                    apply_changes(trial, [c] if c else [])
                    score = badness(run(trial, n, s), th)
                    shutil.rmtree(trial, ignore_errors=True)
                    key = (c.field, c.after) if c else ("", 0)
                    scored.append((score, c is not None, *key, c))
                    what = asdict(c) if c else {"card": card, "unchanged": True}
                    searched.append({**what, "games": n, "seed": s, "badness": rounded(score)})
                rounds += 1
                scored.sort(key=lambda x: x[:4])  # ties: the unchanged game first
                say(f"{card}: {len(alive)} candidates, {n} games", time.monotonic() - start)
                keep = max(1, len(scored) // 2)
                alive = [x[4] for x in scored[:keep]]
                if len(alive) == 1 or time.monotonic() - start > budget:
                    if alive[0] is not None:
                        best[card] = alive[0]
                    break
                n *= 2
        changes = [best[o.card] for o in before if o.card in best]
        changes = list(dict.fromkeys(changes))
        fresh = seed + 10_007
        say("confirmation", time.monotonic() - start)
        again = run(root, 2 * games, fresh)
        trial = _copy(root, work / "confirm")
        apply_changes(trial, changes)
        confirmed = run(trial, 2 * games, fresh)
    after = find_outliers(confirmed, th)
    return Proposal(
        changes,
        before,
        after,
        {
            "games": 2 * games,
            "seed": fresh,
            "outliers_unchanged": [asdict(o) for o in find_outliers(again, th)],
            "badness_unchanged": rounded(badness(again, th)),
            "badness_changed": rounded(badness(confirmed, th)),
        },
        searched,
    )


def apply_proposal(root: Path, changes: Sequence[Change]) -> list[Path]:
    """Apply ``changes`` to the card files under ``root``, each replaced file kept as
    ``NAME.bak``; the files replaced."""
    files = sorted({root / c.file for c in changes})
    for f in files:
        shutil.copy2(f, f.with_name(f.name + ".bak"))
    apply_changes(root, changes)
    return files
