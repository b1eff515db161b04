"""The values Authority's face and back elements (``layout.yaml``) compute from the rules."""

from __future__ import annotations

from cardgen.packs.authority.model import RulesModel, Unit
from cardgen.packs.authority.text import unit_text
from cardgen.render.elements.fields import Computed


def _role_line(card: Unit, rules: RulesModel) -> str:
    faction = rules.faction(card.faction)
    return f"{faction.name} · {card.role.value}" if card.role.value != "unit" else faction.name


def _placeholder_line(card: Unit, rules: RulesModel) -> str | None:
    if not card.placeholders:
        return None
    return "placeholder: " + ", ".join(card.placeholders)


LAYOUT_FIELDS: dict[str, Computed] = {
    "faction_colour": Computed(lambda card, rules: rules.faction(card.faction).colour, "faction"),
    "faction_mark": Computed(lambda card, rules: rules.faction(card.faction).mark, "faction"),
    "faction_line": Computed(_role_line, "faction"),
    "power_value": Computed(lambda card, rules: "-" if card.power is None else card.power, "power"),
    "cost_value": Computed(lambda card, rules: "-" if card.cost is None else card.cost, "cost"),
    "rules_text": Computed(lambda card, rules: unit_text(card, rules.settings), "abilities"),
    "placeholder_line": Computed(_placeholder_line, "placeholders"),
    # a rules box only where there is something to print in it (the Royal Soldiers have none)
    "has_text": Computed(
        lambda card, rules: bool(unit_text(card, rules.settings) or card.flavour), "abilities"
    ),
}


#: every back looks the same: a player's deck mixes factions and the market deck is face down
BACK_FIELDS: dict[str, Computed] = {
    "game": Computed(lambda back, rules: rules.game),
}
