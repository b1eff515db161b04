"""Greedy Kingdoms' rules model (``rules.yaml``) and card model, with the closed, typed effect
vocabulary of the Upgrades whose printed text is generated.

Every number the rule manual does not give is a **placeholder**: a card or the rules model lists
the fields that hold one in ``placeholders``, and `cardgen validate` lists them as information.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from cardgen.catalogue.models import CardBase, RulesBase

#: the four Resources, in the manual's order (chip colours: red, yellow, green, blue)
Resource = Literal["honor", "gold", "food", "land"]
RESOURCES: tuple[Resource, ...] = ("honor", "gold", "food", "land")
#: the Resources a player may choose at the initial distribution and each start of turn
CHOOSABLE: tuple[str, ...] = ("gold", "food", "land")
_HEX = r"^#[0-9A-Fa-f]{6}$"


class _Part(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


Amounts = dict[Resource, Annotated[int, Field(ge=1, le=12)]]


def amounts_text(amounts: Mapping[Resource, int]) -> str:
    """``{"gold": 1, "food": 2}`` as printed: ``1 {gold} 2 {food}`` (manual order)."""
    return " ".join(f"{amounts[r]} {{{r}}}" for r in RESOURCES if amounts.get(r))


class Kind(StrEnum):
    """What a card is: a Character (Ordinary or Special Worker) or an Upgrade."""

    ORDINARY = "ordinary"
    SPECIAL = "special"
    CITIZEN = "citizen"
    BUILDING = "building"
    PALACE = "palace"

    @property
    def is_character(self) -> bool:
        return self in (Kind.ORDINARY, Kind.SPECIAL)


# --- the effect vocabulary (Upgrades) ---------------------------------------------------------
_Chips = Field(0, ge=0, le=12)


class _Gain(_Part):
    """An effect's Income, one field per Resource (a spreadsheet cell: ``food=1``)."""

    honor: StrictInt = _Chips
    gold: StrictInt = _Chips
    food: StrictInt = _Chips
    land: StrictInt = _Chips

    @model_validator(mode="after")
    def _some(self) -> _Gain:
        if not any(self.gain.values()):
            raise ValueError("give the Income: at least one of honor, gold, food, land")
        return self

    @property
    def gain(self) -> dict[Resource, int]:
        return {r: getattr(self, r) for r in RESOURCES if getattr(self, r)}


class StartIncome(_Gain):
    """At the start of its owner's turn as Attacker: receive an Income."""

    kind: Literal["start_income"]

    def text(self) -> str:
        return f"{{start}} Start of your turn: {{income}} {amounts_text(self.gain)}."


class SuccessBonus(_Gain):
    """When its owner's Character with ``number`` succeeds and its Cost is paid in full:
    an extra Income."""

    kind: Literal["success_bonus"]
    number: StrictInt = Field(ge=1, le=8)

    def text(self) -> str:
        return (
            f"{{battle}} When your Character {self.number} succeeds and is paid in full: "
            f"{{income}} {amounts_text(self.gain)}."
        )


class BlockIncome(_Gain):
    """At the start of its owner's turn: an Income for each Failed Character of the battle it
    defended just before (the Defender does nothing in the battle itself: rules reference G16)."""

    kind: Literal["block_income"]

    def text(self) -> str:
        return (
            f"{{start}} Start of your turn: {{income}} {amounts_text(self.gain)} for each "
            f"Failed Character of the battle you last defended."
        )


class PromoteDiscount(_Part):
    """Promoting a Character returns ``amount`` fewer Resources."""

    kind: Literal["promote_discount"]
    amount: StrictInt = Field(ge=1, le=2)

    def text(self) -> str:
        s = "" if self.amount == 1 else "s"
        return f"Promoting a Character costs you {self.amount} Resource{s} less."


Effect = Annotated[
    StartIncome | SuccessBonus | BlockIncome | PromoteDiscount, Field(discriminator="kind")
]


# --- the rules model --------------------------------------------------------------------------
class ResourceDef(_Part):
    """A Resource type and the colour of its chips."""

    id: Resource
    name: str = Field(min_length=1, max_length=12)
    colour: str = Field(pattern=_HEX)


class Components(_Part):
    """The Game Set Contents of the rule manual: the counts the catalogue is checked against."""

    character_cards: StrictInt = 24
    ordinary_workers: StrictInt = 16
    special_workers: StrictInt = 8
    upgrade_cards: StrictInt = 16
    citizens: StrictInt = 7
    buildings: StrictInt = 9
    resource_chips: StrictInt = 48


class Settings(_Part):
    """The readings of what the manual leaves open (``docs/rules-reference.md`` of the pack)."""

    palaces_among_buildings: StrictBool = Field(
        True, description="the Royal Palaces are among the nine Buildings (16 Upgrades in all)"
    )
    supply_shortfall: Literal["partial", "nothing"] = Field(
        "partial",
        description="an Income larger than the pile: take what is left (partial) or none of "
        "that Resource (nothing)",
    )
    shuffle_special_deck: StrictBool = Field(
        True, description="the Special Worker Deck is shuffled face down at setup"
    )
    defender_reveals_after: StrictBool = Field(
        False,
        description="the Defender chooses after seeing the Attacker's choice (manual order read "
        "literally); default: the choices are simultaneous (face down)",
    )
    turn_limit: StrictInt = Field(
        100, ge=1, le=1000, description="turns after which an unfinished game is a draw"
    )


class GreedyRules(RulesBase):
    """``rules.yaml`` of Greedy Kingdoms."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["greedy-kingdoms"]
    resources: list[ResourceDef] = Field(min_length=4, max_length=4)
    chips_per_resource: StrictInt = Field(12, ge=1, le=99)
    hand_numbers: StrictInt = Field(8, ge=3, le=8, description="Characters ① to ⑧ per hand")
    battle_characters: StrictInt = Field(3, ge=1, le=7)
    upgrade_line: StrictInt = Field(4, ge=1, le=8)
    palaces_to_win: StrictInt = Field(2, ge=1, le=5)
    promotion_cost: StrictInt = Field(2, ge=0, le=4)
    components: Components = Components()
    settings: Settings = Settings()
    colours: dict[str, str] = Field(
        default_factory=dict, description="print colours: ordinary, special, citizen, building…"
    )

    @model_validator(mode="after")
    def _resources(self) -> GreedyRules:
        ids = tuple(r.id for r in self.resources)
        if ids != RESOURCES:
            raise ValueError(f"resources must be {', '.join(RESOURCES)} in this order")
        return self

    def resource(self, rid: str) -> ResourceDef:
        return next(r for r in self.resources if r.id == rid)


# --- the card model ---------------------------------------------------------------------------
class GreedyCard(CardBase):
    """One card design: a Character (``number``, ``cost``, ``income``) or an Upgrade
    (``cost``, ``effects``)."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    kind: Kind
    number: StrictInt | None = Field(None, ge=1, le=8, description="a Character's card number")
    cost: Amounts = Field(default_factory=dict)
    income: Amounts = Field(default_factory=dict, description="a Character's Income")
    effects: list[Effect] = Field(default_factory=list, max_length=3)
    flavour: str | None = Field(None, max_length=160)
    copies: StrictInt = Field(1, ge=1, le=4)
    art: str | None = Field(None, description="image path relative to the catalogue folder")

    @model_validator(mode="after")
    def _shape(self) -> GreedyCard:
        if self.kind.is_character:
            if self.number is None:
                raise ValueError("a Character needs its card `number` (1-8)")
            if self.effects:
                raise ValueError("a Character has a Cost and an Income, not `effects`")
        else:
            if self.number is not None:
                raise ValueError("an Upgrade has no card `number`")
            if self.income:
                raise ValueError("an Upgrade's Income is written as an effect (start_income …)")
        return self

    @cached_property
    def rules_text(self) -> str:
        """The printed rules text, generated from the Cost, Income and effects."""
        lines = []
        if self.kind.is_character:
            cost = amounts_text(self.cost) if self.cost else "none"
            lines.append(f"{{cost}} {cost}")
            lines.append(f"{{income}} {amounts_text(self.income) or 'none'}")
        else:
            if self.cost:
                lines.append(f"{{cost}} {amounts_text(self.cost)}")
            if self.kind is Kind.PALACE:
                lines.append("{palace} Your second Royal Palace wins the game.")
            lines += [e.text() for e in self.effects]
        return "\n".join(lines)

    @property
    def is_character(self) -> bool:
        return self.kind.is_character
