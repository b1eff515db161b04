"""The scenario file format (see docs/scenario-format.md) as pydantic models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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


class SaveAct(_M):
    save: str


class PickAct(_M):
    pick: str


Action = Literal["end"] | PlayAct | SaveAct | PickAct


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


class Expect(_M):
    round: int | None = None
    phase: Literal["draft", "play", "end"] | None = None
    players: dict[int, PlayerExpect] = {}
    discard: list[str] | None = None
    events: list[dict[str, Any]] = []
    no_events: list[dict[str, Any]] = []
    winners: list[int] | None = None
    seen: list[Seen] = []
    peeks: list[Peek] = []
    legal: dict[int, list[Action]] = {}
    illegal: dict[int, list[Action]] = {}


class Step(_M):
    """One simultaneous step: an action per acting seat (forced ones may be left out)."""

    actions: dict[int, Action] = {}
    expect: Expect | None = None
    illegal: bool = False

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, data: Any) -> Any:
        if isinstance(data, dict) and not ({"actions", "expect", "illegal"} & set(data)):
            return {"actions": data}
        return data


class Scenario(_M):
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
    steps: list[Step] = []
    expect: Expect = Expect()
