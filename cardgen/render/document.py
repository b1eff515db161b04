"""A PDF being written: a deterministic reportlab canvas plus its reusable Form XObjects.

Anything drawn many times (a card face, a back, an icon) is drawn once as a form and placed
with ``doForm``, which keeps files small and rendering fast.  Everything is drawn through
reportlab's public API, except forms replayed from an earlier document of the same render
(:mod:`cardgen.render._rl_fast`, on a tested reportlab only).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from cardgen.render import _rl_fast
from cardgen.render.colours import Ink
from cardgen.render.formcache import CachedForm, DrawFn, FormCache, FormDef
from cardgen.render.geometry import Box
from cardgen.render.icons import Icons


@contextlib.contextmanager
def binary_streams() -> Iterator[None]:
    """Flate-only page and form streams while a document is written: ASCII85 would make the
    files 25 % larger and writing twice as slow.  reportlab reads this global setting when it
    writes the streams, so it is set only for that moment and other PDFs are not affected."""
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


#: Icons draw in 0..100; the form box leaves room for strokes on the edge.
ICON_BOX = Box(-8, -8, 116, 116)


class Document:
    """One PDF: canvas, ink (RGB or CMYK), icon forms and named forms defined so far."""

    #: the layout element being drawn (the contrast check tells its texts apart by it)
    element: str = ""

    def __init__(
        self,
        pagesize: tuple[float, float],
        ink: Ink,
        icons: Icons,
        font: str,
        *,
        title: str = "",
        cache: FormCache | None = None,
    ):
        self.buffer = io.BytesIO()
        self.ink = ink
        self.icons = icons
        self.c = Canvas(
            self.buffer,
            pagesize=pagesize,
            invariant=1,
            pageCompression=1,
            initialFontName=font,
            enforceColorSpace="cmyk" if ink.cmyk else None,
        )
        self.c.setTitle(title)
        self.c.setCreator("cardgen")
        self.c.setAuthor("")
        self._forms: set[str] = set()
        self._capturing: list[list[FormDef]] = []
        #: forms drawn in earlier documents, replayed here (None: every form is drawn)
        self.cache = cache if cache is not None and _rl_fast.replays() else None
        if self.cache is not None:
            _rl_fast.seed_fonts(self.c, self.cache.seed)

    def form(self, name: str, bbox: Box, draw: DrawFn, *, cacheable: bool = True) -> str:
        """Define form ``name`` once by calling ``draw(self)``; return its name.

        With a :class:`FormCache` (on a tested reportlab), a form drawn in an earlier document
        is replayed instead.
        """
        if self._capturing:
            self._capturing[-1].append((name, bbox, draw))
        if name in self._forms:
            return name
        c = self.c
        if self.cache is None and c.hasForm(name):  # drawn by another writer of the same PDF
            self._forms.add(name)
            return name
        corners = bbox.corners
        cached = self.cache.get(name) if self.cache is not None and cacheable else None
        if cached is not None:
            self._capturing.append([])  # the replayed form's own forms are not its parent's
            try:
                for dep in cached.deps:
                    self.form(*dep)
            finally:
                self._capturing.pop()
            _rl_fast.add_form(c, name, corners, cached)
        else:
            c.beginForm(name, *corners)
            self._capturing.append([])
            try:
                draw(self)
            finally:
                deps = self._capturing.pop()
            if self.cache is None:
                c.endForm()
            else:
                ended = _rl_fast.end_form(c, name, corners)
                if ended is not None and cacheable and ended.replayable(d[0] for d in deps):
                    form = CachedForm(ended.code, deps, ended.preamble, ended.stream)
                    self.cache.put(name, form)
        self._forms.add(name)
        return name

    @classmethod
    def on_canvas(cls, canvas: Canvas, ink: Ink, icons: Icons) -> Document:
        """A document drawing on ``canvas``, a page of another PDF (a rulebook's figure): its
        forms are that PDF's, a form the canvas already has is reused, nothing is replayed."""
        doc = cls.__new__(cls)
        doc.buffer = io.BytesIO()
        doc.ink, doc.icons, doc.c = ink, icons, canvas
        doc._forms = set()
        doc._capturing = []
        doc.cache = None
        return doc

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        """Draw form ``name`` with its origin at ``(x, y)``."""
        c = self.c
        c.saveState()
        c.transform(scale, 0, 0, scale, x, y)
        c.doForm(name)
        c.restoreState()

    def icon(
        self,
        name: str,
        x: float,
        y: float,
        size: float,
        *,
        faded: bool = False,
        tint: str | None = None,
    ) -> None:
        """Icon ``name`` with its lower-left corner at ``(x, y)``, ``size`` points square;
        ``tint`` (``#RRGGBB``) its ``currentColor``, or the colour of all of it."""
        key = f"icon-{name}-faded" if faded else f"icon-{name}"
        if tint is None:
            self.form(key, ICON_BOX, lambda d: d.icons.paint(d.c, d.ink, name, faded=faded))
        else:
            key += f"-{tint.lstrip('#').lower()}"
            self.form(
                key, ICON_BOX, lambda d: d.icons.paint(d.c, d.ink, name, faded=faded, tint=tint)
            )
        self.place(key, x, y, size / 100)

    # text and colours: the canvas methods, colours through the document's ink
    def setFont(self, font: str, size: float) -> None:
        self.c.setFont(font, size)

    def drawString(self, x: float, y: float, text: str) -> None:
        self.c.drawString(x, y, text)

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self.c.drawCentredString(x, y, text)

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self.c.drawRightString(x, y, text)

    def value_bar(self, x: float, y: float, w: float, h: float) -> None:
        """A filled bar in the text colour standing for a value (a dash: no value)."""
        self.c.rect(x, y, w, h, stroke=0, fill=1)

    def fill(self, colour: str) -> None:
        """The fill colour of an area."""
        self.c.setFillColor(self.ink(colour))

    def text_fill(self, colour: str) -> None:
        """The fill colour of text and small line art (a black: 100 % K in CMYK)."""
        self.c.setFillColor(self.ink.line(colour))

    def stroke(self, colour: str) -> None:
        """The colour of lines (a black: 100 % K in CMYK)."""
        self.c.setStrokeColor(self.ink.line(colour))

    def save(self) -> bytes:
        """Finish the PDF and return its bytes."""
        if self.cache is not None:
            _rl_fast.learn_fonts(self.c, self.cache.seed)
        with binary_streams():
            self.c.save()
        return self.buffer.getvalue()
