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
    from yaml import SafeLoader as _Loader

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
    for name in pack.catalogue.file_fields:
        lines += _field(name, _json(shared[name]), "")
    lines.append("cards:")
    for i, card in enumerate(cards):
        if i:
            lines.append("")
        data = card.model_dump(
            mode="json", exclude_defaults=True, exclude=set(pack.catalogue.file_fields)
        )
        lines += card_yaml(data)
    return "\n".join(lines) + "\n"


def _json(value: Any) -> Any:
    """A validated value as plain data (enums as their values)."""
    return getattr(value, "value", value)


def _round_trip() -> Any:
    from ruamel.yaml import YAML

    rt = YAML()
    rt.width = 4096  # a line is never wrapped
    rt.indent(mapping=2, sequence=4, offset=2)
    rt.preserve_quotes = True
    return rt


def _plain(node: Any) -> Any:
    """Round-trip data as plain data (for comparing values, not styles)."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return str(node)


_NONE = object()


def _same(old: Any, mini: Any, full: Any) -> bool:
    """Whether ``old`` (plain data as written) is the value whose dump is ``mini`` (defaults
    left out) and ``full`` (defaults given): a default may be written out or left out, at any
    depth (``{kind: upkeep, amount: 1}`` is ``{kind: upkeep}``)."""
    if isinstance(old, dict) and isinstance(mini, dict) and isinstance(full, dict):
        for key in old.keys() | mini.keys():
            if key in mini:
                if key not in old or not _same(old[key], mini[key], full.get(key, _NONE)):
                    return False
            elif old[key] != full.get(key, _NONE):
                return False
        return True
    if isinstance(old, list) and isinstance(mini, list) and isinstance(full, list):
        if not len(old) == len(mini) == len(full):
            return False
        return all(_same(o, m, f) for o, m, f in zip(old, mini, full, strict=True))
    return old == mini


def _update(old: Any, new: Any, full: dict[str, Any]) -> None:
    """Make the card mapping ``old`` (round-trip, with its comments) hold ``new``'s fields: a
    value that is the same is left as written, a field at its default (``full``) stays."""
    for key in list(old):
        if key not in new and _plain(old[key]) != full.get(str(key), _NONE):
            del old[key]
    for i, key in enumerate(new):
        if key in old:
            if not _same(_plain(old[key]), _plain(new[key]), full.get(str(key), _NONE)):
                old[key] = new[key]
            continue
        before = [k for k in list(new)[:i] if k in old]
        at = list(old).index(before[-1]) + 1 if before else 0
        old.insert(at, key, new[key])


def keep_comments(old_text: str, new_text: str, pack: Pack, cards: Sequence[CardBase]) -> str:
    """``new_text`` (a card file from :func:`card_file_yaml`) written into the file that was
    ``old_text``, so the designer's comments and the way each unchanged value is written stay:
    each card is updated in place by its id, new cards are written as ``new_text`` has them,
    cards no longer there are dropped.  ``old_text`` when nothing changed; ``new_text`` when
    the old file cannot be read back with its comments or the result would not hold exactly
    the new cards."""
    import io

    from ruamel.yaml.error import YAMLError

    rt = _round_trip()
    try:
        old, new = rt.load(old_text), rt.load(new_text)
    except (YAMLError, ValueError):
        return new_text
    if not isinstance(old, dict) or not isinstance(old.get("cards"), list):
        return new_text
    full = {c.id: c.model_dump(mode="json", exclude=set(pack.catalogue.file_fields)) for c in cards}
    header = [h for h in _opening(new_text) if h not in _opening(old_text)]
    if _holds(old_text, new_text, full) and not header:
        return old_text
    by_id = {str(c.get("id")): c for c in old["cards"] if isinstance(c, dict)}
    for key in [k for k in old if k not in new]:
        del old[key]
    for key, value in new.items():
        if key != "cards" and (key not in old or _plain(old[key]) != _plain(value)):
            old[key] = value
    merged = []
    for card in new["cards"]:
        kept = by_id.get(str(card["id"]))
        if kept is None:
            merged.append(card)
            continue
        _update(kept, card, full.get(str(card["id"]), {}))
        merged.append(kept)
    old["cards"][:] = merged
    buf = io.StringIO()
    rt.dump(old, buf)
    text = buf.getvalue()
    if not _holds(text, new_text, full):
        return new_text
    return _with_header(text, new_text)


def _holds(text: str, new_text: str, full: dict[str, dict[str, Any]]) -> bool:
    """Whether ``text`` reads as ``new_text`` does, fields at their defaults aside."""
    try:
        got, want = yaml.load(text, Loader=_Loader), yaml.load(new_text, Loader=_Loader)
    except yaml.YAMLError:
        return False
    if not isinstance(got, dict) or not isinstance(got.get("cards"), list):
        return False
    if any(not isinstance(c, dict) for c in got["cards"]):
        return False
    if {k: v for k, v in got.items() if k != "cards"} != {
        k: v for k, v in want.items() if k != "cards"
    }:
        return False
    if len(got["cards"]) != len(want["cards"]):
        return False
    for g, w in zip(got["cards"], want["cards"], strict=True):
        if not _same(g, w, full.get(str(w.get("id")), {})):
            return False
    return True


def _with_header(text: str, new_text: str) -> str:
    """``text`` with the header comment lines of ``new_text`` it lacks: the editor's schema
    line first, the others after the file's own opening comments."""
    head = [line for line in _opening(new_text) if line not in _opening(text)]
    first = [h for h in head if h.startswith("# yaml-language-server:")]
    rest = [h for h in head if h not in first]
    lines = text.split("\n")
    n = len(_opening(text))
    return "\n".join([*first, *lines[:n], *rest, *lines[n:]])


def _opening(text: str) -> list[str]:
    out = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            break
        out.append(line)
    return out
