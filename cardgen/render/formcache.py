"""Forms shared between the PDFs of one render: each face is laid out and drawn only once.

A form's content stream is captured the first time it is drawn and replayed into every later
document.  For the bytes to mean the same in every document, each document starts with the
same font state: the same internal font names and, for every TTF subset, the same character
codes (:class:`FontSeed`, grown as documents add characters).  This relies on two reportlab
internals, used only here: a canvas's ``_code`` (the stream being built) and ``_formsinuse``
(the forms a stream refers to), and a TTF font's per-document ``state``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics

from cardgen.render.fastpdf import form_stream
from cardgen.render.geometry import Box

if TYPE_CHECKING:
    from cardgen.render.document import Document

DrawFn = Callable[["Document"], None]
FormDef = tuple[str, Box, DrawFn]


@dataclass
class CachedForm:
    """A form's content stream and the forms it refers to, in first-use order; ``stream`` is
    the code compressed after ``preamble`` (the canvas preamble it was drawn with)."""

    code: list[str]
    deps: list[FormDef]
    preamble: str
    stream: bytes

    @property
    def uses(self) -> list[str]:
        """The names of the forms the stream draws."""
        return [dep[0] for dep in self.deps]

    def stream_for(self, preamble: str) -> bytes:
        """The compressed stream after ``preamble`` (the stored one when it is the same)."""
        return self.stream if preamble == self.preamble else form_stream(preamble, self.code)


@dataclass
class FontSeed:
    """The character order of every TTF font, shared by the documents of one render."""

    fonts: tuple[str, ...]
    order: dict[str, str] = field(default_factory=dict)

    def apply(self, doc: Document) -> None:
        """Give ``doc`` the internal font names and character codes of the earlier documents."""
        pdf = doc.c._doc
        for name in self.fonts:
            font = pdfmetrics.getFont(name)
            font.splitString(self.order.get(name, "") or " ", pdf)
            font.getSubsetInternalName(0, pdf)

    def learn(self, doc: Document) -> None:
        """Extend the order with the characters ``doc`` added (call before it is saved)."""
        pdf = doc.c._doc
        for name in self.fonts:
            state = pdfmetrics.getFont(name).state.get(pdf)
            if state is None:
                continue
            codes = sorted(state.assignments.items(), key=lambda kv: kv[1])
            self.order[name] = "".join(chr(c) for c, n in codes if n >= 128 or c >= 128)
            ascii_part = "".join(chr(c) for c, n in codes if n < 128 and c < 128)
            self.order[name] = ascii_part + self.order[name]


@dataclass
class FormCache:
    """Captured forms by name, plus the font seed that keeps them valid.

    A name stands for one content; its box may differ between documents (a face is clipped
    at the trim in print-and-play sheets and at the bleed in print-service files).
    """

    seed: FontSeed
    forms: dict[str, CachedForm] = field(default_factory=dict)

    def get(self, name: str) -> CachedForm | None:
        return self.forms.get(name)

    def put(self, name: str, form: CachedForm) -> None:
        self.forms[name] = form
