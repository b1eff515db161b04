"""The PDF appendix: A4, the cards' embedded fonts, vector icons and charts, outline and TOC.

Drawn in chunks (:mod:`cardgen.docs.pdf_chunks`): the front page with the contents, then a
chunk per top-level section that starts a page; byte-identical for identical input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, PageTemplate, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.docs.content import Appendix, for_format
from cardgen.docs.pdf_build import Entry, Para, colour
from cardgen.docs.pdf_chunks import (
    Chunk,
    Drawn,
    Footer,
    Info,
    Layout,
    assemble,
    chunk_key,
    document_context,
    draw_chunk,
    draw_chunks,
)
from cardgen.docs.pdf_sections import Styles, section_chunks, style_data
from cardgen.docs.pdf_theme import PdfTheme, pdf_theme

MARGIN = 48.0


def page_template() -> PageTemplate:
    """The one-column A4 page of the appendix (and of the rulebook's appendices)."""
    frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN, id="body")
    return PageTemplate("page", [frame])


def theme_fonts(theme: PdfTheme) -> tuple[str, ...]:
    return (theme.regular, theme.bold, theme.italic, theme.title)


def footer(theme: PdfTheme, title: str) -> Footer:
    """The appendix's footer: its title on the left, the page number on the right."""

    def draw(canv: Canvas, page: int) -> None:
        canv.setFont(theme.regular, 8)
        canv.setFillColor(colour("#555555"))
        canv.drawString(MARGIN, MARGIN / 2, title)
        canv.drawRightString(A4[0] - MARGIN, MARGIN / 2, str(page))

    return draw


def contents_entries(drawn: Sequence[Drawn], first: int, depth: int) -> list[Entry]:
    """The lines of the contents: the outline entries of ``drawn`` down to level ``depth``,
    with their page numbers when ``drawn`` starts on page ``first``."""
    out: list[Entry] = []
    page = first
    for d in drawn:
        out += [(lv, escape(t), page + p, k) for lv, t, k, p in d.outline if lv <= depth]
        page += d.pages
    return out


def with_contents(
    front: Callable[[list[Entry]], Chunk],
    body: Sequence[Drawn],
    layout: Layout,
    depth: int,
) -> list[Drawn]:
    """The front chunk (holding the contents of ``body``) drawn, followed by ``body``: the
    front is drawn again while its own length moves the pages it lists."""
    pages = 1
    for _ in range(4):
        drawn = draw_chunk(front(contents_entries(body, pages + 1, depth)), layout)
        if drawn.pages == pages:
            break
        pages = drawn.pages
    return [drawn, *body]


def contents_flowable(styles: Styles, entries: list[Entry], **kw: float) -> TableOfContents:
    """The table of contents listing ``entries``."""
    toc = _toc(styles, **kw)
    toc.addEntries(entries)
    toc.beforeBuild()  # the entries known: drawn as they are, no second pass
    return toc


def _toc(styles: Styles, size: float = 10.5, space: float = 5) -> TableOfContents:
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [
        ParagraphStyle(
            "toc0",
            parent=styles.body,
            fontName=styles.theme.bold,
            fontSize=size,
            leftIndent=0,
            firstLineIndent=0,
            spaceBefore=space,
            leading=size + 3.5,
        ),
        ParagraphStyle(
            "toc1", parent=styles.body, fontSize=9, leftIndent=14, firstLineIndent=0, leading=12
        ),
    ]
    toc.tableStyle = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), styles.theme.regular, 9),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return toc


def lede(appendix: Appendix, version: bool = True) -> str:
    """What the appendices cover (with the rulebook version, if ``version``)."""
    v = appendix.rulebook_version
    ver = f", rulebook version {v}" if version and v is not None else ""
    return (
        f"The appendices of the kit's {appendix.card_total} cards "
        f"({appendix.design_total} designs){ver}."
    )


def render_pdf(appendix: Appendix) -> bytes:
    """The whole appendix as PDF bytes: its front page, then its sections' chunks."""
    appendix = for_format(appendix, "pdf")
    theme = pdf_theme(appendix)
    styles = Styles.create(theme)
    title = f"{appendix.game}: rulebook appendices"
    context = document_context(style_data(appendix, theme_fonts(theme), theme.pictured))
    layout = Layout(
        lambda: [page_template()],
        theme_fonts(theme),
        title,
        appendix.subject,
        "cardgen appendix",
        theme.regular,
    )
    body = draw_chunks(section_chunks(appendix, styles, context), layout)
    head = [escape(title), escape(lede(appendix))]

    def front(entries: list[Entry]) -> Chunk:
        def flowables() -> list[Flowable]:
            return [
                Para(head[0], styles.title),
                Para(head[1], styles.body),
                Para("Contents", styles.h1),
                contents_flowable(styles, entries),
            ]

        return Chunk(
            "front", "page", flowables, chunk_key(context, "front", "page", (head, entries))
        )

    drawn = with_contents(front, body, layout, depth=1)
    foot = chunk_key(context, "footer", "page", title)
    info = Info(title, appendix.subject, "cardgen appendix", footer(theme, title), foot)
    return assemble(drawn, info, theme_fonts(theme))
