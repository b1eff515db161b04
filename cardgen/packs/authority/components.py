"""Authority's printed components (written in the print step)."""

from __future__ import annotations


def component_specs() -> list:
    return []


def counts(catalogue) -> dict[str, int]:
    return {"cards": catalogue.count()}
