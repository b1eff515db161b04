"""A card layout made of elements: ``styles`` to extend and the ``face`` elements.

Loading resolves ``extends`` (a style, or an element above in the same section) into each
element, keeping the YAML position of every key, then validates each element by its ``kind``.
Problems are diagnostics naming the layout file and line: an unknown key, kind, style, colour
or font here, an unknown field name in :meth:`ElementLayout.check_fields`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, Field, InstanceOf, PrivateAttr, ValidationError

from cardgen.catalogue.validation_errors import error_to_diagnostic, union_errors
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.elements.schema import KINDS, ColourRef, Condition, Element
from cardgen.render.layout import CardLayout

if TYPE_CHECKING:
    from cardgen.pack import Pack

HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")
#: ``{name}`` in a template (``{{`` and ``}}`` are literal braces)
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")


def _hint(word: str, options: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"did you mean {match[0]!r}?" if match else None


class ElementLayout(CardLayout):
    """A layout whose face (and back) are elements, one per key, with named ``styles``."""

    #: the sections of the layout that are elements (a pack may keep its back as code)
    sections: ClassVar[tuple[str, ...]] = ("face", "back")
    styles: dict[str, dict[str, Any]] = Field(default_factory=dict)
    #: validated by kind in :meth:`prepare` (cheaper than one union of every kind)
    face: dict[str, InstanceOf[Element]]
    back: dict[str, InstanceOf[Element]] = Field(default_factory=dict)
    _smap: SourceMap | None = PrivateAttr(None)

    # --- loading --------------------------------------------------------------------------
    @classmethod
    def prepare(cls, data: Any, smap: SourceMap) -> Any:
        """Resolve ``extends`` and validate every element by its kind (all problems at once)."""
        if not isinstance(data, dict):
            return data
        problems: list[Diagnostic] = []
        styles = data.get("styles") or {}
        index = _index(smap)
        data = dict(data)
        for section in cls.sections:
            elements = data.get(section)
            if not isinstance(elements, dict):
                continue
            out: dict[str, Any] = {}
            for name, raw in elements.items():
                path = (section, name)
                try:
                    merged = _resolve(raw, path, styles, elements, smap, index, ())
                    out[name] = _validate(merged, path, smap)
                except DiagnosticError as err:
                    problems.extend(err.diagnostics)
            data[section] = out
        if problems:
            raise DiagnosticError(problems)
        return data

    def loaded(self, smap: SourceMap) -> None:
        """Check the colour and font roles the elements name (after validation)."""
        self._smap = smap
        problems = [
            d
            for section in self.sections
            for name, el in self.section(section).items()
            for d in self._check_names(section, name, el)
        ]
        if problems:
            raise DiagnosticError(problems)

    def section(self, section: str) -> dict[str, Element]:
        return getattr(self, section, None) or {}

    def where(self, section: str, name: str, *keys: str | int) -> Position:
        """The position of element ``name`` (or of one of its keys) in the layout file."""
        if self._smap is None:
            return Position("layout")
        return self._smap.at((section, name, *keys), key=bool(keys))

    def _check_names(self, section: str, name: str, el: Element) -> Iterator[Diagnostic]:
        for keys, value in _walk(el):
            last = keys[-1]
            if isinstance(value, str) and (
                last in ("colour", "fill", "stroke", "tint", "text", "icon_colour")
            ):
                if last == "text" and len(keys) < 2:
                    continue  # a text template, not a toggle's colour
                if not HEX.match(value) and value not in self.colours:
                    yield Diagnostic(
                        "E104",
                        f"{section}.{name}: unknown colour {value!r}",
                        self.where(section, name, *keys),
                        hint=_hint(value, self.colours)
                        or f"use #RRGGBB or a colour of `colours:` ({', '.join(self.colours)})",
                    )
            elif isinstance(value, ColourRef):
                named: list[tuple[tuple[str, ...], str]] = (
                    [(("colour",), value.colour)] if value.colour is not None else []
                )
                named += [(("map", k), c) for k, c in (value.map or {}).items()]
                if value.default is not None:
                    named.append((("default",), value.default))
                for sub, colour in named:
                    if not HEX.match(colour) and colour not in self.colours:
                        yield Diagnostic(
                            "E104",
                            f"{section}.{name}: unknown colour {colour!r}",
                            self.where(section, name, *keys, *sub),
                            hint=_hint(colour, self.colours)
                            or f"use #RRGGBB or a colour of `colours:` ({', '.join(self.colours)})",
                        )
            elif last in ("font", "flavour_font") and value not in self.fonts:
                yield Diagnostic(
                    "E104",
                    f"{section}.{name}: unknown font {value!r}",
                    self.where(section, name, *keys),
                    hint=_hint(str(value), self.fonts)
                    or f"use a font of `fonts:` ({', '.join(self.fonts)})",
                )

    def check_fields(self, section: str, known: Iterable[str]) -> None:
        """Raise a diagnostic for every field name an element of ``section`` uses that is not in
        ``known`` (the card's fields and the pack's computed fields)."""
        known = set(known)
        problems = []
        for name, el in self.section(section).items():
            for keys, field in element_fields(el):
                if field not in known:
                    problems.append(
                        Diagnostic(
                            "E104",
                            f"{section}.{name}: unknown field {field!r}",
                            self.where(section, name, *keys),
                            hint=_hint(field, known) or f"fields: {', '.join(sorted(known))}",
                        )
                    )
        if problems:
            raise DiagnosticError(problems)


def _walk(model: BaseModel, keys: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (key path, value) set in ``model``, into nested models and lists."""
    for name in model.model_fields_set:
        value = getattr(model, name)
        key = type(model).model_fields[name].alias or name
        yield from _walk_value(value, (*keys, key))


def _walk_value(value: Any, keys: tuple) -> Iterator[tuple[tuple, Any]]:
    yield keys, value
    if isinstance(value, BaseModel) and not isinstance(value, ColourRef | Condition):
        yield from _walk(value, keys)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk_value(v, (*keys, i))
    elif isinstance(value, dict) and keys[-1] == "map":  # a value map's templates
        for k, v in value.items():
            yield from _walk_value(v, (*keys, k))


def element_fields(el: Element) -> Iterator[tuple[tuple, str]]:
    """Every card field an element reads, with the key path where it is named."""
    for keys, value in _walk(el):
        last = keys[-1]
        # a condition's field, or a colour's taken from a field
        field = value.field if isinstance(value, Condition | ColourRef) else None
        if last == "field" and isinstance(value, str):
            yield keys, value
        elif field is not None:
            yield (*keys, "field"), field
        elif (last == "when" and isinstance(value, str)) or (
            len(keys) > 1 and keys[-2] == "when" and isinstance(value, str)
        ):
            yield keys, value
        elif (
            last in ("text", "icon", "seed", "form", "src", "default")
            or (len(keys) > 1 and keys[-2] == "map")
        ) and isinstance(value, str):
            for m in FIELD.finditer(value):
                yield keys, m.group(1)


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _copy_positions(smap: SourceMap, index: tuple, src: tuple, dst: tuple, over: dict) -> None:
    """Give the keys ``dst`` inherits from ``src`` (a style or an element: two keys deep)
    the positions they have under ``src`` (``index``: :func:`_index` of ``smap``)."""
    for table, paths in zip((smap.values, smap.keys), index, strict=True):
        for path in paths.get(src, ()):
            rest = path[len(src) :]
            if rest and (rest[0] not in over or isinstance(over.get(rest[0]), dict)):
                table.setdefault((*dst, *rest), table[path])
                paths.setdefault(dst, []).append((*dst, *rest))


def _index(smap: SourceMap) -> tuple[dict, dict]:
    """The paths of each table of ``smap`` (values, keys) by their first two keys."""
    index: tuple[dict, dict] = ({}, {})
    for table, paths in zip((smap.values, smap.keys), index, strict=True):
        for path in table:
            paths.setdefault(path[:2], []).append(path)
    return index


def _resolve(
    raw: Any, path: tuple, styles: dict, section: dict, smap: SourceMap, index: tuple, seen: tuple
) -> Any:
    """``raw`` with what it ``extends`` merged under it (recursively)."""
    if not isinstance(raw, dict) or "extends" not in raw:
        return raw
    parent = raw["extends"]
    own = {k: v for k, v in raw.items() if k != "extends"}
    where = smap.at((*path, "extends"))
    if not isinstance(parent, str):
        raise DiagnosticError([Diagnostic("E102", "`extends` names one style", where)])
    if parent in seen:
        raise DiagnosticError(
            [Diagnostic("E109", f"`extends` loops: {' -> '.join((*seen, parent))}", where)]
        )
    names = list(styles)
    if parent in styles:
        base_path: tuple = ("styles", parent)
        base = styles[parent]
    elif (
        parent in section
        and path[-1] != parent
        and list(section).index(parent) < list(section).index(path[-1])
    ):
        base_path = (path[0], parent)
        base = section[parent]
    else:
        options = [*names, *section]
        raise DiagnosticError(
            [
                Diagnostic(
                    "E104",
                    f"`extends`: no style or element above named {parent!r}",
                    where,
                    hint=_hint(parent, options)
                    or f"styles: {', '.join(names) or 'none'}; or an element above this one",
                )
            ]
        )
    resolved = _resolve(base, base_path, styles, section, smap, index, (*seen, parent))
    if not isinstance(resolved, dict):
        raise DiagnosticError([Diagnostic("E102", f"style {parent!r} is not a mapping", where)])
    _copy_positions(smap, index, base_path, path, own)
    return _merge(resolved, own)


def _validate(data: Any, path: tuple, smap: SourceMap) -> Element:
    """One element, validated as the model of its ``kind``."""

    where = smap.at(path)
    if not isinstance(data, dict):
        raise DiagnosticError(
            [Diagnostic("E102", f"{'.'.join(map(str, path))}: an element is a mapping", where)]
        )
    kind = data.get("kind")
    if kind is None:
        raise DiagnosticError(
            [
                Diagnostic(
                    "E103",
                    f"{'.'.join(map(str, path))}: element has no `kind`",
                    where,
                    hint=f"kinds: {', '.join(KINDS)}",
                )
            ]
        )
    model = KINDS.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise DiagnosticError(
            [
                Diagnostic(
                    "E104",
                    f"{'.'.join(map(str, path))}: unknown element kind {kind!r}",
                    smap.at((*path, "kind")),
                    hint=_hint(str(kind), KINDS) or f"kinds: {', '.join(KINDS)}",
                )
            ]
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        known = [f.alias or n for n, f in model.model_fields.items()]
        out = []
        for e in union_errors(exc.errors()):
            e = {**e, "loc": (*path, *e["loc"])}
            d = error_to_diagnostic(e, smap, known_keys=known)
            if d.code == "E101":  # name the element and its kind's keys
                hint = _hint(str(e["loc"][-1]), known) or f"{kind} keys: {', '.join(known)}"
                d = Diagnostic(
                    d.code, f"{'.'.join(map(str, path))}: {d.message}", d.position, hint=hint
                )
            out.append(d)
        raise DiagnosticError(list(dict.fromkeys(out))) from None  # a union's twice once


def layout_model(pack: Pack) -> type[CardLayout]:
    """The model of ``pack``'s layout file: its own (:meth:`~cardgen.pack.Pack.layout_model`),
    else a layout of elements."""
    return pack.print.layout_model() or ElementLayout
