"""Field types of Attack Right's cards: ids checked against the rules model, powers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from cardgen.catalogue.types import from_rules

DASH = "-"
"""A power printed as ``-``: the card has no power of that kind (not the same as 0)."""


def _power(value: Any) -> Any:
    if value == DASH and isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        raise PydanticCustomError("out_of_range", "power must be 0..99 or '-'")
    raise PydanticCustomError(
        "wrong_type", 'power must be a whole number or "-" (no power; not the same as 0)'
    )


ResourceId = Annotated[str, from_rules("resource_ids", "resource")]
DeckId = Annotated[str, from_rules("deck_ids", "deck")]
SeasonId = Annotated[str, from_rules("season_ids", "season")]
Power = Annotated[int | Literal["-"], BeforeValidator(_power)]


def power_value(p: int | str) -> int | None:
    """The numeric value of a power, or None for ``-``."""
    return None if p == DASH else int(p)
