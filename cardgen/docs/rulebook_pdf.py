"""The rulebook as PDF: a cover with contents, the rules in two columns, then the appendices.

A4 pages (they print as an A5 booklet two to a sheet) with page numbers on the outer corners,
the appendix PDF's fonts, inline vector icons and outline; byte-identical for identical input.
"""

from __future__ import annotations

from dataclasses import replace
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Spacer,
    TableStyle,
)

from cardgen.docs.content import Appendix, for_format
from cardgen.docs.figures import FigureFlowable, figure_pdf
from cardgen.docs.pdf import (
    MARGIN,
    contents_flowable,
    lede,
    page_template,
    theme_fonts,
    with_contents,
)
from cardgen.docs.pdf_build import Entry, Grid, Para, colour
from cardgen.docs.pdf_chunks import (
    Chunk,
    Footer,
    Info,
    Layout,
    assemble,
    chunk_key,
    document_context,
    draw_chunks,
)
from cardgen.docs.pdf_flow import IconText, Run
from cardgen.docs.pdf_sections import HEAD_BG, INK, MUTED, Styles, section_chunks, style_data
from cardgen.docs.pdf_theme import PdfTheme, pdf_theme
from cardgen.docs.rulebook import Block, Rulebook, Span, figures_of
from cardgen.util.hashing import digest_bytes

GUTTER = 20.0
ACCENT = "#8E3B2E"
BODY, LEADING = 9.5, 13.0
SIZES = {2: 14.0, 3: 11.0}  # heading level -> size


def _templates() -> list[PageTemplate]:
    """The one-column page (cover, appendices) and the two-column page of the rules."""
    width, height = A4
    col = (width - 2 * MARGIN - GUTTER) / 2
    frames = [
        Frame(x, MARGIN, col, height - 2 * MARGIN, id=f"col{i}")
        for i, x in enumerate((MARGIN, MARGIN + col + GUTTER))
    ]
    return [page_template(), PageTemplate("columns", frames)]


def _footer(theme: PdfTheme, title: str) -> Footer:
    """Page numbers on the outer corners, the title on the inner ones."""

    def draw(canv: Canvas, page: int) -> None:
        canv.setFont(theme.regular, 8)
        canv.setFillColor(colour(MUTED))
        y, right = MARGIN / 2, A4[0] - MARGIN
        if page % 2:  # recto: number on the right
            canv.drawString(MARGIN, y, title)
            canv.drawRightString(right, y, str(page))
        else:
            canv.drawString(MARGIN, y, str(page))
            canv.drawRightString(right, y, title)

    return draw


def _runs(spans: tuple[Span, ...], t: PdfTheme, colour: str = INK) -> list[Run]:
    runs = []
    for s in spans:
        if s.newline:
            runs.append(Run(newline=True))
        elif s.icon:
            runs.append(Run(icon=s.icon))
        else:
            font = t.bold if s.bold else t.italic if s.italic else t.regular
            runs.append(Run(s.text, font, colour))
    return runs


def _spaced(f: Flowable, before: float, after: float) -> Flowable:
    f.spaceBefore, f.spaceAfter = before, after
    return f


def _heading(b: Block, t: PdfTheme) -> IconText:
    size = SIZES[b.level]
    runs = [
        replace(r, font=t.title) if r.font and r.font != t.italic else r for r in _runs(b.spans, t)
    ]
    runs = [replace(r, colour=ACCENT) for r in runs]
    h = IconText(runs, size, t.draw_icon, leading=size * 1.25, anchor=b.id)
    h.outline = (b.level - 2, b.text, b.id)
    h.keepWithNext = 1
    return _spaced(h, size * 0.9, size * 0.35)


def _figure(b: Block, t: PdfTheme, figure, size: float = BODY) -> Flowable:
    """A figure and its caption (italic, smaller), kept on one page."""
    caption = [replace(r, font=t.italic, colour=MUTED) if r.font else r for r in _runs(b.spans, t)]
    text = IconText(caption, size - 1, t.draw_icon, leading=(LEADING - 1) * size / BODY)
    return _spaced(KeepTogether([_spaced(FigureFlowable(figure), 2, 4), text]), 4, 8)


def _block(b: Block, t: PdfTheme, width: float, size: float = BODY, figures=None) -> Flowable:
    leading = LEADING * size / BODY
    if b.kind == "heading":
        return _heading(b, t)
    if b.kind == "figure":
        return _figure(b, t, (figures or {})[b.id], size)
    if b.kind == "item":
        bullet = Run(b.marker, t.bold, ACCENT)
        item = IconText(
            _runs(b.spans, t), size, t.draw_icon, leading=leading, indent=14, bullet=bullet
        )
        return _spaced(item, 0, 2.5)
    text = IconText(_runs(b.spans, t), size, t.draw_icon, leading=leading)
    if b.kind == "aside":
        style = TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), t.regular, size),
                ("BACKGROUND", (0, 0), (-1, -1), HEAD_BG),
                ("LINEBEFORE", (0, 0), (0, -1), 2.5, ACCENT),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
        return _spaced(KeepTogether([Grid([[text]], colWidths=[width], style=style)]), 4, 8)
    return _spaced(text, 0, size * 0.55)


def _cover(
    rb: Rulebook, appendix: Appendix, s: Styles, contents: Flowable, figures
) -> list[Flowable]:
    t = s.theme
    title = ParagraphStyle(
        "cover", parent=s.title, fontSize=40, leading=46, textColor=colour(ACCENT)
    )
    sub = ParagraphStyle("sub", parent=s.body, fontName=t.italic, fontSize=12, leading=16)
    width = A4[0] - 2 * MARGIN
    out: list[Flowable] = [
        Para(escape(rb.title), title),
        Para(_version(appendix), sub),
        Spacer(1, 14),
    ]
    out += [_block(b, t, width, size=11.0, figures=figures) for b in rb.intro]
    out += [Spacer(1, 6), Para("Contents", s.h1), contents]
    return out


def _version(appendix: Appendix) -> str:
    v = appendix.rulebook_version
    return "Rulebook" if v is None else f"Rulebook · {escape(v)} version"


def _appendices_head(appendix: Appendix, s: Styles) -> list[Flowable]:
    head = Para('<a name="appendices"/>Appendices', s.title)
    head.outline = (0, "Appendices", "appendices")
    return [head, Para(escape(lede(appendix, version=False)), s.body)]


def _figure_digests(blocks: tuple[Block, ...], figures) -> list[str]:
    """What the figures ``blocks`` place draw: their PDFs' digests (a figure's PDF is drawn
    once in a process: the HTML rulebook has drawn it), so the chunk is drawn again only when
    a figure changed, not after any card edit."""
    return [digest_bytes(figure_pdf(figures[b.id])) for b in blocks if b.kind == "figure"]


def render_rulebook_pdf(rulebook: Rulebook, appendix: Appendix) -> bytes:
    """The rulebook followed by the appendices, as PDF bytes: the cover with the contents,
    the rules in two columns, the appendix's sections (:mod:`cardgen.docs.pdf_chunks`)."""
    appendix = for_format(appendix, "pdf")
    appendix = replace(appendix, icon_labels={**appendix.icon_labels, **rulebook.icon_labels})
    theme = pdf_theme(appendix)
    styles = Styles.create(theme)
    title = f"{rulebook.title}: rulebook"
    subject, creator = appendix.rulebook_description, "cardgen appendix --rulebook"
    context = document_context(style_data(appendix, theme_fonts(theme), theme.pictured))
    layout = Layout(_templates, theme_fonts(theme), title, subject, creator, theme.regular)
    figures = figures_of(rulebook, appendix.figures)
    col = (A4[0] - 2 * MARGIN - GUTTER) / 2 - 14
    kept = context is not None and bool(figures)
    rules_data = (rulebook.sections, _figure_digests(rulebook.sections, figures) if kept else ())

    def rules() -> list[Flowable]:
        return [_block(b, theme, col, figures=figures) for b in rulebook.sections]

    head_data = ("Appendices", lede(appendix, version=False))
    chunks = [
        Chunk("rules", "columns", rules, chunk_key(context, "rules", "columns", rules_data)),
        *section_chunks(
            appendix, styles, context, lambda: _appendices_head(appendix, styles), head_data
        ),
    ]
    body = draw_chunks(chunks, layout)
    intro = (
        rulebook.title,
        _version(appendix),
        rulebook.intro,
        _figure_digests(rulebook.intro, figures) if kept else (),
    )

    def cover(entries: list[Entry]) -> Chunk:
        def flowables() -> list[Flowable]:
            contents = contents_flowable(styles, entries, size=9.5, space=1.5)
            return _cover(rulebook, appendix, styles, contents, figures)

        key = chunk_key(context, "cover", "page", (intro, entries))
        return Chunk("cover", "page", flowables, key)

    drawn = with_contents(cover, body, layout, depth=0)
    foot = chunk_key(context, "footer", "rulebook", title)
    info = Info(title, subject, creator, _footer(theme, title), foot)
    return assemble(drawn, info, theme_fonts(theme))
