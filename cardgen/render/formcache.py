"""Forms shared between the PDFs of one render: each face is laid out and drawn only once.

A form's content stream is captured the first time it is drawn and replayed into every later
document.  For the bytes to mean the same in every document, each document starts with the
same font state: the same internal font names and, for every TTF subset, the same character
codes (:class:`FontSeed`, grown as documents add characters).  Capturing, replaying and
seeding go through reportlab's internals, in :mod:`cardgen.render._rl_fast`; where it does not
replay (an untested reportlab, ``CARDGEN_REPORTLAB_PUBLIC=1``) documents take no cache.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardgen.render.geometry import Box

if TYPE_CHECKING:
    from cardgen.render.document import Document

DrawFn = Callable[["Document"], None]
FormDef = tuple[str, Box, DrawFn]


@dataclass
class CachedForm:
    """A form's content stream and the forms it refers to, in first-use order; ``stream`` is
    the code compressed after ``preamble`` (the canvas preamble it was drawn with), kept for
    the documents whose preamble is the same."""

    code: list[str]
    deps: list[FormDef]
    preamble: str
    stream: bytes | None = None

    @property
    def uses(self) -> list[str]:
        """The names of the forms the stream draws."""
        return [dep[0] for dep in self.deps]


@dataclass
class FontSeed:
    """The character order of every TTF font, shared by the documents of one render."""

    fonts: tuple[str, ...]
    order: dict[str, str] = field(default_factory=dict)


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
