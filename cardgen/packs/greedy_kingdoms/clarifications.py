"""The rules reference of Greedy Kingdoms: every reading of an open passage, as data
(``clarifications.yaml``), and the markdown made from it."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.clarifications import (
    Clarification,
    load_clarifications,
    reference_markdown,
)

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


def clarifications() -> tuple[Clarification, ...]:
    """All readings, in rules-reference order."""
    return load_clarifications(CLARIFICATIONS_FILE)


def rules_reference(game: str = "Greedy Kingdoms") -> str:
    """The rules reference as markdown."""
    intro = (
        "Where the rule manual leaves something open, the rules engine follows these readings. "
        "Each quotes the passage it clarifies; a setting in `rules.yaml` switches to the other "
        "reading where a designer might want it. Generated from "
        "`cardgen/packs/greedy_kingdoms/clarifications.yaml` "
        "(`cardgen appendix games/greedy-kingdoms/cards --rules-reference FILE`)."
    )
    return reference_markdown(f"{game}: rules reference", intro, clarifications())
