"""The base models every pack's catalogue extends: a card design and a rules model.

A pack's card model subclasses :class:`CardBase` and also declares ``copies`` (how many physical
cards of the design there are) and ``art`` (an image path relative to the catalogue, or None);
its rules model subclasses :class:`RulesBase`.  Both may mark ``placeholders``: values that are
not from the game's sources (:mod:`cardgen.catalogue.placeholders`).  The core reads nothing
else of a card.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardgen.catalogue.custom_fields import Fields
from cardgen.catalogue.placeholders import Placeholders
from cardgen.catalogue.types import CardId

#: fields the core reads from every card besides those of :class:`CardBase`
REQUIRED_CARD_FIELDS = ("copies", "art")


class CardBase(BaseModel):
    """One card design: a unique id and a name (packs add their fields)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    id: CardId = Field(description="unique, stable id: lowercase words joined by '-'")
    name: str = Field(min_length=1, max_length=40)
    #: fields whose values are invented, not from the game's sources (:mod:`.placeholders`)
    placeholders: Placeholders


class Printing(BaseModel):
    """How the cards are printed, whatever the pack (``printing:`` in ``rules.yaml``)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    backs: Literal["group", "marked"] = Field(
        "group",
        description="group: one back per face-down group, so a hidden card shows nothing of "
        "its pile (the rules' hidden information); marked: each pile's own back, which sorts "
        "the piles apart but shows a face-down card's pile",
    )


class RulesBase(BaseModel):
    """The rules model of a catalogue folder (``rules.yaml``): its pack and its game's name."""

    model_config = ConfigDict(defer_build=True, extra="forbid", frozen=True)

    pack: str = Field(description="the game pack this catalogue follows (`cardgen games`)")
    game: str = Field(
        min_length=1, max_length=60, description="the game's name, printed on the components"
    )
    #: rules values that are invented, not from the game's sources (:mod:`.placeholders`)
    placeholders: Placeholders
    printing: Printing = Field(default_factory=Printing, description="how the cards are printed")
    fields: Fields = Field(
        default_factory=dict,
        description="the game's own card fields besides the pack's (name -> type, or "
        "{type, choices, required, default, min, max, description}): "
        "docs/sheets.md, 'Your own fields'",
    )
    engine: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.(py|yaml|yml)$",
        max_length=200,
        description="this game's own rules: a Python file beside rules.yaml defining ENGINE "
        "(docs/engine-kit.md), or a rules description in YAML (docs/rules-as-data.md); the "
        "pack's rules when absent",
    )
