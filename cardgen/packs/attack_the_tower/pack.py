"""The Attack the Tower pack: what the generic core needs to know about the game."""

from __future__ import annotations

from typing import Any

from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.attack_the_tower.model import TowerCard, TowerRules
from cardgen.util.resources import data_path


class AttackTheTower(Pack):
    """Attack the Tower: two armies of bases and troops; destroy the opponent's palace."""

    game_type = GameType(
        id="attack-the-tower",
        name="Attack the Tower",
        min_players=2,
        max_players=2,
        description="Two armies: renew, build bases, attack territories, destroy the palace.",
    )
    rules_model = TowerRules
    card_model = TowerCard
    file_fields = ("pile",)
    back_labels = ("pile", "pile")
    data = data_path("cardgen.packs.attack_the_tower")

    def engine(self) -> Any:
        """Attack the Tower's rules on the engine kit (:mod:`.engine`)."""
        from cardgen.packs.attack_the_tower.engine import ENGINE

        return ENGINE

    # --- catalogue ---------------------------------------------------------------------------
    def codes(self) -> list:
        from cardgen.packs.attack_the_tower.codes import CODES

        return CODES

    def sort_key(self, rules: TowerRules):
        """Ability cards, then base cards; file order within a pile."""
        return lambda c: 0 if c.pile == "ability" else 1

    def check(self, catalogue) -> list:
        from cardgen.packs.attack_the_tower.checks import check_catalogue

        return check_catalogue(catalogue)

    def schema_enums(self, rules: TowerRules | None) -> dict[str, list[str]]:
        if rules is None:
            return {}
        return {"troop": list(rules.troop_ids), "type": list(rules.ability_types)}

    def card_text(self, card: TowerCard) -> str:
        """The rules text generated from the card's data and its catalogue's rules model."""
        return card.rules_text

    def card_icons(self, card: TowerCard, rules: TowerRules) -> list[str]:
        """The emblem on the face and the one on its back."""
        kind = card.troop if card.pile == "base" else card.type
        return [kind, "tower" if card.pile == "base" else "scroll"]

    # --- print -------------------------------------------------------------------------------
    def layout_fields(self) -> dict[str, Any]:
        from cardgen.packs.attack_the_tower.fields import LAYOUT_FIELDS

        return LAYOUT_FIELDS

    def back_fields(self) -> dict[str, Any]:
        from cardgen.packs.attack_the_tower.fields import BACK_FIELDS

        return BACK_FIELDS

    def print_inputs(self) -> list:
        names = ("model.py", "fields.py", "layout.yaml", "icons", "components.yaml")
        names += ("components.py", "pack.py", "text.py")
        return [self.data / n for n in names]

    def back_of(self, card: TowerCard) -> BackDesign:
        """One back per pile: ability cards and base cards are drawn from separate piles."""
        return BackDesign(card.pile, card.pile, card.pile)

    def pile_name(self, rules: TowerRules, pile: str) -> str:
        return rules.pile(pile).name

    def components(self) -> list:
        from cardgen.packs.attack_the_tower.components import component_specs

        return component_specs()

    def component_counts(self, catalogue) -> dict[str, int]:
        """The seed's SETTING UP, per army (the kit is one army; a game needs two): "A DECK
        WITH 25 ABILITY CARDS AND 25 BASE CARDS, 9 COUNTERS AND A BOARD"."""
        rules: TowerRules = catalogue.rules
        return {"cards": sum(p.cards for p in rules.piles), "counters": rules.counters, "board": 1}

    def rules_reference(self) -> str:
        """Every reading of the seed the engine takes (``clarifications.yaml``), as markdown."""
        from cardgen.packs.attack_the_tower.reference import rules_reference

        return rules_reference(self.game_type.name)


PACK = AttackTheTower()
