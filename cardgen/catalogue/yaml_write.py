"""Write card files as tidy, stable YAML, the way a designer writes them by hand.

A card file holds its file fields (``deck: battle``), then ``cards:``, one block mapping per
card with a blank line between cards.  A card gives only what differs from the defaults, in
the card model's field order; lists and mappings are written in flow style on one line
(``placement: [left, middle]``, ``- {kind: produce, resource: wood}``), and a string is plain
unless it would read back as something else, when it is double-quoted.  The same cards always
give the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import yaml

try:  # libyaml when PyYAML has it
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

if TYPE_CHECKING:
    from cardgen.catalogue.models import CardBase
    from cardgen.pack import Pack

_PLAIN = re.compile(r"[A-Za-z0-9_./(][A-Za-z0-9 _.'!?()/&+-]*")
#: outside ``[...]`` and ``{...}`` a plain scalar may also hold commas and semicolons
_PLAIN_BLOCK = re.compile(r"[A-Za-z0-9_./(][A-Za-z0-9 _.,;'!?()/&+-]*")


def scalar(value: Any, *, block: bool = False) -> str:
    """A scalar as YAML (in a flow collection unless ``block``): plain when it reads back as
    itself, else a double-quoted string."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    plain = (_PLAIN_BLOCK if block else _PLAIN).fullmatch(text) and not text.endswith(" ")
    if plain and yaml.load(text, Loader=_Loader) == text:
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    """A value in flow style: ``[a, b]``, ``{k: v}``, or a scalar."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def _field(name: str, value: Any, indent: str) -> list[str]:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [f"{indent}{name}:", *(f"{indent}  - {flow(v)}" for v in value)]
    text = flow(value) if isinstance(value, list | dict) else scalar(value, block=True)
    return [f"{indent}{name}: {text}"]


def card_yaml(data: dict[str, Any]) -> list[str]:
    """One card (a mapping of its fields) as the lines of a ``cards:`` list item."""
    lines: list[str] = []
    for i, (name, value) in enumerate(data.items()):
        item = _field(name, value, "    ")
        if i == 0:
            item[0] = "  - " + item[0][4:]
        lines += item
    return lines


def card_file_yaml(
    pack: Pack, shared: dict[str, Any], cards: Sequence[CardBase], *, header: Iterable[str] = ()
) -> str:
    """A card file: ``header`` comment lines, the file fields in ``shared``, then the cards,
    each with the fields that differ from their defaults (the file fields left to the file)."""
    lines = [f"# {h}" if h else "#" for h in header]
    for name in pack.file_fields:
        lines += _field(name, _json(shared[name]), "")
    lines.append("cards:")
    for i, card in enumerate(cards):
        if i:
            lines.append("")
        data = card.model_dump(mode="json", exclude_defaults=True, exclude=set(pack.file_fields))
        lines += card_yaml(data)
    return "\n".join(lines) + "\n"


def _json(value: Any) -> Any:
    """A validated value as plain data (enums as their values)."""
    return getattr(value, "value", value)
