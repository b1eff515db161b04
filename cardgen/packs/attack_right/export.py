"""Attack Right's cards as rows of the CSV export: lists joined, effects as compact JSON."""

from __future__ import annotations

import json

from cardgen.packs.attack_right.cards import Card


def card_row(c: Card) -> dict:
    """One card as a plain dict: lists joined, effects as compact JSON, text generated."""
    return {
        "id": c.id,
        "name": c.name,
        "deck": c.deck,
        "season": c.season,
        "type": c.type.value,
        "cost": c.cost,
        "discount": " ".join(c.discount),
        "placement": " ".join(p.value for p in c.placement),
        "defence": c.defence,
        "attack": c.attack,
        "text": c.rules_text,
        "effects": json.dumps(
            [e.model_dump(exclude_none=True) for e in c.effects], separators=(",", ":")
        ),
        "flavour": c.flavour or "",
        "star": c.star,
        "copies": c.copies,
        "art": c.art or "",
        "version": c.version,
    }
