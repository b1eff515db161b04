"""Card backs: one design per season, the same for every deck (a face-down card shows only
its season), or, marked for sorting, one per deck and season.

The layout's ``back:`` elements (``layout.yaml``) draw them; this module computes the values a
back design (``key``, ``pile`` = deck, ``name`` = season, ``marked``) does not hold itself.
The deck's values are only drawn on a marked back (``when: marked``).
"""

from __future__ import annotations

from cardgen.pack import BackDesign
from cardgen.packs.attack_right.model import RulesModel
from cardgen.render.elements.fields import Computed


def season_label(back: BackDesign, rules: RulesModel) -> str:
    """The season's name and its rounds: ``SPRING · ROUNDS 1–2``."""
    season = rules.season(back.name)
    if len(season.rounds) < 2:
        return back.name.upper()
    return f"{back.name.upper()} · ROUNDS {season.rounds[0]}–{season.rounds[-1]}"


def season_rounds(back: BackDesign, rules: RulesModel) -> str:
    """The season's rounds: ``1–2``."""
    rounds = rules.season(back.name).rounds
    return f"{rounds[0]}–{rounds[-1]}" if len(rounds) > 1 else str(rounds[0])


BACK_FIELDS: dict[str, Computed] = {
    "season_colour": Computed(lambda back, rules: rules.season(back.name).colour),
    "first_season": Computed(lambda back, rules: back.name == rules.seasons[0].id),
    "season_label": Computed(season_label),
    "season_rounds": Computed(season_rounds),
    "deck_colour": Computed(lambda back, rules: rules.deck(back.pile).colour),
    "deck_icon": Computed(lambda back, rules: rules.deck(back.pile).icon),
    "deck_name": Computed(lambda back, rules: rules.deck(back.pile).name),
    "game": Computed(lambda back, rules: rules.game),
}
