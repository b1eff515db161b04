"""Field types shared by the catalogue models.

Ids whose allowed values come from the rules model (decks, seasons, resources) are checked
against the validation context ``{"rules": RulesModel}`` so that a designer's new resource in
``rules.yaml`` needs no code change.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, StrictInt, ValidationInfo
from pydantic_core import PydanticCustomError

DASH = "-"
"""A power printed as ``-``: the card has no power of that kind (not the same as 0)."""


def _from_rules(attr: str, label: str):
    def check(value: str, info: ValidationInfo) -> str:
        rules = (info.context or {}).get("rules")
        if rules is None:
            return value
        options = getattr(rules, attr)
        if value not in options:
            raise PydanticCustomError(
                "unknown_value",
                "unknown {label} {value!r}",
                {"label": label, "value": value, "options": list(options)},
            )
        return value

    return AfterValidator(check)


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


ResourceId = Annotated[str, _from_rules("resource_ids", "resource")]
DeckId = Annotated[str, _from_rules("deck_ids", "deck")]
SeasonId = Annotated[str, _from_rules("season_ids", "season")]
Power = Annotated[int | Literal["-"], BeforeValidator(_power)]
CardId = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=2, max_length=48)]
Amount = Annotated[StrictInt, Field(ge=1, le=9)]


def _nonzero(value: int) -> int:
    if value == 0:
        raise PydanticCustomError("out_of_range", "amount must not be 0")
    return value


SignedAmount = Annotated[
    StrictInt,
    Field(ge=-9, le=9, json_schema_extra={"not": {"const": 0}}),
    AfterValidator(_nonzero),
]
"""A non-zero whole number from -9 to 9 (negative amounts take away)."""


def power_value(p: int | str) -> int | None:
    """The numeric value of a power, or None for ``-``."""
    return None if p == DASH else int(p)
