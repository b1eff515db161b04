"""The `plain` pack: prototypes of any card game that needs no engine."""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.plain.model import PlainCard, PlainRules
from cardgen.packs.plain.tokens import ICONS
from cardgen.util.resources import data_path


class Plain(Pack):
    """Cards with a name, type, cost, text with icons, stats and a back; no rules engine."""

    game_type = GameType(
        id="plain",
        name="Plain cards",
        min_players=1,
        max_players=99,
        description="Any card game: name, type, cost, text with icons, stats, backs.",
    )
    rules_model = PlainRules
    card_model = PlainCard
    file_fields = ("back",)
    data = data_path("cardgen.packs.plain")
    starter = "starter"

    def check(self, catalogue) -> list:
        from cardgen.packs.plain.checks import check_catalogue

        return check_catalogue(catalogue)

    def rules_icons(self, rules: PlainRules) -> list[tuple[tuple[str | int, ...], str]]:
        """The stats' icons: each must have its file (E404 at its line of rules.yaml)."""
        return [(("stats", i, "icon"), s.icon) for i, s in enumerate(rules.stats) if s.icon]

    def file_field_defaults(self, rules: PlainRules) -> dict[str, Any]:
        """A card without a back gets the first back of rules.yaml."""
        return {"back": rules.backs[0].id}

    def schema_enums(self, rules: PlainRules | None) -> dict[str, list[str]]:
        if rules is None:
            return {}
        enums = {"back": list(rules.back_ids)}
        if rules.types:
            enums["type"] = list(rules.types)
        return enums

    def card_text(self, card: PlainCard) -> str:
        return card.text

    def icon_tokens(self, rules: PlainRules) -> dict[str, str]:

        return dict(ICONS)

    def card_icons(self, card: PlainCard, rules: PlainRules) -> list[str]:
        """The icons of its text and flavour, and of the stats it shows."""

        stats = [s.icon for s in rules.stats if s.id in card.stats and s.icon]
        return [*tokens_in(card.text or ""), *tokens_in(card.flavour or ""), *stats]

    def card_size(self, card: PlainCard, rules: PlainRules) -> Any:
        size = rules.back(_back(card)).size
        return tuple(size) if isinstance(size, list) else size

    def back_of(self, card: PlainCard) -> BackDesign:
        back = _back(card)
        return BackDesign(back, back, back)

    def pile_name(self, rules: PlainRules, pile: str) -> str:
        return rules.back(pile).name

    def layout_fields(self) -> dict[str, Any]:
        from cardgen.packs.plain.fields import LAYOUT_FIELDS

        return LAYOUT_FIELDS

    def back_fields(self) -> dict[str, Any]:
        from cardgen.packs.plain.fields import BACK_FIELDS

        return BACK_FIELDS


PACK = Plain()


def _back(card: PlainCard) -> str:
    """A loaded card's back (its own, or its file's: the loader gives every card one)."""
    assert card.back is not None, f"{card.id}: a card without its back"
    return card.back
