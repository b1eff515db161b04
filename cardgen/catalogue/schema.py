"""JSON Schema of a deck file, with the rules model's ids filled in as enums."""

from __future__ import annotations

import json
from typing import Any

from cardgen.catalogue.card import DeckFile
from cardgen.catalogue.effects import COUNTERS
from cardgen.rules.model import RulesModel

SCHEMA_ID = "https://cardgen.invalid/schema/deck.schema.json"


def _walk(node: Any, fn) -> None:
    if isinstance(node, dict):
        fn(node)
        for v in node.values():
            _walk(v, fn)
    elif isinstance(node, list):
        for v in node:
            _walk(v, fn)


def deck_schema(rules: RulesModel | None = None) -> dict:
    """The JSON Schema (draft 2020-12) of a deck file; with ``rules``, ids become enums."""
    schema = DeckFile.model_json_schema()
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "cardgen deck file",
        **schema,
    }
    enums = (
        {
            "deck": list(rules.deck_ids),
            "season": list(rules.season_ids),
            "resource": list(rules.resource_ids),
        }
        if rules is not None
        else {}
    )

    def patch(node: dict) -> None:
        props = node.get("properties")
        if not isinstance(props, dict):
            return
        for name, enum in enums.items():
            prop = props.get(name)
            if isinstance(prop, dict) and enum:
                target = prop
                if "anyOf" in prop:  # optional field: patch its string branch
                    target = next(b for b in prop["anyOf"] if b.get("type") == "string")
                target["enum"] = enum
        if rules is None:
            return
        disc = props.get("discount")
        if isinstance(disc, dict) and "items" in disc:
            disc["items"]["enum"] = enums["resource"]
        per = props.get("per")
        if isinstance(per, dict) and "anyOf" in per:
            branch = next(b for b in per["anyOf"] if b.get("type") == "string")
            branch["enum"] = [*COUNTERS, *rules.resource_ids]

    _walk(schema, patch)
    return schema


def deck_schema_json(rules: RulesModel | None = None) -> str:
    """The schema as stable, pretty JSON text."""
    return json.dumps(deck_schema(rules), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
