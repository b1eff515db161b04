"""The clarifications: the appendix's section, and the rules reference
(``docs/rules-reference.md``, ``cardgen appendix --rules-reference``)."""

from __future__ import annotations

from cardgen.docs.content import ClarificationEntry, Clarifications, Paragraph, Section
from cardgen.docs.gather import setting_value
from cardgen.docs.inline import inline
from cardgen.docs.markdown import tidy
from cardgen.docs.templating import render
from cardgen.packs.attack_right.clarifications import Clarification, clarifications
from cardgen.packs.attack_right.model import RulesModel
from cardgen.util.resources import data_path

TEMPLATES = data_path("cardgen.packs.attack_right", "docs", "templates")

INTRO = (
    "Where the rulebook is ambiguous, the game is played by these readings. Each quotes the "
    "passage it clarifies."
)


def clarification_entry(c: Clarification, rules: RulesModel | None) -> ClarificationEntry:
    """A clarification with its setting's value in ``rules`` (none without rules)."""
    value = setting_value(rules, c.setting) if rules is not None else None
    return ClarificationEntry(
        c.id, c.title, c.section, c.passage, c.reading, c.alternative, c.setting, value, c.designer
    )


def clarifications_section(rules: RulesModel) -> Section:
    """Every clarification with the current value of its setting."""
    intro = (
        Paragraph(inline(INTRO.replace("the passage", "the\npassage")), only=("md",)),
        Paragraph(inline(INTRO), only=("html",)),
        Paragraph(inline(INTRO.replace("`", "")), only=("pdf",)),
    )
    entries = tuple(clarification_entry(c, rules) for c in clarifications())
    return Section(
        "clarifications",
        "Clarifications",
        (*intro, Clarifications(entries)),
        break_before="page",
    )


def rules_reference(game: str = "Attack Right") -> str:
    """The rules reference: every clarification, from the clarifications data alone."""
    entries = [clarification_entry(c, None) for c in clarifications()]
    return tidy(render("rules-reference.md.j2", (TEMPLATES,), game=game, clarifications=entries))
