"""The values the `plain` pack's face and back elements (``layout.yaml``) compute."""

from __future__ import annotations

from typing import Any

from cardgen.packs.plain.model import PlainCard, PlainRules
from cardgen.render.elements.fields import Computed


def stat_items(card: PlainCard, rules: PlainRules) -> list[dict[str, Any]]:
    """The stats the card gives, in the order of the rules: icon, name and value."""
    return [
        {"icon": d.icon, "label": d.name, "value": card.stats[d.id]}
        for d in rules.stats
        if d.id in card.stats
    ]


LAYOUT_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda card, rules: rules.back(card.back).colour, "back"),
    "back_pattern": Computed(lambda card, rules: rules.back(card.back).pattern, "back"),
    "stat_items": Computed(stat_items, "stats"),
}


BACK_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda back, rules: rules.back(back.key).colour),
    "back_pattern": Computed(lambda back, rules: rules.back(back.key).pattern),
    "label": Computed(lambda back, rules: rules.back(back.key).label),
    "game": Computed(lambda back, rules: rules.game),
}
