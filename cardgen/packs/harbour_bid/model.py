"""Harbour Bid's rules model and card model: crew cards bid for cargo cards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from cardgen.catalogue.models import CardBase, RulesBase

SUITS = ("spice", "silk", "tea")
Suit = Literal["spice", "silk", "tea"]


class Settings(BaseModel):
    """The readings a designer can switch (``settings:`` in ``rules.yaml``)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    tie: Literal["carry", "discard"] = Field(
        "carry",
        description="a tied bid: the cargo stays in the dock for the next bid (carry) "
        "or is thrown overboard (discard)",
    )


class HarbourRules(RulesBase):
    """``rules.yaml`` of Harbour Bid."""

    pack: Literal["harbour-bid"]
    hand_size: StrictInt = Field(5, ge=1, le=10, description="crew cards dealt to each player")
    draw_per_round: StrictInt = Field(1, ge=0, le=5, description="crew drawn after each bid")
    settings: Settings = Settings()


class Ability(BaseModel):
    """What a crew card does besides its strength (each part optional)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    draw: StrictInt = Field(0, ge=0, le=3, description="crew cards drawn after the bid")
    bonus_suit: Suit | None = Field(None, description="the cargo suit the bonus is for")
    bonus: StrictInt = Field(0, ge=0, le=9, description="extra strength for that suit")
    rescue: bool = Field(False, description="a losing bid returns to its owner's hand")

    @model_validator(mode="after")
    def _bonus(self) -> Ability:
        if (self.bonus_suit is None) != (self.bonus == 0):
            raise ValueError("bonus and bonus_suit go together")
        return self


class HarbourCard(CardBase):
    """A crew card (``strength``, an ability) or a cargo card (``points``, ``suit``)."""

    kind: Literal["crew", "cargo"]
    strength: StrictInt | None = Field(None, ge=0, le=12)
    ability: Ability = Ability()
    points: StrictInt | None = Field(None, ge=1, le=9)
    suit: Suit | None = None
    copies: StrictInt = Field(1, ge=1, le=12)
    art: str | None = None

    @model_validator(mode="after")
    def _kind(self) -> HarbourCard:
        crew = (self.strength is not None, self.points is None and self.suit is None)
        cargo = (self.points is not None and self.suit is not None, self.strength is None)
        if self.kind == "crew" and not all(crew):
            raise ValueError("a crew card has a strength and no points or suit")
        if self.kind == "cargo" and (not all(cargo) or self.ability != Ability()):
            raise ValueError("a cargo card has points and a suit, no strength or ability")
        return self


def card_text(card: HarbourCard) -> str:
    """The printed rules text, generated from the data the engine runs."""
    if card.kind == "cargo":
        return f"Worth {card.points} {{star}}."
    a, lines = card.ability, []
    if a.bonus:
        lines.append(f"+{a.bonus} strength when bidding for {a.bonus_suit} {{{a.bonus_suit}}}.")
    if a.draw:
        lines.append(f"After the bid, draw {a.draw} crew card{'s' if a.draw > 1 else ''}.")
    if a.rescue:
        lines.append("If this bid loses, take this card back into your hand.")
    return "\n".join(lines)
