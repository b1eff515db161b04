"""Authority's rules model (``rules.yaml``) and card model (one unit design).

The design document (seed 004) lists units and their counts per faction but gives almost no
powers, costs or abilities: every value it does not give is named in the card's
``placeholders`` (the core's field: ``cardgen validate`` lists them as notes, I001).  The
document's stated totals are kept beside its listed counts (``stated``) so validate can report
each disagreement.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.types import from_rules

_HEX = r"^#[0-9A-Fa-f]{6}$"
_ID = r"^[a-z][a-z0-9_-]*$"


class _Part(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


class Stated(_Part):
    """A number as the design document states it, with the document's line and text."""

    count: StrictInt = Field(ge=0)
    line: StrictInt = Field(ge=1, description="line of the design document that states it")
    text: str = Field(description="the document's words, quoted")


class Faction(_Part):
    """A faction (or the Royal Soldiers): its name, colour, mark and stated unit total."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=30)
    colour: str = Field(pattern=_HEX)
    mark: str = Field(description="the icon printed as the faction's mark (icons/<mark>.svg)")
    stated: Stated
    focus: str | None = Field(None, description="the document's one-line summary")
    starting: StrictBool = Field(
        False, description="the starting units (Royal Soldiers): never in the market"
    )


class AttackOrder(StrEnum):
    """Which defence row an attack meets first."""

    outermost = "outermost"  # row 3, then 2, then 1, then the Kingsguard's row 0
    innermost = "innermost"  # row 1 first (the row 'closest to you' is met first)


class Settings(_Part):
    """The switches of the rules reference: one per reading a designer may want otherwise."""

    attack_order: AttackOrder = AttackOrder.outermost
    damage_persists: StrictBool = Field(
        False, description="partial damage on a defending unit is remembered between turns"
    )
    leftover_to_monarch: StrictBool = Field(
        False, description="damage left after the last row falls goes on to the Monarch"
    )
    bonus_retroactive: StrictBool = Field(
        False, description="an attack bonus also raises units that attacked before it"
    )
    refill_immediately: StrictBool = Field(
        False, description="a bought marketplace slot is refilled at once, not at turn end"
    )
    generals_aside: StrictBool = Field(
        True, description="leaders ('generals') wait beside the market deck, always for sale"
    )
    kingsguard_returns: StrictBool = Field(
        False, description="row 0 is used again after the Kingsguard has fallen once"
    )
    spy_removed_to: Literal["discard", "annihilate"] = "discard"
    disable_lasts: Literal["turn", "until_next_turn"] = "turn"
    mode: Literal["free_for_all", "2v2"] = Field(
        "free_for_all",
        description="2v2: four players, P1 and P3 against P2 and P4 (`cardgen play --teams`)",
    )


class RulesModel(RulesBase):
    """``rules.yaml`` of Authority."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["authority"]
    source: str = Field(description="the design document the numbers come from")
    stated_total: Stated
    factions: list[Faction] = Field(min_length=2)
    monarch_hp: StrictInt = Field(40, ge=1, le=200)
    marketplace: StrictInt = Field(6, ge=1, le=9)
    hand_size: StrictInt = Field(4, ge=1, le=9)
    first_hand: StrictInt = Field(3, ge=1, le=9)
    defence_rows: list[StrictInt] = Field(
        default_factory=lambda: [3, 2, 1], min_length=1, max_length=3
    )
    starting_deck: dict[str, StrictInt] = Field(min_length=1)
    kingsguard: str = Field(description="the unit each player starts with in defence row 0")
    turn_limit: StrictInt = Field(
        300,
        ge=10,
        le=10_000,
        description="turns after which the highest Monarch HP wins (engine only)",
    )
    settings: Settings = Settings()

    @model_validator(mode="after")
    def _unique(self) -> RulesModel:
        ids = self.faction_ids
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate faction id(s): {', '.join(dupes)}")
        if sum(f.starting for f in self.factions) != 1:
            raise ValueError("exactly one faction has `starting: true` (the Royal Soldiers)")
        return self

    @cached_property
    def faction_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.factions)

    @cached_property
    def market_faction_ids(self) -> tuple[str, ...]:
        """The factions a player may choose (all but the starting units)."""
        return tuple(f.id for f in self.factions if not f.starting)

    def faction(self, faction_id: str) -> Faction:
        return next(f for f in self.factions if f.id == faction_id)


class Role(StrEnum):
    unit = "unit"  # attacks, defends or recruits with its power
    spy = "spy"  # recruits, or sits in its owner's general zone
    leader = "leader"  # no power; in the general zone from the moment it is bought
    superpower = "superpower"  # no power; only its ability, used by discarding it


class Trigger(StrEnum):
    attack = "attack"  # when commanded to attack, before it deals damage
    defend = "defend"  # while on a defence row (at the start of its owner's turn)
    recruit = "recruit"  # when commanded to recruit
    discard = "discard"  # discarded from the hand instead of a command
    general = "general"  # while in the general zone (leaders, spies there)


class Kind(StrEnum):
    authority = "authority"  # gain N authority
    attack_bonus = "attack_bonus"  # other attacking units deal +N this command phase
    monarch_damage = "monarch_damage"  # deal N damage to an enemy Monarch
    ignore = "ignore"  # N enemy defending units do not block this turn
    disable = "disable"  # N enemy defending units do not block, abilities off
    annihilate = "annihilate"  # the next N units you kill this turn leave the game
    retire = "retire"  # retire up to N units from your hand
    draw = "draw"  # draw N units
    heal = "heal"  # your Monarch gains N HP (not above the start)


#: which triggers each kind may have (the engine runs exactly these)
KIND_TRIGGERS: dict[Kind, frozenset[Trigger]] = {
    Kind.authority: frozenset({Trigger.recruit, Trigger.defend, Trigger.general, Trigger.discard}),
    Kind.attack_bonus: frozenset({Trigger.attack, Trigger.general}),
    Kind.monarch_damage: frozenset({Trigger.discard, Trigger.attack}),
    Kind.ignore: frozenset({Trigger.attack}),
    Kind.disable: frozenset({Trigger.attack, Trigger.discard}),
    Kind.annihilate: frozenset({Trigger.attack}),
    Kind.retire: frozenset({Trigger.recruit, Trigger.discard}),
    Kind.draw: frozenset({Trigger.recruit, Trigger.attack, Trigger.discard}),
    Kind.heal: frozenset({Trigger.defend, Trigger.general, Trigger.discard}),
}


#: the triggers the engine runs for each role: a spy never attacks or defends, a leader is in
#: the general zone from the moment it is bought, a superpower is only ever discarded
ROLE_TRIGGERS: dict[Role, frozenset[Trigger]] = {
    Role.unit: frozenset({Trigger.attack, Trigger.defend, Trigger.recruit, Trigger.discard}),
    Role.spy: frozenset({Trigger.recruit, Trigger.discard, Trigger.general}),
    Role.leader: frozenset({Trigger.general}),
    Role.superpower: frozenset({Trigger.discard}),
}


class Scale(StrEnum):
    """The row multiplier of a defending unit's ability: X is its row number (1, 2, 3)."""

    one = "1"
    x = "X"
    two_x = "2X"


class Ability(_Part):
    """One ability: what it does, when, how much (``scale`` multiplies by the row)."""

    kind: Kind
    trigger: Trigger
    amount: StrictInt = Field(ge=1, le=20)
    scale: Scale = Scale.one

    @model_validator(mode="after")
    def _fits(self) -> Ability:
        if self.trigger not in KIND_TRIGGERS[self.kind]:
            allowed = ", ".join(sorted(t.value for t in KIND_TRIGGERS[self.kind]))
            raise ValueError(f"{self.kind.value} cannot trigger on {self.trigger.value}: {allowed}")
        if self.scale is not Scale.one and self.trigger is not Trigger.defend:
            raise ValueError("a row multiplier (X, 2X) needs trigger: defend")
        return self


FactionId = Annotated[str, from_rules("faction_ids", "faction")]


class Unit(CardBase):
    """One unit design.  A unit listed in two factions is two designs (two ids)."""

    faction: FactionId
    role: Role = Role.unit
    power: StrictInt | None = Field(None, ge=0, le=20, description="none: no power (- printed)")
    cost: StrictInt | None = Field(None, ge=0, le=30, description="none: never recruited")
    abilities: list[Ability] = Field(default_factory=list, max_length=3)
    source_line: StrictInt = Field(ge=1, description="the design document's line listing it")
    flavour: str | None = Field(None, max_length=160)
    copies: StrictInt = Field(1, ge=1, le=20)
    art: str | None = None

    @model_validator(mode="after")
    def _role(self) -> Unit:
        if self.role in (Role.leader, Role.superpower) and self.power is not None:
            raise ValueError(f"a {self.role.value} has no power: leave power out")
        if self.role in (Role.unit, Role.spy) and self.power is None:
            raise ValueError(f"a {self.role.value} needs a power")
        for a in self.abilities:
            if a.trigger not in ROLE_TRIGGERS[self.role]:
                allowed = ", ".join(sorted(t.value for t in ROLE_TRIGGERS[self.role]))
                raise ValueError(
                    f"a {self.role.value}'s ability never acts on {a.trigger.value}: {allowed}"
                )
        if sum(a.trigger is Trigger.discard for a in self.abilities) > 1:
            raise ValueError("a unit is discarded once: at most one discard ability")
        return self
