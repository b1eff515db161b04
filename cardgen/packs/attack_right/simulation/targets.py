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

    def dead(self, card: dict) -> bool:
        """A summary's design row judged (drafted in enough player-games) and played in too
        few of them."""
        return (
            card["games_drawn"] >= self.min_drafted_games
            and card["played_share"] < self.play_share_min
        )

    def dominant(self, card: dict, average: float) -> bool:
        """A design row judged (played in enough player-games) whose players win more than
        ``dominant_margin`` above ``average`` (:func:`average_win`)."""
        return (
            card["games_played"] >= self.dominant_min_games
            and card["win_rate_when_played"] > average + self.dominant_margin
        )

    def never_affordable(self, card: dict) -> bool:
        """A design row drafted whose drafted copies were too often never affordable (had no
        legal play: the kit's ``unplayable``)."""
        return bool(card["drawn"]) and card["unplayable_rate"] >= self.never_affordable_max


def designs(summary: dict) -> list[dict]:
    """The summary's designs that were dealt (the kit's rows)."""
    return [c for c in summary.get("designs", ()) if c.get("dealt")]


def average_win(cards: list[dict]) -> float:
    """The win rate when played of every design together (0 when none was played)."""
    games = sum(c["games_played"] for c in cards)
    return sum(c["wins_played"] for c in cards) / games if games else 0.0


@cache
def load_targets(path: Path = TARGETS_FILE) -> Targets:
    """The targets of ``path`` (the pack's ``targets.yaml`` by default)."""
    return Targets.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
