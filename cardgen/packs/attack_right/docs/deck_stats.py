"""Deck statistics per deck and season: cost curve, power distribution, placement mix.

Every number counts physical cards (copies included), and every chart of a kind shares the
same categories across decks so they can be compared side by side.
"""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.charts import BarChart, Series
from cardgen.docs.content import Chart, Charts, Paragraph, Section, Segment
from cardgen.docs.inline import humanise
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.model import Placement
from cardgen.packs.attack_right.types import DASH

DEFENCE_COLOUR = "#0072B2"
ATTACK_COLOUR = "#D55E00"
NO_POWER = "–"


def _power_key(p: int | str) -> str:
    return NO_POWER if p == DASH else str(p)


def _counts(chart_id: str, title: str, axis: str, cats: tuple[str, ...], *series: Series) -> Chart:
    """Card counts as upright bars, each count written above its bar (none over an empty one);
    the tallest bar fills the chart, the numbers table under it gives every count."""
    bars = BarChart(title, cats, series, skip_zero=True, value_axis=False)
    return Chart(chart_id, axis, bars)


def cost_curve(cards: list[Card], costs: list[int], colour: str, chart_id: str) -> Chart:
    values = tuple(sum(c.copies for c in cards if c.cost == n) for n in costs)
    cats = tuple(str(n) for n in costs)
    return _counts(chart_id, "Cost curve", "Cost", cats, Series("cards", values, colour))


def power_distribution(cards: list[Card], keys: list[str], chart_id: str) -> Chart:
    def series(stat: str, colour: str) -> Series:
        vals = tuple(
            sum(c.copies for c in cards if _power_key(getattr(c, stat)) == k) for k in keys
        )
        return Series(stat, vals, colour)

    defence, attack = series("defence", DEFENCE_COLOUR), series("attack", ATTACK_COLOUR)
    return _counts(chart_id, "Power distribution", "Power", tuple(keys), defence, attack)


def placement_mix(cards: list[Card], colour: str, chart_id: str) -> Chart:
    values = tuple(sum(c.copies for c in cards if p in c.placement) for p in Placement)
    cats = tuple(humanise(p.value) for p in Placement)
    return _counts(chart_id, "Placement mix", "Zone", cats, Series("cards", values, colour))


INTRO = (
    "Every number counts physical cards (copies included). A card that may stand in several "
    "zones counts in each of them."
)


def season_stats(cat: Catalogue) -> tuple[Section, ...]:
    """Statistics of every deck and season, in rules-model order: each one page-sized section
    with its totals and three charts."""
    all_cards = list(cat)
    costs = list(range(0, max((c.cost for c in all_cards), default=0) + 1))
    top = max(
        (v for c in all_cards for v in (c.defence_value, c.attack_value) if v is not None),
        default=0,
    )
    keys = [NO_POWER, *(str(n) for n in range(top + 1))]
    out = []
    for deck in cat.rules.decks:
        for season in cat.rules.seasons:
            cards = cat.select(deck=deck.id, season=season.id)
            n = sum(c.copies for c in cards)
            mean = sum(c.cost * c.copies for c in cards) / n if n else 0.0
            base = f"stats-{deck.id}-{season.id}"
            charts = (
                cost_curve(cards, costs, deck.colour, f"{base}-cost"),
                power_distribution(cards, keys, f"{base}-power"),
                placement_mix(cards, deck.colour, f"{base}-placement"),
            )
            summary = f"{n} cards, {len(cards)} designs, mean cost {mean:.1f}."
            out.append(
                Section(
                    base,
                    f"{deck.name}, {season.id}",
                    (Paragraph((Segment(summary),)), Charts(charts)),
                    cls="stats",
                    keep=True,
                )
            )
    return tuple(out)


def statistics(cat: Catalogue) -> Section:
    """The deck statistics section (its intro worded per format: markdown is wrapped)."""
    intro = (
        Paragraph((Segment(INTRO.replace(" zones ", " zones\n")),), only=("md",)),
        Paragraph((Segment(INTRO),), only=("html", "pdf")),
    )
    return Section("statistics", "Deck statistics", intro, season_stats(cat), break_before="page")
