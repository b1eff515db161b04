"""Attack the Tower's rules reference: every reading the engine takes of the seed's rulebook, as
data (``clarifications.yaml``), and the markdown made from it
(``games/attack-the-tower/rules-reference.md``, ``cardgen appendix --rules-reference``)."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.clarifications import (
    Clarification,
    load_clarifications,
    reference_markdown,
)

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")
INTRO = (
    "How the rules engine reads the seed's rulebook (*Attack the Tower: Westerners*, seed 002, "
    "garbled in places). Each reading quotes the passage it reads, in the seed's own words, and "
    "cites the scenarios of `games/attack-the-tower/scenarios/` that show it; a setting in "
    "`rules.yaml` switches to the other reading where a designer might want it. Numbers the "
    "seed does not give are placeholders in the data, which `cardgen validate` lists (I001). "
    "Generated from `cardgen/packs/attack_the_tower/clarifications.yaml` "
    "(`cardgen appendix games/attack-the-tower/cards --rules-reference FILE`)."
)


def clarifications() -> tuple[Clarification, ...]:
    """Every reading, in the reference's order."""
    return load_clarifications(CLARIFICATIONS_FILE)


def rules_reference(game: str = "Attack the Tower") -> str:
    """The rules reference as markdown."""
    return reference_markdown(f"{game}: rules reference", INTRO, clarifications())
