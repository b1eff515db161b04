"""The values Attack the Tower's face and back elements (``layout.yaml``) compute."""

from __future__ import annotations

from cardgen.packs.attack_the_tower.model import TowerCard, TowerRules
from cardgen.packs.attack_the_tower.text import card_kind, card_text
from cardgen.render.elements.fields import Computed

#: the colours of the two ability types that are not troop types
TYPE_COLOURS = {"common": "#4A5A5A", "special": "#7D6418"}  # white type: 5.6:1


def card_colour(card: TowerCard, rules: TowerRules) -> str:
    """A base's troop colour; an ability's type colour (its troop type's, or common/special)."""
    kind = card_kind(card)
    return TYPE_COLOURS.get(kind) or rules.troop(kind).colour


def card_icon(card: TowerCard, rules: TowerRules) -> str:
    """The icon of the card's troop type or ability type (``icons/<type>.svg``)."""
    return card_kind(card)


def type_line(card: TowerCard, rules: TowerRules) -> str:
    """``BASE · LIGHT INFANTRY`` / ``ABILITY · COMMON``, as the seed's cards head them."""
    kind = card_kind(card)
    if card.pile == "base":
        return f"Base · {rules.troop(kind).name}"
    name = rules.troop(kind).name if kind in rules.troop_ids else kind
    return f"Ability · {name}"


def troop_line(card: TowerCard, rules: TowerRules) -> str | None:
    """What a base recruits, or a special troop's power and traits."""
    if card.pile == "base":
        troop = rules.troop(card_kind(card))
        traits = "".join(f" · {t}" for t in troop.traits)
        return f"Recruits {troop.troop} · power {troop.power}{traits}"
    special = card.special
    if special is None:
        return None
    traits = "".join(f" · {t}" for t in special.traits)
    return f"Special troop · power {special.power}{traits}"


def power(card: TowerCard, rules: TowerRules) -> int | None:
    """The power printed in the corner: a base's, or a special troop's."""
    if card.pile == "base":
        return rules.base_power
    special = card.special
    return special.power if special is not None else None


LAYOUT_FIELDS: dict[str, Computed] = {
    "colour": Computed(card_colour, "type"),
    "icon": Computed(card_icon, "type"),
    "type_line": Computed(type_line, "type"),
    "troop_line": Computed(troop_line, "troop"),
    "power": Computed(power, "troop"),
    "rules_text": Computed(card_text, lambda c: "effects" if c.pile == "ability" else "troop"),
}

BACK_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda back, rules: rules.pile(back.key).colour),
    "label": Computed(lambda back, rules: rules.pile(back.key).label),
    "game": Computed(lambda back, rules: rules.game),
    "army": Computed(lambda back, rules: rules.army),
    "back_icon": Computed(lambda back, rules: "tower" if back.key == "base" else "scroll"),
}
