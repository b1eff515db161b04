"""Castle Rampage's documents: the appendix (card reference, attack odds, clarifications) and
the rules reference (``cardgen appendix --rules-reference``)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import yaml
from pydantic import TypeAdapter

from cardgen.charts import BarChart, Series
from cardgen.docs.content import (
    Chart,
    Charts,
    ClarificationEntry,
    Clarifications,
    Column,
    Paragraph,
    Row,
    Section,
    Segment,
    Table,
)
from cardgen.docs.gather import default_sections, setting_value
from cardgen.docs.inline import inline
from cardgen.docs.markdown import tidy
from cardgen.docs.templating import render
from cardgen.packs.castle_rampage.model import RampageRules
from cardgen.packs.castle_rampage.odds import Estimate, OddsRow, odds_table

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
BREAK, WIN, DESTROYED = "#2F5F8F", "#B23A2E", "#6B3FA0"


@cache
def clarifications() -> tuple[ClarificationEntry, ...]:
    """Every reading of the seed (``clarifications.yaml``), in rules-reference order, without
    the settings' values."""
    data = yaml.safe_load((HERE / "clarifications.yaml").read_text(encoding="utf-8"))
    blank = {"alternative": None, "setting": None, "value": None}
    return tuple(TypeAdapter(list[ClarificationEntry]).validate_python([blank | d for d in data]))


def _entry(c: ClarificationEntry, rules: RampageRules | None) -> ClarificationEntry:
    """``c`` with the current value of its setting in ``rules``."""
    return replace(c, value=setting_value(rules, c.setting)) if rules is not None else c


def rules_reference(game: str) -> str:
    """The rules reference: every clarification, from the clarifications data alone."""
    entries = list(clarifications())
    return tidy(render("rules-reference.md.j2", (TEMPLATES,), game=game, clarifications=entries))


# --- the attack odds ---------------------------------------------------------------------------
def share(v: float) -> str:
    """A share as a percentage with the decimals its size needs: 0%, <0.01%, 0.35%, 12.5%."""
    if v == 0:
        return "0%"
    if v < 0.0001:
        return "<0.01%"
    return f"{v:.2%}" if v < 0.01 else f"{v:.1%}"


def _pct(e: Estimate | None) -> str:
    if e is None:
        return "–"
    text = share(e.value)
    if e.low is not None:
        low, high = e.interval
        text += f" ({share(low)}–{share(high)})"
    return text


def _num(e: Estimate) -> str:
    text = f"{e.value:.2f}"
    if e.low is not None:
        text += f" ({e.low:.2f}–{e.high:.2f})"
    return text


def _method(row: OddsRow) -> str:
    if row.exact:
        return f"exact ({row.attacks:,} state{'s' if row.attacks != 1 else ''})"
    return f"simulated ({row.attacks:,} deals)"


COLUMNS = (
    Column("Strength", "strength", 44),
    Column("Break the Gate", "share", 100),
    Column("Take the last Castle card", "share", 100),
    Column("Cards destroyed (mean)", "mean", 90),
    Column("Method", "method", 110),
)


def odds_rows_table(rows: list[OddsRow], gate: int) -> Table:
    """The odds of one situation, a row per strength."""
    return Table(
        COLUMNS,
        tuple(
            Row(
                (
                    (Segment(str(r.strength), style="strong"),),
                    (Segment(_pct(r.break_gate) if gate else "no Gate"),),
                    (Segment(_pct(r.win)),),
                    (Segment(_num(r.destroyed)),),
                    (Segment(_method(r)),),
                )
            )
            for r in rows
        ),
        cls="odds",
    )


def _series(name: str, colour: str, values: list[Estimate], scale: float) -> Series:
    """One series rounded to one decimal (in ``scale`` units: 100 for percentages), its
    intervals whiskers."""
    return Series(
        name,
        tuple(round(e.value * scale, 1) for e in values),
        colour,
        intervals=tuple(
            (round(e.interval[0] * scale, 1), round(e.interval[1] * scale, 1)) for e in values
        ),
    )


def odds_charts(rows: list[OddsRow], gate: int, key: str) -> Charts:
    """The chances (percent) as bars with their 95 % intervals, and the mean cards destroyed."""
    cats = tuple(str(r.strength) for r in rows)
    shares = [_series("win %", WIN, [r.win for r in rows], 100)]
    if gate:
        gates = [r.break_gate for r in rows if r.break_gate is not None]  # every row's: a Gate
        shares.insert(0, _series("Gate %", BREAK, gates, 100))
    share_chart = BarChart(
        "Chance to break the Gate, to win (%)", cats, tuple(shares), label="", height=150
    )
    mean_chart = BarChart(
        "Defending cards destroyed (mean)",
        cats,
        (_series("cards", DESTROYED, [r.destroyed for r in rows], 1),),
        label="{:.1f}",
        height=150,
    )
    return Charts(
        (
            Chart(f"odds-{key}-shares", "Strength", share_chart),
            Chart(f"odds-{key}-destroyed", "Strength", mean_chart),
        )
    )


def stoppers_table(catalogue, rows: list[OddsRow]) -> Table:
    """Each design's share of the attacks it stops, averaged over the strengths: the cards
    whose values a designer changes to move the table."""
    n = len(rows)
    shares = {c.id: sum(r.stopped_by.get(c.id, 0.0) for r in rows) / n for c in catalogue}
    cards = sorted((c for c in catalogue if c.pile == "deck"), key=lambda c: (-shares[c.id], c.id))
    return Table(
        (
            Column("Card", "name", 130),
            Column("Gate", "value", 40),
            Column("Castle", "value", 40),
            Column("Copies", "value", 40),
            Column("Attacks it stops", "share", 90),
            Column("per copy", "share", 70),
        ),
        tuple(
            Row(
                (
                    (Segment(c.name, style="strong"),),
                    (Segment(str(c.gate)),),
                    (Segment(str(c.castle)),),
                    (Segment(str(c.copies)),),
                    (Segment(f"{shares[c.id]:.1%}"),),
                    (Segment(f"{shares[c.id] / c.copies:.2%}"),),
                )
            )
            for c in cards
        ),
        cls="odds",
    )


INTRO = (
    "What one attack does against structures dealt at random from this kit's deck: the "
    "chance to break the Gate (destroy its last card), to take the last Castle card (win), and "
    "the mean number of defending cards destroyed, for each attack strength. The attacking card "
    "is a plain card of that strength, played by the rules of this book. Odds are exact "
    "(every sequence of revealed cards, with its probability) where that can be worked out; "
    "elsewhere they come from many dealt games, with 95% intervals in brackets and as "
    "whiskers."
)


def odds_section(catalogue) -> Section:
    """The attack-odds section: per situation a table and two charts, then the stoppers."""
    rules: RampageRules = catalogue.rules
    cards = list(catalogue)
    subsections = []
    first: list[OddsRow] | None = None
    for i, sit in enumerate(rules.odds.situations):
        rows = odds_table(rules, cards, sit.gate, sit.castle)
        first = rows if first is None else first
        subsections.append(
            Section(
                f"odds-{i + 1}",
                sit.name,
                (odds_rows_table(rows, sit.gate), odds_charts(rows, sit.gate, str(i + 1))),
                count=f"Gate {sit.gate}, Castle {sit.castle}",
            )
        )
    sit = rules.odds.situations[0]
    assert first is not None  # the rules model gives at least one situation
    subsections.append(
        Section(
            "odds-stoppers",
            "Which cards stop attacks",
            (
                Paragraph(
                    inline(
                        f"In the first situation ({sit.name}), the share of all attacks (averaged "
                        "over the strengths above) that end on each design's defence, higher or "
                        "equal."
                    )
                ),
                stoppers_table(catalogue, first),
            ),
        )
    )
    return Section(
        "attack-odds",
        "Attack odds",
        (Paragraph(inline(INTRO)),),
        tuple(subsections),
        break_before="page",
    )


def clarifications_section(rules: RampageRules) -> Section:
    """Every reading of the seed with the current value of its setting."""
    intro = (
        "Where the original rules are ambiguous or contradict themselves, the game is played "
        "by these readings. Each quotes the passage it clarifies."
    )
    entries = tuple(_entry(c, rules) for c in clarifications())
    return Section(
        "clarifications",
        "Clarifications",
        (Paragraph(inline(intro)), Clarifications(entries)),
        break_before="page",
    )


def appendix_sections(pack, catalogue) -> list:
    """The generic sections, then the attack odds and the clarifications."""
    return [
        *default_sections(pack, catalogue),
        odds_section(catalogue),
        clarifications_section(catalogue.rules),
    ]
