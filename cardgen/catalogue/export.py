"""Export the normalised catalogue, one row per card design, as CSV or JSON."""

from __future__ import annotations

import csv
import io
import json

from cardgen.catalogue.loader import Catalogue

COLUMNS = (
    "id",
    "name",
    "deck",
    "season",
    "type",
    "cost",
    "discount",
    "placement",
    "defence",
    "attack",
    "text",
    "effects",
    "flavour",
    "star",
    "copies",
    "art",
    "version",
)


def card_rows(cat: Catalogue) -> list[dict]:
    """One plain dict per card: lists joined, effects as compact JSON, text generated."""
    rows = []
    for c in cat:
        rows.append(
            {
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
        )
    return rows


def to_csv(cat: Catalogue) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(card_rows(cat))
    return buf.getvalue()


def to_json(cat: Catalogue) -> str:
    cards = []
    for c in cat:
        d = c.model_dump(mode="json", exclude_none=True)
        d["rules_text"] = c.rules_text
        cards.append(d)
    return json.dumps({"cards": cards, "count": cat.count()}, indent=2, ensure_ascii=False) + "\n"


EXPORTERS = {"csv": to_csv, "json": to_json}
