"""Attack Right's balance targets (:mod:`.targets`) judged on the kit's summary of a
simulation (the kit counts every figure: :data:`~..engine.metrics.FIGURES`): each target's
verdict, its figure with the interval and sample size, and what fails; and the report's
targets table."""

from __future__ import annotations

from cardgen.engine.figures import TIED
from cardgen.engine.simulation import SimResult
from cardgen.packs.attack_right.simulation.targets import Targets, average_win, designs
from cardgen.simulate.report import seat_advantage
from cardgen.simulate.report_model import Section, Table


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


def verdicts(result: SimResult, summary: dict, t: Targets) -> list[dict]:
    """Each balance target checked on ``summary`` (the kit's: its designs, groups by deck
    majority and rounds grouped by season): ``ok`` True or False (None: too few games to
    judge), the figure with its interval and what fails."""
    cards = designs(summary)
    avg = average_win(cards)
    out = [
        _designs(
            f"every design played in >= {_pct(t.play_share_min)} of the games it was drafted in",
            [c for c in cards if c["games_drawn"] >= t.min_drafted_games],
            t.dead,
            ("played_share", "played_share_ci", "games_drawn"),
            "lowest",
            "below",
        ),
        _designs(
            f"no design wins {_pct(t.dominant_margin)} above the average ({_pct(avg)}) when "
            f"played (n >= {t.dominant_min_games})",
            [c for c in cards if c["games_played"] >= t.dominant_min_games],
            lambda c: t.dominant(c, avg),
            ("win_rate_when_played", "win_played_ci", "games_played"),
            "highest",
            "above",
        ),
    ]
    fair = 1 / result.spec.players
    majority = summary.get("majority", ())
    groups = [g for g in majority if g["group"] != TIED and g["games"] >= t.majority_min_games]
    off = [g for g in groups if abs(g["win_rate"] - fair) > t.majority_margin]
    far = max(groups, key=lambda g: (abs(g["win_rate"] - fair), g["group"]), default=None)
    out.append(
        _verdict(
            f"deck-majority win rates within {100 * t.majority_margin:.0f} points of {_pct(fair)}",
            "no group judged"
            if far is None
            else f"furthest {far['group']} {_pct(far['win_rate'])} "
            f"({_ci(far['win_ci'])}, n={far['games']})",
            None if far is None else not off,
            ", ".join(f"{g['group']} {_pct(g['win_rate'])} (n={g['games']})" for g in groups),
        )
    )
    seasons = {g["group"]: g for g in summary.get("period_groups", ())}
    for season, least in t.cards_per_round.items():
        row = seasons.get(season)
        out.append(
            _verdict(
                f"at least {least:g} cards played per player and round in {season}",
                "not played"
                if row is None
                else f"{row['played_mean']:.2f} ({row['played_ci'][0]:.2f}-"
                f"{row['played_ci'][1]:.2f}, n={row['seats']})",
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


def targets_section(summary: dict) -> Section:
    """The report's table of the targets' verdicts."""
    verdict = {True: "met", False: "MISSED", None: "too few games"}
    table = Table(
        "targets",
        "Balance targets",
        "Each target of the pack's targets.yaml checked on these games (the figure with its "
        "95% interval and sample size).",
        ("target", "verdict", "figure", "what fails"),
        tuple(
            (t["target"], verdict[t["ok"]], t["figure"], t["detail"] if t["ok"] is False else "")
            for t in summary.get("targets", ())
        ),
    )
    return Section("targets", (), (table,))
