"""The Greedy Kingdoms pack: what the generic core needs to know about the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from cardgen.catalogue.models import CardBase
from cardgen.catalogue.sheet_cells import Notation
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.greedy_kingdoms.model import GreedyCard, GreedyRules, Kind
from cardgen.util.resources import data_path

#: the icon tokens of the generated card text
ICONS: dict[str, str] = {
    "cost": "a Cost: return these Resources to the Resource Area",
    "income": "an Income: take these Resources from the Resource Area",
    "start": "at the start of your turn",
    "battle": "in the Battle Phase",
    "palace": "a Royal Palace",
}


class GreedyKingdoms(Pack):
    """Greedy Kingdoms (2 players): secret battles of numbered Characters for Resources."""

    game_type = GameType(
        id="greedy-kingdoms",
        name="Greedy Kingdoms",
        min_players=2,
        max_players=2,
        description="Two kings race to build two Royal Palaces: develop, battle, develop.",
    )
    rules_model = GreedyRules
    card_model = GreedyCard
    back_labels = ("pile", "back")
    data = data_path("cardgen.packs.greedy_kingdoms")
    #: effects in a sheet cell: ``start_income food=1; success_bonus number=6 honor=1``
    sheet_notation: ClassVar[dict[str, Notation]] = {"effects": Notation(lead="kind")}

    def engine(self) -> Any:
        """Greedy Kingdoms' rules on the engine kit (:mod:`.engine`)."""
        from cardgen.packs.greedy_kingdoms.engine import ENGINE

        return ENGINE

    def codes(self) -> list:
        from cardgen.packs.greedy_kingdoms.codes import CODES

        return CODES

    def sort_key(self, rules: GreedyRules) -> Callable[[CardBase], Any]:
        order = {k: i for i, k in enumerate(Kind)}

        def key(card: CardBase) -> tuple[int, int]:
            c = cast(GreedyCard, card)  # a Greedy Kingdoms catalogue holds its own cards
            return (order[c.kind], c.number or 0)

        return key

    def check(self, catalogue) -> list:
        from cardgen.packs.greedy_kingdoms.checks import check_catalogue

        return check_catalogue(catalogue)

    def schema_enums(self, rules: GreedyRules | None) -> dict[str, list[str]]:
        return {"kind": [k.value for k in Kind]}

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
        from cardgen.packs.greedy_kingdoms.fields import BACKS

        pile = BACKS[card.kind]
        return BackDesign(pile, pile, pile)

    def pile_name(self, rules: GreedyRules, pile: str) -> str:
        return {"characters": "Characters", "upgrades": "Upgrades"}[pile]

    def layout_fields(self) -> dict[str, Any]:
        from cardgen.packs.greedy_kingdoms.fields import LAYOUT_FIELDS

        return LAYOUT_FIELDS

    def back_fields(self) -> dict[str, Any]:
        from cardgen.packs.greedy_kingdoms.fields import BACK_FIELDS

        return BACK_FIELDS

    def rules_reference(self) -> str:
        from cardgen.packs.greedy_kingdoms.clarifications import rules_reference

        return rules_reference(self.game_type.name)

    def components(self) -> list:
        from cardgen.packs.greedy_kingdoms.components.kit import component_specs

        return component_specs()

    def component_counts(self, catalogue) -> dict[str, int]:
        """The cards, the Resource chips and the play mat (the Game Set Contents' counts of
        each kind of card are checked by `validate`)."""
        rules = catalogue.rules
        return {"cards": catalogue.count(), "resource_chips": rules.components.resource_chips,
                "play_mats": 1}  # fmt: skip


PACK = GreedyKingdoms()
