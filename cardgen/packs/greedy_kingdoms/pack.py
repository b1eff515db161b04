"""The Greedy Kingdoms pack: what the generic core needs to know about the game.

Its rules on the engine kit (:mod:`.engine`) register under the entry-point group
``cardgen.engines``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.catalogue.models import CardBase
from cardgen.catalogue.sheet_cells import Notation
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.greedy_kingdoms.checks import check_catalogue
from cardgen.packs.greedy_kingdoms.clarifications import rules_reference
from cardgen.packs.greedy_kingdoms.codes import CODES
from cardgen.packs.greedy_kingdoms.model import GreedyCard, GreedyRules, Kind
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path

#: the icon tokens of the generated card text
ICONS: dict[str, str] = {
    "cost": "a Cost: return these Resources to the Resource Area",
    "income": "an Income: take these Resources from the Resource Area",
    "start": "at the start of your turn",
    "battle": "in the Battle Phase",
    "palace": "a Royal Palace",
}


class GreedyCatalogue(CatalogueFacet):
    """Numbered Characters and Upgrades, in kind and number order."""

    rules_model = GreedyRules
    card_model = GreedyCard
    #: effects in a sheet cell: ``start_income food=1; success_bonus number=6 honor=1``
    sheet_notation: ClassVar[dict[str, Notation]] = {"effects": Notation(lead="kind")}

    def codes(self) -> list:
        return CODES

    def sort_key(self, rules: GreedyRules) -> Callable[[CardBase], Any]:
        order = {k: i for i, k in enumerate(Kind)}

        def key(card: CardBase) -> tuple[int, int]:
            c = cast(GreedyCard, card)  # a Greedy Kingdoms catalogue holds its own cards
            return (order[c.kind], c.number or 0)

        return key

    def check(self, catalogue) -> list:
        return check_catalogue(catalogue)

    def schema_enums(self, rules: GreedyRules | None) -> dict[str, list[str]]:
        return {"kind": [k.value for k in Kind]}


class GreedyPrint(PrintFacet):
    """A back for the Characters and one for the Upgrades."""

    def card_text(self, card: GreedyCard) -> str:
        return card.rules_text

    def icon_tokens(self, rules: GreedyRules) -> dict[str, str]:
        return {**ICONS, **{r.id: f"{r.name} (a {r.id} chip)" for r in rules.resources}}

    def print_inputs(self) -> list:
        """What the cards and components are drawn from (not the engine or the scenarios)."""
        names = ("model.py", "fields.py", "layout.yaml", "icons", "components",
                 "components.yaml", "pack.py")  # fmt: skip
        return [self.data / n for n in names]

    def back_of(self, card: GreedyCard) -> BackDesign:
        pile = self.fields().BACKS[card.kind]
        return BackDesign(pile, pile, pile)

    def pile_name(self, rules: GreedyRules, pile: str) -> str:
        return {"characters": "Characters", "upgrades": "Upgrades"}[pile]

    def fields(self) -> Any:
        from cardgen.packs.greedy_kingdoms import fields  # reportlab: drawing only

        return fields


class GreedyKit(ComponentsFacet):
    """The Resource chips and the play mat."""

    def specs(self) -> list:
        from cardgen.packs.greedy_kingdoms.components.kit import component_specs

        return component_specs(PACK)

    def counts(self, catalogue) -> dict[str, int]:
        """The cards, the Resource chips and the play mat (the Game Set Contents' counts of
        each kind of card are checked by `validate`)."""
        rules = catalogue.rules
        return {"cards": catalogue.count(), "resource_chips": rules.components.resource_chips,
                "play_mats": 1}  # fmt: skip


class GreedyDocs(DocsFacet):
    """The core's appendix and the seed's readings as a rules reference."""

    def rules_reference(self) -> str:
        return rules_reference(GAME.name)


DATA = data_path("cardgen.packs.greedy_kingdoms")
GAME = GameType(
    id="greedy-kingdoms",
    name="Greedy Kingdoms",
    min_players=2,
    max_players=2,
    description="Two kings race to build two Royal Palaces: develop, battle, develop.",
)
PACK = Pack(
    game_type=GAME,
    data=DATA,
    catalogue=GreedyCatalogue(DATA),
    print=GreedyPrint(DATA),
    components=GreedyKit(),
    docs=GreedyDocs(DATA),
    module=__name__,
)
