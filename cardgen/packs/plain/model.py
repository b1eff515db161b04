"""The `plain` pack's rules model and card model."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.types import from_rules

_HEX = r"^#[0-9A-Fa-f]{6}$"
_ID = r"^[a-z][a-z0-9_-]*$"


class _Part(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)


class BackDef(_Part):
    """A card back: cards that share it are one pile face down."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=30)
    colour: str = Field(pattern=_HEX)
    label: str | None = Field(None, max_length=30, description="printed on the back; default: none")
    pattern: Literal["dots", "stripes"] | None = Field(
        None,
        description="a texture over the back and its cards' faces, so piles tell apart in "
        "greyscale; default: none",
    )
    size: (
        Literal["poker", "bridge", "tarot", "mini", "square", "euro", "mini-euro", "jumbo"]
        | Annotated[
            list[Annotated[float, Field(strict=True, gt=10, le=400)]],  # mm, not "63.5"
            Field(min_length=2, max_length=2),
        ]
        | None
    ) = Field(
        None,
        description="the size of its cards (a name, or [width, height] mm); default: the layout's",
    )


class StatDef(_Part):
    """A numeric stat cards may print (attack, health …), with the icon drawn beside it."""

    id: str = Field(pattern=_ID)
    name: str
    icon: str | None = None


class PlainRules(RulesBase):
    """``rules.yaml`` of a plain game: its backs, card types and stats."""

    model_config = ConfigDict(
        defer_build=True, extra="forbid", frozen=True, ignored_types=(cached_property,)
    )

    pack: Literal["plain"]
    backs: list[BackDef] = Field(min_length=1)
    types: list[str] = Field(default_factory=list, description="allowed card types; empty: any")
    stats: list[StatDef] = Field(default_factory=list)
    max_copies: StrictInt = Field(9, ge=1, le=99)

    @model_validator(mode="after")
    def _unique(self) -> PlainRules:
        for label, ids in (("back", self.back_ids), ("stat", self.stat_ids)):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {label} id(s): {', '.join(dupes)}")
        return self

    @cached_property
    def back_ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.backs)

    @cached_property
    def stat_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.stats)

    def back(self, back_id: str) -> BackDef:
        return next(b for b in self.backs if b.id == back_id)


BackId = Annotated[str, from_rules("back_ids", "back")]


class PlainCard(CardBase):
    """One card design of a plain game."""

    type: str | None = Field(None, max_length=30)
    cost: StrictInt | None = Field(None, ge=0, le=99)
    text: str = Field("", max_length=300, description="rules text; {token} draws an icon")
    flavour: str | None = Field(None, max_length=200)
    stats: dict[str, StrictInt] = Field(default_factory=dict)
    back: BackId | None = Field(
        None, description="defaults to the file's `back`, else the first back of rules.yaml"
    )
    copies: StrictInt = Field(1, ge=1, le=99)
    art: str | None = Field(None, description="image path relative to the catalogue folder")
    version: StrictInt = Field(1, ge=1)
