"""The markdown appendix (GitHub-flavoured markdown; icons written ``[name]``)."""

from __future__ import annotations

from cardgen.docs.content import Appendix, for_format
from cardgen.docs.templating import render


def render_markdown(appendix: Appendix) -> str:
    """The whole appendix as GitHub-flavoured markdown."""
    a = for_format(appendix, "md")
    return tidy(render("appendix.md.j2", a.templates, a=a))


def tidy(text: str) -> str:
    """Collapse runs of blank lines and end with exactly one newline."""
    lines: list[str] = []
    for line in text.splitlines():
        line = line.rstrip()
        if line or (lines and lines[-1]):
            lines.append(line)
    return "\n".join(lines).strip() + "\n"
