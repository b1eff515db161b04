"""Attack Right's card reference and card indexes, as generic document sections.

The card reference lists the cards deck by deck and season by season, one table per season;
its cells word power and placement for each format (markdown draws no icons).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import Catalogue
from cardgen.docs.content import (
    CardRef,
    Column,
    Index,
    IndexGroup,
    Paragraph,
    Row,
    Section,
    Segment,
    Table,
)
from cardgen.docs.gather import card_ref
from cardgen.docs.inline import humanise, inline, segments
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.model import CardType, Placement, RulesModel

MD, HTML, PDF, DRAWN = ("md",), ("html",), ("pdf",), ("html", "pdf")

COLUMNS = (
    Column("Card", "name", 96, icons=True),
    Column("Cost", "cost", 40, icons=True),
    Column("Type", None, 40),
    Column("Placement", "place", 52, icons=True),
    Column("Power", "power", 46, icons=True),
    Column("Rules text", "text", 189, icons=True),
    Column("Copies", "copies", 36),
)

INTRO = (
    Paragraph(
        inline(
            "Cost is in coins; each discount resource you produce lowers it by 1. Power is "
            "defence/attack\n(`-` is no power, not 0). ★ marks a first-game star card (left out "
            "of the first game)."
        ),
        only=MD,
    ),
    Paragraph(
        inline(
            "Cost is in coins; each discount resource you produce lowers it by 1. Power is "
            "{defence} defence / {attack} attack (“-” is no power, not 0). {star} marks a "
            "first-game star card, left out of the first game."
        ),
        only=HTML,
    ),
    Paragraph(
        inline(
            "Cost is in coins; each discount resource you produce lowers it by 1. Power is "
            "defence and attack (“-” is no power, not 0). The star marks a first-game star "
            "card, left out of the first game."
        ),
        only=PDF,
    ),
)


def season_label(rules: RulesModel, season_id: str) -> str:
    rounds = rules.season(season_id).rounds
    span = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {rounds[0]}–{rounds[-1]}"
    return f"{humanise(season_id)} ({span})"


def _icon(name: str, labels: dict[str, str], only: tuple[str, ...] = ()) -> Segment:
    return Segment(labels.get(name, name), icon=name, only=only)


def card_row(card: Card, labels: dict[str, str]) -> Row:
    """One card: name (and star), cost and discounts, type, placement, power, text, copies."""
    name = [Segment(card.name, style="strong")]
    if card.star:
        name += [
            Segment(" ★", only=MD),
            Segment(" ", only=HTML),
            Segment(" ", style="strong", only=PDF),
            _icon("star", labels, DRAWN),
        ]
    cost = [
        Segment(str(card.cost), cls="num", only=("md", "html")),
        Segment(str(card.cost), style="strong", only=PDF),
    ]
    for r in card.discount:
        cost += [Segment(" "), _icon(r, labels)]
    places = [Segment(", ".join(p.value for p in card.placement), only=MD)]
    for p in card.placement:
        places += [_icon(p.value, labels, DRAWN), Segment(" ", only=PDF)]
    d, a = card.defence, card.attack
    power = [
        Segment(f"{d}/{a}", only=MD),
        _icon("defence", labels, DRAWN),
        Segment(f"\u00a0{d} ", only=HTML),
        Segment(f" {d}  ", only=PDF),
        _icon("attack", labels, DRAWN),
        Segment(f"\u00a0{a}", only=HTML),
        Segment(f" {a}", only=PDF),
    ]
    rules_text = segments(card.rules_text, labels)
    text = list(rules_text)
    if card.flavour:  # after a space in markdown, on its own line where drawn
        text.append(Segment(" ", only=MD))
        if rules_text:
            text.append(Segment(newline=True, only=DRAWN))
        text.append(Segment(card.flavour, style="em", cls="flavour"))
    cells = (
        name,
        cost,
        [Segment(card.type.value.capitalize())],
        places,
        power,
        text,
        [Segment(f"×{card.copies}")],
    )
    return Row(tuple(tuple(c) for c in cells), card_ref(card).anchor)


def card_reference(cat: Catalogue, labels: dict[str, str]) -> Section:
    """The cards of each deck, season by season: one table per season."""
    rules: RulesModel = cat.rules
    decks = []
    for deck in rules.decks:
        seasons = tuple(
            Section(
                f"cards-{deck.id}-{s.id}",
                season_label(rules, s.id),
                (
                    Table(
                        COLUMNS,
                        tuple(card_row(c, labels) for c in cat.select(deck=deck.id, season=s.id)),
                        cls="cards",
                        colour=s.colour,
                    ),
                ),
                count=f"{cat.count(deck=deck.id, season=s.id)} cards",
                style=(("season", s.colour),),
            )
            for s in rules.seasons
        )
        decks.append(
            Section(
                f"deck-{deck.id}",
                deck.name,
                sections=seasons,
                tagline=deck.theme,
                count=f"{cat.count(deck=deck.id)} cards",
                cls="deck",
                style=(("deck", deck.colour),),
                break_before=120,
            )
        )
    return Section("cards", "Card reference", INTRO, tuple(decks))


def _group(key: str, label: str, cards: Iterable[Card]) -> IndexGroup:
    refs: tuple[CardRef, ...] = tuple(card_ref(c) for c in cards)
    return IndexGroup(key, label, refs)


def indexes(cat: Catalogue) -> Section:
    """The card indexes: by cost, by type and by placement."""
    cards = list(cat)
    costs = sorted({c.cost for c in cards})
    by_cost = tuple(_group(str(n), f"Cost {n}", [c for c in cards if c.cost == n]) for n in costs)
    by_type = tuple(
        _group(t.value, humanise(t.value) + "s", [c for c in cards if c.type is t])
        for t in CardType
    )
    by_place = tuple(
        _group(p.value, humanise(p.value), [c for c in cards if p in c.placement])
        for p in Placement
    )
    subsections = tuple(
        Section(key, title, (Index(groups),), cls="index")
        for key, title, groups in (
            ("index-cost", "By cost", by_cost),
            ("index-type", "By type", by_type),
            ("index-placement", "By placement", by_place),
        )
    )
    return Section("indexes", "Card indexes", sections=subsections, break_before="page")
