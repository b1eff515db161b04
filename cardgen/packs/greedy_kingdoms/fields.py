"""The values Greedy Kingdoms' face and back elements (``layout.yaml``) compute."""

from __future__ import annotations

from cardgen.packs.greedy_kingdoms.model import GreedyCard, GreedyRules, Kind
from cardgen.render.elements.fields import Computed

#: the printed name of each kind of card
KIND_LABELS: dict[Kind, str] = {
    Kind.ORDINARY: "Ordinary Worker",
    Kind.SPECIAL: "Special Worker",
    Kind.CITIZEN: "Citizen · Upgrade",
    Kind.BUILDING: "Building · Upgrade",
    Kind.PALACE: "Building · Royal Palace",
}
#: the back (and pile) of each kind: every Character shares one back, so a Character played
#: face down on the Battlefield never shows whether it is Ordinary or Special
BACKS: dict[Kind, str] = {
    Kind.ORDINARY: "characters",
    Kind.SPECIAL: "characters",
    Kind.CITIZEN: "upgrades",
    Kind.BUILDING: "upgrades",
    Kind.PALACE: "upgrades",
}
_DEFAULT = {"ordinary": "#FFFFFF", "special": "#F2C94C", "citizen": "#8E5A9B",
            "building": "#7A5C3A", "palace": "#B0282E", "characters": "#24324A",
            "upgrades": "#5A3A22"}  # fmt: skip


def colour(rules: GreedyRules, key: str) -> str:
    """A print colour of ``rules.colours`` (the pack's default when not given)."""
    return rules.colours.get(key, _DEFAULT[key])


def _paragraphs(card: GreedyCard, rules: GreedyRules) -> list[str]:
    return card.rules_text.split("\n")


LAYOUT_FIELDS: dict[str, Computed] = {
    "card_colour": Computed(lambda card, rules: colour(rules, card.kind.value), "kind"),
    "kind_label": Computed(lambda card, rules: KIND_LABELS[card.kind], "kind"),
    "is_character": Computed(lambda card, rules: card.kind.is_character, "kind"),
    "is_upgrade": Computed(lambda card, rules: not card.kind.is_character, "kind"),
    "paragraphs": Computed(_paragraphs, "effects"),
}

BACK_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda back, rules: colour(rules, back.key)),
    "label": Computed(lambda back, rules: back.key.upper()),
    "game": Computed(lambda back, rules: rules.game),
}
