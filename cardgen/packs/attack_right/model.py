"""The rules model of Attack Right: vocabulary fixed by the rules (code) + tunable constants (YAML).

What the engine's logic depends on is fixed here: card types, placements, phases and the
triggers effects can hook.  What a designer may tune (decks, seasons and their slot
capacities, resources, economy, component counts, interpretation settings) lives in
``cards/rules.yaml`` and is loaded by :func:`load_rules_model`.
"""

from __future__ import annotations

import os
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, model_validator

from cardgen.catalogue.models import RulesBase


class CardType(StrEnum):
    UNIT = "unit"
    BUILDING = "building"


class Placement(StrEnum):
    LEFT = "left"
    MIDDLE = "middle"
    RIGHT = "right"


class Stat(StrEnum):
    DEFENCE = "defence"
    ATTACK = "attack"


class Phase(StrEnum):
    DRAFT = "draft"
    PLAY = "play"
    BATTLE = "battle"
    INCOME = "income"
    AGE = "age"


class Trigger(StrEnum):
    """When an effect acts.  ``ongoing`` effects hold while the card is in the tableau."""

    ONGOING = "ongoing"
    PLAYED = "played"
    BATTLE = "battle"
    INCOME = "income"
    UPKEEP = "upkeep"
    AGE_START = "age_start"
    DIES = "dies"


TRIGGER_PHASE: dict[Trigger, Phase | None] = {
    Trigger.ONGOING: None,
    Trigger.PLAYED: Phase.PLAY,
    Trigger.BATTLE: Phase.BATTLE,
    Trigger.INCOME: Phase.INCOME,
    Trigger.UPKEEP: Phase.INCOME,
    Trigger.AGE_START: Phase.AGE,
    Trigger.DIES: Phase.AGE,
}


class _Strict(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


class DeckDef(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    icon: str
    theme: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    min_players: int = Field(2, ge=2, le=4)


class SeasonDef(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    rounds: list[PositiveInt]
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    slots: dict[Placement, NonNegativeInt]

    @property
    def capacity(self) -> int:
        return sum(self.slots.values())


class ResourceDef(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")


class Economy(_Strict):
    starting_coins: NonNegativeInt
    income: NonNegativeInt
    battle_glory: NonNegativeInt
    coins_per_glory: PositiveInt
    first_to_end_bonus: NonNegativeInt


class DraftRules(_Strict):
    hand_size: PositiveInt
    first_game_hand_size: PositiveInt
    keep_last: PositiveInt
    rounds: PositiveInt


class CatalogueRules(_Strict):
    cards_per_deck_season: PositiveInt
    min_distinct_designs_per_deck: NonNegativeInt
    first_game_min_players: PositiveInt


class Components(_Strict):
    cards: PositiveInt
    age_tokens: PositiveInt
    coin_tokens: PositiveInt
    scoreboards: PositiveInt
    score_tokens: PositiveInt
    round_tokens: PositiveInt
    player_boards: PositiveInt
    rulebooks: PositiveInt


class PlayerColour(_Strict):
    id: str
    name: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    letter: str = Field(min_length=1, max_length=1)
    shape: Literal["circle", "square", "triangle", "diamond", "hexagon", "star"]


class Players(_Strict):
    min: PositiveInt
    max: PositiveInt
    colours: list[PlayerColour]


class Settings(_Strict):
    """Interpretations of ambiguous rulebook passages (docs/rules-reference.md)."""

    defender_wins_ties: bool = True
    removed_card_coins: Literal["bank", "owner"] = "bank"
    age_start_before_deaths: bool = True
    bank_unlimited: bool = True
    middle_neighbour: Literal["both", "left", "right"] = "both"
    replace_when_free: bool = False
    simultaneous_effects: Literal["snapshot", "net"] = "snapshot"


class RulesModel(RulesBase):
    """Everything the rules say about the game's vocabulary and numbers."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["attack-right"]
    rulebook_version: str
    decks: list[DeckDef] = Field(min_length=1)
    seasons: list[SeasonDef] = Field(min_length=1)
    resources: list[ResourceDef] = Field(min_length=1)
    slot_power: dict[Placement, list[Stat]]
    economy: Economy
    draft: DraftRules
    catalogue: CatalogueRules
    components: Components
    players: Players
    settings: Settings = Settings()

    @model_validator(mode="after")
    def _consistent(self) -> RulesModel:
        for label, items in (
            ("deck", self.decks),
            ("season", self.seasons),
            ("resource", self.resources),
        ):
            ids = [i.id for i in items]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {label} id(s): {', '.join(dupes)}")
        rounds = sorted(r for s in self.seasons for r in s.rounds)
        if rounds != list(range(1, self.draft.rounds + 1)):
            raise ValueError(f"season rounds {rounds} must cover rounds 1..{self.draft.rounds}")
        if len(self.players.colours) < self.players.max:
            raise ValueError("need a player colour for every seat")
        return self

    # --- lookups -------------------------------------------------------------------------
    @cached_property
    def deck_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.decks)

    @cached_property
    def season_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.seasons)

    @cached_property
    def resource_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.resources)

    def deck(self, deck_id: str) -> DeckDef:
        return next(d for d in self.decks if d.id == deck_id)

    def season(self, season_id: str) -> SeasonDef:
        return next(s for s in self.seasons if s.id == season_id)

    def season_of_round(self, round_no: int) -> SeasonDef:
        return next(s for s in self.seasons if round_no in s.rounds)

    def stats_of(self, placement: Placement) -> list[Stat]:
        """Which powers a card in ``placement`` contributes (setting ``slot_power``)."""
        return self.slot_power.get(placement, [])


DEFAULT_RULES_FILE = "rules.yaml"


def load_rules_model(path: str | os.PathLike[str], *, display: str | None = None) -> RulesModel:
    """Load and validate a rules model YAML file (raises DiagnosticError on bad input)."""
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    data, smap = load_yaml(path, display=display or os.fspath(Path(path)))
    return validate_model(RulesModel, data, smap)
