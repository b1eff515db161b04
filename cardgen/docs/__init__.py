"""The documents of any pack's catalogue: the rulebook appendices and the printed rulebook.

The appendix is a generic document model (:mod:`cardgen.docs.content`: sections of paragraphs,
tables with icons, card indexes, glossaries, clarifications, component counts, charts) that
the pack builds (its docs facet, :mod:`cardgen.docs.facet`; every pack gets a card reference,
its icons and its components).  :func:`build_appendix` gathers it; :func:`write_appendices`
writes it as markdown, HTML and/or PDF; :func:`write_rulebook` writes the printed rulebook (the
pack's ``rulebook.md`` against the rules model) followed by the appendices;
:func:`write_rules_reference` writes a pack's rules reference.

Each is imported when first named: a pack's docs facet is read with its pack, and imports none
of the writers (jinja, the PDF and HTML renderers, the rules descriptions' how-to-play).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.docs.content import Appendix, Section
    from cardgen.docs.gather import build_appendix
    from cardgen.docs.rulebook import RULEBOOK_NAME, Rulebook, RulebookError, build_rulebook
    from cardgen.docs.writer import (
        FORMATS,
        render,
        render_rulebook,
        write_appendices,
        write_appendix,
        write_rulebook,
        write_rules_reference,
    )

__all__ = [
    "FORMATS",
    "RULEBOOK_NAME",
    "Appendix",
    "Rulebook",
    "RulebookError",
    "Section",
    "build_appendix",
    "build_rulebook",
    "render",
    "render_rulebook",
    "write_appendices",
    "write_appendix",
    "write_rulebook",
    "write_rules_reference",
]

_LAZY = {
    "Appendix": "content",
    "Section": "content",
    "build_appendix": "gather",
    "RULEBOOK_NAME": "rulebook",
    "Rulebook": "rulebook",
    "RulebookError": "rulebook",
    "build_rulebook": "rulebook",
    "FORMATS": "writer",
    "render": "writer",
    "render_rulebook": "writer",
    "write_appendices": "writer",
    "write_appendix": "writer",
    "write_rulebook": "writer",
    "write_rules_reference": "writer",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"cardgen.docs.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
