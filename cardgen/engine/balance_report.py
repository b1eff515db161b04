"""The balance report of a proposals file (``cardgen balance --report``, the studio's Balance
view): per design, the share of player-games it was played in against its win rate when played,
the outliers marked; the game's quality measures by player count; each proposed change with its
confirmation.  Built as a :class:`~cardgen.simulate.report_model.ReportModel`, laid out by the
simulation report's HTML and PDF writers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.charts import BarChart, Point, ScatterChart, Series
from cardgen.engine.balance import free_offers
from cardgen.simulate.report_html import html_page
from cardgen.simulate.report_model import ReportModel, Table, ci, pct
from cardgen.simulate.report_pdf import pdf_bytes
from cardgen.simulate.stats import rounded
from cardgen.util.atomic import atomic_write_bytes

#: the dot colours: a design in line, a dead one, a dominant one
COLOURS = {"": "#2F4F6F", "dead": "#B23A2E", "dominant": "#C08A2B"}
#: the quality measures charted as shares, and the others, with their labels
SHARES = (
    ("decisiveness", "decisiveness"),
    ("drama", "drama"),
    ("uncertainty", "uncertainty"),
    ("forced", "forced moves"),
    ("draws", "draws"),
    ("kingmaking", "kingmaking"),
)
OTHERS = (("lead_changes", "lead changes"), ("branching", "branching factor"))
#: the player counts' bar colours
COUNT_COLOURS = ("#2F4F6F", "#4E7A3A", "#C08A2B", "#6B4C9A", "#3A8A8A", "#8A3A6B")


def _kinds(outliers: list[dict[str, Any]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for o in outliers:
        out[o["card"]] = "dominant" if o["kind"] == "dominant" else out.get(o["card"], "dead")
    return out


def _many(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _or_none(rows: Any, width: int) -> tuple[tuple[str, ...], ...]:
    """``rows``, or one row saying there are none."""
    rows = tuple(rows)
    return rows or (("none", *([""] * (width - 1))),)


def _cell(v: Any) -> str:
    return "n/a" if v is None else pct(v)


def design_chart(doc: dict[str, Any]) -> ScatterChart:
    """Per design of the first run: played in (share of player-games) against the win rate
    when played, the outliers marked and named (an outlier never played at the origin, named
    so)."""
    n = doc["players"]
    games = doc["profile"].get(str(n), {}).get("games") or 0
    seats = max(1, games * n)
    kinds = _kinds(doc["outliers_before"])
    points = tuple(
        Point(
            d["games_played"] / seats,
            d["win_rate_when_played"],
            COLOURS[kinds.get(d["card"], "")],
            d["card"] if d["card"] in kinds else "",
        )
        for d in doc["baseline"]
        if d["games_played"]
    ) + tuple(
        Point(0.0, 0.0, COLOURS[kinds[d["card"]]], f"{d['card']} (never played)")
        for d in doc["baseline"]
        if not d["games_played"] and d["card"] in kinds
    )
    return ScatterChart(
        f"Designs: how often played, how often their players win ({n} players)",
        points,
        x_label="played in (share of player-games)",
        y_label="win rate when played",
        reference=1 / n,
        keys=(
            ("in line", COLOURS[""]),
            ("dead", COLOURS["dead"]),
            ("dominant", COLOURS["dominant"]),
        ),
    )


def quality_chart(doc: dict[str, Any]) -> BarChart:
    """The share-valued quality measures, one bar per player count: a measure that applies
    at no count is left out, one that does not apply at some says so in its label (its bar
    there is empty, not a measured 0)."""
    counts = sorted(doc["profile"], key=int)
    quality = {c: doc["profile"][c]["quality"] for c in counts}
    shown, labels = [], []
    for k, label in SHARES:
        missing = [c for c in counts if quality[c].get(k) is None]
        if len(missing) == len(counts):
            continue
        shown.append(k)
        labels.append(f"{label} (n/a at {', '.join(missing)} players)" if missing else label)
    series = tuple(
        Series(
            f"{c} players",
            tuple(quality[c].get(k) or 0.0 for k in shown),
            COUNT_COLOURS[i % len(COUNT_COLOURS)],
        )
        for i, c in enumerate(counts)
    )
    return BarChart(
        "Game quality by player count",
        tuple(labels),
        series,
        horizontal=True,
        percent=True,
    )


def _free_cells(d: dict[str, Any]) -> tuple[str, str, str]:
    """A design's free choices, the share chosen and that share over a uniform choice's."""
    n, c, u = free_offers(d)
    if not n:
        return "0", "–", "–"
    return str(n), pct(rounded(c / n)), f"{c / n / u:.2f}" if u else "–"


def _figure(designs: list[dict[str, Any]], outlier: dict[str, Any]) -> float | None:
    """The outlier's figure in another run's ``designs``, by the test that judged it: the
    share chosen when free (dead), the win rate when taken (paired) or when played (pooled)."""
    for d in designs:
        if d["card"] == outlier["card"]:
            if outlier["kind"] == "dead":
                n, c, _ = free_offers(d)
                return rounded(c / n) if n else None
            if outlier.get("test") == "paired" and d.get("games_taken"):
                return float(d["win_rate_taken"])
            return float(d["win_rate_when_played"]) if d["games_played"] else None
    return None


def _paired_cells(d: dict[str, Any]) -> tuple[str, str, str]:
    """A design's paired figures: player-games offered freely taken / left, the win rates of
    each and the difference's 95% interval."""
    if "games_taken" not in d:
        return "–", "–", "–"
    nt, nl = d["games_taken"], d["games_left"]
    rates = f"{pct(d['win_rate_taken']) if nt else '–'} / {pct(d['win_rate_left']) if nl else '–'}"
    lo, hi = d["taken_gap_ci"]
    gap = f"{100 * lo:+.1f} to {100 * hi:+.1f} pts" if nt and nl else "–"
    return f"{nt} / {nl}", rates, gap


def confirmation_chart(doc: dict[str, Any]) -> BarChart:
    """Each outlier's figure on the confirmation's seeds, unchanged and with the changes."""
    conf = doc["confirmation"]
    rows = doc["outliers_before"]
    cats = tuple(f"{o['card']} ({o['kind']})" for o in rows)
    before = tuple(_figure(conf["designs_unchanged"], o) or 0.0 for o in rows)
    after = tuple(_figure(conf["designs_changed"], o) or 0.0 for o in rows)
    return BarChart(
        "Confirmation: each outlier's figure, unchanged and changed (fresh seeds)",
        cats,
        (Series("unchanged", before, "#777777"), Series("changed", after, "#2F4F6F")),
        horizontal=True,
        percent=True,
    )


def _tables(doc: dict[str, Any]) -> tuple[Table, ...]:
    counts = sorted(doc["profile"], key=int)
    prof = doc["profile"]
    qrows = [(label, *(_cell(prof[c]["quality"].get(k)) for c in counts)) for k, label in SHARES]
    for k, label in OTHERS:
        qrows.append(
            (
                label,
                *(
                    "n/a" if prof[c]["quality"].get(k) is None else f"{prof[c]['quality'][k]:.2f}"
                    for c in counts
                ),
            )
        )
    qrows.append(("length (decisions)", *(f"{prof[c]['length']['mean']:.1f}" for c in counts)))
    qrows.append(
        (
            "first player's advantage",
            *(
                "n/a"
                if not prof[c].get("first_player")
                else f"{100 * prof[c]['first_player']['advantage']:+.1f} pts"
                for c in counts
            ),
        )
    )
    quality = Table(
        "quality",
        "Game quality by player count",
        "Each measure's formula and source are in docs/balance.md; the first player's win rate "
        "above the fair share among games with a sole winner.",
        ("measure", *(f"{c} players" for c in counts)),
        tuple(qrows),
    )
    outliers = Table(
        "outliers",
        "Outliers of the first run",
        "Dead: chosen when freely offered, its interval wholly below the limit (a quarter of "
        "the median design's rate over a uniform choice's, times its uniform share); dominant: "
        "win rate "
        "when taken (the win rate of the player-games that chose it, among those it was a free "
        "choice in), above the limit (the rate of those that left it plus the margin), the "
        "difference's Newcombe interval above 0.  Every design is tested: p is a test's "
        "p-value adjusted for their number (Benjamini–Hochberg), at most 5% for an outlier.",
        ("card", "kind", "figure", "95% CI", "limit", "p"),
        _or_none(
            (
                (
                    o["card"],
                    o["kind"],
                    pct(o["figure"]),
                    ci(list(o["ci"])),
                    pct(o["limit"]),
                    "–" if o.get("p") is None else f"{o['p']:.4f}",
                )
                for o in doc["outliers_before"]
            ),
            6,
        ),
    )
    conf = doc["confirmation"]
    left = {(o["card"], o["kind"]) for o in doc["outliers_after"]}
    changes = {c["card"]: c for c in doc["changes"]}
    prows = []
    for o in doc["outliers_before"]:
        c = changes.get(o["card"])
        change = f"{c['field']} {c['before']} → {c['after']} ({c['file']})" if c else "none found"
        was = _figure(conf["designs_unchanged"], o)
        now = _figure(conf["designs_changed"], o)
        prows.append(
            (
                o["card"],
                o["kind"],
                change,
                _cell(was),
                _cell(now),
                "still an outlier" if (o["card"], o["kind"]) in left else "within",
            )
        )
    proposals = Table(
        "proposals",
        "Proposals and their confirmation",
        f"The changes together on {conf['games']} fresh games (seed {conf['seed']}) against the "
        f"unchanged game on the same seeds; badness {conf['badness_unchanged']:.3f} → "
        f"{conf['badness_changed']:.3f}.",
        ("card", "kind", "change", "unchanged", "changed", "verdict"),
        _or_none(prows, 6),
    )
    kinds = _kinds(doc["outliers_before"])
    shown, idle = _choices(doc["baseline"])
    designs = Table(
        "designs",
        "Card designs (first run)",
        "Offered: decisions where an action could play (buy, pick …) it; free: those where "
        "another action could leave it (a forced pick is none); × uniform: chosen when free "
        "over a uniform choice's chance; win when played: the win rate of the players who "
        "played it; taken / left: the player-games it was a free choice in, that chose it / "
        "never did, their win rates and the difference's 95% Newcombe interval; 95% Wilson "
        "intervals; –: never offered, or never played."
        + (
            f" Not listed, never offered to a choice nor played: {', '.join(idle)}." if idle else ""
        ),
        (
            "card",
            "outlier",
            "offered",
            "chosen when offered",
            "free",
            "chosen when free",
            "× uniform",
            "games played",
            "win when played",
            "95% CI",
            "taken / left",
            "win taken / left",
            "difference 95% CI",
        ),
        _or_none(
            (
                (
                    d["card"],
                    kinds.get(d["card"], ""),
                    str(d["offered"]),
                    pct(d["chosen_when_offered"]) if d["offered"] else "–",
                    *_free_cells(d),
                    str(d["games_played"]),
                    pct(d["win_rate_when_played"]) if d["games_played"] else "–",
                    ci(d["win_played_ci"]) if d["games_played"] else "–",
                    *_paired_cells(d),
                )
                for d in shown
            ),
            13,
        ),
    )
    return quality, outliers, proposals, designs


def _choices(designs: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The designs a player chose or could choose (offered or played), and the ids of the
    others (a game's own cards no player chooses, such as Harbour Bid's cargo)."""
    shown = [d for d in designs if d["offered"] or d["games_played"]]
    return shown, [d["card"] for d in designs if not (d["offered"] or d["games_played"])]


def report_model(doc: dict[str, Any]) -> ReportModel:
    """The balance report of a proposals file's document."""
    n = doc["players"]
    counts = ", ".join(sorted(doc["profile"], key=int))
    cut = " The budget ran out before every race was decided." if doc.get("cut_by_budget") else ""
    conf = doc["confirmation"]
    if doc["changes"] and not doc.get("confirmed", True):
        cut += (
            f" Not confirmed: {', '.join(doc.get('unconfirmed', []))} (on the fresh games not "
            "an outlier unchanged, or still one changed); --apply leaves the cards as they are."
        )
    intro = (
        f"The search played {n} players; the quality was measured at {counts} players. "
        f"{_many(len(doc['outliers_before']), 'outlier')} in the first run, "
        f"{_many(len(doc['changes']), 'change')} proposed; on the confirmation's "
        f"{conf['games']} fresh games, {_many(len(doc['outliers_after']), 'outlier')} with the "
        f"changes, {_many(len(conf['outliers_unchanged']), 'outlier')} without.{cut}"
    )
    figures: list[Any] = [design_chart(doc), quality_chart(doc)]
    if doc["outliers_before"]:
        figures.append(confirmation_chart(doc))
    return ReportModel(
        f"Balance: {doc.get('game', '')}".rstrip(": "),
        intro,
        (),
        tuple(figures),
        _tables(doc),
        document="balance report",
    )


def render(doc: dict[str, Any], suffix: str = ".html") -> bytes:
    """The report as HTML (UTF-8) or PDF bytes."""
    model = report_model(doc)
    if suffix.lower() == ".pdf":
        return pdf_bytes(model)
    return html_page(model).encode("utf-8")


def write_report(doc: dict[str, Any], path: Path) -> Path:
    """Write the report as HTML or PDF (by the file's extension), atomically."""
    atomic_write_bytes(Path(path), render(doc, Path(path).suffix))
    return Path(path)
