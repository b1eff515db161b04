"""The flowables of each appendix section for the PDF writer."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from cardgen.docs.model import (
    Appendix,
    CardEntry,
    CardRef,
    Chart,
    ClarificationEntry,
    GlossaryEntry,
    SeasonStats,
)
from cardgen.docs.pdf_flow import IconText, Run, chart_drawing, runs_of
from cardgen.docs.pdf_theme import PdfTheme
from cardgen.docs.text import code_spans

INK = "#1D1D1D"
MUTED = "#555555"
RULE = "#BBBBBB"
HEAD_BG = "#F0ECE4"
LINK = "#1F4E8C"
CODE = "#7A3E00"
CARD_COLS = (96, 40, 40, 52, 46, 189, 36)
CHART_W, CHART_H = 230.0, 92.0


@dataclass(frozen=True)
class Styles:
    """Paragraph styles of the appendix, all in the cards' fonts."""

    theme: PdfTheme
    title: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    quote: ParagraphStyle
    cell: ParagraphStyle
    lede: ParagraphStyle

    @classmethod
    def create(cls, t: PdfTheme) -> Styles:
        body = ParagraphStyle(
            "body", fontName=t.regular, fontSize=9, leading=12, textColor=INK, spaceAfter=4
        )

        def head(name: str, size: float, before: float) -> ParagraphStyle:
            return ParagraphStyle(
                name,
                parent=body,
                fontName=t.title,
                fontSize=size,
                leading=size * 1.25,
                spaceBefore=before,
                spaceAfter=size * 0.45,
                keepWithNext=1,
            )

        return cls(
            theme=t,
            title=head("title", 24, 0),
            h1=head("h1", 17, 6),
            h2=head("h2", 13, 10),
            h3=head("h3", 10.5, 8),
            body=body,
            small=ParagraphStyle("small", parent=body, fontSize=8, leading=10, spaceAfter=0),
            quote=ParagraphStyle(
                "quote", parent=body, fontName=t.italic, leftIndent=12, textColor="#333333"
            ),
            cell=ParagraphStyle("cell", parent=body, fontSize=8, leading=10, spaceAfter=0),
            lede=ParagraphStyle("lede", parent=body, keepWithNext=1),
        )

    def heading(self, text: str, level: int, key: str) -> Paragraph:
        """A heading that is an outline entry (and a TOC line for levels 0-1)."""
        style = (self.h1, self.h2, self.h3)[level]
        p = Paragraph(f'<a name="{key}"/>{escape(text)}', style)
        p.outline = (level, text, key)  # type: ignore[attr-defined]
        return p


def _link(ref: CardRef) -> str:
    return f'<a href="#{ref.anchor}" color="{LINK}">{escape(ref.name)}</a>'


def _links(refs: tuple[CardRef, ...]) -> str:
    return ", ".join(_link(r) for r in refs) or "<i>none</i>"


def _code(text: str) -> str:
    return "".join(
        f'<font color="{CODE}">{escape(run)}</font>' if code else escape(run)
        for run, code in code_spans(text)
    )


def _grid(font: str, extra: list[tuple] | None = None) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), font, 8),
            ("GRID", (0, 0), (-1, -1), 0.4, RULE),
            ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            *(extra or []),
        ]
    )


# --- card reference ---------------------------------------------------------------------


def _card_row(c: CardEntry, s: Styles) -> list[Flowable | Paragraph]:
    t = s.theme
    size = 8.0

    def text(runs: list[Run], anchor: str | None = None) -> IconText:
        return IconText(runs, size, t.draw_icon, leading=10.5, anchor=anchor)

    name = [Run(c.ref.name, t.bold)] + ([Run(" ", t.bold), Run(icon="star")] if c.star else [])
    cost = [Run(str(c.cost), t.bold)] + [
        r for d in c.discount for r in (Run(" ", t.regular), Run(icon=d))
    ]
    power = [
        Run(icon="defence"),
        Run(f" {c.defence}  ", t.regular),
        Run(icon="attack"),
        Run(f" {c.attack}", t.regular),
    ]
    rules = runs_of(c.text, t.regular)
    if c.flavour:
        rules += [Run(newline=True)] if rules else []
        rules += [Run(c.flavour, t.italic, MUTED)]
    return [
        text(name, anchor=c.ref.anchor),
        text(cost),
        Paragraph(c.type.capitalize(), s.cell),
        text([r for p in c.placement for r in (Run(icon=p), Run(" ", t.regular))]),
        text(power),
        text(rules),
        Paragraph(f"×{c.copies}", s.cell),
    ]


def card_reference(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield s.heading("Card reference", 0, "cards")
    yield Paragraph(
        "Cost is in coins; each discount resource you produce lowers it by 1. Power is defence "
        "and attack (“-” is no power, not 0). The star marks a first-game star card, left out "
        "of the first game.",
        s.body,
    )
    header = [
        Paragraph(f"<b>{h}</b>", s.cell)
        for h in ("Card", "Cost", "Type", "Placement", "Power", "Rules text", "Copies")
    ]
    for deck in a.decks:
        yield CondPageBreak(120)
        yield s.heading(f"{deck.name} · {deck.count} cards", 1, f"deck-{deck.id}")
        yield Paragraph(f"<i>“{escape(deck.theme)}”</i>", s.lede)
        for season in deck.seasons:
            key = f"cards-{deck.id}-{season.season}"
            yield s.heading(f"{season.season_label} · {season.count} cards", 2, key)
            rows = [header, *(_card_row(c, s) for c in season.cards)]
            band = [("LINEBEFORE", (0, 0), (0, -1), 3, season.colour)]
            yield Table(rows, colWidths=CARD_COLS, repeatRows=1, style=_grid(s.theme.regular, band))


# --- indexes, glossary, clarifications, components ----------------------------------------


def indexes(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield PageBreak()
    yield s.heading("Card indexes", 0, "indexes")
    for index in a.indexes:
        yield s.heading(index.title, 1, index.id)
        for g in index.groups:
            label = f"<b>{escape(g.label)}</b> ({len(g.cards)}): "
            yield Paragraph(label + _links(g.cards), s.body)


def _glossary_entry(e: GlossaryEntry, s: Styles) -> Flowable:
    t = s.theme
    term = ([Run(icon=e.icon), Run(" ", t.bold)] if e.icon else []) + [Run(e.term, t.bold)]
    meaning = _code(e.meaning) + (f" <i>{escape(e.detail)}.</i>" if e.detail else "")
    return KeepTogether(
        [
            IconText(term, 9.5, t.draw_icon, anchor=e.id),
            Paragraph(meaning, ParagraphStyle("m", parent=s.body, leftIndent=12, spaceAfter=1)),
            Paragraph(
                f"<font color='{MUTED}'>Cards:</font> {_links(e.cards)}",
                ParagraphStyle("u", parent=s.small, leftIndent=12, spaceAfter=6),
            ),
        ]
    )


def glossary(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield PageBreak()
    yield s.heading("Glossary", 0, "glossary")
    for section in a.glossary:
        yield s.heading(section.title, 1, section.id)
        yield Paragraph(escape(section.intro), s.body)
        for e in section.entries:
            yield _glossary_entry(e, s)


def _clarification(c: ClarificationEntry, s: Styles) -> Iterator[Flowable]:
    yield s.heading(f"{c.id}. {c.title}", 1, c.id.lower())
    yield Paragraph(f"“{escape(c.passage)}” — {escape(c.section)}", s.quote)
    yield Paragraph(f"<b>Reading:</b> {_code(c.reading)}", s.body)
    if c.alternative:
        yield Paragraph(f"<b>Alternative:</b> {_code(c.alternative)}", s.body)
    if c.setting:
        now = f" (now <font color='{CODE}'>{escape(c.value)}</font>)" if c.value else ""
        setting = f"<font color='{CODE}'>{escape(c.setting)}</font>{now}"
    else:
        setting = "none; this reading is fixed by the rules engine."
    yield Paragraph(f"<b>Setting:</b> {setting}", s.body)


def clarifications(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield PageBreak()
    yield s.heading("Clarifications", 0, "clarifications")
    yield Paragraph(
        "Where the rulebook is ambiguous, the rules engine follows these readings. Each quotes "
        "the passage it clarifies; a setting in rules.yaml switches to the alternative reading.",
        s.body,
    )
    for c in a.clarifications:
        yield from _clarification(c, s)


def components(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield CondPageBreak(260)
    yield s.heading("Components", 0, "components")
    rows: list[list[str | Paragraph]] = [["Component", "Count", "Built"]]
    for c in a.components:
        built = "–" if c.checked is None else f"{c.checked} {'✓' if c.ok else '✗'}"
        rows.append([c.label, str(c.count), built])
    style = _grid(
        s.theme.regular,
        [
            ("FONT", (0, 0), (-1, -1), s.theme.regular, 9),
            ("FONT", (0, 0), (-1, 0), s.theme.bold, 9),
            ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ],
    )
    yield Table(rows, colWidths=(160, 50, 50), hAlign="LEFT", style=style)


# --- statistics ---------------------------------------------------------------------------


def _numbers(ch: Chart, s: Styles, width: float) -> Table:
    """The chart's numbers as a compact table under it: one row per series."""
    rows = [[ch.axis, *ch.categories]]
    rows += [[x.name.capitalize(), *(str(v) for v in x.values)] for x in ch.series]
    first = 42.0
    cols = [first] + [(width - first) / max(len(ch.categories), 1)] * len(ch.categories)
    style = _grid(
        s.theme.regular,
        [
            ("FONT", (0, 0), (-1, -1), s.theme.regular, 7),
            ("FONT", (0, 0), (-1, 0), s.theme.bold, 7),
            ("FONT", (0, 0), (0, -1), s.theme.bold, 7),
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("TOPPADDING", (0, 0), (-1, -1), 0.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEADING", (0, 0), (-1, -1), 8),
        ],
    )
    return Table(rows, colWidths=cols, hAlign="LEFT", style=style)


def _chart_cell(ch: Chart, s: Styles) -> list[Flowable]:
    return [
        Paragraph(f"<b>{escape(ch.title)}</b>", s.cell),
        chart_drawing(ch, CHART_W, CHART_H, s.theme.regular),
        _numbers(ch, s, CHART_W),
    ]


def _season_stats(st: SeasonStats, s: Styles) -> list[Flowable]:
    cells = [_chart_cell(ch, s) for ch in st.charts]
    grid = [cells[i : i + 2] + [[]] * (2 - len(cells[i : i + 2])) for i in range(0, len(cells), 2)]
    style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), s.theme.regular, 8),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
        ]
    )
    return [
        s.heading(st.title, 1, f"stats-{st.deck}-{st.season}"),
        Paragraph(f"{st.cards} cards, {st.designs} designs, mean cost {st.mean_cost}.", s.body),
        Table(grid, colWidths=(CHART_W + 19, CHART_W + 19), hAlign="LEFT", style=style),
    ]


def statistics(a: Appendix, s: Styles) -> Iterator[Flowable]:
    yield PageBreak()
    yield s.heading("Deck statistics", 0, "statistics")
    yield Paragraph(
        "Every number counts physical cards (copies included). A card that may stand in several "
        "zones counts in each of them.",
        s.body,
    )
    for st in a.stats:
        yield KeepTogether(_season_stats(st, s))
        yield Spacer(1, 6)


def story(a: Appendix, s: Styles, first_break: bool = True) -> list[Flowable]:
    """Every section's flowables, in the appendix's order (from a new page: ``first_break``)."""
    out: list[Flowable] = [PageBreak()] if first_break else []
    for section in (card_reference, indexes, glossary, clarifications, components, statistics):
        out.extend(section(a, s))
    return out
