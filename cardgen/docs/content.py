"""The generic document model: an appendix is a title, some totals and a tree of sections.

A :class:`Section` has a heading and holds blocks (paragraphs, tables whose cells may hold
icons, card indexes, glossaries, clarifications, component counts, charts) and subsections.
A pack builds them from its catalogue (:meth:`cardgen.pack.Pack.appendix_sections`); the
writers (markdown, HTML, PDF) only lay the model out, so the three formats say the same thing.

Where a format needs other words (markdown draws no icons, a PDF paragraph no code spans), a
block or an inline segment may be limited to some formats with ``only`` (like Sphinx's
``only`` directive); :func:`for_format` drops what a format does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from cardgen.charts import BarChart, Series

FORMATS: tuple[str, ...] = ("md", "html", "pdf")


def _shown(only: tuple[str, ...], fmt: str) -> bool:
    return not only or fmt in only


# --- inline ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Segment:
    """A run of inline text: plain ``text``, an ``icon`` (token name; ``text`` is its label),
    or a line break (``newline``).

    ``style`` is ``"strong"``, ``"em"`` or ``"code"``; ``cls`` is the HTML class of the run
    (``<span class>`` unless it is styled).  ``only`` limits the run to some formats.
    """

    text: str = ""
    icon: str | None = None
    style: str | None = None
    cls: str | None = None
    newline: bool = False
    only: tuple[str, ...] = ()


Inline = tuple[Segment, ...]


def _inline_for(segs: Inline, fmt: str) -> Inline:
    return tuple(s for s in segs if _shown(s.only, fmt))


# --- blocks ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Paragraph:
    """A paragraph of inline text (icons drawn inline)."""

    kind: ClassVar[str] = "paragraph"
    text: Inline
    only: tuple[str, ...] = ()

    def for_format(self, fmt: str) -> Paragraph:
        return replace(self, text=_inline_for(self.text, fmt))


@dataclass(frozen=True)
class Column:
    """A table column: its heading, HTML class, PDF width (points) and whether its cells hold
    icons (drawn inline in the PDF, else the cell is a plain paragraph)."""

    title: str
    cls: str | None = None
    width: float | None = None
    icons: bool = False


@dataclass(frozen=True)
class Row:
    """A table row; ``id`` makes it a link target (a card's row: ``card-ID``)."""

    cells: tuple[Inline, ...]
    id: str | None = None


@dataclass(frozen=True)
class Table:
    """A table whose cells are inline text with icons; ``colour`` is a band down its left edge
    (PDF) and ``cls`` its HTML class."""

    kind: ClassVar[str] = "table"
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    cls: str | None = None
    colour: str | None = None
    only: tuple[str, ...] = ()

    def for_format(self, fmt: str) -> Table:
        rows = tuple(
            replace(r, cells=tuple(_inline_for(c, fmt) for c in r.cells)) for r in self.rows
        )
        return replace(self, rows=rows)


@dataclass(frozen=True)
class CardRef:
    """A short reference to a card (for indexes and glossary usage lists)."""

    id: str
    name: str

    @property
    def anchor(self) -> str:
        return f"card-{self.id}"


@dataclass(frozen=True)
class IndexGroup:
    """One heading of an index (a cost, a type …) and the cards under it."""

    key: str
    label: str
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class Index:
    """An index of cards: each group's label with links to its cards."""

    kind: ClassVar[str] = "index"
    groups: tuple[IndexGroup, ...]
    only: tuple[str, ...] = ()


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary term, its meaning (```code``` spans kept) and the cards that use it."""

    id: str
    term: str
    meaning: str
    detail: str = ""
    icon: str | None = None
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class Glossary:
    """Glossary entries."""

    kind: ClassVar[str] = "glossary"
    entries: tuple[GlossaryEntry, ...]
    only: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClarificationEntry:
    """An interpretation of an ambiguous rulebook passage and the setting that changes it;
    ``designer`` is a note for the designer (the rules reference prints it and the setting,
    the players' appendix neither)."""

    id: str
    title: str
    section: str
    passage: str
    reading: str
    alternative: str | None
    setting: str | None
    value: str | None
    designer: str | None = None


@dataclass(frozen=True)
class Clarifications:
    """Clarifications, each under its own heading one level below the section's."""

    kind: ClassVar[str] = "clarifications"
    entries: tuple[ClarificationEntry, ...]
    only: tuple[str, ...] = ()


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
class Components:
    """The box contents with their counts."""

    kind: ClassVar[str] = "components"
    entries: tuple[ComponentEntry, ...]
    only: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chart:
    """A chart with its numbers: the chart (:mod:`cardgen.charts`, drawn by every format that
    draws), its values as a table whose first column is named ``axis``, ``id`` its anchor."""

    id: str
    axis: str
    chart: BarChart

    @property
    def title(self) -> str:
        return self.chart.title

    @property
    def categories(self) -> tuple[str, ...]:
        return self.chart.categories

    @property
    def series(self) -> tuple[Series, ...]:
        return self.chart.series

    @property
    def rows(self) -> list[tuple[str, tuple[float, ...]]]:
        """The numbers: each category with its value in every series."""
        return [
            (cat, tuple(s.values[i] for s in self.series)) for i, cat in enumerate(self.categories)
        ]


@dataclass(frozen=True)
class Charts:
    """Bar charts side by side, each with its numbers."""

    kind: ClassVar[str] = "charts"
    charts: tuple[Chart, ...]
    only: tuple[str, ...] = ()


Block = Paragraph | Table | Index | Glossary | Clarifications | Components | Charts


# --- sections ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Section:
    """A heading, its blocks, then its subsections.

    ``tagline`` (quoted) and ``count`` (``8 cards``) are printed with the heading; ``cls`` and
    ``style`` (CSS custom properties, ``(("band", "#B23A2E"),)``) are the HTML section's;
    ``break_before`` is ``"page"`` or the room (points) a PDF page must have left, else the
    section starts a new page; ``keep`` keeps the section on one PDF page.
    """

    id: str
    title: str
    blocks: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()
    tagline: str | None = None
    count: str | None = None
    cls: str | None = None
    style: tuple[tuple[str, str], ...] = ()
    break_before: str | float | None = None
    keep: bool = False

    def walk(self) -> Iterator[Section]:
        """This section and every subsection, in document order."""
        yield self
        for sub in self.sections:
            yield from sub.walk()

    def blocks_of(self, kind: type) -> list:
        """Every block of type ``kind`` in this section and its subsections, in order."""
        return [b for s in self.walk() for b in s.blocks if isinstance(b, kind)]


@dataclass(frozen=True)
class Appendix:
    """The whole appendix, in print order, and what its writers need to draw it."""

    game: str
    card_total: int
    design_total: int
    sections: tuple[Section, ...]
    #: the rules model's rulebook version, if it has one (printed in the lede)
    rulebook_version: str | None = None
    #: icon name -> label (the sprite of the HTML page, alt texts, badges)
    icon_labels: dict[str, str] = field(default_factory=dict)
    #: icon name -> colour of the lettered badge drawn for an icon the pack does not draw
    icon_colours: dict[str, str] = field(default_factory=dict)
    #: the pack's icon set for a bold font name (``Pack.icons(rules, font, cards_dir)``)
    icons: Callable[[str], Any] | None = field(default=None, compare=False, repr=False)
    #: the PDF fonts by role (``regular``, ``bold``, ``italic``, ``title``): TTF file names
    fonts: dict[str, str] = field(default_factory=dict)
    #: where a font file is looked for before cardgen's fonts: the game's folder, its pack's
    font_folders: tuple[Path, ...] = ()
    #: the pack's template folders, searched before the core's (its own ``appendix.css`` …)
    templates: tuple[Path, ...] = ()
    #: what the appendix holds, lower case (the PDF's subject, the build manifest)
    contents: tuple[str, ...] = ()
    #: the subject of the rulebook PDF (default: "The rulebook with" the contents)
    rulebook_subject: str | None = None
    #: id of the section that explains the icons (linked from the markdown lede)
    icons_section: str | None = None
    #: the rulebook's figures by name (:meth:`cardgen.pack.Pack.rulebook_figures`, and the
    #: real cards of :mod:`cardgen.docs.card_figures`): ``cardgen.docs.figures.Figure``
    #: objects, drawn only when a rulebook is written
    figures: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def walk(self) -> Iterator[Section]:
        for s in self.sections:
            yield from s.walk()

    def section(self, section_id: str) -> Section:
        """The (sub)section with id ``section_id``."""
        found = next((s for s in self.walk() if s.id == section_id), None)
        if found is None:
            raise KeyError(section_id)
        return found

    def blocks_of(self, kind: type) -> list:
        return [b for s in self.sections for b in s.blocks_of(kind)]

    @property
    def charts(self) -> list[Chart]:
        return [ch for b in self.blocks_of(Charts) for ch in b.charts]

    @property
    def subject(self) -> str:
        """The contents as a sentence: ``Card reference, glossary and components``."""
        text = sentence(self.contents)
        return text[:1].upper() + text[1:]

    @property
    def rulebook_description(self) -> str:
        return self.rulebook_subject or f"The rulebook with {sentence(self.contents)}"


def sentence(items: tuple[str, ...] | list[str]) -> str:
    """``a, b and c``."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _section_for(s: Section, fmt: str) -> Section:
    blocks = tuple(
        b.for_format(fmt) if hasattr(b, "for_format") else b
        for b in s.blocks
        if _shown(b.only, fmt)
    )
    return replace(s, blocks=blocks, sections=tuple(_section_for(x, fmt) for x in s.sections))


def for_format(appendix: Appendix, fmt: str) -> Appendix:
    """The appendix as format ``fmt`` shows it (blocks and segments of other formats dropped)."""
    return replace(appendix, sections=tuple(_section_for(s, fmt) for s in appendix.sections))


__all__ = [
    "FORMATS",
    "Appendix",
    "Block",
    "CardRef",
    "Chart",
    "Charts",
    "ClarificationEntry",
    "Clarifications",
    "Column",
    "ComponentEntry",
    "Components",
    "Glossary",
    "GlossaryEntry",
    "Index",
    "IndexGroup",
    "Inline",
    "Paragraph",
    "Row",
    "Section",
    "Segment",
    "Table",
    "for_format",
    "sentence",
]
