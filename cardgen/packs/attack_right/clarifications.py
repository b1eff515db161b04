"""The rules reference: every interpretation of an ambiguous rulebook passage, as data."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.clarifications import Clarification, load_clarifications

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


def clarifications() -> tuple[Clarification, ...]:
    """All clarifications, in rules-reference order."""
    return load_clarifications(CLARIFICATIONS_FILE)
