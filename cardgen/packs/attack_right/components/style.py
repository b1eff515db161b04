"""Attack Right's component layout model, loaded from ``components.yaml``.

Sizes are millimetres, font sizes points.  Texts may reference rules-model numbers
(``{income}``, ``{battle_glory}`` …), filled in by :func:`rules_text`.
"""

from __future__ import annotations

import os

from pydantic import Field, PositiveFloat, PositiveInt, model_validator

from cardgen.components.style import SheetStyle, StylePart
from cardgen.packs.attack_right.model import Phase, Placement, RulesModel, Stat
from cardgen.util.resources import data_path

DEFAULT_LAYOUT = data_path("cardgen.packs.attack_right", "components.yaml")

_HEX = r"^#[0-9A-Fa-f]{6}$"


_Strict = StylePart


class Reminders(_Strict):
    coins: str


class Facing(_Strict):
    left: str
    right: str


class PlayerBoardLayout(_Strict):
    edge: PositiveFloat
    gap: PositiveFloat
    header_height: PositiveFloat
    side_width: PositiveFloat
    slot_gap: PositiveFloat
    slot_padding: PositiveFloat
    zone_gap: PositiveFloat
    zone_label_height: PositiveFloat
    phase_height: PositiveFloat
    title: str
    season_only_label: str
    facing: Facing
    zone_names: dict[Placement, str]
    stat_names: dict[Stat, str]
    reminders: Reminders
    #: the saved card's place: its name and its note's lines
    saved_card: list[str] = Field(min_length=1)


class PhaseText(_Strict):
    id: Phase
    name: str
    summary: str


class ScoreboardLayout(_Strict):
    width: PositiveFloat
    height: PositiveFloat
    cell: PositiveFloat
    min_glory: PositiveInt
    round_cell: PositiveFloat
    title: str
    glory_label: str
    lap_note: str
    round_label: str
    phase_label: str
    phase_height: PositiveFloat
    deck: str
    deck_note: str
    discard: str
    discard_note: str
    #: the bank's piles beside the round track, by their icon
    bank: dict[str, str] = Field(min_length=1, max_length=2)


class CoinFace(_Strict):
    label: str
    ink: str = Field(pattern=_HEX)


class RoundFace(_Strict):
    colour: str = Field(pattern=_HEX)
    label: str


class TokensLayout(_Strict):
    cell: PositiveFloat
    diameter: PositiveFloat
    coin: CoinFace
    round: RoundFace
    score_back_label: str

    @model_validator(mode="after")
    def _disc_fits(self) -> TokensLayout:
        if self.diameter > self.cell:
            raise ValueError("tokens.diameter must not exceed tokens.cell")
        return self


class ComponentLayout(SheetStyle):
    """Everything ``components.yaml`` says about the look of Attack Right's components."""

    player_board: PlayerBoardLayout
    phases: list[PhaseText]
    scoreboard: ScoreboardLayout
    tokens: TokensLayout

    @model_validator(mode="after")
    def _all_phases(self) -> ComponentLayout:
        if [p.id for p in self.phases] != list(Phase):
            raise ValueError(f"phases must list {', '.join(Phase)} in this order")
        return self


def load_layout(path: str | os.PathLike[str] = DEFAULT_LAYOUT) -> ComponentLayout:
    """Load and validate the component layout (raises DiagnosticError on bad input)."""
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    data, smap = load_yaml(path, display=os.fspath(path))
    return validate_model(ComponentLayout, data, smap)


def rules_text(template: str, rules: RulesModel, **extra: object) -> str:
    """Fill ``{income}``-style placeholders from the rules model's economy and draft rules."""
    values = {**rules.economy.model_dump(), **rules.draft.model_dump(), **extra}
    return template.format(**values)
