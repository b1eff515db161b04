"""The rules reference: every interpretation of an ambiguous rulebook passage, as data."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


class Clarification(BaseModel):
    """One interpretation: the passage it clarifies, the reading, the setting that flips it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    passage: str
    section: str
    reading: str
    alternative: str | None = None
    setting: str | None = None


@cache
def clarifications() -> tuple[Clarification, ...]:
    """All clarifications, in rules-reference order."""
    data = yaml.safe_load(CLARIFICATIONS_FILE.read_text(encoding="utf-8"))
    return tuple(TypeAdapter(list[Clarification]).validate_python(data))
