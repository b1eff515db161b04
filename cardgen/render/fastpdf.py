"""Form XObjects and pages written straight to bytes: what reportlab writes, only faster.

reportlab builds every dictionary of a PDF from small objects and formats them one by one
when the file is saved; for documents of hundreds of forms and pages that is most of the
time spent writing.  The objects here write the same bytes for the plain forms and pages our
documents use (checked by ``tests/test_render_fastpdf.py`` against reportlab's own output):

* :class:`FormXObject`: a form whose content stream is compressed once, when it is made,
  so a form replayed into another document (:mod:`formcache`) is not compressed again;
* :func:`fast_pages`: pages with no annotations, transitions, transparency or extra colour
  spaces format themselves in one step; any other page falls back to reportlab;
* :func:`place_form`, :func:`draw_string` and :func:`set_colour`: a form placed, a line of
  TrueType text drawn, an opaque RGB colour set, as ``saveState/transform/doForm/restoreState``,
  ``drawString`` and ``setFillColor`` write them.

Streams are Flate-compressed without ASCII85, as :func:`cardgen.render.document.binary_streams`
asks of every document we save.  Like :mod:`formcache`, this relies on reportlab internals:
a canvas's ``_code``, ``_formsinuse``, ``_preamble``, its font state and form bookkeeping,
and the document's object numbering (``Reference``).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFObject, PDFPage, fp_str, xObjectName
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas

#: Characters of ASCII that reportlab's PDFDocEncoding cannot encode.
_NOT_PDFDOC = re.compile("[\x18-\x1f]")
_PROCS_ALL = b"/ProcSet [ /PDF /Text /ImageB /ImageC /ImageI ]"
_PROCS_BASIC = b"/ProcSet [ /PDF /Text ]"
_FLATE = b"/Filter [ /FlateDecode ]"


def pdfdoc_bytes(text: str) -> bytes:
    """``text`` in PDFDocEncoding, as reportlab encodes form streams (ASCII in one step)."""
    if text.isascii() and not _NOT_PDFDOC.search(text):
        return text.encode("ascii")
    return text.encode("extpdfdoc")


def form_stream(preamble: str, code: Iterable[str]) -> bytes:
    """The compressed content stream of a form: the canvas preamble, then its code."""
    return zlib.compress(pdfdoc_bytes("\n".join([preamble, *code])))


@lru_cache(maxsize=4096)
def _name(name: str) -> bytes:
    return pdfdoc.PDFName(name).encode("ascii")


def _ref(document, name: str) -> bytes:
    return b"%d %d R" % document.idToObjectNumberAndVersion[name]


@lru_cache(maxsize=1024)
def _numbers(values: tuple[float, ...]) -> bytes:
    """A short array of numbers (a box: the same few recur on every page and form)."""
    return b"[ " + b" ".join(fp_str(v).encode("ascii") for v in values) + b" ]"


def _dict(entries: list[bytes]) -> bytes:
    """A dictionary as reportlab writes it: entries already sorted by key, six to a line."""
    lines = [b" ".join(entries[i : i + 6]) for i in range(0, len(entries), 6)]
    return b"<<\n" + b" \n  ".join(lines) + b"\n>>"


def _xobjects(document, internal_names: Iterable[str]) -> bytes:
    names = sorted(set(internal_names))
    return _dict([_name(n) + b" " + _ref(document, n) for n in names])


def _resources(document, procs: bytes, xobjects: Iterable[str]) -> bytes:
    entries = [b"/Font " + _ref(document, pdfdoc.BasicFonts), procs]
    xobjects = list(xobjects)
    if xobjects:
        entries.append(b"/XObject " + _xobjects(document, xobjects))
    return _dict(entries)


def _stream(document, head: list[bytes], data: bytes) -> bytes:
    data = document.encrypt.encode(data)
    entries = sorted([*head, _FLATE, b"/Length %d" % len(data)])
    return _dict(entries) + b"\nstream\n" + data + b"endstream\n"


class FormXObject(PDFObject):
    """A form XObject with its compressed content stream and the forms it draws."""

    __RefOnly__ = 1

    def __init__(self, bbox: tuple[float, float, float, float], stream: bytes, forms: list[str]):
        self.bbox = bbox
        self.stream = stream
        #: internal names of the forms (and images) the stream draws
        self.xobjects = [xObjectName(f) for f in forms]

    def format(self, document) -> bytes:
        resources = _resources(document, _PROCS_ALL, self.xobjects)
        head = [
            b"/BBox " + _numbers(self.bbox),
            b"/FormType 1",
            b"/Matrix [ 1 0 0 1 0 0 ]",
            b"/Resources " + resources,
            b"/Subtype /Form",
            b"/Type /XObject",
        ]
        return _stream(document, head, self.stream)


def end_form(c: Canvas, name: str, bbox: tuple[float, float, float, float]) -> FormXObject:
    """Close the form begun with ``c.beginForm`` as a :class:`FormXObject` and return it
    (what ``c.endForm()`` does, with the stream compressed now)."""
    if c._annotationrefs:
        raise ValueError("annotations don't work in forms")
    form = FormXObject(bbox, form_stream(c._preamble, c._code), c._formsinuse)
    add_form(c, name, form)
    c._restartAccumulators()
    c.pop_state_stack()
    return form


def add_form(c: Canvas, name: str, form: FormXObject) -> None:
    """Register ``form`` under ``name`` in the canvas's document."""
    c._doc.addForm(name, form)


class _PageStream(PDFObject):
    """A page's content stream, compressed as reportlab compresses it (UTF-8, Flate)."""

    __RefOnly__ = 1

    def __init__(self, text: str):
        self.text = text

    def format(self, document) -> bytes:
        return _stream(document, [], zlib.compress(self.text.encode("utf8")))


#: Page entries that must be unset for the fast path (reportlab sets Rotate, Trans, boxes).
_UNSET = (
    "Parent", "MediaBox", "Resources", "Contents", "CropBox", "Thumb", "Annots", "B", "Dur",
    "Hid", "AA", "PieceInfo", "LastModified", "SeparationInfo", "ArtBox", "ID", "PZ", "ExtGState",
)  # fmt: skip


def _plain(page: PDFPage) -> bool:
    d = page.__dict__
    return (
        not page.Override_default_compilation
        and page.compression
        and not pdfdoc.rl_config.useA85
        and isinstance(page.stream, str)
        and not d.get("_colorsUsed")
        and not d.get("_shadingUsed")
        and isinstance(page.Rotate, int)
        and isinstance(page.Trans, PDFDictionary)
        and not page.Trans.dict
        and all(not d.get(k) for k in _UNSET)
        and all(d.get(k) is None or type(d[k]) is pdfdoc.PDFArray for k in ("TrimBox", "BleedBox"))
        and (page.XObjects is None or type(page.XObjects) is PDFDictionary)
        and set(d) <= _PAGE_ATTRS
    )


class FastPage(PDFPage):
    """A page that formats itself in one step when it is plain (see :func:`_plain`)."""

    def format(self, document) -> bytes:
        if not _plain(self):
            return super().format(document)
        w, h = self.pagewidth, self.pageheight
        if self.Rotate in (90, 270):
            w, h = h, w
        parent = document.Reference(document.Pages)  # numbered before the contents
        contents = document.Reference(_PageStream(self.stream))
        xobjects = self.XObjects.dict if self.XObjects is not None else ()
        procs = _PROCS_ALL if self.hasImages else _PROCS_BASIC
        entries = [
            b"/Contents " + _ref(document, contents.name),
            b"/MediaBox " + _numbers((0, 0, w, h)),
            b"/Parent " + _ref(document, parent.name),
            b"/Resources " + _resources(document, procs, xobjects),
            b"/Rotate " + fp_str(self.Rotate).encode("ascii"),
            b"/Trans <<\n\n>>",
            b"/Type /Page",
        ]
        for box in ("BleedBox", "TrimBox"):
            value = self.__dict__.get(box)
            if value is not None:
                entries.append(b"/" + box.encode("ascii") + b" " + _numbers(tuple(value.sequence)))
        return _dict(sorted(entries))


#: Attributes a page made by ``Canvas.showPage`` has (anything else: not plain).
_PAGE_ATTRS = frozenset(
    [
        *PDFPage.__NoDefault__,
        "pagewidth",
        "pageheight",
        "hasImages",
        "compression",
        "stream",
        "_colorsUsed",
        "_shadingUsed",
        "ExtGState",
        "XObjects",
        "__InternalName__",
    ]
)


def fast_pages(c: Canvas) -> None:
    """Let the plain pages of ``c``'s document format themselves (call just before saving)."""
    for page in c._doc.Pages.pages:
        if type(page) is PDFPage:
            page.__class__ = FastPage


def place_form(c: Canvas, name: str, x: float, y: float, scale: float = 1.0) -> None:
    """Draw form ``name`` scaled by ``scale`` with its origin at ``(x, y)``: the code of
    ``saveState(); transform(scale, 0, 0, scale, x, y); doForm(name); restoreState()``."""
    c._code.extend(("q", f"{fp_str(scale, 0, 0, scale, x, y)} cm", f"/{xObjectName(name)} Do", "Q"))
    c._formsinuse.append(name)


def draw_string(c: Canvas, x: float, y: float, text: str, anchor: float = 0.0) -> None:
    """One line of text in the canvas's current font, starting at ``x`` (``anchor`` 0), centred
    on it (0.5) or ending at it (1): what ``drawString``, ``drawCentredString`` and
    ``drawRightString`` write, in one step for TrueType fonts."""
    font = pdfmetrics.getFont(c._fontname)
    if not font._dynamicFont or not c.bottomup or textobject.rtlSupport:
        draw = {0.0: c.drawString, 0.5: c.drawCentredString, 1.0: c.drawRightString}[anchor]
        draw(x, y, text)
        return
    size = c._fontsize
    if anchor:
        width = pdfmetrics.stringWidth(text, c._fontname, size)
        x = x - 0.5 * width if anchor == 0.5 else x - width
    doc = c._doc
    tf = f"{fp_str(size)} Tf {fp_str(c._leading)} TL"
    ops = []
    current = -1
    for subset, chars in font.splitString(text, doc):
        if subset != current:
            ops.append(f"{font.getSubsetInternalName(subset, doc)} {tf}")
            current = subset
        ops.append(f"({c._escape(chars)}) Tj")
    c._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(ops)} T* ET")


def set_colour(c: Canvas, colour, stroke: bool = False) -> None:
    """``c.setFillColor(colour)``, or ``c.setStrokeColor`` with ``stroke``: in one step for an
    opaque RGB colour while nothing is transparent (the alpha reportlab also sets is then
    already 1, so it writes nothing for it)."""
    if (
        type(colour) is Color
        and colour.alpha == 1
        and c._enforceColorSpace is None
        and c._extgstate.getValue("CA" if stroke else "ca") == 1
    ):
        rgb = fp_str(colour.red, colour.green, colour.blue)
        if stroke:
            c._strokeColorObj = colour
            c._code.append(f"{rgb} RG")
        else:
            c._fillColorObj = colour
            c._code.append(f"{rgb} rg")
        c._doc.ensureMinPdfVersion("transparency")  # as setting the alpha does
    elif stroke:
        c.setStrokeColor(colour)
    else:
        c.setFillColor(colour)
