"""The Authority pack: what the generic core needs to know about the game.

Its rules on the engine kit (:mod:`.engine`) register under the entry-point group
``cardgen.engines``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.authority.checks import check_catalogue
from cardgen.packs.authority.codes import CODES
from cardgen.packs.authority.model import RulesModel, Unit
from cardgen.packs.authority.reference import rules_reference
from cardgen.packs.authority.text import unit_text
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path


class AuthorityCatalogue(CatalogueFacet):
    """Units, a file per faction, in the factions' order."""

    rules_model = RulesModel
    card_model = Unit
    file_fields = ("faction",)

    def codes(self) -> list:
        return CODES

    def sort_key(self, rules: RulesModel) -> Callable[[Unit], Any]:
        """Faction by faction in rules order (file order within a faction)."""
        order = {f: i for i, f in enumerate(rules.faction_ids)}
        return lambda c: order[c.faction]

    def check(self, catalogue) -> list:
        return check_catalogue(catalogue)

    def schema_enums(self, rules: RulesModel | None) -> dict[str, list[str]]:
        return {} if rules is None else {"faction": list(rules.faction_ids)}


class AuthorityPrint(PrintFacet):
    """A print file per faction; one back for every unit face down."""

    def card_text(self, card: Unit) -> str:
        return unit_text(card)

    def icon_tokens(self, rules: RulesModel) -> dict[str, str]:
        return {"authority": "authority (spent to recruit)"}

    def card_icons(self, card: Unit, rules: RulesModel) -> list[str]:
        return [*super().card_icons(card, rules), "cost", "power", rules.faction(card.faction).mark]

    def fields(self) -> Any:
        from cardgen.packs.authority import fields  # reportlab: drawing only

        return fields

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


class AuthorityKit(ComponentsFacet):
    """Defence mats, HP trackers and the market layout."""

    def specs(self) -> list:
        from cardgen.packs.authority.components import component_specs

        return component_specs()

    def counts(self, catalogue) -> dict[str, int]:
        from cardgen.packs.authority.components import counts

        return counts(catalogue)

    def names(self, catalogue) -> dict[str, str]:
        return {"hp_trackers": "HP trackers"}


class AuthorityDocs(DocsFacet):
    """The core's appendix and the seed's readings as a rules reference."""

    def rules_reference(self) -> str:
        return rules_reference()


DATA = data_path("cardgen.packs.authority")
PACK = Pack(
    game_type=GameType(
        id="authority",
        name="Authority",
        min_players=2,
        max_players=4,
        description="Deck building: attack, defend in rows or recruit; kill the other Monarchs.",
    ),
    data=DATA,
    catalogue=AuthorityCatalogue(DATA),
    print=AuthorityPrint(DATA),
    components=AuthorityKit(),
    docs=AuthorityDocs(DATA),
    module=__name__,
)
