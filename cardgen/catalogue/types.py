"""Field types any pack's catalogue may use.

Ids whose allowed values come from the rules model are checked against the validation context
``{"rules": <rules model>}`` (:func:`from_rules`), so a designer's new value in ``rules.yaml``
needs no code change.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StrictInt, ValidationInfo
from pydantic_core import PydanticCustomError


class FieldError(ValueError):
    """A model validator's error about one of its fields: ``path`` (relative to the model)
    says which, so the diagnostic points at that value's line rather than the model's."""

    def __init__(self, path: tuple[str | int, ...], message: str):
        super().__init__(message)
        self.path = path


def from_rules(attr: str, label: str) -> AfterValidator:
    """A validator accepting only the values listed by the rules model's attribute ``attr``."""

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
