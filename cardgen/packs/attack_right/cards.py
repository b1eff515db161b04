"""The card and deck-file models of the catalogue schema."""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from cardgen.catalogue.models import CardBase
from cardgen.packs.attack_right.effects import Effect
from cardgen.packs.attack_right.model import CardType, Placement
from cardgen.packs.attack_right.types import DeckId, Power, ResourceId, SeasonId, power_value


class Card(CardBase):
    """One card design. ``copies`` says how many physical cards of it the deck holds."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    deck: DeckId | None = Field(None, description="defaults to the file's `deck`")
    season: SeasonId
    type: CardType
    cost: StrictInt = Field(ge=0, le=30)
    discount: list[ResourceId] = Field(
        default_factory=list, max_length=4, description="resources that lower the cost by 1 each"
    )
    placement: list[Placement] = Field(min_length=1, max_length=3)
    defence: Power = Field(description='a whole number, or "-" for none (not the same as 0)')
    attack: Power = Field(description='a whole number, or "-" for none (not the same as 0)')
    effects: list[Effect] = Field(default_factory=list, max_length=6)
    text: str | None = Field(
        None, max_length=300, description="rules text override; default is generated from effects"
    )
    flavour: str | None = Field(None, max_length=200)
    star: StrictBool = Field(False, description="first-game star: left out of the first game")
    copies: StrictInt = Field(1, ge=1, le=6)
    art: str | None = Field(None, description="image path relative to cards/")
    version: StrictInt = Field(1, ge=1)

    @field_validator("placement")
    @classmethod
    def _unique_placements(cls, v: list[Placement]) -> list[Placement]:
        if len(set(v)) != len(v):
            raise ValueError("placement lists a zone twice")
        order = list(Placement)
        return sorted(v, key=order.index)

    # --- derived -------------------------------------------------------------------------
    @property
    def defence_value(self) -> int | None:
        return power_value(self.defence)

    @property
    def attack_value(self) -> int | None:
        return power_value(self.attack)

    @property
    def is_unit(self) -> bool:
        return self.type is CardType.UNIT

    @cached_property
    def rules_text(self) -> str:
        """The printed rules text: the override if given, else generated from the effects."""
        if self.text is not None:
            return self.text
        return " ".join(e.text() for e in self.effects)


class DeckFile(BaseModel):
    """A deck file: ``deck`` names the battle deck, ``cards`` lists its designs."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    deck: DeckId
    cards: list[Card] = Field(min_length=1)
