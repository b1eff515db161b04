"""Card faces: the layout's ``face:`` elements (``layout.yaml``) draw them; this module computes
the few values a card does not hold itself, from the rules model."""

from __future__ import annotations

from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.model import Placement, RulesModel
from cardgen.render.elements.fields import Computed


def paragraphs(card: Card, rules: RulesModel | None = None) -> list[str]:
    """The rules text as paragraphs: the card's ``text``, else one per effect."""
    return [card.text] if card.text is not None else [e.text() for e in card.effects]


def placement_icon(card: Card, rules: RulesModel) -> str:
    """The one zone symbol of a card's placements: ``left``, ``middle``, ``right`` or their
    union (``left-middle``, ``left-middle-right`` …), its slots dark where the card may go."""
    return "-".join(p.value for p in Placement if p in card.placement)


LAYOUT_FIELDS: dict[str, Computed] = {
    "placement_icon": Computed(placement_icon, "placement"),
    "season_colour": Computed(lambda card, rules: rules.season(card.season).colour, "season"),
    "first_season": Computed(lambda card, rules: card.season == rules.seasons[0].id, "season"),
    "deck_colour": Computed(lambda card, rules: rules.deck(card.deck).colour, "deck"),
    "deck_icon": Computed(lambda card, rules: rules.deck(card.deck).icon, "deck"),
    "paragraphs": Computed(paragraphs, lambda card: "text" if card.text is not None else "effects"),
}
