"""The rules reference of Greedy Kingdoms: every reading of an open passage, as data
(``clarifications.yaml``), and the markdown made from it."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.clarifications import Clarification, load_clarifications

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


def clarifications() -> tuple[Clarification, ...]:
    """All readings, in rules-reference order."""
    return load_clarifications(CLARIFICATIONS_FILE)


def rules_reference(game: str = "Greedy Kingdoms") -> str:
    """The rules reference as markdown."""
    out = [
        f"# {game}: rules reference",
        "",
        "Where the rule manual leaves something open, the rules engine follows these readings. "
        "Each quotes the passage it clarifies; a setting in `rules.yaml` switches to the other "
        "reading where a designer might want it. Generated from "
        "`cardgen/packs/greedy_kingdoms/clarifications.yaml` "
        "(`cardgen appendix games/greedy-kingdoms/cards --rules-reference FILE`).",
        "",
    ]
    for c in clarifications():
        out += [f"## {c.id}. {c.title}", "", f"*{c.section}*", "", f"> {c.passage}", ""]
        out += [c.reading, ""]
        if c.alternative:
            out += [f"Other reading: {c.alternative}", ""]
        if c.setting:
            out += [f"Setting: `{c.setting}`", ""]
    return "\n".join(out)
