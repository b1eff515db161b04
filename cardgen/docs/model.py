"""The typed appendix model: everything the appendix writers print, gathered once.

Writers (markdown, HTML, PDF) only lay out this model; they never look at the catalogue or
the rules model themselves, so the three formats always say the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Segment:
    """A run of rules text: plain ``text``, or an inline ``icon`` (token name) with its label."""

    text: str
    icon: str | None = None


@dataclass(frozen=True)
class CardRef:
    """A short reference to a card (for indexes and glossary usage lists)."""

    id: str
    name: str
    deck: str
    season: str

    @property
    def anchor(self) -> str:
        return f"card-{self.id}"


@dataclass(frozen=True)
class CardEntry:
    """One card design as the card reference prints it."""

    ref: CardRef
    type: str
    cost: int
    discount: tuple[str, ...]
    placement: tuple[str, ...]
    defence: str
    attack: str
    text: tuple[Segment, ...]
    plain_text: str
    flavour: str | None
    copies: int
    star: bool


@dataclass(frozen=True)
class SeasonCards:
    """The cards of one deck and season."""

    season: str
    season_label: str
    colour: str
    count: int
    cards: tuple[CardEntry, ...]


@dataclass(frozen=True)
class DeckCards:
    """The cards of one deck, by season."""

    id: str
    name: str
    theme: str
    colour: str
    count: int
    seasons: tuple[SeasonCards, ...]


@dataclass(frozen=True)
class IndexGroup:
    """One heading of an index (a cost, a type or a placement) and the cards under it."""

    key: str
    label: str
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class CardIndex:
    """An index of the card reference (by cost, type or placement)."""

    id: str
    title: str
    groups: tuple[IndexGroup, ...]


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary term: an effect kind, a trigger or an icon, its meaning and its cards."""

    id: str
    term: str
    meaning: str
    detail: str = ""
    icon: str | None = None
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class GlossarySection:
    """A group of glossary entries (effects, triggers, icons)."""

    id: str
    title: str
    intro: str
    entries: tuple[GlossaryEntry, ...]


@dataclass(frozen=True)
class ClarificationEntry:
    """An interpretation of an ambiguous rulebook passage and the setting that changes it."""

    id: str
    title: str
    section: str
    passage: str
    reading: str
    alternative: str | None
    setting: str | None
    value: str | None


@dataclass(frozen=True)
class ComponentEntry:
    """One component of the box with its count; ``checked`` is the build's own count, if any."""

    key: str
    label: str
    count: int
    checked: int | None = None

    @property
    def ok(self) -> bool:
        return self.checked is None or self.checked == self.count


@dataclass(frozen=True)
class Series:
    """One data series of a chart (the bars of one colour)."""

    name: str
    colour: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Chart:
    """A bar chart: categories along x, one bar per series in each category."""

    id: str
    title: str
    axis: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]

    @property
    def max_value(self) -> int:
        return max((v for s in self.series for v in s.values), default=0)

    @property
    def rows(self) -> list[tuple[str, tuple[int, ...]]]:
        """The numbers: each category with its value in every series."""
        return [
            (cat, tuple(s.values[i] for s in self.series)) for i, cat in enumerate(self.categories)
        ]


@dataclass(frozen=True)
class SeasonStats:
    """Statistics of one deck and season."""

    deck: str
    season: str
    title: str
    cards: int
    designs: int
    mean_cost: str
    charts: tuple[Chart, ...]


@dataclass(frozen=True)
class Appendix:
    """The whole appendix, in print order."""

    game: str
    rulebook_version: str
    card_total: int
    design_total: int
    decks: tuple[DeckCards, ...]
    indexes: tuple[CardIndex, ...]
    glossary: tuple[GlossarySection, ...]
    clarifications: tuple[ClarificationEntry, ...]
    components: tuple[ComponentEntry, ...]
    stats: tuple[SeasonStats, ...]
    icon_labels: dict[str, str] = field(default_factory=dict)
    #: resource id -> colour (resource icons are drawn in their rules-model colour)
    icon_colours: dict[str, str] = field(default_factory=dict)
    #: ids of sections, in order, with their titles (the table of contents).
    sections: tuple[tuple[str, str], ...] = ()
