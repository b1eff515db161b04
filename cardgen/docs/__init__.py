"""The documents of any pack's catalogue: the rulebook appendices and the printed rulebook.

The appendix is a generic document model (:mod:`cardgen.docs.content`: sections of paragraphs,
tables with icons, card indexes, glossaries, clarifications, component counts, charts) that
the pack builds (:meth:`cardgen.pack.Pack.appendix_sections`; every pack gets a card reference,
its icons and its components).  :func:`build_appendix` gathers it; :func:`write_appendices`
writes it as markdown, HTML and/or PDF; :func:`write_rulebook` writes the printed rulebook (the
pack's ``rulebook.md`` against the rules model) followed by the appendices;
:func:`write_rules_reference` writes a pack's rules reference.
"""

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
