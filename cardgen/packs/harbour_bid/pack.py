"""The Harbour Bid pack: the engine kit's starter game (``cardgen new DIR --game harbour-bid``).

Its rules on the kit (:mod:`.rules`) register under the entry-point group ``cardgen.engines``.
"""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.harbour_bid.model import SUITS, HarbourCard, HarbourRules, card_text
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path

COLOURS = {"crew": "#2F4F7A", "cargo": "#8A5A2B"}
SUIT_COLOURS = {"spice": "#B5472E", "silk": "#7A4F9A", "tea": "#3F7D4E"}


class HarbourCatalogue(CatalogueFacet):
    """Crew cards (strength, ability) and cargo cards (points, suit), a file per kind."""

    rules_model = HarbourRules
    card_model = HarbourCard
    file_fields = ("kind",)
    starter = "cards"


class HarbourPrint(PrintFacet):
    """A deck per kind, its colour on the back."""

    def card_text(self, card: HarbourCard) -> str:
        return card_text(card)

    def icon_tokens(self, rules: HarbourRules) -> dict[str, str]:
        return {"star": "a point", **{s: f"a {s} cargo" for s in SUITS}}

    def card_icons(self, card: HarbourCard, rules: HarbourRules) -> list[str]:
        return [*tokens_in(card_text(card)), *([card.suit] if card.suit else [])]

    def back_of(self, card: HarbourCard) -> BackDesign:
        return BackDesign(card.kind, card.kind, card.kind)

    def pile_name(self, rules: HarbourRules, pile: str) -> str:
        return {"crew": "Crew deck", "cargo": "Cargo deck"}[pile]

    def layout_fields(self) -> dict[str, Any]:
        from cardgen.render.elements.fields import Computed  # reportlab: drawing only

        return {
            "kind_colour": Computed(lambda card, rules: COLOURS[card.kind], "kind"),
            "band_colour": Computed(
                lambda card, rules: SUIT_COLOURS.get(card.suit or "", COLOURS[card.kind]), "suit"
            ),
            "rules_text": Computed(lambda card, rules: card_text(card), "ability"),
            "figure": Computed(
                lambda card, rules: card.strength if card.kind == "crew" else card.points, "kind"
            ),
        }

    def back_fields(self) -> dict[str, Any]:
        from cardgen.render.elements.fields import Computed  # reportlab: drawing only

        return {
            "kind_colour": Computed(lambda back, rules: COLOURS[back.key]),
            "label": Computed(lambda back, rules: back.key.upper()),
            "game": Computed(lambda back, rules: rules.game),
        }


DATA = data_path("cardgen.packs.harbour_bid")
PACK = Pack(
    game_type=GameType(
        id="harbour-bid",
        name="Harbour Bid",
        min_players=2,
        max_players=2,
        description="The engine kit's starter: two merchants bid crew cards for cargo.",
    ),
    data=DATA,
    catalogue=HarbourCatalogue(DATA),
    print=HarbourPrint(DATA),
    components=ComponentsFacet(),
    docs=DocsFacet(DATA),
    module=__name__,
)
