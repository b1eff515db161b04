"""Castle Rampage's rules model (``rules.yaml``) and card model, with the effect vocabulary.

The seed gives the attack cascade but neither the card list nor most numbers: every value a
designer has not confirmed is named in the card's ``placeholders`` (the core's
:mod:`cardgen.catalogue.placeholders`) and listed by ``cardgen validate`` as information.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.types import from_rules

_HEX = r"^#[0-9A-Fa-f]{6}$"
#: the highest attack strength a card may have
MAX_ATTACK = 30
#: the most simulated deals of the attack-odds tables (situations × strengths × samples)
MAX_ODDS_DEALS = 600_000


class _Part(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


# --- the effect vocabulary ---------------------------------------------------------------------
class EndAttack(_Part):
    """Purple, when destroyed during an attack: the attacking card is destroyed and the attack
    ends (a Bomber's blast)."""

    kind: Literal["end_attack"]


class Weaken(_Part):
    """Purple, when destroyed during an attack: the remaining strength drops by ``amount``; at 0
    or below the attacking card is destroyed and the attack ends."""

    kind: Literal["weaken"]
    amount: StrictInt = Field(ge=1, le=20)


class DestroyNext(_Part):
    """Purple, when destroyed during an attack: the next ``count`` cards below it in its own
    structure are destroyed without a comparison; fewer if that structure runs out (a Spy that
    was the Gate's last card destroys no Castle card: R13)."""

    kind: Literal["destroy_next"]
    count: StrictInt = Field(1, ge=1, le=8)


class Survives(_Part):
    """The Veteran's exception: when a higher defence stops its attack (with ``on_tie``, an
    equal one too), the attacking card goes back to its owner's hand instead of the discard
    pile.  An attack ended by a purple card (``end_attack``, ``weaken`` to 0) is not stopped by
    a defence: the card is destroyed."""

    kind: Literal["survives_defeat"]
    on_tie: StrictBool = Field(False, description="R7: an equal defence sends it back too")


class TargetsCastle(_Part):
    """The Digger's change of target: its attack goes at the Castle even when the Gate has
    cards."""

    kind: Literal["targets_castle"]


#: effects a card has when it is destroyed during an attack (purple cards)
ON_DESTROYED = ("end_attack", "weaken", "destroy_next")
#: effects a card has as the attacking card
AS_ATTACKER = ("survives_defeat", "targets_castle")

Effect = Annotated[
    EndAttack | Weaken | DestroyNext | Survives | TargetsCastle, Field(discriminator="kind")
]

ColourId = Annotated[str, from_rules("colour_ids", "colour")]


class RampageCard(CardBase):
    """One card design: attack strength, the two defence values, colour and effects.

    A deck card has both defence values (it may sit in the Gate or the Castle); ``attack`` is
    None for a card that cannot attack.  An ``aid`` card (the player aid) has text only.
    """

    pile: Literal["deck", "aid"] = Field("deck", description="which face-down pile it is in")
    colour: ColourId | None = Field(None, description="a colour id of rules.yaml (deck cards)")
    attack: StrictInt | None = Field(
        None, ge=1, le=MAX_ATTACK, description="attack strength; none: no attack"
    )
    gate: StrictInt | None = Field(None, ge=1, le=30, description="defence value in the Gate")
    castle: StrictInt | None = Field(None, ge=1, le=30, description="defence value in the Castle")
    effects: tuple[Effect, ...] = ()
    text: str = Field("", max_length=300, description="extra printed text (aid cards)")
    flavour: str | None = Field(None, max_length=160)
    copies: StrictInt = Field(1, ge=1, le=40)
    art: str | None = None

    @model_validator(mode="after")
    def _deck_values(self) -> RampageCard:
        if self.pile == "deck" and (self.gate is None or self.castle is None):
            raise ValueError("a deck card needs both defence values: gate and castle")
        if self.pile == "deck" and self.colour is None:
            raise ValueError("a deck card needs a colour")
        if self.pile == "aid" and (self.attack or self.gate or self.castle or self.effects):
            raise ValueError("an aid card has no attack, defence or effects")
        return self

    def has(self, kind: str) -> bool:
        """Whether the card has an effect of ``kind``."""
        return any(e.kind == kind for e in self.effects)

    @property
    def on_destroyed(self) -> tuple[Effect, ...]:
        """Its effects that act when it is destroyed during an attack."""
        return tuple(e for e in self.effects if e.kind in ON_DESTROYED)

    def defence(self, structure: str) -> int:
        """Its defence value in ``structure`` (``gate`` or ``castle``)."""
        value = self.gate if structure == "gate" else self.castle
        if value is None:
            raise ValueError(f"{self.id} has no {structure} defence")
        return value


# --- rules.yaml --------------------------------------------------------------------------------
class ColourDef(_Part):
    """A card colour: its printed colour and whether it is the purple of the effects."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    name: str
    ink: str = Field(pattern=_HEX)
    purple: StrictBool = False


class Setup(_Part):
    """What each player starts with (public facts beside the seed)."""

    gate: StrictInt = Field(4, ge=0, le=20)
    castle: StrictInt = Field(4, ge=1, le=20)
    hand: StrictInt = Field(2, ge=0, le=20)
    draw: StrictInt = Field(
        1, ge=1, le=20, description="R15: cards the player to move draws at the start of a turn"
    )


class Settings(_Part):
    """The switches between readings of the seed (docs: the rules reference)."""

    failed_defender_returns_to: Literal["attacked_structure", "gate"] = Field(
        "attacked_structure",
        description="R1: where a defending card that held goes back",
    )
    empty_gate: Literal["castle", "no_attack"] = Field(
        "castle", description="R2: an attack on a player with an empty Gate"
    )
    purple_on_tie: Literal["ignore", "apply"] = Field(
        "ignore", description="R5: a purple card destroyed by an equal attack"
    )


class Odds(_Part):
    """How the appendix's attack-odds table is computed."""

    class Situation(_Part):
        name: str
        gate: StrictInt = Field(ge=0, le=20)
        castle: StrictInt = Field(ge=1, le=20)

    situations: tuple[Situation, ...] = Field(
        (Situation(name="Opening", gate=4, castle=4),),
        min_length=1,
        max_length=10,
    )
    strengths: tuple[Annotated[StrictInt, Field(ge=1, le=99)], ...] = Field(
        (), max_length=99, description="empty: 1 to the highest attack"
    )
    exact_limit: StrictInt = Field(
        60_000,
        ge=1,
        le=100_000,
        description="most chance states of an exact computation, else simulated",
    )
    samples: StrictInt = Field(10_000, ge=100, le=100_000, description="simulated deals")
    seed: StrictInt = 1

    @model_validator(mode="after")
    def _bounded(self) -> Odds:
        """At most :data:`MAX_ODDS_DEALS` simulated deals in all (rows × samples; without
        strengths, up to the highest attack a card may have)."""
        rows = len(self.situations) * (len(set(self.strengths)) or MAX_ATTACK)
        if rows * self.samples > MAX_ODDS_DEALS:
            raise ValueError(
                f"{rows} rows × {self.samples} samples is {rows * self.samples} simulated deals, "
                f"over {MAX_ODDS_DEALS}: fewer situations, strengths or samples"
            )
        return self


class RampageRules(RulesBase):
    """``rules.yaml`` of Castle Rampage."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    pack: Literal["castle-rampage"]
    colours: tuple[ColourDef, ...] = Field(min_length=1)
    setup: Setup = Setup()
    deck_size: StrictInt | None = Field(
        None, ge=1, description="the published deck's size: a warning when the copies differ"
    )
    settings: Settings = Settings()
    odds: Odds = Odds()
    back_colours: dict[str, str] = Field(
        default_factory=lambda: {"deck": "#3B2F4A", "aid": "#5A4632"},
        description="pile -> back colour",
    )

    @model_validator(mode="after")
    def _colours(self) -> RampageRules:
        ids = [c.id for c in self.colours]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate colour id(s): {', '.join(dupes)}")
        return self

    @property
    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)

    def colour(self, colour_id: str) -> ColourDef:
        return next(c for c in self.colours if c.id == colour_id)

    def is_purple(self, card: RampageCard) -> bool:
        """Whether ``card`` is purple (its colour is the effects' purple)."""
        return any(c.id == card.colour and c.purple for c in self.colours)
