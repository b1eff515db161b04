"""The closed, typed effect vocabulary of Attack Right.

Every effect a card can have is one of the kinds below.  Each kind names the triggers it
may hook and its typed parameters; its docstring is its rules meaning (the glossary prints it)
and :meth:`text` writes its card text, so print and data never disagree.  The rules engine
(:mod:`cardgen.packs.attack_right`) executes exactly these kinds.

Icon tokens such as ``{wood}``, ``{coin}`` or ``{phase-battle}`` in the text are drawn as
inline icons by the renderer (see :data:`cardgen.packs.attack_right.icon_tokens.ICONS`).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from cardgen.catalogue.types import Amount, SignedAmount
from cardgen.catalogue.validation_errors import register_scoped_values
from cardgen.packs.attack_right.model import Trigger
from cardgen.packs.attack_right.types import ResourceId

COUNTERS = ("age_token", "unit", "building", "card")
"""What ``per`` can count besides a resource id: tokens on this card, your units/buildings/cards."""

Outcome = Literal["attack_won", "attack_lost", "defence_won", "defence_lost", "always"]
Who = Literal["owner", "neighbour", "neighbours"]
Others = Literal["neighbour", "neighbours"]

TRIGGER_PREFIX = {
    "ongoing": "",
    "played": "{when-played} ",
    "battle": "{phase-battle} ",
    "income": "{phase-income} ",
    "upkeep": "{upkeep} ",
    "age_start": "{phase-age} ",
    "dies": "{when-dies} ",
}
_OUTCOME_TEXT = {
    "attack_won": "If you win your attack: ",
    "attack_lost": "If you lose your attack: ",
    "defence_won": "If you win your defence: ",
    "defence_lost": "If you lose your defence: ",
    "always": "",
}


def signed(n: int) -> str:
    """``n`` with its sign, a true minus sign (U+2212) for a negative number: "+1", "−1"."""
    return f"{n:+d}".replace("-", "\u2212")


def per_text(per: str | None, played: bool = False) -> str:
    """Card text for a counter: '' or ' per unit in your Kingdom' etc.  A when-played effect
    counts the Kingdom before the flip, without the card itself (C17): ' per other unit'."""
    other = "other " if played else ""
    return {
        None: "",
        "age_token": " per {age-token} on this card",
        "unit": f" per {other}unit in your Kingdom",
        "building": f" per {other}building in your Kingdom",
        "card": f" per {other}card in your Kingdom",
    }.get(per, f" per {{{per}}} you produce")


class EffectBase(BaseModel):
    """Fields every effect has: its kind and its trigger."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)
    kind: str
    trigger: str

    def prefix(self) -> str:
        outcome = getattr(self, "when", None)
        return TRIGGER_PREFIX[self.trigger] + (_OUTCOME_TEXT[outcome] if outcome else "")

    def text(self) -> str:  # pragma: no cover - every kind overrides
        raise NotImplementedError


class _Counted(EffectBase):
    per: str | None = None

    @field_validator("per")
    @classmethod
    def _per(cls, v: str | None, info: ValidationInfo) -> str | None:
        rules = (info.context or {}).get("rules")
        if v is None or v in COUNTERS or rules is None or v in rules.resource_ids:
            return v
        options = [*COUNTERS, *rules.resource_ids]
        raise PydanticCustomError(
            "unknown_value", "unknown counter {value!r}", {"value": v, "options": options}
        )


class _Conditional(EffectBase):
    when: Outcome | None = None

    @model_validator(mode="after")
    def _when_only_in_battle(self):
        if self.trigger == "battle" and self.when is None:
            object.__setattr__(self, "when", "always")
        if self.trigger != "battle" and self.when is not None:
            raise ValueError("`when` applies only to the battle trigger")
        return self


class Produce(EffectBase):
    """Your Kingdom produces this resource while the card is in it. Each resource produced
    lowers by 1 the price of every card that lists it as a discount resource."""

    kind: Literal["produce"]
    trigger: Literal["ongoing"] = "ongoing"
    resource: ResourceId
    amount: Amount = 1

    def text(self) -> str:
        n = f"{self.amount} " if self.amount > 1 else ""
        return f"Produces {n}{{{self.resource}}}."


class Discount(EffectBase):
    """Cards of the given type cost you this much less to play (never below 0)."""

    kind: Literal["discount"]
    trigger: Literal["ongoing"] = "ongoing"
    amount: Amount = 1
    applies_to: Literal["unit", "building", "any"] = "any"

    def text(self) -> str:
        what = {"unit": "units", "building": "buildings", "any": "cards"}[self.applies_to]
        return f"Your {what} cost {self.amount} {{coin}} less."


class Power(_Counted):
    """Changes power while the card is in the Kingdom: this card's own printed power (never a
    ``-``), the other cards in its zone (on their numeric powers only), or the total of this
    card's Neighbour, as the card says."""

    kind: Literal["power"]
    trigger: Literal["ongoing"] = "ongoing"
    stat: Literal["attack", "defence"]
    amount: SignedAmount
    target: Literal["self", "zone", "neighbour"] = "self"

    def text(self) -> str:
        sign = f"{signed(self.amount)} {{{self.stat}}}"
        per = per_text(self.per)
        if self.target == "zone":
            return f"Other cards in this zone get {sign}{per}."
        if self.target == "neighbour":
            return f"This card's Neighbour has {sign}{per}."
        return f"{sign}{per}."


class GainCoins(_Counted, _Conditional):
    """Gain coins from the bank (or, with a negative amount, lose them to the bank; never
    below 0): the owner, this card's Neighbour or both Neighbours, as the card says."""

    kind: Literal["gain_coins"]
    trigger: Literal["played", "battle", "income", "age_start", "dies"]
    amount: SignedAmount
    target: Who = "owner"

    noun: ClassVar[str] = "{coin}"

    def text(self) -> str:
        n = abs(self.amount)
        gain = self.amount > 0
        if self.target == "owner":
            verb = "Gain" if gain else "Lose"
        else:
            who = "Your Neighbour" if self.target == "neighbour" else "Each of your Neighbours"
            verb = f"{who} {'gains' if gain else 'loses'}"
        return (
            f"{self.prefix()}{verb} {n} {self.noun}{per_text(self.per, self.trigger == 'played')}."
        )


class GainGlory(GainCoins):
    """Gain glory (or, with a negative amount, lose it; never below 0): the owner, this card's
    Neighbour or both Neighbours, as the card says."""

    kind: Literal["gain_glory"]  # type: ignore[assignment]
    noun: ClassVar[str] = "{glory}"


class StoreCoins(_Conditional):
    """Put coins from the bank on this card. They go to the card's owner when it dies;
    if it is removed instead, they go back to the bank (C4)."""

    kind: Literal["store_coins"]
    trigger: Literal["played", "battle", "income", "age_start"]
    amount: Amount = 1

    def text(self) -> str:
        return f"{self.prefix()}Put {self.amount} {{coin}} on this card."


class Upkeep(EffectBase):
    """In the Income Phase, after income, the owner must pay this many coins. A player who
    cannot pay all upkeep loses all coins and every card that needs payment is removed."""

    kind: Literal["upkeep"]
    trigger: Literal["upkeep"] = "upkeep"
    amount: Amount = 1

    def text(self) -> str:
        return f"{{upkeep}} Pay {self.amount} {{coin}}."


class AgeTokens(EffectBase):
    """Add (or with a negative amount remove, never below 0) age tokens: on this card, on
    each of your other units, or on each unit of this card's Neighbour facing you."""

    kind: Literal["age_tokens"]
    trigger: Literal["played", "age_start"]
    amount: SignedAmount
    target: Literal["self", "own_units", "neighbour_units"] = "self"

    def text(self) -> str:
        n = abs(self.amount)
        act = "Add" if self.amount > 0 else "Remove"
        tok = f"{n} {{age-token}}"
        where = {
            "self": "this card",
            "own_units": "each of your other units",
            "neighbour_units": "each unit of your Neighbour facing you",
        }[self.target]
        prep = "to" if self.amount > 0 else "from"
        return f"{self.prefix()}{act} {tok} {prep} {where}."


class ReturnToHand(EffectBase):
    """When this unit dies it is not discarded: it is saved face down and joins its owner's
    hand in the next Play Phase (in round 4 it is simply discarded)."""

    kind: Literal["return_to_hand"]
    trigger: Literal["dies"] = "dies"

    def text(self) -> str:
        return f"{self.prefix()}Save this card for your next Play Phase."


class StealCoins(_Conditional):
    """Take up to this many coins from this card's Neighbour (or each Neighbour)."""

    kind: Literal["steal_coins"]
    trigger: Literal["played", "battle"]
    amount: Amount = 1
    target: Others = "neighbour"

    def text(self) -> str:
        who = "your Neighbour" if self.target == "neighbour" else "each of your Neighbours"
        return f"{self.prefix()}Take {self.amount} {{coin}} from {who}."


class DiscardFromHand(EffectBase):
    """This card's Neighbour (or each Neighbour) discards a random card from their hand
    before they play it: the card is removed before it is played."""

    kind: Literal["discard_from_hand"]
    trigger: Literal["played"] = "played"
    amount: Amount = 1
    target: Others = "neighbour"

    def text(self) -> str:
        who = (
            "Your Neighbour discards"
            if self.target == "neighbour"
            else "Each of your Neighbours discards"
        )
        what = "a random card" if self.amount == 1 else f"{self.amount} random cards"
        return f"{self.prefix()}{who} {what} from their hand."


class PeekHand(EffectBase):
    """Look at the hand of this card's Neighbour (or both Neighbours)."""

    kind: Literal["peek_hand"]
    trigger: Literal["played"] = "played"
    target: Others = "neighbour"

    def text(self) -> str:
        who = (
            "your Neighbour's hand" if self.target == "neighbour" else "both your Neighbours' hands"
        )
        return f"{self.prefix()}Look at {who}."


class Intercept(EffectBase):
    """Once per round, before a flip: look at the card this card's Neighbour (or the Neighbour
    you choose, when the card says Neighbours) has chosen to play, and you may discard it. The
    look spends the card for the round, discard or not; with several such cards you choose
    which one looks. A discarded card is not played and not paid for; its owner plays on. A
    player who has ended the Play Phase no longer looks, and a player looks at most once per
    flip."""

    kind: Literal["intercept"]
    trigger: Literal["ongoing"] = "ongoing"
    target: Others = "neighbour"

    def text(self) -> str:
        who = "your Neighbour is" if self.target == "neighbour" else "a Neighbour is"
        return (
            f"{{phase-play}} Once per round, before a flip: look at the card {who} about to "
            "play. You may discard it."
        )


class MoveCard(EffectBase):
    """When played: you may move one of your other cards (or units, or buildings) to another
    zone it can stand in that has a free spot. The moved card keeps its age tokens, its coins
    and its place in play order; it is not played again."""

    kind: Literal["move_card"]
    trigger: Literal["played"] = "played"
    what: Literal["unit", "building", "card"] = "card"

    def text(self) -> str:
        return f"{self.prefix()}You may move one of your other {self.what}s to another zone."


class Hidden(EffectBase):
    """This card stays face down to other players until the Battle Phase: they see that a
    card is there, not which."""

    kind: Literal["hidden"]
    trigger: Literal["ongoing"] = "ongoing"

    def text(self) -> str:
        return "Hidden: stays face down until the Battle Phase."


class Flank(EffectBase):
    """This card's power counts for attack and defence wherever it stands."""

    kind: Literal["flank"]
    trigger: Literal["ongoing"] = "ongoing"

    def text(self) -> str:
        return "Flank: counts for {attack} and {defence} in any zone."


EFFECT_KINDS: tuple[type[EffectBase], ...] = (
    Produce,
    Discount,
    Power,
    GainCoins,
    GainGlory,
    StoreCoins,
    Upkeep,
    AgeTokens,
    ReturnToHand,
    StealCoins,
    DiscardFromHand,
    PeekHand,
    Intercept,
    MoveCard,
    Hidden,
    Flank,
)
Effect = Annotated[
    Produce
    | Discount
    | Power
    | GainCoins
    | GainGlory
    | StoreCoins
    | Upkeep
    | AgeTokens
    | ReturnToHand
    | StealCoins
    | DiscardFromHand
    | PeekHand
    | Intercept
    | MoveCard
    | Hidden
    | Flank,
    Field(discriminator="kind"),
]


def kind_name(cls: type[EffectBase]) -> str:
    """The ``kind`` string of an effect class."""
    return cls.model_fields["kind"].annotation.__args__[0]  # type: ignore[union-attr]


def allowed_triggers(cls: type[EffectBase]) -> tuple[str, ...]:
    """The triggers an effect class accepts."""
    return tuple(cls.model_fields["trigger"].annotation.__args__)  # type: ignore[union-attr]


KINDS: dict[str, type[EffectBase]] = {kind_name(c): c for c in EFFECT_KINDS}

# a trigger some kind takes, given to a kind that does not, is E108 (not a misspelt value)
register_scoped_values("trigger", [t.value for t in Trigger])
