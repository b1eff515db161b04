"""The Authority pack: what the generic core needs to know about the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.authority.model import RulesModel, Unit
from cardgen.util.resources import data_path


class Authority(Pack):
    """Authority: a deck-building kingdom game; kill the other Monarchs (seed 004)."""

    game_type = GameType(
        id="authority",
        name="Authority",
        min_players=2,
        max_players=4,
        description="Deck building: attack, defend in rows or recruit; kill the other Monarchs.",
    )
    rules_model = RulesModel
    card_model = Unit
    file_fields = ("faction",)
    back_labels = ("faction", "back")
    data = data_path("cardgen.packs.authority")

    def engine(self) -> Any:
        """Authority's rules on the engine kit (:mod:`.engine`)."""
        from cardgen.packs.authority.engine import ENGINE

        return ENGINE

    def codes(self) -> list:
        from cardgen.packs.authority.codes import CODES

        return CODES

    def sort_key(self, rules: RulesModel) -> Callable[[Unit], Any]:
        """Faction by faction in rules order (file order within a faction)."""
        order = {f: i for i, f in enumerate(rules.faction_ids)}
        return lambda c: order[c.faction]

    def check(self, catalogue) -> list:
        from cardgen.packs.authority.checks import check_catalogue

        return check_catalogue(catalogue)

    def schema_enums(self, rules: RulesModel | None) -> dict[str, list[str]]:
        return {} if rules is None else {"faction": list(rules.faction_ids)}

    def card_text(self, card: Unit) -> str:
        from cardgen.packs.authority.text import unit_text

        return unit_text(card)

    def icon_tokens(self, rules: RulesModel) -> dict[str, str]:
        return {"authority": "authority (spent to recruit)"}

    def card_icons(self, card: Unit, rules: RulesModel) -> list[str]:
        return [*super().card_icons(card, rules), "cost", "power", rules.faction(card.faction).mark]

    def layout_fields(self) -> dict[str, Any]:
        from cardgen.packs.authority.fields import LAYOUT_FIELDS

        return LAYOUT_FIELDS

    def back_fields(self) -> dict[str, Any]:
        from cardgen.packs.authority.fields import BACK_FIELDS

        return BACK_FIELDS

    def back_of(self, card: Unit) -> BackDesign:
        """A print file per faction, the marked back (``printing: {backs: marked}`` prints
        it): it sorts the factions apart, but shows a face-down unit's faction."""
        return BackDesign(card.faction, card.faction, "unit")

    def face_down_back(self, card: Unit) -> BackDesign:
        """One back for every unit: a player's deck mixes the Royal starting units with the
        units recruited from every faction, and the market deck mixes the factions, both drawn
        face down."""
        return BackDesign("unit", card.faction, "unit", marked=False)

    def pile_name(self, rules: RulesModel, pile: str) -> str:
        return rules.faction(pile).name

    def components(self) -> list:
        from cardgen.packs.authority.components import component_specs

        return component_specs()

    def component_counts(self, catalogue) -> dict[str, int]:
        from cardgen.packs.authority.components import counts

        return counts(catalogue)

    def component_names(self, catalogue) -> dict[str, str]:
        return {"hp_trackers": "HP trackers"}

    def rules_reference(self) -> str:
        from cardgen.packs.authority.reference import rules_reference

        return rules_reference()


PACK = Authority()
