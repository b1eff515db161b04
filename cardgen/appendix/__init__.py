"""Rulebook appendices generated from the catalogue, the rules model and the effect vocabulary.

:func:`build_appendix` gathers a typed :class:`Appendix`; :func:`write_appendices` writes it as
markdown, HTML and/or PDF; :func:`write_rules_reference` regenerates ``docs/rules-reference.md``.
"""

from cardgen.appendix.gather import build_appendix
from cardgen.appendix.model import Appendix
from cardgen.appendix.writer import FORMATS, render, write_appendices, write_rules_reference

__all__ = [
    "FORMATS",
    "Appendix",
    "build_appendix",
    "render",
    "write_appendices",
    "write_rules_reference",
]
