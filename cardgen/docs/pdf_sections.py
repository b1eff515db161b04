"""The flowables of the appendix's sections and blocks for the PDF writer."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Spacer,
    TableStyle,
)

from cardgen.charts import drawing
from cardgen.docs.content import (
    Appendix,
    CardRef,
    Chart,
    Charts,
    ClarificationEntry,
    Clarifications,
    Components,
    Glossary,
    GlossaryEntry,
    Index,
    Section,
    Segment,
)
from cardgen.docs.content import (
    Paragraph as TextBlock,
)
from cardgen.docs.content import (
    Table as TableBlock,
)
from cardgen.docs.inline import code_spans
from cardgen.docs.pdf_build import Grid, Para, colour
from cardgen.docs.pdf_chunks import Chunk, chunk_key
from cardgen.docs.pdf_flow import IconText, Run
from cardgen.docs.pdf_theme import PdfTheme

INK = "#1D1D1D"
MUTED = "#555555"
RULE = "#BBBBBB"
HEAD_BG = "#F0ECE4"
LINK = "#1F4E8C"
CODE = "#7A3E00"
CHART_W, CHART_H = 230.0, 92.0


def css(hex_colour: str) -> str:
    """A ``#RRGGBB`` colour as paragraph markup writes it: ``rgb(r,g,b)``, the same colour,
    which reportlab parses several times faster."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r},{g},{b})"


LINK_CSS, CODE_CSS, MUTED_CSS = css(LINK), css(CODE), css(MUTED)


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
            "body", fontName=t.regular, fontSize=9, leading=12, textColor=colour(INK), spaceAfter=4
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
                "quote", parent=body, fontName=t.italic, leftIndent=12, textColor=colour("#333333")
            ),
            cell=ParagraphStyle("cell", parent=body, fontSize=8, leading=10, spaceAfter=0),
            lede=ParagraphStyle("lede", parent=body, keepWithNext=1),
        )

    def heading(self, text: str, level: int, key: str, keep: bool = True) -> Para:
        """A heading that is an outline entry (and a TOC line for levels 0-1); ``keep``: on
        the page of what follows it."""
        style = (self.h1, self.h2, self.h3)[level]
        if not keep:
            style = ParagraphStyle(f"{style.name}-free", parent=style, keepWithNext=0)
        p = Para(f'<a name="{key}"/>{escape(text)}', style)
        p.outline = (level, text, key)
        return p


def _link(ref: CardRef) -> str:
    return f'<a href="#{ref.anchor}" color="{LINK_CSS}">{escape(ref.name)}</a>'


def _links(refs: tuple[CardRef, ...]) -> str:
    return ", ".join(_link(r) for r in refs) or "<i>none</i>"


def _code(text: str) -> str:
    return "".join(
        f'<font color="{CODE_CSS}">{escape(run)}</font>' if code else escape(run)
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


# --- inline text -------------------------------------------------------------------------------


def runs(segs: tuple[Segment, ...], t: PdfTheme) -> list[Run]:
    """Segments as :class:`IconText` runs: strong in bold, em in muted italics."""
    out = []
    for sg in segs:
        if sg.newline:
            out.append(Run(newline=True))
        elif sg.icon:
            out.append(Run(icon=sg.icon))
        elif sg.style == "strong":
            out.append(Run(sg.text, t.bold))
        elif sg.style == "em":
            out.append(Run(sg.text, t.italic, MUTED))
        elif sg.style == "code":
            out.append(Run(sg.text, t.regular, CODE))
        else:
            out.append(Run(sg.text, t.regular))
    return out


def markup(segs: tuple[Segment, ...]) -> str:
    """Segments without icons as reportlab paragraph markup."""
    out = []
    for sg in segs:
        text = escape(sg.text)
        if sg.newline:
            out.append("<br/>")
        elif sg.style == "strong":
            out.append(f"<b>{text}</b>")
        elif sg.style == "em":
            out.append(f"<i>{text}</i>")
        elif sg.style == "code":
            out.append(f'<font color="{CODE_CSS}">{text}</font>')
        else:
            out.append(text)
    return "".join(out)


# --- blocks ------------------------------------------------------------------------------------


def paragraph(b: TextBlock, s: Styles, depth: int) -> Iterator[Flowable]:
    if any(sg.icon for sg in b.text):
        p = IconText(runs(b.text, s.theme), 9, s.theme.draw_icon, leading=12)
        p.spaceAfter = 4
        yield p
    else:
        yield Para(markup(b.text), s.body)


def table(b: TableBlock, s: Styles, depth: int) -> Iterator[Flowable]:
    t = s.theme

    def cell(i: int, segs: tuple[Segment, ...], anchor: str | None) -> Flowable:
        if b.columns[i].icons:
            return IconText(runs(segs, t), 8.0, t.draw_icon, leading=10.5, anchor=anchor)
        text = markup(segs)
        return Para(f'<a name="{anchor}"/>{text}' if anchor else text, s.cell)

    header = [Para(f"<b>{escape(c.title)}</b>", s.cell) for c in b.columns]
    rows = [header]
    for r in b.rows:
        rows.append([cell(i, c, r.id if i == 0 else None) for i, c in enumerate(r.cells)])
    band = [("LINEBEFORE", (0, 0), (0, -1), 3, b.colour)] if b.colour else []
    widths = [c.width for c in b.columns]
    yield Grid(
        rows,
        colWidths=None if None in widths else tuple(widths),
        repeatRows=1,
        style=_grid(t.regular, band),
    )


def index(b: Index, s: Styles, depth: int) -> Iterator[Flowable]:
    for g in b.groups:
        label = f"<b>{escape(g.label)}</b> ({len(g.cards)}): "
        yield Para(label + _links(g.cards), s.body)


def _glossary_entry(e: GlossaryEntry, s: Styles) -> Flowable:
    t = s.theme
    term = ([Run(icon=e.icon), Run(" ", t.bold)] if e.icon else []) + [Run(e.term, t.bold)]
    meaning = _code(e.meaning) + (f" <i>{escape(e.detail)}.</i>" if e.detail else "")
    return KeepTogether(
        [
            IconText(term, 9.5, t.draw_icon, anchor=e.id),
            Para(meaning, ParagraphStyle("m", parent=s.body, leftIndent=12, spaceAfter=1)),
            Para(
                f"<font color='{MUTED_CSS}'>Cards:</font> {_links(e.cards)}",
                ParagraphStyle("u", parent=s.small, leftIndent=12, spaceAfter=6),
            ),
        ]
    )


def glossary(b: Glossary, s: Styles, depth: int) -> Iterator[Flowable]:
    for e in b.entries:
        yield _glossary_entry(e, s)


def _clarification(c: ClarificationEntry, s: Styles, level: int) -> Iterator[Flowable]:
    yield s.heading(f"{c.id}. {c.title}", level, c.id.lower())
    yield Para(f"“{escape(c.passage)}” — {escape(c.section)}", s.quote)
    yield Para(f"<b>Reading:</b> {_code(c.reading)}", s.body)


def clarifications(b: Clarifications, s: Styles, depth: int) -> Iterator[Flowable]:
    for c in b.entries:
        yield from _clarification(c, s, min(depth + 1, 2))


def components(b: Components, s: Styles, depth: int) -> Iterator[Flowable]:
    rows: list[list[str | Para]] = [["Component", "Count"]]
    rows += [[c.label, str(c.count)] for c in b.entries]
    style = _grid(
        s.theme.regular,
        [
            ("FONT", (0, 0), (-1, -1), s.theme.regular, 9),
            ("FONT", (0, 0), (-1, 0), s.theme.bold, 9),
            ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ],
    )
    yield Grid(rows, colWidths=(160, 50), hAlign="LEFT", style=style)


def _numbers(ch: Chart, s: Styles, width: float) -> Grid:
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
    return Grid(rows, colWidths=cols, hAlign="LEFT", style=style)


def _chart_cell(ch: Chart, s: Styles) -> list[Flowable]:
    return [
        Para(f"<b>{escape(ch.title)}</b>", s.cell),
        drawing(replace(ch.chart, width=CHART_W, height=CHART_H), s.theme.regular),
        _numbers(ch, s, CHART_W),
    ]


def charts(b: Charts, s: Styles, depth: int) -> Iterator[Flowable]:
    """The charts two to a row, each with its numbers under it."""
    cells = [_chart_cell(ch, s) for ch in b.charts]
    grid = [cells[i : i + 2] + [[]] * (2 - len(cells[i : i + 2])) for i in range(0, len(cells), 2)]
    style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), s.theme.regular, 8),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
        ]
    )
    yield Grid(grid, colWidths=(CHART_W + 19, CHART_W + 19), hAlign="LEFT", style=style)


BLOCKS: dict[str, Callable[..., Iterator[Flowable]]] = {
    "paragraph": paragraph,
    "table": table,
    "index": index,
    "glossary": glossary,
    "clarifications": clarifications,
    "components": components,
    "charts": charts,
}


# --- sections ----------------------------------------------------------------------------------


#: the room (points) a page must have left for a section that starts with a table: its
#: heading, the table's header and its first rows
TABLE_START = 150.0


def section(sec: Section, s: Styles, depth: int = 0) -> list[Flowable]:
    """A section's flowables: its page break, heading (an outline entry), tagline, blocks and
    subsections; a ``keep`` section stays on one page."""
    out: list[Flowable] = []
    # a table may run over pages: its heading asks for room for a few rows, instead of keeping
    # with the whole table (which moved it to the next page, leaving a page blank)
    table_first = bool(sec.blocks) and sec.blocks[0].kind == "table" and not sec.keep
    if sec.break_before == "page":
        out.append(PageBreak())
    elif sec.break_before is not None:
        out.append(CondPageBreak(sec.break_before))
    elif table_first:
        out.append(CondPageBreak(TABLE_START))
    title = f"{sec.title} · {sec.count}" if sec.count else sec.title
    body: list[Flowable] = [s.heading(title, min(depth, 2), sec.id, keep=not table_first)]
    if sec.tagline:
        body.append(Para(f"<i>“{escape(sec.tagline)}”</i>", s.lede))
    for b in sec.blocks:
        body.extend(BLOCKS[b.kind](b, s, depth))
    for sub in sec.sections:
        body.extend(section(sub, s, depth + 1))
    if sec.keep:
        return [*out, KeepTogether(body), Spacer(1, 6)]
    return out + body


def style_data(
    a: Appendix, fonts: Sequence[str] = (), pictured: Callable[[str], bool] | None = None
) -> tuple:
    """What the look of the appendix's flowables depends on besides their sections: the
    fonts (their files, and the registered ``fonts``, whose names hold the digest of a game's
    own file) and the icons' badges (the icons themselves are the pack's files and code).
    With ``pictured`` (:attr:`PdfTheme.pictured`), only the labels of the icons drawn as
    badges: the rulebook's labels of pictured icons (alt texts of its web page) leave its
    appendix sections those of the appendix, drawn once for both."""
    labels = a.icon_labels
    if pictured is not None:
        labels = {name: label for name, label in labels.items() if not pictured(name)}
    return (a.fonts, tuple(fonts), labels, a.icon_colours)


def section_chunks(
    a: Appendix,
    s: Styles,
    context: str | None,
    lead: Callable[[], list[Flowable]] | None = None,
    lead_data: object = None,
) -> list[Chunk]:
    """The appendix's sections cut into chunks (:mod:`cardgen.docs.pdf_chunks`), a new one
    at each top-level section that starts a page; the first starts with ``lead()`` (made
    from ``lead_data``), if given, else on a page of its own."""
    groups: list[list[Section]] = []
    for sec in a.sections:
        if not groups or sec.break_before == "page":
            groups.append([])
        groups[-1].append(sec)

    def chunk(i: int, group: list[Section]) -> Chunk:
        first = lead if i == 0 else None

        def flowables() -> list[Flowable]:
            out = [f for sec in group for f in section(sec, s)]
            if out and isinstance(out[0], PageBreak):
                out = out[1:]  # a chunk starts on a page of its own
            return [*(first() if first else []), *out]

        data = (lead_data if first else None, tuple(group))
        return Chunk(
            f"sections {group[0].id}",
            "page",
            flowables,
            chunk_key(context, "sections", "page", data),
        )

    return [chunk(i, g) for i, g in enumerate(groups)]
