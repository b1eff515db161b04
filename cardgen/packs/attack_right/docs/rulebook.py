"""What Attack Right's rulebook (``rulebook.md``) may use: its jinja context and extra icons."""

from __future__ import annotations

from typing import Any

from cardgen.docs.rulebook import RULEBOOK_NAME, plural
from cardgen.packs.attack_right.model import Placement, RulesModel, SeasonDef
from cardgen.util.resources import data_path

RULEBOOK_FILE = data_path("cardgen.packs.attack_right", RULEBOOK_NAME)

#: icons the rulebook may use beyond the card text tokens, with their labels
EXTRA_ICONS = {"unit": "a unit", "building": "a building"}


def slot_phrase(season: SeasonDef) -> str:
    """A season's zone capacities as the rulebook words them."""
    left, middle, right = (season.slots.get(z, 0) for z in Placement)
    if left == middle == right:
        return f"{plural(left, 'card')} to the left, middle and right"
    return f"{plural(left, 'card')} to the left, {middle} in the middle, and {right} to the right"


def rulebook_context(rules: RulesModel) -> dict[str, Any]:
    """The rules model, its seasons and decks by id, and ``slots(season_id)``."""
    seasons = {s.id: s for s in rules.seasons}
    return {
        "rules": rules,
        "seasons": seasons,
        "decks": {d.id: d for d in rules.decks},
        "slots": lambda season_id: slot_phrase(seasons[season_id]),
    }


def rulebook_icons(rules: RulesModel) -> dict[str, tuple[str, str]]:
    """``{unit}`` and ``{building}``, and ``{deck-ID}`` drawn with the deck's icon."""
    icons = {token: (token, label) for token, label in EXTRA_ICONS.items()}
    icons.update({f"deck-{d.id}": (d.icon, d.name) for d in rules.decks})
    return icons
