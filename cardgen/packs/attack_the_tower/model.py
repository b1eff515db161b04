"""Attack the Tower's rules model (``rules.yaml``) and card model (base and ability cards).

A number the seed does not give is a **placeholder**: the card or ``rules.yaml`` lists its
field path in ``placeholders`` (path -> why it is invented; the core's
:mod:`cardgen.catalogue.placeholders`), and `cardgen validate` reports each one as information
(I001), so the designer sees which numbers are not the designer's.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictBool,
    StrictInt,
    ValidationInfo,
    model_validator,
)

from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.types import SignedAmount, from_rules
from cardgen.packs.attack_the_tower.text import card_text

_HEX = r"^#[0-9A-Fa-f]{6}$"
_ID = r"^[a-z][a-z0-9_-]*$"

#: a troop type's traits ("LOYAL APPLIES ONLY TO SPECIAL TROOPS")
Trait = Literal["initiative", "artillery", "unique"]
#: a special troop's traits (the engine gives special troops no initiative nor artillery)
SpecialTrait = Literal["unique", "loyal"]


class _Part(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


class PileDef(_Part):
    """A draw pile of the army (ability or base cards): its back and its card count."""

    id: Literal["ability", "base"]
    name: str = Field(min_length=1, max_length=30)
    colour: str = Field(pattern=_HEX)
    label: str = Field(min_length=1, max_length=20, description="printed on the back")
    cards: StrictInt = Field(ge=1, le=99, description="cards in the pile (the seed: 25)")


class TroopType(_Part):
    """A troop type: the base that recruits it, its troop's name, power and traits."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=24, description="the type: Light infantry …")
    troop: str = Field(min_length=1, max_length=24, description="the troop: Militias …")
    base: str = Field(min_length=1, max_length=24, description="the base: Training Fields …")
    power: StrictInt = Field(ge=0, le=20)
    traits: list[Trait] = Field(default_factory=list)
    infantry: StrictBool = Field(False, description="light or heavy infantry")
    colour: str = Field(pattern=_HEX)


class Settings(_Part):
    """The readings of garbled or silent passages (docs: the pack's rules reference)."""

    initiative_simultaneous: StrictBool = True
    idle_initiative_strikes_regular: StrictBool = True
    special_troops_join: Literal["every_battle", "palace_only"] = "every_battle"
    palace_manned_by_specials: StrictBool = True
    attacks_per_territory: StrictInt = Field(1, ge=1, le=9)
    reshuffle_discards: StrictBool = True
    extra_damage: Literal["per_troop", "per_battle"] = "per_troop"
    strike_targets: Literal["infantry", "any"] = "infantry"
    first_player: StrictInt = Field(0, ge=0, le=1)
    max_turns: StrictInt = Field(200, ge=2, le=10_000)
    max_burns: StrictInt | None = Field(None, ge=0, description="None: unlimited, as written")


class TowerRules(RulesBase):
    """``rules.yaml`` of an Attack the Tower army."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["attack-the-tower"]
    army: str = Field(min_length=1, max_length=30)
    piles: list[PileDef] = Field(min_length=2, max_length=2)
    counters: StrictInt = Field(ge=0, le=99, description="troop counters per army (seed: 9)")
    territories: StrictInt = Field(3, ge=1, le=5)
    slots: StrictInt = Field(3, ge=1, le=5, description="base slots per territory")
    base_power: StrictInt = Field(4, ge=1, le=20)
    palace_power: StrictInt = Field(10, ge=1, le=50)
    opening_hand: StrictInt = Field(5, ge=1, le=10)
    hand_limit: StrictInt = Field(5, ge=1, le=10)
    renewal_draw: StrictInt = Field(2, ge=0, le=10)
    max_troops_per_base: StrictInt = Field(2, ge=1, le=9)
    troop_types: list[TroopType] = Field(min_length=1)
    settings: Settings = Field(default_factory=Settings)

    @model_validator(mode="after")
    def _unique(self) -> TowerRules:
        ids = [t.id for t in self.troop_types]
        dupes = sorted({i for i in ids if ids.count(i) > 1} | ({"common", "special"} & set(ids)))
        if dupes:
            raise ValueError(f"duplicate or reserved troop type id(s): {', '.join(dupes)}")
        if len({p.id for p in self.piles}) != 2:
            raise ValueError("piles: give one `ability` and one `base` pile")
        return self

    @cached_property
    def troop_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.troop_types)

    @cached_property
    def ability_types(self) -> tuple[str, ...]:
        """The seven ability types: the troop types, then common and special."""
        return (*self.troop_ids, "common", "special")

    @cached_property
    def troop_targets(self) -> tuple[str, ...]:
        return (*self.troop_ids, "all")

    @cached_property
    def pile_ids(self) -> tuple[str, ...]:
        return ("ability", "base")

    def troop(self, troop_id: str) -> TroopType:
        return next(t for t in self.troop_types if t.id == troop_id)

    def pile(self, pile_id: str) -> PileDef:
        return next(p for p in self.piles if p.id == pile_id)


TroopId = Annotated[str, from_rules("troop_ids", "troop type")]
TroopTarget = Annotated[str, from_rules("troop_targets", "troop type")]
AbilityType = Annotated[str, from_rules("ability_types", "ability type")]


class PowerEffect(_Part):
    """Allied troops of a type (or all) gain power (``when`` they attack, defend or always)."""

    kind: Literal["power"]
    troops: TroopTarget
    amount: SignedAmount
    when: Literal["always", "attacking", "defending"] = "always"


class SetPowerEffect(_Part):
    """Allied troops of a type have this power."""

    kind: Literal["set_power"]
    troops: TroopTarget
    value: StrictInt = Field(ge=0, le=20)


class MannedBasesEffect(_Part):
    """Allied troops of a type may damage bases even when they are defended."""

    kind: Literal["damage_manned_bases"]
    troops: TroopTarget


class CancelInitiativeEffect(_Part):
    """Enemy troops lose the initiative trait."""

    kind: Literal["cancel_enemy_initiative"]


class StrikeEffect(_Part):
    """Each allied troop of a type in combat deals ``amount`` initiative damage to enemy
    infantry (the setting ``strike_targets`` may widen it to any troop)."""

    kind: Literal["strike"]
    troops: TroopTarget
    amount: StrictInt = Field(1, ge=1, le=9)


class SpecialTroopEffect(_Part):
    """Recruits a special troop on the palace (the card is its counter); while it lives,
    allied troops deal ``extra_damage`` more."""

    kind: Literal["special_troop"]
    power: StrictInt = Field(ge=0, le=20)
    traits: list[SpecialTrait] = Field(default_factory=list)
    extra_damage: StrictInt = Field(0, ge=0, le=9)


Effect = Annotated[
    PowerEffect
    | SetPowerEffect
    | MannedBasesEffect
    | CancelInitiativeEffect
    | StrikeEffect
    | SpecialTroopEffect,
    Field(discriminator="kind"),
]


class TowerCard(CardBase):
    """A base card (``pile: base``, the troop type it recruits) or an ability card
    (``pile: ability``, its type and effects).  Its rules text is generated from these and the
    rules model (:mod:`cardgen.packs.attack_the_tower.text`), never written by hand."""

    pile: Literal["ability", "base"]
    troop: TroopId | None = Field(None, description="base cards: the troop type it recruits")
    type: AbilityType | None = Field(None, description="ability cards: one of the seven types")
    effects: list[Effect] = Field(default_factory=list)
    flavour: str = Field(
        "",
        max_length=120,
        description="an italic line under the rules text (no rules: those are generated)",
    )
    copies: StrictInt = Field(1, ge=1, le=25)
    art: str | None = Field(None, description="image path relative to the catalogue folder")
    _rules_text: str = PrivateAttr("")

    @model_validator(mode="after")
    def _shape(self, info: ValidationInfo) -> TowerCard:
        if self.pile == "base":
            if self.troop is None or self.type is not None or self.effects:
                raise ValueError("a base card gives `troop` and no `type` or `effects`")
        elif self.type is None or self.troop is not None or not self.effects:
            raise ValueError("an ability card gives `type` and `effects`, and no `troop`")

        self._rules_text = card_text(self, (info.context or {}).get("rules"))
        return self

    @property
    def rules_text(self) -> str:
        """The printed rules text, generated from the card and the catalogue's rules model."""
        return self._rules_text

    @property
    def special(self) -> SpecialTroopEffect | None:
        return next((e for e in self.effects if isinstance(e, SpecialTroopEffect)), None)
