"""The Attack the Tower pack: what the generic core needs to know about the game.

Its rules on the engine kit (:mod:`.engine`) register under the entry-point group
``cardgen.engines``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, cast

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.attack_the_tower.checks import check_catalogue
from cardgen.packs.attack_the_tower.codes import CODES
from cardgen.packs.attack_the_tower.model import TowerCard, TowerRules
from cardgen.packs.attack_the_tower.reference import rules_reference
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.models import CardBase
    from cardgen.components import ComponentSpec
    from cardgen.diagnostics import Diagnostic
    from cardgen.diagnostics.codes import Code


class TowerCatalogue(CatalogueFacet):
    """Ability cards and base cards, a file per pile."""

    rules_model = TowerRules
    card_model = TowerCard
    file_fields = ("pile",)

    def codes(self) -> list[Code]:
        return CODES

    def sort_key(self, rules: TowerRules) -> Callable[[CardBase], int]:
        """Ability cards, then base cards; file order within a pile."""
        return lambda c: 0 if cast(TowerCard, c).pile == "ability" else 1

    def check(self, catalogue: Catalogue) -> list[Diagnostic]:
        return check_catalogue(catalogue)

    def schema_enums(self, rules: TowerRules | None) -> dict[str, list[str]]:
        if rules is None:
            return {}
        return {"troop": list(rules.troop_ids), "type": list(rules.ability_types)}


class TowerPrint(PrintFacet):
    """One back per pile; the text generated from the card's data."""

    def card_text(self, card: TowerCard) -> str:
        """The rules text generated from the card's data and its catalogue's rules model."""
        return card.rules_text

    def card_icons(self, card: TowerCard, rules: TowerRules) -> list[str]:
        """The emblem on the face and the one on its back."""
        kind = card.troop if card.pile == "base" else card.type
        assert kind is not None, "the model gives a base card a troop, an ability card a type"
        return [kind, "tower" if card.pile == "base" else "scroll"]

    def fields(self) -> ModuleType:
        from cardgen.packs.attack_the_tower import fields  # reportlab: drawing only

        return fields

    def print_inputs(self) -> list[Path]:
        names: tuple[str, ...] = (
            "model.py",
            "fields.py",
            "layout.yaml",
            "icons",
            "components.yaml",
        )
        names += ("components.py", "pack.py", "text.py")
        return [self.data / n for n in names]

    def back_of(self, card: TowerCard) -> BackDesign:
        """One back per pile: ability cards and base cards are drawn from separate piles."""
        return BackDesign(card.pile, card.pile, card.pile)

    def pile_name(self, rules: TowerRules, pile: str) -> str:
        return rules.pile(pile).name


class TowerKit(ComponentsFacet):
    """The board and the counters."""

    def specs(self) -> list[ComponentSpec]:
        from cardgen.packs.attack_the_tower.components import component_specs

        return component_specs(PACK)

    def counts(self, catalogue: Catalogue) -> dict[str, int]:
        """The seed's SETTING UP, per army (the kit is one army; a game needs two): "A DECK
        WITH 25 ABILITY CARDS AND 25 BASE CARDS, 9 COUNTERS AND A BOARD"."""
        rules: TowerRules = catalogue.rules
        return {"cards": sum(p.cards for p in rules.piles), "counters": rules.counters, "board": 1}


class TowerDocs(DocsFacet):
    """The core's appendix and the seed's readings as a rules reference."""

    def rules_reference(self) -> str:
        """Every reading of the seed the engine takes (``clarifications.yaml``), as markdown."""
        return rules_reference(GAME.name)


DATA = data_path("cardgen.packs.attack_the_tower")
GAME = GameType(
    id="attack-the-tower",
    name="Attack the Tower",
    min_players=2,
    max_players=2,
    description="Two armies: renew, build bases, attack territories, destroy the palace.",
)
PACK = Pack(
    game_type=GAME,
    data=DATA,
    catalogue=TowerCatalogue(DATA),
    print=TowerPrint(DATA),
    components=TowerKit(),
    docs=TowerDocs(DATA),
    module=__name__,
)
