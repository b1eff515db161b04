"""Rulebook appendices generated from the catalogue, the rules model and the effect vocabulary.

:func:`build_appendix` gathers a typed :class:`Appendix`; :func:`write_appendices` writes it as
markdown, HTML and/or PDF; :func:`write_rulebook` writes the printed rulebook (``docs/rulebook.md``
against the rules model) followed by the appendices; :func:`write_rules_reference` regenerates
``docs/rules-reference.md``.
"""

from cardgen.docs.gather import build_appendix
from cardgen.docs.model import Appendix
from cardgen.docs.rulebook import RULEBOOK_FILE, Rulebook, RulebookError, build_rulebook
from cardgen.docs.writer import (
    FORMATS,
    render,
    render_rulebook,
    write_appendices,
    write_rulebook,
    write_rules_reference,
)

__all__ = [
    "FORMATS",
    "RULEBOOK_FILE",
    "Appendix",
    "Rulebook",
    "RulebookError",
    "build_appendix",
    "build_rulebook",
    "render",
    "render_rulebook",
    "write_appendices",
    "write_rulebook",
    "write_rules_reference",
]
