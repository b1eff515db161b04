"""Export the normalised catalogue, one row per card design, as CSV or JSON."""

from __future__ import annotations

import csv
import io
import json

from cardgen.catalogue.loader import Catalogue


def card_rows(cat: Catalogue) -> list[dict]:
    """One flat row per card design, as the catalogue's pack writes it."""
    pack = cat.pack
    return [pack.export_row(c) for c in cat]


def to_csv(cat: Catalogue) -> str:
    """The catalogue as CSV, one row per card design (columns: the pack's card fields)."""
    rows = card_rows(cat)
    columns = list(rows[0]) if rows else list(cat.pack.card_model.model_fields)
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def to_json(cat: Catalogue) -> str:
    """The catalogue as JSON: every card with its generated rules text, and the card count."""
    pack = cat.pack
    cards = []
    for c in cat:
        d = c.model_dump(mode="json", exclude_none=True)
        d["rules_text"] = pack.card_text(c)
        cards.append(d)
    return json.dumps({"cards": cards, "count": cat.count()}, indent=2, ensure_ascii=False) + "\n"


EXPORTERS = {"csv": to_csv, "json": to_json}
