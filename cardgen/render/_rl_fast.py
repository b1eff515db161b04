"""reportlab's internals, in one module: forms replayed from one PDF of a render into the next.

Everything else cardgen draws goes through reportlab's public API.  This is the one shortcut
that pays for itself: ``benchmarks/bench_render.py`` measures it saving 23-44 % of the CPU time
of ``cardgen render -p pnp -p print`` (30-35 % of the drawing and writing; two runs of three
under heavy load, with the first PDF's forms written as below), where each of the other
shortcuts once kept here (pages, forms, text and colours written straight to bytes, a font
metrics cache, font streams compressed once) saved under 10 % and was dropped for the public API.

The first PDF that draws a form writes it the same way (:func:`end_form`): the bytes
``endForm`` writes, without reportlab formatting the form's dictionaries object by object.

A render writes a dozen PDFs holding the same card faces.  Instead of laying out and drawing
each face again in every PDF, the content stream of a form is captured the first time it is
drawn (:func:`capture`) and added, compressed once, to every later PDF as a
:class:`FormXObject` that writes the bytes reportlab's ``endForm`` writes
(``tests/test_render_replay.py`` checks both).  For a captured stream to mean the same in
another PDF, every PDF of the render starts with the same font state: the same internal font
names and the same character codes in every TrueType subset (:func:`seed_fonts`, grown by
:func:`learn_fonts`).

The internals this relies on: a canvas's ``_code``, ``_preamble``, ``_formsinuse``,
``_annotationrefs``, ``_pageCompression``, ``_restartAccumulators``, ``pop_state_stack`` and
``_doc`` (``addForm``,
``idToObjectNumberAndVersion``, ``encrypt``), ``reportlab.pdfbase.pdfdoc``'s ``PDFObject`` and
``BasicFonts``, and a TrueType font's per-document ``state``.  They were checked with the
reportlab releases of :data:`TESTED`, which ``pyproject.toml`` allows; on any other release, or
with ``CARDGEN_REPORTLAB_PUBLIC=1``, :func:`replays` is False and every form is drawn in every
PDF through the public API: the same pages, more slowly.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

if TYPE_CHECKING:
    from cardgen.render.formcache import CachedForm, FontSeed

#: The reportlab releases the replay was tested with: from the first, below the second
#: (``pyproject.toml`` allows the same; ``tests/test_reportlab_version.py`` checks both, and
#: ``tests/check_reportlab_releases.py`` runs the render tests with any release).
TESTED: tuple[tuple[int, ...], tuple[int, ...]] = ((4, 2, 5), (5, 2))

#: Set to ``1`` to draw through reportlab's public API only (no form is replayed).
PUBLIC_ENV = "CARDGEN_REPORTLAB_PUBLIC"

Bbox = tuple[float, float, float, float]


def tested_range() -> str:
    """:data:`TESTED` as a version specifier, e.g. ``>=4.2.5,<5.2``."""
    low, high = (".".join(map(str, v)) for v in TESTED)
    return f">={low},<{high}"


def tested(version: str | None = None) -> bool:
    """True if reportlab ``version`` (default: the installed one) is in :data:`TESTED`."""
    release = tuple(int(n) for n in re.findall(r"\d+", version or reportlab.Version)[:3])
    return len(release) >= 2 and TESTED[0] <= release < TESTED[1]


def replays() -> bool:
    """True if the PDFs made now replay forms: a tested reportlab and no
    ``CARDGEN_REPORTLAB_PUBLIC`` (other than ``0``)."""
    return tested() and os.environ.get(PUBLIC_ENV, "").strip() in ("", "0")


@dataclass(frozen=True)
class Ended:
    """A form as :func:`end_form` wrote it: its code, the canvas preamble it was drawn with,
    its compressed stream and the XObjects (forms, images) it draws."""

    code: list[str]
    preamble: str
    stream: bytes
    uses: list[str]

    def replayable(self, deps: Iterable[str]) -> bool:
        """Whether a later PDF can replay it: it draws no XObject but the forms ``deps`` (an
        image would not be in that PDF)."""
        return set(self.uses) <= set(deps)


def end_form(c: Canvas, name: str, bbox: Bbox) -> Ended | None:
    """End the form ``name`` being drawn on ``c`` (begun with ``c.beginForm``) and define it
    in ``c``'s PDF as a :class:`FormXObject`: the bytes ``c.endForm()`` writes, without
    reportlab's object-by-object formatting of the form (a tenth of drawing a page of faces).
    A form with annotations, or on a canvas that does not compress, is ended by
    ``c.endForm()`` and None returned."""
    if c._annotationrefs or not c._pageCompression:
        c.endForm()
        return None
    code, preamble, uses = list(c._code), c._preamble, list(c._formsinuse)
    stream = zlib.compress(_pdfdoc_bytes("\n".join([preamble, *code])))
    c._doc.addForm(name, FormXObject(bbox, stream, uses))
    # what endForm does once the form is added: the page's code back, the graphics state
    c._restartAccumulators()
    c.pop_state_stack()
    return Ended(code, preamble, stream, uses)


def add_form(c: Canvas, name: str, bbox: Bbox, form: CachedForm) -> None:
    """Define form ``name`` in ``c``'s PDF from ``form``, captured in an earlier PDF (its own
    forms must be defined already).  The stream is compressed once, then kept in ``form``."""
    preamble = c._preamble
    stream = form.stream if preamble == form.preamble else None
    if stream is None:
        stream = zlib.compress(_pdfdoc_bytes("\n".join([preamble, *form.code])))
        if preamble == form.preamble:
            form.stream = stream
    c._doc.addForm(name, FormXObject(bbox, stream, form.uses))


def seed_fonts(c: Canvas, seed: FontSeed) -> None:
    """Give ``c``'s PDF the internal font names and character codes of ``seed``."""
    pdf = c._doc
    for name in seed.fonts:
        font = pdfmetrics.getFont(name)
        font.splitString(seed.order.get(name, "") or " ", pdf)
        font.getSubsetInternalName(0, pdf)


def learn_fonts(c: Canvas, seed: FontSeed) -> None:
    """Extend ``seed`` with the characters ``c``'s PDF added (call before it is saved)."""
    pdf = c._doc
    for name in seed.fonts:
        state = pdfmetrics.getFont(name).state.get(pdf)
        if state is None:
            continue
        codes = sorted(state.assignments.items(), key=lambda kv: kv[1])
        low = "".join(chr(c) for c, n in codes if n < 128 and c < 128)
        high = "".join(chr(c) for c, n in codes if n >= 128 or c >= 128)
        seed.order[name] = low + high


#: Characters of ASCII that reportlab's PDFDocEncoding cannot encode.
_NOT_PDFDOC = re.compile("[\x18-\x1f]")
_PROCS = b"/ProcSet [ /PDF /Text /ImageB /ImageC /ImageI ]"
_FLATE = b"/Filter [ /FlateDecode ]"


def _pdfdoc_bytes(text: str) -> bytes:
    """``text`` in PDFDocEncoding, as reportlab encodes form streams (ASCII in one step)."""
    if text.isascii() and not _NOT_PDFDOC.search(text):
        return text.encode("ascii")
    return text.encode("extpdfdoc")


@lru_cache(maxsize=4096)
def _name(name: str) -> bytes:
    return pdfdoc.PDFName(name).encode("ascii")


def _ref(document, name: str) -> bytes:
    return b"%d %d R" % document.idToObjectNumberAndVersion[name]


def _dict(entries: list[bytes]) -> bytes:
    """A dictionary as reportlab writes it: entries already sorted by key, six to a line."""
    lines = [b" ".join(entries[i : i + 6]) for i in range(0, len(entries), 6)]
    return b"<<\n" + b" \n  ".join(lines) + b"\n>>"


class FormXObject(pdfdoc.PDFObject):
    """A form XObject whose content stream is compressed already: what ``endForm`` writes for
    a form with the same stream, Flate-compressed without ASCII85."""

    __RefOnly__ = 1

    def __init__(self, bbox: Bbox, stream: bytes, forms: list[str]):
        self.bbox = bbox
        self.stream = stream
        #: internal names of the forms the stream draws
        self.xobjects = sorted({pdfdoc.xObjectName(f) for f in forms})

    def format(self, document) -> bytes:
        if rl_config.useA85:
            raise ValueError("replayed forms are written without ASCII85 (binary_streams)")
        resources = [b"/Font " + _ref(document, pdfdoc.BasicFonts), _PROCS]
        if self.xobjects:
            xobjects = _dict([_name(n) + b" " + _ref(document, n) for n in self.xobjects])
            resources.append(b"/XObject " + xobjects)
        data = document.encrypt.encode(self.stream)
        bbox = b" ".join(pdfdoc.fp_str(v).encode("ascii") for v in self.bbox)
        head = [
            b"/BBox [ " + bbox + b" ]",
            _FLATE,
            b"/FormType 1",
            b"/Length %d" % len(data),
            b"/Matrix [ 1 0 0 1 0 0 ]",
            b"/Resources " + _dict(resources),
            b"/Subtype /Form",
            b"/Type /XObject",
        ]
        return _dict(sorted(head)) + b"\nstream\n" + data + b"endstream\n"
