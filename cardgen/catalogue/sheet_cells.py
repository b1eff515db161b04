"""Card fields as spreadsheet cells: one column per field, each value as text a designer can type.

The notation follows the field's type (read from the card model's JSON Schema), so it serves
every pack, and :func:`format_value` and :func:`parse_value` are exact inverses:

============================  ====================================  ========================
field type                    cell                                  value
============================  ====================================  ========================
text, enum                    ``Shieldbearer``                      the text as it is
whole number                  ``3``, ``-1``                         an integer
number                        ``2.5``, ``3``                        a float or an integer
yes/no                        ``true`` / ``false`` (also yes, no)   a boolean
number or text (a power)      ``2`` or ``-``                        an integer, else text
list                          ``left middle`` (or ``left, middle``) the items
mapping                       ``attack=1 health=2``                 ``{attack: 1, health: 2}``
list of mappings              ``kind=a x=1; kind=b``                one mapping per ``;``
============================  ====================================  ========================

A word holding spaces, ``;``, ``,``, ``=`` or quotes, or one that would read as a number or
yes/no where text is meant, is written in double quotes (``"Bouncer & Sons"``).  A pack may
write a list of mappings more tersely (:class:`Notation`): Attack Right's effects lead with
their kind and give the amount as a bare number, ``gain_coins 1 trigger=battle when=attack_won``.
An empty cell is a field left out (its default applies).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

    from cardgen.pack import Pack

#: cell text of the two booleans, and the spellings read as each
TRUE, FALSE = "true", "false"
_BOOLS = {
    **dict.fromkeys(("true", "yes", "y", "1"), True),
    **dict.fromkeys(("false", "no", "n", "0"), False),
}
_INT = re.compile(r"[+-]?\d+")

#: a CSV cell a spreadsheet program would run as a formula: one starting with = + - @ (or a tab
#: or carriage return before one), after any apostrophes the export added
_FORMULA_LEAD = re.compile(r"'*[=+\-@\t\r]")


#: a sign alone is no formula: the "none" mark of a card value (``attack: "-"``) stays as it is
_LONE_SIGNS = ("-", "+")


def csv_safe(text: str) -> str:
    """A CSV cell that opens as text, never as a formula: ``=1+2`` is written ``'=1+2``
    (spreadsheet programs show the text without the apostrophe); :func:`csv_text` reads it
    back."""
    return "'" + text if _FORMULA_LEAD.match(text) and text not in _LONE_SIGNS else text


def csv_text(cell: str) -> str:
    """A CSV cell's text: the apostrophe :func:`csv_safe` put before a formula's lead taken off
    (an apostrophe before anything else is the designer's: ``'Tis``)."""
    return cell[1:] if cell.startswith("'") and _FORMULA_LEAD.match(cell, 1) else cell


_BARE = re.compile(r"[^\s;,=\"]+")


class CellError(ValueError):
    """A cell whose text cannot be read as its field's type."""


@dataclass(frozen=True)
class Notation:
    """How a pack writes a list of mappings in one cell (Attack Right's effects).

    ``lead`` is the key whose value comes first as a bare word (an effect's ``kind``);
    ``number`` the key whose value may be given as a bare number (its ``amount``).  Every
    other key is written ``key=value``.
    """

    lead: str | None = None
    number: str | None = None


@dataclass(frozen=True)
class Shape:
    """The cell notation of one field: ``kind`` is text, int, bool, int_or_text, list, map,
    records or json; ``item`` is the kind of a list's items."""

    kind: str
    item: str = "text"


def _resolve(node: dict, defs: dict) -> dict:
    while "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[-1]]
    return node


def _scalar_kind(node: dict, defs: dict) -> str | None:
    node = _resolve(node, defs)
    if "anyOf" in node:
        kinds = {_scalar_kind(b, defs) for b in node["anyOf"] if b.get("type") != "null"}
        if kinds == {"int", "text"}:
            return "int_or_text"
        if kinds == {"int", "number"}:
            return "number"
        return kinds.pop() if len(kinds) == 1 else None
    t = node.get("type")
    if t == "integer":
        return "int"
    if t == "number":
        return "number"
    if t == "boolean":
        return "bool"
    if t == "string" or "enum" in node or "const" in node:
        return "text"
    return None


def _shape(node: dict, defs: dict) -> Shape:
    node = _resolve(node, defs)
    branches = [b for b in node.get("anyOf", [node]) if b.get("type") != "null"]
    if len(branches) == 1:
        node = _resolve(branches[0], defs)
    scalar = _scalar_kind(node, defs)
    if scalar is not None:
        return Shape(scalar)
    if node.get("type") == "array":
        items = _resolve(node.get("items", {}), defs)
        item = _scalar_kind(items, defs)
        if item in ("text", "int"):
            return Shape("list", item)
        if items.get("type") == "object" or "oneOf" in items or "discriminator" in items:
            return Shape("records")
    if node.get("type") == "object" and "properties" not in node:
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and _scalar_kind(extra, defs) in ("text", "int", "bool"):
            return Shape("map")
    return Shape("json")


@cache
def field_shapes(model: type[BaseModel]) -> dict[str, Shape]:
    """Every field of a card model with its cell notation, in the model's order
    (``placeholders``, a note on the others, last)."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    props = schema["properties"]
    return {name: _shape(props[name], defs) for name in sorted(props, key=_last_placeholders)}


def _last_placeholders(name: str) -> bool:
    return name == PLACEHOLDERS


#: the column of a card's placeholder marks (:mod:`cardgen.catalogue.placeholders`)
PLACEHOLDERS = "placeholders"


@cache
def field_choices(model: type[BaseModel]) -> dict[str, list[str]]:
    """The fixed values of each single-valued text field of a card model (its enums)."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    out = {}
    for name, prop in schema["properties"].items():
        node = _resolve(prop, defs)
        branches = [_resolve(b, defs) for b in node.get("anyOf", [node])]
        values = [v for b in branches for v in b.get("enum", ())]
        if values and all(isinstance(v, str) for v in values):
            out[name] = values
    return out


# --- words: the pieces of a list, mapping or record ---------------------------------------------

#: one word: an optional ``key=``, then a double-quoted (JSON) string or a bare word
_TOKEN = re.compile(r'(?:([^\s=",;]+)=)?(?:"((?:[^"\\]|\\.)*)"|([^\s=",;]+))')
_GAP = re.compile(r"[\s,]*")


def _skip_gap(text: str, pos: int = 0) -> int:
    """Where the gap (spaces, commas; perhaps none) at ``pos`` of ``text`` ends."""
    m = _GAP.match(text, pos)
    return m.end() if m else pos


def _word(value: Any) -> str:
    """A scalar as one word of a cell: bare when it reads back as itself, else quoted."""
    if isinstance(value, bool):
        return TRUE if value else FALSE
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _BARE.fullmatch(text) and not _INT.fullmatch(text) and text.lower() not in (TRUE, FALSE):
        return text
    return json.dumps(text, ensure_ascii=False)


def _words(text: str) -> list[tuple[str | None, str, bool]]:
    """The words of ``text`` (separated by spaces or commas) as (key, value, quoted)."""
    out: list[tuple[str | None, str, bool]] = []
    i = _skip_gap(text)
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            rest = text[i:]
            why = "an unclosed quote" if rest.startswith('"') else f"cannot read {rest!r}"
            raise CellError(f"{why} in {text!r}")
        key, quoted, bare = m.groups()
        if text.startswith("=", m.end()):
            after = text[m.end() + 1 :]
            if key:
                what = "quote a value that holds '='"
            elif after.startswith('"'):
                what = "an unclosed quote"
            else:
                what = "has no value"
            raise CellError(f"{text[i : m.end() + 1]!r}: {what}")
        value = bare
        if quoted is not None:
            try:
                value = json.loads(f'"{quoted}"', strict=False)  # a line break may be in it
            except ValueError:
                raise CellError(f"a bad \\ escape in {text!r} (write \\\\ for one \\)") from None
        out.append((key, value, quoted is not None))
        i = _skip_gap(text, m.end())
    return out


def _scalar(value: str, quoted: bool) -> Any:
    """A value of a mapping or record: a number or true/false unless quoted, else text."""
    if quoted:
        return value
    if _INT.fullmatch(value):
        return int(value)
    if value.lower() in (TRUE, FALSE):
        return value.lower() == TRUE
    return value


# --- whole cells ------------------------------------------------------------------------------


def format_value(shape: Shape, value: Any, notation: Notation | None = None) -> Any:
    """A field's value as a cell: an int or bool stays one (a spreadsheet keeps its type),
    anything else becomes text; None and empty lists and mappings are an empty cell."""
    if value is None:
        return ""
    kind = shape.kind
    if kind in ("int", "bool", "int_or_text", "text", "number"):
        return value if isinstance(value, int | float | str) else str(value)
    if kind == "list":
        return " ".join(_word(v) for v in value)
    if kind == "map":
        return " ".join(f"{k}={_word(v)}" for k, v in value.items())
    if kind == "records":
        return "; ".join(format_record(r, notation or Notation()) for r in value)
    return "" if value in ([], {}) else json.dumps(value, ensure_ascii=False, sort_keys=True)


def format_record(record: dict[str, Any], notation: Notation) -> str:
    """One mapping of a list of mappings: its lead word, its number, then ``key=value``."""
    words = []
    rest = dict(record)
    if notation.lead and notation.lead in rest:
        words.append(_word(rest.pop(notation.lead)))
    if notation.number and type(rest.get(notation.number)) is int:
        words.append(str(rest.pop(notation.number)))
    words += [f"{k}={_word(v)}" for k, v in rest.items()]
    return " ".join(words)


def parse_value(shape: Shape, text: str, notation: Notation | None = None) -> Any:
    """The value of a (non-empty) cell; :class:`CellError` saying why when it cannot be read."""
    kind = shape.kind
    if kind == "text":
        return text
    if kind == "int":
        return _int(text)
    if kind == "bool":
        flag = _BOOLS.get(text.strip().lower())
        if flag is None:
            raise CellError(f"{text!r} is not true or false")
        return flag
    if kind == "int_or_text":
        return int(text) if _INT.fullmatch(text.strip()) else text.strip()
    if kind == "number":
        return _number(text)
    if kind == "list":
        items = []
        for key, value, _ in _words(text):
            if key is not None:
                raise CellError(f"{key}={value} in a list: write the items, e.g. `a b` or `a, b`")
            items.append(_int(value) if shape.item == "int" else value)
        return items
    if kind == "map":
        return _mapping(text, _words(text), Notation())
    if kind == "records":
        return [parse_record(part, notation or Notation()) for part in _records(text)]
    try:
        return json.loads(text)
    except ValueError as exc:
        raise CellError(f"not JSON: {exc}") from None


def _int(text: str) -> int:
    text = text.strip()
    if not _INT.fullmatch(text):
        raise CellError(f"{text!r} is not a whole number")
    return int(text)


def _number(text: str) -> int | float:
    text = text.strip()
    if _INT.fullmatch(text):
        return int(text)
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if value != value or value in (float("inf"), float("-inf")):
        raise CellError(f"{text!r} is not a number")
    return value


def _records(text: str) -> list[str]:
    """The records of a cell: split at ``;`` and line breaks outside quotes, blanks dropped."""
    parts, current, quoted, escaped = [], [], False, False
    for ch in text:
        if quoted:
            current.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch in ";\n":
            parts.append("".join(current))
            current = []
        else:
            quoted = ch == '"'
            current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def parse_record(text: str, notation: Notation) -> dict[str, Any]:
    """One record of a cell (the inverse of :func:`format_record`)."""
    return _mapping(text, _words(text), notation)


def _mapping(text: str, words: list, notation: Notation) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, (key, value, quoted) in enumerate(words):
        if key is None and i == 0 and notation.lead:
            key = notation.lead
        elif key is None and notation.number and not quoted and _INT.fullmatch(value):
            key = notation.number
        elif key is None:
            form = f"{notation.lead} first, then key=value" if notation.lead else "key=value"
            raise CellError(f"{value!r} in {text!r}: write {form}")
        if key in out:
            raise CellError(f"{key!r} is given twice in {text!r}")
        out[key] = value if key == notation.lead else _scalar(value, quoted)
    return out


def cell_text(value: Any) -> str:
    """A cell as read from a file (calamine gives numbers, booleans and dates) as its text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return TRUE if value else FALSE
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


class RowError(ValueError):
    """The cells of one row that cannot be read: (column, why) pairs."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{c}: {m}" for c, m in problems))


def card_row(model: type, card: Any, notations: dict[str, Notation]) -> dict[str, Any]:
    """A card as a row: every field of ``model`` as its cell (see :func:`format_value`)."""
    data = card.model_dump(mode="json")
    lean = card.model_dump(mode="json", exclude_defaults=True)
    row = {}
    for name, shape in field_shapes(model).items():
        notation = notations.get(name)
        value = data[name]
        if shape.kind == "records":  # defaults left out, but a record's number always shown
            number = notation.number if notation else None
            value = [
                {**r, **({number: full[number]} if number in full else {})}
                for r, full in zip(lean.get(name, []), data[name], strict=True)
            ]
        row[name] = format_value(shape, value, notation)
    return row


def row_card(model: type, cells: dict[str, str], notations: dict[str, Notation]) -> dict[str, Any]:
    """The raw card mapping of a row's non-empty cells (column -> text), to validate with the
    card model; :class:`RowError` listing every cell that cannot be read."""
    shapes = field_shapes(model)
    raw: dict[str, Any] = {}
    problems = []
    for column, text in cells.items():
        try:
            raw[column] = parse_value(shapes[column], text, notations.get(column))
        except CellError as exc:
            problems.append((column, str(exc)))
    if problems:
        raise RowError(problems)
    return raw


def export_row(pack: Pack, card: Any) -> dict[str, Any]:
    """``card`` as a row of the sheet export: the pack's own row
    (:meth:`~cardgen.pack.Pack.export_row`), else a cell per card field in the notation of
    :func:`card_row`."""
    own = pack.catalogue.export_row(card)
    return own if own is not None else card_row(type(card), card, pack.catalogue.sheet_notation)


def import_row(pack: Pack, cells: dict[str, str], model: type) -> dict[str, Any]:
    """The inverse of :func:`export_row`: a row's non-empty cells as the raw mapping of a card
    design of the card model ``model``; raises :class:`RowError` naming each bad cell."""
    own = pack.catalogue.import_row(cells, model)
    return own if own is not None else row_card(model, cells, pack.catalogue.sheet_notation)
