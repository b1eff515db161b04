"""A game's own card fields, declared in ``rules.yaml`` (``fields:``) and added to its pack's
card model, so any column of a designer's sheet is a field without writing a pack.

.. code-block:: yaml

    fields:
      suit: {type: choice, choices: [moon, sun, star], required: true}
      rank: whole number              # shorthand: the type alone
      band: {type: colour, default: "#777777"}

Types: ``text``, ``whole number``, ``number``, ``choice`` (one of ``choices``), ``icon`` (an
icon's name: ``icons/<name>.svg`` must exist), ``colour`` (``#RRGGBB``) and ``list`` (words).
A declared field is validated like the pack's own, read by layouts (``field:``, ``when:``,
templates), exported and imported; :func:`infer_field` guesses the type of a sheet's column.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    create_model,
    model_validator,
)
from pydantic_core import PydanticCustomError

from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.catalogue.paths import display_path
from cardgen.diagnostics import Diagnostic
from cardgen.util.limits import (
    MAX_CHOICE_CHARS,
    MAX_FIELD_BOUND,
    MAX_FIELD_CHOICES,
    MAX_FIELDS,
    MAX_LIST_ITEMS,
)

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.pack import Pack

FieldType = Literal["text", "whole number", "number", "choice", "icon", "colour", "list"]
TYPES: tuple[str, ...] = FieldType.__args__  # type: ignore[attr-defined]
#: a field's name: lowercase words joined by ``_`` (it is a layout's ``field:`` and a column)
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
HEX = r"^#[0-9A-Fa-f]{6}$"
ICON = r"^[a-z][a-z0-9-]*$"
_INT = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,23}")
#: the most distinct words a column may have to be inferred as a choice
MAX_CHOICES = 12
#: what a choice may not hold: braces (a layout's template would read a field) and line breaks
_NOT_IN_CHOICE = re.compile(r"[{}\r\n\t]")


def _choice(value: str) -> str:
    bad = _NOT_IN_CHOICE.search(value)
    if bad:
        raise PydanticCustomError(
            "choice_character",
            "a choice holds no braces, tabs or line breaks: {value} has {char}",
            {"value": repr(value), "char": repr(bad.group())},
        )
    return value


def _bound(value: Any) -> float:
    """A ``min`` or ``max``: a number written as one (not ``'5'`` or ``true``), finite and
    at most :data:`~cardgen.util.limits.MAX_FIELD_BOUND` either way."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError(
            "bound_type", "a bound is a number, not {value}", {"value": _short(value)}
        )
    if not math.isfinite(value) or abs(value) > MAX_FIELD_BOUND:
        raise PydanticCustomError(
            "bound_range",
            "a bound is a number between -{most} and {most}, not {value}",
            {"value": _short(value), "most": f"{MAX_FIELD_BOUND:g}"},
        )
    return value


def _short(value: Any) -> str:
    """A value as a diagnostic quotes it: its repr, cut short."""
    return reprlib.repr(value)


#: one value of a choice field
Choice = Annotated[
    StrictStr, Field(min_length=1, max_length=MAX_CHOICE_CHARS), AfterValidator(_choice)
]
#: ``min`` or ``max`` of a number: a finite number written as one (not ``'5'``, ``true``)
Bound = Annotated[float, PlainValidator(_bound, json_schema_input_type=float)]


class FieldDef(BaseModel):
    """One field a game's cards have besides the pack's: its type, whether every card must give
    it, its default."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    type: FieldType = Field(description="text, whole number, number, choice, icon, colour, list")
    choices: list[Choice] | None = Field(
        None,
        max_length=MAX_FIELD_CHOICES,
        description="the values of a `choice` field (at most 200, each a few words)",
    )
    required: StrictBool = Field(False, description="every card must give it")
    default: Any = Field(None, description="the value of a card that does not give it")
    min: Bound | None = Field(None, description="the least value of a number")
    max: Bound | None = Field(None, description="the largest value of a number")
    description: str | None = Field(None, max_length=200, description="what it means")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        return {"type": data} if isinstance(data, str) else data

    @model_validator(mode="after")
    def _consistent(self) -> FieldDef:
        if (self.type == "choice") != (self.choices is not None):
            raise ValueError(
                "a choice field lists its `choices`"
                if self.type == "choice"
                else f"only a choice field has `choices`, not a {self.type} field"
            )
        if self.choices is not None:
            if not self.choices:
                raise ValueError("`choices` is empty")
            dupes = sorted(c for c, n in Counter(self.choices).items() if n > 1)
            if dupes:
                raise ValueError(f"`choices` lists {', '.join(dupes)} twice")
        if (self.min is not None or self.max is not None) and self.type not in (
            "whole number",
            "number",
        ):
            raise ValueError(f"only a number has `min` and `max`, not a {self.type} field")
        if self.type == "whole number":
            for key in ("min", "max"):
                bound = getattr(self, key)
                if bound is not None and bound != int(bound):
                    raise ValueError(f"`{key}` of a whole number is a whole number, not {bound:g}")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min:g} is more than max {self.max:g}")
        if self.required and self.default is not None:
            raise ValueError("a required field has no default: every card gives it")
        if self.default is not None:
            try:
                TypeAdapter(self.annotation()).validate_python(self.default)
            except ValidationError as exc:
                msg = exc.errors()[0]["msg"]
                raise ValueError(f"default {_short(self.default)}: {msg}") from None
        return self

    def annotation(self) -> Any:
        """The type of the field's value in the card model."""
        t = self.type
        if t == "text":
            return Annotated[StrictStr, Field(min_length=1, max_length=1000)]
        if t == "whole number":
            low, high = (None if b is None else int(b) for b in (self.min, self.max))
            return Annotated[StrictInt, Field(ge=low, le=high)]
        if t == "number":
            return Annotated[StrictInt | StrictFloat, AfterValidator(self._bounds)]
        if t == "choice":
            return Literal[tuple(self.choices or ())]
        if t == "icon":
            return Annotated[StrictStr, Field(pattern=ICON, description="an icon's name")]
        if t == "colour":
            return Annotated[StrictStr, Field(pattern=HEX, description="#RRGGBB")]
        item = Annotated[StrictStr, Field(min_length=1, max_length=60)]
        return Annotated[list[item], Field(max_length=MAX_LIST_ITEMS)]

    def _bounds(self, value: float) -> float:
        if not math.isfinite(value):
            raise PydanticCustomError("finite_number", "a number, not {value}", {"value": value})
        if self.min is not None and value < self.min:
            raise PydanticCustomError("too_small", "less than {min}", {"min": f"{self.min:g}"})
        if self.max is not None and value > self.max:
            raise PydanticCustomError("too_large", "more than {max}", {"max": f"{self.max:g}"})
        return value

    def summary(self) -> str:
        """The declaration in a few words: ``choice: moon, sun, star``."""
        if self.choices is not None:
            return f"choice: {', '.join(self.choices)}"
        return self.type


Fields = Annotated[
    dict[Annotated[str, Field(pattern=NAME.pattern, max_length=40)], FieldDef],
    Field(max_length=MAX_FIELDS),
]
#: names a declared field may not take besides the card model's own: the keys of a card file
#: and of rules.yaml that are no card's value
RESERVED_NAMES = ("file", "fields", "cards")


def field_clashes(names: Iterable[str], card_model: type[BaseModel]) -> list[tuple[str, str]]:
    """Each declared field name that cannot be one, with the reason: the pack's card model
    already has it, or it is a name the models use themselves."""
    out = []
    for name in names:
        if name in card_model.model_fields:
            out.append((name, f"{name!r} is already a card field of the pack"))
        elif name in RESERVED_NAMES or hasattr(BaseModel, name) or name.startswith("model_"):
            out.append((name, f"{name!r} is a reserved word: choose another name"))
    return out


@cache
def _extended(base: type[BaseModel], declared: str) -> type[BaseModel]:
    fields = {n: FieldDef.model_validate(d) for n, d in json.loads(declared).items()}
    spec: dict[str, Any] = {
        name: (
            f.annotation() if f.required else f.annotation() | None,
            Field(... if f.required else f.default, description=f.description),
        )
        for name, f in fields.items()
    }
    model = create_model(base.__name__, __base__=base, __module__=base.__module__, **spec)
    model.__doc__ = base.__doc__
    return model


def extend_card_model(base: type[BaseModel], fields: dict[str, FieldDef]) -> type[BaseModel]:
    """``base`` with the declared ``fields`` added (the same class for the same declarations)."""
    if not fields:
        return base
    declared = json.dumps({n: f.model_dump(mode="json") for n, f in fields.items()})
    return _extended(base, declared)


def card_model(pack: Pack, rules: Any) -> Any:
    """The card model of a catalogue: the pack's :attr:`~cardgen.pack.Pack.card_model` with
    the fields its ``rules.yaml`` declares (``fields:``); ``rules`` may be None."""
    return extend_card_model(pack.catalogue.card_model, getattr(rules, "fields", None) or {})


# --- checks of the values -----------------------------------------------------------------------


def icon_field_problems(catalogue: Catalogue) -> list[Diagnostic]:
    """E104 for each value of an ``icon`` field that names no icon of the catalogue or pack,
    saying which file to add."""

    fields = getattr(catalogue.rules, "fields", None) or {}
    icon_fields = [n for n, f in fields.items() if f.type == "icon"]
    if not icon_fields:
        return []
    out = []
    for card in catalogue:
        for name in icon_fields:
            if name not in card.model_fields_set:
                continue  # the default: rules.yaml's, checked at its line
            value = getattr(card, name, None)
            hint = unknown_icon_hint(catalogue.root, catalogue.pack, value) if value else None
            if hint is not None:
                out.append(
                    Diagnostic(
                        "E104",
                        f"{name}: unknown icon {value!r}",
                        catalogue.position(card.id, name),
                        card.id,
                        hint=hint,
                    )
                )
    return out


def unknown_icon_hint(root: Any, pack: Pack, value: str) -> str | None:
    """How to give the icon ``value`` names (``add cards/icons/moon.svg``) when neither the
    catalogue folder ``root`` nor the pack has it; None when one has (or it is no name)."""

    if not re.fullmatch(ICON, value):
        return None  # not a name: the schema says so
    folders = [root / ICON_FOLDER, pack.data / ICON_FOLDER]
    if any((f / f"{value}.svg").is_file() for f in folders):
        return None
    return f"add {_shown(root / ICON_FOLDER / f'{value}.svg')}"


def _shown(path: Any) -> str:
    return display_path(path)


# --- a sheet's column -> a declaration ----------------------------------------------------------


def infer_field(cells: Sequence[str]) -> FieldDef:
    """The field a column of a sheet holds, from its non-empty cells: a whole number when every
    cell is one, a number when every cell is a number, a colour when every cell is ``#RRGGBB``,
    a choice when the cells are a few distinct words (some repeated), else text."""
    values = [c.strip() for c in cells if c.strip()]
    if values and all(_INT.fullmatch(v) for v in values):
        return FieldDef(type="whole number")
    if values and all(_NUMBER.fullmatch(v) for v in values):
        return FieldDef(type="number")
    if values and all(re.fullmatch(HEX, v) for v in values):
        return FieldDef(type="colour")
    distinct = list(dict.fromkeys(values))
    if (
        values
        and all(_WORD.fullmatch(v) for v in distinct)
        and len(distinct) <= MAX_CHOICES
        and len(distinct) < len(values)
        and not {v.lower() for v in distinct} <= {"true", "false", "yes", "no"}
    ):
        return FieldDef(type="choice", choices=distinct)
    return FieldDef(type="text")


def declaration_yaml(name: str, field: FieldDef) -> str:
    """One field as a line of ``fields:`` in rules.yaml (the shorthand when it is just a type)."""
    from cardgen.catalogue.yaml_write import flow, scalar

    data = field.model_dump(exclude_defaults=True)
    if list(data) == ["type"]:
        return f"{name}: {scalar(field.type, block=True)}"
    return f"{name}: {flow(data)}"


def with_fields(rules_text: str, fields: dict[str, FieldDef], note: str) -> str | None:
    """``rules_text`` (a rules.yaml) with ``fields`` added to its ``fields:`` mapping (made at
    the end of the file if it has none), every other line as it was; None when its
    ``fields:`` is not a block mapping this can add lines to."""
    lines = rules_text.splitlines()
    entries = [declaration_yaml(n, f) for n, f in fields.items()]
    start = next((i for i, line in enumerate(lines) if re.match(r"fields\s*:", line)), None)
    if start is None:
        tail = "" if rules_text.endswith("\n") or not rules_text else "\n"
        block = [f"# {note}", "fields:", *(f"  {e}" for e in entries)]
        return rules_text + tail + "\n".join(block) + "\n"
    if lines[start].split(":", 1)[1].split("#", 1)[0].strip():
        return None  # a flow mapping or a value on the same line
    end, indent = start + 1, None
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            break
        indent = indent or line[: len(line) - len(line.lstrip())]
        end = i + 1
    pad = indent or "  "
    new = [*lines[:end], f"{pad}# {note}", *(pad + e for e in entries), *lines[end:]]
    return "\n".join(new) + "\n"
