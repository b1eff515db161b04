"""The PDF appendix: A4, the cards' embedded fonts, vector icons and charts, outline and TOC.

reportlab's invariant mode and a fixed document info make the bytes depend on the input only.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.docs.content import Appendix, for_format
from cardgen.docs.pdf_build import (
    PLACEHOLDER,
    Contents,
    Entry,
    Para,
    colour,
    contents_key,
    first_pass_lays_out,
    known_contents,
    remember_contents,
)
from cardgen.docs.pdf_sections import Styles, story
from cardgen.docs.pdf_theme import PdfTheme, pdf_theme

MARGIN = 48.0


class _Doc(BaseDocTemplate):
    """A4 pages with a footer; headings with an ``outline`` entry become bookmarks + TOC lines."""

    toc_depth = 1  # deepest outline level listed in the table of contents

    def __init__(
        self,
        buf: BytesIO,
        theme: PdfTheme,
        title: str,
        subject: str,
        creator: str = "cardgen appendix",
    ) -> None:
        super().__init__(
            buf,
            pagesize=A4,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=title,
            author="cardgen",
            subject=subject,
            creator=creator,
            invariant=1,
            initialFontName=theme.regular,
        )
        self.theme, self.doc_title = theme, title
        frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])

    def _footer(self, canv, doc) -> None:
        canv.saveState()
        canv.setFont(self.theme.regular, 8)
        canv.setFillColor(colour("#555555"))
        canv.drawString(MARGIN, MARGIN / 2, self.doc_title)
        canv.drawRightString(A4[0] - MARGIN, MARGIN / 2, str(doc.page))
        canv.restoreState()

    def beforeDocument(self) -> None:
        self.canv.showOutline()
        self.contents_entries: list[Entry] = []  # as notified to the table of contents

    def afterFlowable(self, flowable: Flowable) -> None:
        entry = getattr(flowable, "outline", None)
        if entry is None:
            return
        level, text, key = entry
        self.canv.addOutlineEntry(text, key, level=level, closed=level >= 1)
        if level <= self.toc_depth:
            line = (level, escape(text), self.page, key)
            self.contents_entries.append(line)
            self.notify("TOCEntry", line)

    def build_with_contents(self, story: Sequence[Flowable], contents: TableOfContents) -> None:
        """Build from ``story``, which holds ``contents``, in ``multiBuild``'s passes (more, as
        ever, while the entries move): from the entries these headings had last time, else
        from a first pass that lays the document out without drawing it."""
        key = contents_key(f"{type(self).__name__}: {self.doc_title}", story)
        known = known_contents(key)
        if known:
            contents.addEntries(known)
            self.multiBuild(list(story))
        else:
            contents.addEntries([PLACEHOLDER])  # never the entries found: a second pass follows
            self.multiBuild(list(story), canvasmaker=first_pass_lays_out())
        remember_contents(key, self.contents_entries)


def _toc(styles: Styles, size: float = 10.5, space: float = 5) -> TableOfContents:
    toc = Contents(dotsMinLevel=0)
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
    """Where the appendix comes from (with the rulebook version, if ``version``)."""
    v = appendix.rulebook_version
    model = (
        f"the rules model (rulebook version {v})"
        if version and v is not None
        else ("the rules model")
    )
    return (
        f"Generated from the card catalogue ({appendix.card_total} cards, "
        f"{appendix.design_total} designs) and {model}."
    )


def render_pdf(appendix: Appendix) -> bytes:
    """The whole appendix as PDF bytes."""
    appendix = for_format(appendix, "pdf")
    theme = pdf_theme(appendix)
    styles = Styles.create(theme)
    title = f"{appendix.game}: rulebook appendices"
    buf = BytesIO()
    doc = _Doc(buf, theme, title, appendix.subject)
    contents = _toc(styles)
    front = [
        Para(escape(title), styles.title),
        Para(escape(lede(appendix)), styles.body),
        Para("Contents", styles.h1),
        contents,
    ]
    doc.build_with_contents([*front, *story(appendix, styles)], contents)
    return buf.getvalue()
