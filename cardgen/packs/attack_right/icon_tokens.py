"""Icon tokens that may appear in card text as ``{name}``; the renderer draws each one.

Resource tokens (``{wood}`` …) come from the rules model; the rest are fixed here.
"""

from __future__ import annotations

from cardgen.catalogue.icon_tokens import TOKEN, tokens_in

__all__ = ["ICONS", "TOKEN", "known_tokens", "tokens_in"]

ICONS: dict[str, str] = {
    "coin": "a coin",
    "glory": "glory (laurel)",
    "age-token": "an age token (an hourglass on a purple disc)",
    "attack": "attack power (sword)",
    "defence": "defence power (shield)",
    "upkeep": "upkeep payment (coin with a bar)",
    "when-played": "when played (hand)",
    "when-dies": "when it dies (skull)",
    "phase-draft": "the Drafting Phase",
    "phase-play": "the Playing Phase",
    "phase-battle": "the Battle Phase (crossed swords)",
    "phase-income": "the Income Phase (coin stack)",
    "phase-age": "the start of the Age Phase (the sun setting)",
    "left": "left placement",
    "middle": "middle placement",
    "right": "right placement",
    "star": "first-game star: left out of the first game",
}


def known_tokens(resource_ids: tuple[str, ...] | list[str]) -> set[str]:
    """Every icon token name valid for a rules model with these resources."""
    return set(ICONS) | set(resource_ids)
