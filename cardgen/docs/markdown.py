"""The markdown appendix and the generated rules reference (``docs/rules-reference.md``)."""

from __future__ import annotations

from cardgen.docs.gather import clarification_entry
from cardgen.docs.model import Appendix
from cardgen.docs.templating import render
from cardgen.packs.attack_right.clarifications import clarifications


def render_markdown(appendix: Appendix) -> str:
    """The whole appendix as GitHub-flavoured markdown."""
    return _tidy(render("appendix.md.j2", a=appendix))


def rules_reference(game: str = "Attack Right") -> str:
    """The rules reference: every clarification, from the clarifications data alone."""
    entries = [clarification_entry(c, None) for c in clarifications()]
    return _tidy(render("rules-reference.md.j2", game=game, clarifications=entries))


def _tidy(text: str) -> str:
    """Collapse runs of blank lines and end with exactly one newline."""
    lines: list[str] = []
    for line in text.splitlines():
        line = line.rstrip()
        if line or (lines and lines[-1]):
            lines.append(line)
    return "\n".join(lines).strip() + "\n"
