"""Attack Right's balance targets (``targets.yaml``) and the verdicts a summary gets from them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

TARGETS_FILE = Path(__file__).with_name("targets.yaml")


class Targets(BaseModel):
    """The thresholds of ``targets.yaml`` (see the comments there)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    play_share_min: float = Field(ge=0, le=1)
    min_drafted_games: int = Field(ge=1)
    dominant_margin: float = Field(ge=0, le=1)
    dominant_min_games: int = Field(ge=1)
    majority_margin: float = Field(ge=0, le=1)
    majority_min_games: int = Field(ge=1)
    cards_per_round: dict[str, float]
    seat_margin: float = Field(ge=0, le=1)
    never_affordable_max: float = Field(ge=0, le=1)


@cache
def load_targets(path: Path = TARGETS_FILE) -> Targets:
    """The targets of ``path`` (the pack's ``targets.yaml`` by default)."""
    return Targets.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
