"""Turn pydantic validation errors into positioned, coded diagnostics."""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import Diagnostic, DiagnosticError

M = TypeVar("M", bound=BaseModel)
E = TypeVar("E", bound=Mapping[str, Any])  # a pydantic error (its ErrorDetails) or a dict

#: how a value a message quotes is shown: a long one cut short
_SHOWN = reprlib.Repr()
_SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlist, _SHOWN.maxdict, _SHOWN.maxlevel = 60, 60, 4, 4, 2

_WRONG_TYPE = {
    "int_type",
    "int_parsing",
    "int_from_float",
    "string_type",
    "bool_type",
    "bool_parsing",
    "list_type",
    "dict_type",
    "model_type",
    "model_attributes_type",
    "float_type",
    "float_parsing",
    "tuple_type",
    "set_type",
    "wrong_type",
}
_RANGE = {
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
    "too_short",
    "too_long",
    "string_too_short",
    "string_too_long",
    "out_of_range",
}


def _locate(smap: SourceMap, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """Map a pydantic ``loc`` onto a path in the source (dropping union tags and the like)."""
    path: tuple[Any, ...] = ()
    for part in loc:
        if (*path, part) in smap.values or (*path, part) in smap.keys:
            path = (*path, part)
    return path


def _suggest(word: Any, options: list[str] | tuple[str, ...]) -> str:
    match = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f"did you mean {match[0]!r}?" if match else ""


def _expected(ctx: dict) -> list[str]:
    raw = ctx.get("expected", "") if ctx else ""
    return [p.strip(" '\"") for p in raw.replace(" or ", ",").split(",") if p.strip(" '\"")]


def error_to_diagnostic(
    err: Mapping[str, Any],
    smap: SourceMap,
    *,
    known_keys: list[str] | tuple[str, ...] = (),
    card=None,
) -> Diagnostic:
    """One pydantic error dict → one :class:`Diagnostic` with code, position and hint."""
    loc = tuple(err["loc"])
    kind = err["type"]
    ctx = err.get("ctx") or {}
    located = getattr(ctx.get("error"), "path", None)  # a FieldError: which field it is about
    if isinstance(located, tuple):
        loc = (*loc, *located)
    value = err.get("input")
    path = _locate(smap, loc)
    rel = path[2:] if len(path) >= 2 and path[0] == "cards" else path
    field = ".".join(str(p) for p in rel) or "document"
    hint = None
    if kind == "extra_forbidden":
        key = loc[-1]
        code, msg = "E101", f"unknown key {key!r}"
        hint = _suggest(key, known_keys) or None
        if hint:
            hint = f"{hint} (known keys: see `cardgen schema`)"
        pos = smap.at((*path[:-1], key) if path and path[-1] == key else (*path, key), key=True)
        return Diagnostic(code, msg, pos, card, hint)
    if kind == "missing":
        return Diagnostic("E103", f"missing required field {loc[-1]!r}", smap.at(path), card)
    if kind == "union_tag_invalid":
        tags = [t.strip(" '") for t in str(ctx.get("expected_tags", "")).split(",")]
        hint = _suggest(ctx.get("tag"), tags) or f"known kinds: {', '.join(tags)}"
        return Diagnostic(
            "E107", f"unknown effect kind {ctx.get('tag')!r}", smap.at((*path, "kind")), card, hint
        )
    if kind == "union_tag_not_found":
        return Diagnostic("E103", "effect is missing its 'kind'", smap.at(path), card)
    if kind in ("literal_error", "enum", "unknown_value"):
        options = _expected(ctx)
        if ctx.get("options"):
            options = list(ctx["options"])
        if loc and isinstance(value, str) and value in SCOPED_VALUES.get(loc[-1], ()):
            kind_name = loc[-2] if len(loc) >= 2 else "effect"
            return Diagnostic(
                "E108",
                f"trigger {value!r} is not allowed for effect kind {kind_name!r}",
                smap.at(path),
                card,
                f"allowed triggers: {', '.join(options)}",
            )
        hint = _suggest(value, options) or (f"allowed: {', '.join(options)}" if options else None)
        shown = _SHOWN.repr(value) if path else f"a {type(value).__name__}"
        return Diagnostic("E104", f"{field}: unknown value {shown}", smap.at(path), card, hint)
    # a value inside the file is quoted (cut short); the whole file never is (a file linked
    # from elsewhere may hold anything)
    got = _SHOWN.repr(value) if path else f"a {type(value).__name__}"
    if kind in _WRONG_TYPE:
        return Diagnostic("E102", f"{field}: {err['msg']} (got {got})", smap.at(path), card)
    if kind in _RANGE:
        return Diagnostic("E105", f"{field}: {err['msg']} (got {got})", smap.at(path), card)
    msg = err["msg"].removeprefix("Value error, ")
    return Diagnostic("E109", f"{field}: {msg}", smap.at(path), card)


#: field name -> every value it takes in some variant of a tagged union (an effect's
#: ``trigger``): such a value given where its variant forbids it is E108, not a typo (E104)
SCOPED_VALUES: dict[str, frozenset[str]] = {}


def register_scoped_values(field: str, values: list[str]) -> None:
    """Declare every value ``field`` takes in some variant (a pack's effect vocabulary)."""
    SCOPED_VALUES[field] = frozenset(values) | SCOPED_VALUES.get(field, frozenset())


def union_errors(errors: Sequence[E]) -> list[E]:
    """``errors`` without a union's other branch where one branch has errors of its own: a
    box given as a list is not also reported as not being the word ``card``."""
    out = []
    for e in errors:
        head = tuple(e["loc"][:-1])
        if e["type"] == "literal_error" and any(
            o is not e and len(o["loc"]) > len(head) + 1 and tuple(o["loc"][: len(head)]) == head
            for o in errors
        ):
            continue
        out.append(e)
    return out


def validate_model(model: type[M], data: Any, smap: SourceMap, context: dict | None = None) -> M:
    """Validate ``data`` as ``model``; raise DiagnosticError listing every problem found."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        keys = list(model.model_fields)
        errors = union_errors(exc.errors())
        found = [error_to_diagnostic(e, smap, known_keys=keys) for e in errors]
        raise DiagnosticError(list(dict.fromkeys(found))) from None  # a union's twice once
