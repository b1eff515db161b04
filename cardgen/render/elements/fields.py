"""Where an element's values come from: a card's fields and a pack's computed fields."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardgen.render.elements.layout import FIELD
from cardgen.render.elements.schema import Condition, When


@dataclass(frozen=True)
class Computed:
    """A value a pack computes from a card and the rules model (game logic kept in code).

    ``source`` is the card field a diagnostic about the value points at: a name, or a function
    of the card giving one (rules text from ``text`` or from ``effects``).
    """

    fn: Callable[[Any, Any], Any]
    source: str | Callable[[Any], str] | None = None


class Values:
    """The values of one card (or back design): its attributes and the computed fields."""

    __slots__ = ("cache", "computed", "record", "rules")

    def __init__(self, record: Any, rules: Any, computed: dict[str, Computed]):
        self.record = record
        self.rules = rules
        self.computed = computed
        self.cache: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        if name in self.cache:
            return self.cache[name]
        comp = self.computed.get(name)
        value = comp.fn(self.record, self.rules) if comp else getattr(self.record, name, None)
        self.cache[name] = value
        return value

    def source(self, name: str) -> str:
        """The card field behind ``name`` (for a diagnostic's position)."""
        comp = self.computed.get(name)
        if comp is None or comp.source is None:
            return name
        return comp.source if isinstance(comp.source, str) else comp.source(self.record)

    def format(self, template: str) -> str:
        """``template`` with every ``{field}`` replaced by its value (``{{``/``}}`` are braces)."""
        parts = _parts(template)
        if len(parts) == 1:
            return parts[0]
        return "".join(p if i % 2 == 0 else as_text(self.get(p)) for i, p in enumerate(parts))


@lru_cache(maxsize=1024)
def _parts(template: str) -> tuple[str, ...]:
    """A template as literal text and field names, alternately (literals at even indices)."""
    if "{" not in template and "}" not in template:
        return (template,)
    out: list[str] = []
    pos = 0
    for m in FIELD.finditer(template):
        out += [_braces(template[pos : m.start()]), m.group(1)]
        pos = m.end()
    return (*out, _braces(template[pos:]))


def _braces(text: str) -> str:
    return text.replace("{{", "{").replace("}}", "}")


def as_text(value: Any) -> str:
    """A value as printed: nothing for null, lists joined with ``-``."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "-".join(as_text(v) for v in value)
    return str(value)


def is_set(value: Any) -> bool:
    """Whether a value counts as given: not null, false or empty (0 is set)."""
    if value is None or value is False:
        return False
    return not (isinstance(value, str | list | tuple | dict) and len(value) == 0)


def _same(a: Any, b: Any) -> bool:
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def holds(when: When | None, values: Values) -> bool:
    """Whether a ``when`` condition holds for a card."""
    if when is None:
        return True
    if isinstance(when, list):
        return all(holds(w, values) for w in when)
    if isinstance(when, str):
        return is_set(values.get(when))
    return _test(when, values.get(when.field))


def _test(t: Condition, v: Any) -> bool:
    if t.set is not None:
        return is_set(v) == t.set
    if t.equals is not None:
        return _same(v, t.equals)
    if t.not_ is not None:
        return not _same(v, t.not_)
    if t.in_ is not None:
        return any(_same(v, x) for x in t.in_)
    if isinstance(v, str):
        return str(t.contains) in v
    items: Iterable[Any] = v if isinstance(v, list | tuple | set) else ()
    return any(_same(x, t.contains) for x in items)
