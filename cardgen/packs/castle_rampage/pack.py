"""The Castle Rampage pack: the attack cascade of seed 001 as a catalogue, a game on the engine
kit whose moves are attacks, scenarios and an attack-odds appendix.

Its rules on the engine kit (:mod:`.engine`) register under the entry-point group
``cardgen.engines``; its documents (:mod:`.docs`), whose odds play attacks on the engine, are
imported when a document is made.
"""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.castle_rampage.checks import check_catalogue
from cardgen.packs.castle_rampage.codes import CODES
from cardgen.packs.castle_rampage.model import RampageCard, RampageRules
from cardgen.packs.castle_rampage.text import card_text
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path


class RampageCatalogue(CatalogueFacet):
    """Cards with an attack strength, a Gate and a Castle defence, a colour and effects."""

    rules_model = RampageRules
    card_model = RampageCard

    def codes(self) -> list:
        return CODES

    def check(self, catalogue) -> list:
        return check_catalogue(catalogue)

    def sort_key(self, rules: RampageRules):
        order = {c: i for i, c in enumerate(rules.colour_ids)}
        return lambda c: (c.pile != "deck", order.get(c.colour, len(order)))

    def schema_enums(self, rules: RampageRules | None) -> dict[str, list[str]]:
        return {} if rules is None else {"colour": list(rules.colour_ids)}


class RampagePrint(PrintFacet):
    """The deck and the player aids; every deck card has the same back."""

    def card_text(self, card: RampageCard) -> str:
        return card_text(card)

    def icon_tokens(self, rules: RampageRules) -> dict[str, str]:
        return dict(self.fields().ICONS)

    def card_icons(self, card: RampageCard, rules: RampageRules) -> list[str]:
        return self.fields().face_icons(card, rules)

    def back_of(self, card: RampageCard) -> BackDesign:
        # every deck card has the same back: the Gate and Castle hide which card is where
        return BackDesign(card.pile, card.pile, card.pile)

    def pile_name(self, rules: RampageRules, pile: str) -> str:
        return {"deck": "Deck", "aid": "Player aids"}.get(pile, pile)

    def fields(self) -> Any:
        from cardgen.packs.castle_rampage import fields  # reportlab: drawing only

        return fields


class RampageDocs(DocsFacet):
    """The core's appendix with the attack odds and the clarifications."""

    def appendix_sections(self, catalogue) -> list:
        from cardgen.packs.castle_rampage import docs

        return docs.appendix_sections(catalogue.pack, catalogue)

    def rules_reference(self) -> str:
        from cardgen.packs.castle_rampage import docs

        return docs.rules_reference(GAME.name)


DATA = data_path("cardgen.packs.castle_rampage")
GAME = GameType(
    id="castle-rampage",
    name="Castle Rampage",
    min_players=2,
    max_players=2,
    description="The attack cascade: Gate, then Castle, card after card; attack odds.",
)
PACK = Pack(
    game_type=GAME,
    data=DATA,
    catalogue=RampageCatalogue(DATA),
    print=RampagePrint(DATA),
    components=ComponentsFacet(),
    docs=RampageDocs(DATA),
    module=__name__,
)
