"""The scenario file format (see docs/scenario-format.md) as pydantic models.

Beyond the models, :mod:`.references` checks every card id, seat, event type and event field a
scenario names (with its file position), so a typo is an error, never a check that passes.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from cardgen.catalogue.yaml_source import SourceMap
from cardgen.packs.attack_right.model import Placement
from cardgen.scenarios.protocol import DEFAULT_CARDS

PhaseName = Literal["draft", "play", "battle", "income", "age"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardSpec(_M):
    """A tableau card with its age tokens and stored coins."""

    card: str
    tokens: int = Field(0, ge=0)
    coins: int = Field(0, ge=0)


TableauSpec = dict[Placement, list[str | CardSpec]]


class PlayerSetup(_M):
    coins: int | None = Field(None, ge=0)
    glory: int = Field(0, ge=0)
    hand: list[str] = []
    pack: list[str] = []
    kept: list[str] = []
    saved: list[str] = []
    ended: bool = False
    tableau: TableauSpec = {}


class Setup(_M):
    round: int = Field(1, ge=1)
    phase: PhaseName = "play"
    step: int = Field(0, ge=0)
    first_end_done: bool = False
    players: list[PlayerSetup] = []
    discard: list[str] = []


class PlayAct(_M):
    play: str
    zone: Placement
    replace: str | None = None


class LookAct(_M):
    """Look at the card the Neighbour in seat ``at`` is about to play, spending the round's
    look of the intercept card ``look`` (``at`` may be left out when that card reaches one
    Neighbour only)."""

    look: str
    at: int | None = None


class InterceptAct(_M):
    """Discard the card a Neighbour is about to play, once looked at (an ``intercept``
    ability)."""

    intercept: str


class MoveAct(_M):
    """Move one of your cards to another zone (a ``move_card`` effect)."""

    move: str
    zone: Placement


class SaveAct(_M):
    save: str


class PickAct(_M):
    pick: str


Action = Literal["end", "pass"] | PlayAct | SaveAct | PickAct | LookAct | InterceptAct | MoveAct


class PlayerExpect(_M):
    coins: int | None = None
    glory: int | None = None
    hand: list[str] | None = None
    pack: list[str] | None = None
    kept: list[str] | None = None
    saved: list[str] | None = None
    ended: bool | None = None
    tableau: TableauSpec | None = None
    tableau_size: int | None = None
    hand_size: int | None = None


class Seen(_M):
    """What ``viewer`` sees of ``seat``'s tableau: card ids in play order, null = face down."""

    viewer: int
    seat: int
    tableau: list[str | None]


class Peek(_M):
    viewer: int
    seat: int
    hand: list[str]


class Glimpse(_M):
    """``viewer`` has seen the card ``seat`` was about to play (an ``intercept`` look)."""

    viewer: int
    seat: int
    card: str


class PileExpect(_M):
    """A season pile: its size, cards it holds and does not hold, how many star cards."""

    size: int | None = Field(None, ge=0)
    contains: list[str] = []
    excludes: list[str] = []
    stars: int | None = Field(None, ge=0)


class BankExpect(_M):
    """The bank: coins and age tokens of the box not held by a player or on a card (negative
    when an unlimited bank has paid out more than the box holds)."""

    coins: int | None = None
    tokens: int | None = None


class Expect(_M):
    round: int | None = None
    phase: Literal["draft", "play", "end"] | None = None
    decision: Literal["draft", "play", "look", "intercept", "move"] | None = None
    players: dict[int, PlayerExpect] = {}
    discard: list[str] | None = None
    #: events in order (``count: N``: exactly N such events, in any order)
    events: list[dict[str, Any]] = []
    no_events: list[dict[str, Any]] = []
    winners: list[int] | None = None
    seen: list[Seen] = []
    peeks: list[Peek] = []
    glimpses: list[Glimpse] = []
    legal: dict[int, list[Action]] = {}
    illegal: dict[int, list[Action]] = {}
    #: per seat: the cards dealt to it at the last deal
    dealt: dict[int, list[str]] = {}
    #: per season id
    piles: dict[str, PileExpect] = {}
    bank: BankExpect | None = None


class Step(_M):
    """One simultaneous step: an action per acting seat (forced ones may be left out)."""

    actions: dict[int, Action] = {}
    expect: Expect | None = None
    illegal: bool = False

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, data: Any) -> Any:
        if isinstance(data, dict) and not is_long_step(data):
            return {"actions": data}
        return data


def is_long_step(data: dict) -> bool:
    """A step written with ``actions:`` (and ``expect``/``illegal``), not as bare actions."""
    return bool({"actions", "expect", "illegal"} & set(data))


class Scenario(_M):
    """A scenario file; ``source``/``data``: where it was read from (for positions)."""

    name: str
    rule: str = ""
    description: str = ""
    cards: str = DEFAULT_CARDS
    players: int | None = Field(None, ge=2, le=4)
    decks: list[str] | None = None
    seed: int = 0
    first_game: bool = False
    settings: dict[str, Any] = {}
    slot_power: dict[Placement, list[Literal["attack", "defence"]]] | None = None
    setup: Setup = Setup()
    #: per round, per seat: cards that round's draft deals to the seat (the rest at random)
    deals: dict[int, dict[int, list[str]]] = {}
    steps: list[Step] = []
    expect: Expect = Expect()

    _source: SourceMap | None = PrivateAttr(None)
    _document: Any = PrivateAttr(None)

    @property
    def num_players(self) -> int:
        """The number of seats: ``players``, else one per deck, else per setup player (≥ 2)."""
        if self.players:
            return self.players
        return len(self.decks) if self.decks else max(2, len(self.setup.players))
