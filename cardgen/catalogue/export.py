"""Export the normalised catalogue, one row per card design: CSV and .xlsx sheets that
`cardgen import` reads back (:mod:`cardgen.catalogue.sheet_export`), or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.sheet_export import to_csv, to_xlsx


def to_json(cat: Catalogue) -> str:
    """The catalogue as JSON: every card with its generated rules text, and the card count."""
    pack = cat.pack
    cards = []
    for c in cat:
        d = c.model_dump(mode="json", exclude_none=True)
        d["rules_text"] = pack.print.card_text(c)
        cards.append(d)
    return json.dumps({"cards": cards, "count": cat.count()}, indent=2, ensure_ascii=False) + "\n"


#: format -> exporter; the .xlsx exporter gives bytes, the others text
EXPORTERS: dict[str, Callable[[Catalogue], str | bytes]] = {
    "csv": to_csv,
    "json": to_json,
    "xlsx": to_xlsx,
}
