"""The values Castle Rampage's face and back elements (``layout.yaml``) compute."""

from __future__ import annotations

from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.packs.castle_rampage.model import RampageCard, RampageRules
from cardgen.packs.castle_rampage.text import card_text
from cardgen.render.elements.fields import Computed

#: the icons card text may use (``{token}``), with what each shows
ICONS: dict[str, str] = {
    "sword": "attack strength",
    "gate": "Gate defence",
    "castle": "Castle defence",
    "destroyed": "when destroyed during an attack (purple)",
}


def face_icons(card: RampageCard, rules: RampageRules) -> list[str]:
    """The icons the face draws: its text's, and the value and purple markers."""
    icons = tokens_in(card_text(card))
    if card.pile == "deck":
        icons += ["gate", "castle"]
        if card.attack is not None:
            icons.append("sword")
        if rules.is_purple(card):
            icons.append("destroyed")
    return icons


def purple_label(card: RampageCard, rules: RampageRules) -> str:
    """The purple banner: when the card acts (not on a tie unless ``purple_on_tie: apply``)."""
    tie = "" if rules.settings.purple_on_tie == "apply" else ", not on a tie"
    return f"PURPLE · acts when destroyed{tie}"


def prototype_line(card: RampageCard, rules: RampageRules) -> str:
    """The foot of a face: its id, its copies and, for a card with placeholder values, so."""
    draft = "PLACEHOLDER VALUES" if card.placeholders else ""
    return " · ".join(part for part in (card.id, f"×{card.copies}", draft) if part)


def _colour(card: RampageCard, rules: RampageRules) -> str:
    return (
        rules.colour(card.colour).ink if card.colour else rules.back_colours.get("aid", "#555555")
    )


LAYOUT_FIELDS: dict[str, Computed] = {
    "ink": Computed(_colour, "colour"),
    # a rules box only where there is something to print in it (most non-purple cards: none)
    "has_text": Computed(lambda card, rules: bool(card_text(card) or card.flavour), "effects"),
    "purple": Computed(lambda card, rules: rules.is_purple(card), "colour"),
    "purple_label": Computed(purple_label, "colour"),
    "colour_name": Computed(
        lambda card, rules: rules.colour(card.colour).name if card.colour else "", "colour"
    ),
    "rules_text": Computed(lambda card, rules: card_text(card), "effects"),
    "is_deck": Computed(lambda card, rules: card.pile == "deck", "pile"),
    "no_attack": Computed(
        lambda card, rules: card.pile == "deck" and card.attack is None, "attack"
    ),
    "prototype_line": Computed(prototype_line, "placeholders"),
}

BACK_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda back, rules: rules.back_colours.get(back.key, "#333333")),
    "label": Computed(lambda back, rules: {"deck": "", "aid": "PLAYER AID"}.get(back.key, "")),
    "game": Computed(lambda back, rules: rules.game),
}
