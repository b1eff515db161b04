"""The `plain` pack: prototypes of any card game that needs no engine."""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.plain.checks import check_catalogue
from cardgen.packs.plain.model import PlainCard, PlainRules
from cardgen.packs.plain.tokens import ICONS
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path


class PlainCatalogue(CatalogueFacet):
    """Cards with a name, type, cost, text with icons, stats and a back."""

    rules_model = PlainRules
    card_model = PlainCard
    file_fields = ("back",)
    starter = "starter"

    def check(self, catalogue) -> list:
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


class PlainPrint(PrintFacet):
    """One pile per back of rules.yaml, each at its back's size."""

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
        return _fields().LAYOUT_FIELDS

    def back_fields(self) -> dict[str, Any]:
        return _fields().BACK_FIELDS


def _back(card: PlainCard) -> str:
    """A loaded card's back (its own, or its file's: the loader gives every card one)."""
    assert card.back is not None, f"{card.id}: a card without its back"
    return card.back


def _fields() -> Any:
    """The layout's computed fields (:mod:`.fields`), imported when cards are drawn: they
    import reportlab, which validating a catalogue does not need."""
    from cardgen.packs.plain import fields

    return fields


DATA = data_path("cardgen.packs.plain")
PACK = Pack(
    game_type=GameType(
        id="plain",
        name="Plain cards",
        min_players=1,
        max_players=99,
        description="Any card game: name, type, cost, text with icons, stats, backs.",
    ),
    data=DATA,
    catalogue=PlainCatalogue(DATA),
    print=PlainPrint(DATA),
    components=ComponentsFacet(),
    docs=DocsFacet(DATA),
    module=__name__,
)
