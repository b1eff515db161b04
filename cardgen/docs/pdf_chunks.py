"""PDF documents made of chunks, each laid out and drawn on its own and kept between builds.

A document (the appendix, the rulebook) is cut where its story starts a new page anyway: the
front page with the contents, the rules, each top-level section that begins on a page of its
own.  Each :class:`Chunk` is laid out by platypus into a PDF of its own, without page numbers,
footers, outline or contents, and kept in the private cache folder under the digest of exactly
what it is made from (its content, the document's fonts and icons, the code: its ``key``).
:func:`assemble` then joins the chunks with pikepdf and adds what depends on where each page
lands: the running footers with the page numbers (drawn on a separate page per page, laid
under it), the outline, the links between chunks, and the contents (the front chunk, drawn
last, once every chunk's pages are known).

So after one card changes only the chunks that show it are drawn again; the others are read
back, and since a chunk's bytes depend on its key alone, a document assembled from kept chunks
is byte for byte the document assembled from chunks all drawn afresh.

Two things make the chunks joinable:

- *fonts*: reportlab embeds a subset of each font, numbering the glyphs in the order the
  document first uses them.  Every chunk (and the footers) starts its fonts' subsets with the
  same characters (:data:`SEED`: ASCII, Latin-1 and the punctuation the documents print, drawn
  invisibly in a form no page shows), so chunks that use nothing else embed the same font
  bytes, which :func:`assemble` keeps once;
- *links*: a chunk links to anchors other chunks define.  Every destination a chunk names is
  bound, when first named, to a marker (a left edge of ``MARKER - index``), and the chunk
  records where each of its own anchors is; the assembled document points every link at the
  anchor it names.

All of it through reportlab's public API (a canvas's ``bookmarkPage`` and ``linkRect``
overridden, ``beginForm``, text objects) and pikepdf's.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, PageTemplate

from cardgen.util.hashing import digest_data, environment_digest
from cardgen.util.locks import LockBusy, exclusive_lock
from cardgen.util.store import Store

#: bump when what a kept chunk holds changes
VERSION = 2
KIND = "pdf-chunks"
#: the characters every chunk's fonts start their subsets with (besides ASCII)
SEED = "".join(chr(c) for c in range(0xA1, 0x100)) + "‐‑–—‘’‚“”„†‡•…‰′″‹›€™−×÷→←↑↓↔·✓✗★☆"
#: the left edge of the marker destinations (``MARKER - index`` names the index-th anchor)
MARKER = -100000
#: an outline entry of a chunk: level, text, anchor key, page (0-based, in the chunk)
OutlineEntry = tuple[int, str, str, int]
#: where an anchor is: page (0-based, in its chunk or document), fit, its numbers
Anchor = tuple[int, str, tuple[Any, ...]]


#: the digest of what the documents drawn now depend on besides their content (see :func:`kept`)
_CONTEXT: ContextVar[str | None] = ContextVar("chunk_context", default=None)


@contextmanager
def kept(context: str) -> Iterator[None]:
    """Keep the chunks of the documents drawn inside, under keys made with ``context``: the
    digest of everything they read besides the document model (fonts, icons, the pack's files
    and code, the rules model).  Outside, every chunk is drawn (the same bytes, slower)."""
    token = _CONTEXT.set(context)
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def document_context(data: object) -> str | None:
    """The context of a document's chunks: :func:`kept`'s and ``data`` (the document's fonts,
    icon labels …); None outside :func:`kept`.  Documents of equal contexts share the chunks
    they have in common (the appendix's sections, in the appendix and the rulebook)."""
    context = _CONTEXT.get()
    if context is None:
        return None
    return digest_data({"context": context, "data": repr(data)})


@dataclass(frozen=True)
class Chunk:
    """A run of pages: ``flowables()`` laid out from a fresh page on the page template
    ``template`` (one of the document's); ``key`` digests everything its pages depend on
    (:func:`chunk_key`), or is None (never kept)."""

    name: str
    template: str
    flowables: Callable[[], list[Flowable]]
    key: str | None = None


@dataclass
class Drawn:
    """A chunk drawn: its PDF, outline entries and anchors, and the names its destination
    markers stand for."""

    pdf: bytes
    outline: list[OutlineEntry]
    anchors: dict[str, Anchor]
    names: list[str]
    pages: int = 0

    def to_entry(self) -> dict:
        return {
            "pdf": base64.b64encode(self.pdf).decode("ascii"),
            "outline": [list(e) for e in self.outline],
            "anchors": {k: [p, fit, list(nums)] for k, (p, fit, nums) in self.anchors.items()},
            "names": self.names,
            "pages": self.pages,
        }

    @classmethod
    def from_entry(cls, entry: dict) -> Drawn:
        return cls(
            base64.b64decode(entry["pdf"]),
            [(int(lv), str(t), str(k), int(p)) for lv, t, k, p in entry["outline"]],
            {k: (int(p), str(f), tuple(n)) for k, (p, f, n) in entry["anchors"].items()},
            [str(n) for n in entry["names"]],
            int(entry["pages"]),
        )


def chunk_key(context: str | None, kind: str, template: str, content: object) -> str | None:
    """The key of a chunk of ``kind`` on ``template`` made from ``content`` (data whose
    ``repr`` names it all: the document model's frozen dataclasses) in ``context`` (the
    digest of the document's other inputs: fonts, icons, rules, code); None without a
    context (the chunk is then drawn, never kept)."""
    if context is None:
        return None
    text = repr(content)
    if " at 0x" in text:  # an object without a content repr: never kept
        return None
    return digest_data(
        {
            "version": VERSION,
            "context": context,
            "kind": kind,
            "template": template,
            "content": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            "seed": SEED,
            "environment": environment_digest(),
        }
    )


class _ChunkCanvas(Canvas):
    """A chunk's canvas: its fonts' subsets start with :data:`SEED`; it records where each of
    its anchors is and binds every destination, when first named, to a marker on the page
    being drawn (:func:`assemble` resolves them).  Public reportlab API only: the canvas's
    own ``bookmarkPage`` and ``linkRect``, overridden."""

    seeded: Sequence[str] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seed_fonts(self, self.seeded)
        self.anchors: dict[str, Anchor] = {}
        self.names: list[str] = []

    def _marker(self, name: str) -> None:
        if name not in self.names:  # the index-th name is bound to MARKER - index
            self.names.append(name)
            left = MARKER - (len(self.names) - 1)
            super().bookmarkPage(name, fit="XYZ", left=left, top=0, zoom=0)

    def bookmarkPage(
        self,
        key: str,
        fit: str = "Fit",
        left: float | None = None,
        top: float | None = None,
        bottom: float | None = None,
        right: float | None = None,
        zoom: float | None = None,
    ) -> None:
        """Record anchor ``key`` here (the join points the links at it); bind it to a marker."""
        nums = {
            "XYZ": (left, top, zoom),
            "FitH": (top,),
            "FitBH": (top,),
            "FitV": (left,),
            "FitBV": (left,),
            "FitR": (left, bottom, right, top),
        }.get(fit, ())
        self.anchors[key] = (self.getPageNumber() - 1, fit, nums)
        self._marker(key)

    def linkRect(self, contents: str, destinationname: str, *args: Any, **kw: Any) -> Any:
        """A link to ``destinationname`` (bound to its marker first)."""
        self._marker(destinationname)
        return super().linkRect(contents, destinationname, *args, **kw)


def seed_fonts(canv: Canvas, fonts: Sequence[str]) -> None:
    """Start the subsets of the TrueType ``fonts`` on ``canv``'s document with :data:`SEED`:
    drawn (invisible) in a form no page shows, so no page's text holds it and the join drops
    it."""
    ttf = [name for name in fonts if isinstance(pdfmetrics.getFont(name), TTFont)]
    if not ttf:
        return
    canv.beginForm("cardgenSeed")
    for name in ttf:
        text = canv.beginText()
        text.setTextRenderMode(3)
        text.setFont(name, 10)
        text.textOut(SEED)
        canv.drawText(text)
    canv.endForm()


class _ChunkDoc(BaseDocTemplate):
    """Lays a chunk out on the document's page templates, starting with ``first``; records
    the outline entries (the flowables' ``outline``) with their pages."""

    def __init__(self, buf: io.BytesIO, templates: list[PageTemplate], first: str, **kw) -> None:
        super().__init__(buf, pagesize=A4, invariant=1, **kw)
        ordered = sorted(templates, key=lambda t: t.id != first)
        self.addPageTemplates(ordered)
        self.outline_entries: list[OutlineEntry] = []

    def afterFlowable(self, flowable: Flowable) -> None:
        entry = getattr(flowable, "outline", None)
        if entry is not None:
            level, text, key = entry
            self.outline_entries.append((level, text, key, self.page - 1))


@dataclass
class Layout:
    """How a document's chunks are laid out: its page templates (without footers), the fonts
    its text uses, the document info."""

    templates: Callable[[], list[PageTemplate]]
    fonts: Sequence[str]
    title: str
    subject: str
    creator: str
    initial_font: str
    drawn: list[str] = field(default_factory=list)  # names of the chunks drawn (not kept)


def draw_chunk(chunk: Chunk, layout: Layout) -> Drawn:
    """The chunk drawn (or read back from the cache, when kept under its key)."""
    drawn = _kept_or_drawn(chunk, layout, LOCK_WAIT)
    assert drawn is not None  # waited for the lock
    return drawn


def draw_chunks(chunks: Sequence[Chunk], layout: Layout) -> list[Drawn]:
    """Every chunk of ``chunks`` drawn or read back, in order.  A kept chunk another process
    is drawing right now (the same appendix section, in the appendix's and the rulebook's
    workers of one build) is left until the others are done, then read back once drawn: a
    chunk is drawn once however many documents show it."""
    out: list[Drawn | None] = [_kept_or_drawn(c, layout, wait=0.0) for c in chunks]
    return [d if d is not None else draw_chunk(c, layout) for c, d in zip(chunks, out, strict=True)]


#: seconds a process waits for another to draw a chunk, before drawing it too (the bytes
#: are the same either way: a stuck process costs time, never a wrong chunk)
LOCK_WAIT = 60.0
#: the lock files of the chunks being drawn (a chunk's is ``key % LOCK_SLOTS``: a few files,
#: never one per key; two chunks sharing one only wait for each other)
LOCK_SLOTS = 64


def chunk_lock(folder: Path, key: str) -> Path:
    """The lock file held while the chunk of ``key`` is drawn into the store ``folder``."""
    slot = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % LOCK_SLOTS
    return folder / "locks" / f"{slot}.lock"


def _read(store: Store, key: str) -> Drawn | None:
    entry = store.get(key)
    if entry is not None:
        try:
            return Drawn.from_entry(entry)
        except (KeyError, ValueError, TypeError):
            pass
    return None


def _kept_or_drawn(chunk: Chunk, layout: Layout, wait: float) -> Drawn | None:
    """The chunk read back or drawn (and kept); None if another process holds its lock for
    ``wait`` seconds (it is drawing the chunk, or one sharing its lock)."""
    store = Store(KIND)
    if chunk.key is None or store.folder is None:
        return _drawn(chunk, layout, store)
    kept = _read(store, chunk.key)
    if kept is not None:
        return kept
    try:
        with exclusive_lock(chunk_lock(store.folder, chunk.key), wait=wait, poll=0.01):
            return _read(store, chunk.key) or _drawn(chunk, layout, store)
    except LockBusy:
        return None if wait < LOCK_WAIT else _drawn(chunk, layout, store)
    except OSError:  # no lock to be had (a read-only cache): drawn here
        return _drawn(chunk, layout, store)


def _drawn(chunk: Chunk, layout: Layout, store: Store) -> Drawn:
    drawn = _draw(chunk, layout)
    layout.drawn.append(chunk.name)
    if chunk.key is not None:
        store.put(chunk.key, drawn.to_entry())
    return drawn


def _draw(chunk: Chunk, layout: Layout) -> Drawn:
    buf = io.BytesIO()
    doc = _ChunkDoc(
        buf,
        layout.templates(),
        chunk.template,
        title=layout.title,
        author="cardgen",
        subject=layout.subject,
        creator=layout.creator,
        initialFontName=layout.initial_font,
    )
    canvas = type("Seeded", (_ChunkCanvas,), {"seeded": tuple(layout.fonts)})
    made: list[_ChunkCanvas] = []

    def make(*args: Any, **kwargs: Any) -> _ChunkCanvas:
        made.append(canvas(*args, **kwargs))
        return made[-1]

    doc.build(chunk.flowables(), canvasmaker=make)
    canv = made[-1]
    return Drawn(buf.getvalue(), doc.outline_entries, canv.anchors, canv.names, doc.page)


Footer = Callable[[Canvas, int], None]


def footers(count: int, footer: Footer, fonts: Sequence[str], key: str | None) -> bytes:
    """``count`` A4 pages holding only the footer of each page (page numbers from 1), kept
    under ``key`` (None: drawn)."""
    if key is None:
        return _footers(count, footer, fonts)
    kept = Store(KIND).keep(
        digest_data([key, count, *fonts[:1]]),
        lambda: base64.b64encode(_footers(count, footer, fonts)).decode("ascii"),
        lambda v: isinstance(v, str),
    )
    return base64.b64decode(kept)


def _footers(count: int, footer: Footer, fonts: Sequence[str]) -> bytes:
    buf = io.BytesIO()
    # the page's current font from the start is the document's own (a canvas's default, a
    # Helvetica referenced and never drawn, would be a font the PDF does not embed)
    canv = Canvas(buf, pagesize=A4, invariant=1, initialFontName=fonts[0] if fonts else None)
    seed_fonts(canv, fonts)
    for n in range(1, count + 1):
        footer(canv, n)
        canv.showPage()
    canv.save()
    return buf.getvalue()


@dataclass(frozen=True)
class Info:
    """A document's info (title, subject, creator) and footer; ``footer_key`` digests what
    the footer draws (None: never kept)."""

    title: str
    subject: str
    creator: str
    footer: Footer
    footer_key: str | None = None


def assemble(
    drawn: Sequence[Drawn],
    info: Info,
    fonts: Sequence[str],
    outline_closed: Callable[[int], bool] = lambda level: level >= 1,
) -> bytes:
    """The document of the chunks ``drawn``, in order: their pages with the footers laid
    under them, every link pointed at its anchor, the outline; byte-identical per input."""
    import pikepdf

    out = pikepdf.new()
    sources = [pikepdf.open(io.BytesIO(d.pdf)) for d in drawn]
    starts: list[int] = []
    for src in sources:
        starts.append(len(out.pages))
        out.pages.extend(src.pages)
    anchors = {
        name: (starts[i] + page, fit, nums)
        for i, d in enumerate(drawn)
        for name, (page, fit, nums) in d.anchors.items()
    }
    for i, d in enumerate(drawn):
        for n in range(d.pages):
            _point_links(out, out.pages[starts[i] + n], d.names, anchors)
    under = pikepdf.open(io.BytesIO(footers(len(out.pages), info.footer, fonts, info.footer_key)))
    name = pikepdf.Name("/CardgenFooter")
    for page, foot in zip(out.pages, under.pages, strict=True):
        page.add_resource(out.copy_foreign(foot.as_form_xobject()), pikepdf.Name.XObject, name)
        page.contents_add(b"q /CardgenFooter Do Q\n", prepend=True)
    _outline(out, drawn, starts, anchors, outline_closed)
    _share_resources(out)
    out.Root.PageMode = pikepdf.Name.UseOutlines
    out.docinfo = out.make_indirect(
        pikepdf.Dictionary(
            Title=info.title,
            Author="cardgen",
            Subject=info.subject,
            Creator=info.creator,
            Producer="cardgen",
        )
    )
    buf = io.BytesIO()
    out.save(
        buf,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
    )
    for src in [*sources, under]:
        src.close()
    return buf.getvalue()


def page_count(path: str | os.PathLike[str]) -> int:
    """The pages of the PDF document at ``path``."""
    import pikepdf

    with pikepdf.open(os.fspath(path)) as pdf:
        return len(pdf.pages)


def _dest(out: Any, anchor: Anchor) -> Any:
    import pikepdf

    page, fit, nums = anchor
    return pikepdf.Array([out.pages[page].obj, pikepdf.Name("/" + fit), *nums])


def _point_links(out: Any, page: Any, names: list[str], anchors: dict[str, Anchor]) -> None:
    """Point each link of ``page`` (its destination a marker) at the anchor it names."""
    for annot in page.obj.get("/Annots", ()):
        dest = annot.get("/Dest")
        if dest is None or len(dest) < 3:
            continue
        index = MARKER - int(dest[2])
        if not 0 <= index < len(names):
            continue
        target = anchors.get(names[index])
        if target is None:
            raise ValueError(f"a link names {names[index]!r}, which no page of the document has")
        annot.Dest = _dest(out, target)


def _outline(out, drawn, starts, anchors, closed) -> None:
    """The outline: every chunk's entries, nested by level."""
    from pikepdf import OutlineItem

    with out.open_outline() as outline:
        stack: list[tuple[int, Any]] = []
        for i, d in enumerate(drawn):
            for level, text, key, page in d.outline:
                target = anchors.get(key, (starts[i] + page, "Fit", ()))
                item = OutlineItem(text, _dest(out, target))
                item.is_closed = closed(level)
                while stack and stack[-1][0] >= level:
                    stack.pop()
                (stack[-1][1].children if stack else outline.root).append(item)
                stack.append((level, item))


def _share_resources(out: Any) -> None:
    """Keep one copy of each font and form the chunks embed alike (their names aside)."""
    import pikepdf

    seen: dict[str, Any] = {}
    digests: dict[tuple[int, int], str] = {}

    def digest(obj: Any) -> str:
        h = hashlib.sha256()
        _feed(h, obj, digests, set())
        return h.hexdigest()

    def visit(resources: Any, done: set) -> None:
        if resources is None:
            return
        for kind in ("/Font", "/XObject"):
            table = resources.get(kind)
            if table is None:
                continue
            for name in list(table.keys()):
                obj = table[name]
                if kind == "/XObject" and obj.get("/Subtype") == pikepdf.Name.Form:
                    og = obj.objgen
                    if og not in done:
                        done.add(og)
                        visit(obj.get("/Resources"), done)
                key = kind + digest(obj)
                if key in seen:
                    if seen[key].objgen != obj.objgen:
                        table[name] = seen[key]
                else:
                    seen[key] = obj

    done: set = set()
    for page in out.pages:
        visit(page.obj.get("/Resources"), done)


def _feed(h: Any, obj: Any, digests: dict, path: set) -> None:
    """Feed ``obj`` (followed through references, a font's ``/Name`` aside) into ``h``."""
    import pikepdf

    if not isinstance(obj, pikepdf.Object):  # a number or a boolean
        h.update(repr(obj).encode())
        return
    og = obj.objgen if obj.is_indirect else None
    if og is not None and og in digests:
        h.update(digests[og].encode())
        return
    if og is not None and og in path:
        h.update(b"<cycle>")
        return
    inner = hashlib.sha256()
    if og is not None:
        path.add(og)
    if isinstance(obj, pikepdf.Stream):
        inner.update(b"stream")
        inner.update(obj.read_raw_bytes())
        _feed_dict(inner, obj.stream_dict, digests, path, skip=("/Length",))
    elif isinstance(obj, pikepdf.Dictionary):
        _feed_dict(inner, obj, digests, path, skip=("/Name",))
    elif isinstance(obj, pikepdf.Array) and b" R" not in (text := obj.unparse()):
        inner.update(text)  # numbers, names, strings (a font's widths)
    elif isinstance(obj, pikepdf.Array):
        inner.update(b"[")
        for item in obj:
            _feed(inner, item, digests, path)
            inner.update(b",")
        inner.update(b"]")
    else:
        inner.update(obj.unparse())
    if og is not None:
        path.discard(og)
        digests[og] = inner.hexdigest()
    h.update(inner.hexdigest().encode())


def _feed_dict(h: Any, d: Any, digests: dict, path: set, skip: tuple[str, ...]) -> None:
    h.update(b"<<")
    for k in sorted(d.keys()):
        if k in skip:
            continue
        h.update(k.encode())
        _feed(h, d[k], digests, path)
    h.update(b">>")
