"""JSON Schemas of a catalogue's files: a card file, with the rules model's ids filled in as
enums, and ``rules.yaml`` (the pack's rules model: its bounds; the cross-checks between values,
such as ``players.min <= players.max``, are `cardgen validate`'s)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.pack import Pack

SCHEMA_ID = "https://cardgen.invalid/schema/deck.schema.json"
RULES_SCHEMA_ID = "https://cardgen.invalid/schema/rules.schema.json"


def _walk(node: Any, fn) -> None:
    if isinstance(node, dict):
        fn(node)
        for v in node.values():
            _walk(v, fn)
    elif isinstance(node, list):
        for v in node:
            _walk(v, fn)


def _string_branch(prop: dict) -> dict | None:
    """The part of a property's schema that holds its string values."""
    if "items" in prop:
        return _string_branch(prop["items"])
    if "anyOf" in prop:
        return next((b for b in prop["anyOf"] if b.get("type") == "string"), None)
    return prop


def card_file_model(pack: Pack, rules: Any = None) -> Any:
    """The pydantic model of a whole card file of ``pack``: the pack's own
    (:meth:`~cardgen.pack.Pack.card_file_model`), else the catalogue's card model under
    ``cards`` (at least one) with the pack's :attr:`~cardgen.pack.Pack.file_fields` beside it."""
    own = pack.catalogue.card_file_model(rules)
    if own is not None:
        return own
    from pydantic import ConfigDict, Field, create_model

    from cardgen.catalogue.custom_fields import card_model

    model = card_model(pack, rules)
    fields: dict[str, Any] = {
        name: (model.model_fields[name].annotation, ...) for name in pack.catalogue.file_fields
    }
    fields["cards"] = (list[model], Field(min_length=1))  # type: ignore[valid-type]
    config = ConfigDict(extra="forbid", frozen=True)
    return create_model("CardFile", __config__=config, **fields)


def deck_schema(pack: Pack, rules: Any = None) -> dict:
    """The JSON Schema (draft 2020-12) of a card file of ``pack``; with ``rules``, the ids the
    rules model defines become enums (editors then complete them)."""
    schema = card_file_model(pack, rules).model_json_schema()
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "cardgen deck file",
        **schema,
    }
    enums = pack.catalogue.schema_enums(rules)

    def patch(node: dict) -> None:
        props = node.get("properties")
        if not isinstance(props, dict):
            return
        for name, enum in enums.items():
            prop = props.get(name)
            target = _string_branch(prop) if isinstance(prop, dict) else None
            if target is not None and enum:
                target["enum"] = enum

    _walk(schema, patch)
    return schema


def deck_schema_json(pack: Pack, rules: Any = None) -> str:
    """The schema as stable, pretty JSON text."""
    return json.dumps(deck_schema(pack, rules), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def rules_schema(pack: Pack) -> dict:
    """The JSON Schema (draft 2020-12) of ``rules.yaml`` for ``pack``: its rules model."""
    schema = pack.catalogue.rules_model.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": RULES_SCHEMA_ID,
        "title": f"cardgen rules.yaml ({pack.game_type.id})",
        **schema,
    }


def rules_schema_json(pack: Pack) -> str:
    """The rules schema as stable, pretty JSON text."""
    return json.dumps(rules_schema(pack), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
