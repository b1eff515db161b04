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
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from cardgen.catalogue.models import RulesBase
from cardgen.catalogue.types import FieldError


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


# Every number of rules.yaml is a whole number (``true`` and ``2.0`` are refused) within sane
# bounds: far beyond any playable game, small enough that no table, loop or sheet built from
# it can run away (``slots: {left: 1000000}`` is refused, not drawn).
Count = Annotated[StrictInt, Field(ge=0, le=99)]
Positive = Annotated[StrictInt, Field(ge=1, le=99)]
Seats = Annotated[StrictInt, Field(ge=1, le=8)]
Name = Annotated[str, Field(min_length=1, max_length=30)]
Colour = Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$")]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=24)]
IconName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]


class DeckDef(_Strict):
    id: Id
    name: Name
    icon: IconName = Field(description="the deck's emblem: icons/<icon>.svg")
    theme: str = Field(min_length=1, max_length=80)
    colour: Colour
    min_players: Annotated[StrictInt, Field(ge=2, le=8)] = 2


class SeasonDef(_Strict):
    id: Id
    rounds: list[Annotated[StrictInt, Field(ge=1, le=20)]] = Field(min_length=1, max_length=20)
    colour: Colour
    slots: dict[Placement, Annotated[StrictInt, Field(ge=0, le=12)]]

    @property
    def capacity(self) -> int:
        return sum(self.slots.values())


class ResourceDef(_Strict):
    id: Id
    name: Name
    colour: Colour


class Economy(_Strict):
    starting_coins: Count
    income: Count
    battle_glory: Count
    coins_per_glory: Positive
    first_to_end_bonus: Count


class DraftRules(_Strict):
    hand_size: Annotated[StrictInt, Field(ge=1, le=30)]
    first_game_hand_size: Annotated[StrictInt, Field(ge=1, le=30)]
    keep_last: Annotated[StrictInt, Field(ge=1, le=30)]
    rounds: Annotated[StrictInt, Field(ge=1, le=20)]

    @model_validator(mode="after")
    def _keep_within_hand(self) -> DraftRules:
        for label, hand in (
            ("hand_size", self.hand_size),
            ("first_game_hand_size", self.first_game_hand_size),
        ):
            if self.keep_last > hand:
                raise FieldError(
                    ("keep_last",), f"keep_last ({self.keep_last}) exceeds {label} ({hand})"
                )
        return self


class CatalogueRules(_Strict):
    cards_per_deck_season: Annotated[StrictInt, Field(ge=1, le=200)]
    min_distinct_designs_per_deck: Annotated[StrictInt, Field(ge=0, le=400)]
    first_game_min_players: Seats


class Components(_Strict):
    cards: Annotated[StrictInt, Field(ge=1, le=2000)]
    age_tokens: Annotated[StrictInt, Field(ge=1, le=500)]
    coin_tokens: Annotated[StrictInt, Field(ge=1, le=500)]
    scoreboards: Positive
    score_tokens: Positive
    round_tokens: Positive
    player_boards: Positive
    rulebooks: Positive


class PlayerColour(_Strict):
    id: Id
    name: Name
    colour: Colour
    letter: str = Field(min_length=1, max_length=1)
    shape: Literal["circle", "square", "triangle", "diamond", "hexagon", "star"]


class Players(_Strict):
    min: Seats
    max: Seats
    colours: list[PlayerColour] = Field(max_length=8)

    @model_validator(mode="after")
    def _range(self) -> Players:
        if self.min > self.max:
            raise FieldError(("min",), f"min ({self.min}) is more than max ({self.max})")
        return self


class Settings(_Strict):
    """Interpretations of ambiguous rulebook passages (docs/rules-reference.md)."""

    defender_wins_ties: StrictBool = True
    removed_card_coins: Literal["bank", "owner"] = "bank"
    age_start_before_deaths: StrictBool = True
    bank_unlimited: StrictBool = True
    middle_neighbour: Literal["both", "left", "right"] = "both"
    replace_when_free: StrictBool = False
    simultaneous_effects: Literal["snapshot", "net"] = "snapshot"


class RulesModel(RulesBase):
    """Everything the rules say about the game's vocabulary and numbers."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["attack-right"]
    rulebook_version: str = Field(min_length=1, max_length=40)
    decks: list[DeckDef] = Field(min_length=1, max_length=12)
    seasons: list[SeasonDef] = Field(min_length=1, max_length=12)
    resources: list[ResourceDef] = Field(min_length=1, max_length=12)
    slot_power: dict[Placement, list[Stat]]
    economy: Economy
    draft: DraftRules
    catalogue: CatalogueRules
    components: Components
    players: Players
    settings: Settings = Settings()

    @model_validator(mode="after")
    def _consistent(self) -> RulesModel:
        for label, path, items in (
            ("deck", ("decks",), self.decks),
            ("season", ("seasons",), self.seasons),
            ("resource", ("resources",), self.resources),
            ("player colour", ("players", "colours"), self.players.colours),
        ):
            ids = [i.id for i in items]
            for n, item_id in enumerate(ids):
                if item_id in ids[:n]:  # at the second one
                    raise FieldError((*path, n, "id"), f"duplicate {label} id {item_id!r}")
        rounds = sorted(r for s in self.seasons for r in s.rounds)
        if rounds != list(range(1, self.draft.rounds + 1)):
            raise FieldError(
                ("draft", "rounds"),
                f"season rounds {rounds} must cover rounds 1..{self.draft.rounds}",
            )
        if len(self.players.colours) < self.players.max:
            raise FieldError(("players", "colours"), "need a player colour for every seat")
        for i, deck in enumerate(self.decks):
            if deck.min_players > self.players.max:
                raise FieldError(
                    ("decks", i, "min_players"),
                    f"deck {deck.id!r} needs {deck.min_players} players; the game seats at "
                    f"most {self.players.max}",
                )
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
