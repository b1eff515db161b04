"""Placeholders: values a catalogue marks as not coming from the game's sources.

A card (or ``rules.yaml``) lists the fields whose values were invented to make the game
playable — a power the rulebook does not print, a count the card sheets do not show::

    - id: iron-knight
      power: 4
      cost: 4
      placeholders: [power, cost]                  # or, with the reason:
      placeholders: {power: "not in the draft", cost: "not in the draft"}

A path may reach into a value: ``cost.gold``, ``effects.0.amount``.  ``cardgen validate`` lists
every placeholder with its value as information (``I001``, never a failure, not even with
``--strict``), so the designer sees which numbers are theirs to set; a path naming no value of
the card is an error (``E116``), so a typo does not hide a placeholder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field

from cardgen.catalogue.paths import RULES_FILE, display_path
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.diagnostics import Position

__all__ = ["Placeholders", "placeholder_notes", "resolve"]

_MISSING = object()


def _as_mapping(value: Any) -> Any:
    """A list of field paths is a mapping to empty reasons."""
    if isinstance(value, list | tuple):
        return {item: "" for item in value} if all(isinstance(i, str) for i in value) else value
    return value


#: the ``placeholders`` field of a card or a rules model: field path -> why ("" if not said)
Placeholders = Annotated[
    dict[Annotated[str, Field(min_length=1, max_length=80)], Annotated[str, Field(max_length=300)]],
    BeforeValidator(_as_mapping),
    Field(
        default_factory=dict,
        description=(
            "fields whose values are placeholders, not from the game's sources: a list of "
            "field paths (`power`, `cost.gold`, `effects.0.amount`) or path -> why"
        ),
    ),
]


def resolve(obj: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a model (attributes, mapping keys, list indexes);
    a sentinel object if there is none (see :func:`placeholder_notes`)."""
    value = obj
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part, _MISSING)
        elif isinstance(value, list | tuple):
            value = value[int(part)] if part.isdigit() and int(part) < len(value) else _MISSING
        elif part in getattr(type(value), "model_fields", {}):
            value = getattr(value, part)
        else:
            return _MISSING
        if value is _MISSING:
            return _MISSING
    return value


def _show(value: Any) -> str:
    """A value as the designer wrote it: models and lists of them as plain data."""
    return str(_plain(value))


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json", exclude_defaults=True)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _notes(
    owner: Any, where: Position, card: str | None, at: Any, label: str
) -> Iterator[Diagnostic]:
    marks = getattr(owner, "placeholders", None) or {}
    if not isinstance(marks, dict):  # a pack's own model may keep a plain list of paths
        marks = {str(m): "" for m in marks}
    shown, reasons = [], []
    for path, why in marks.items():
        value = resolve(owner, path)
        if value is _MISSING or path == "placeholders":
            yield Diagnostic(
                "E116",
                f"placeholders: {path!r} names no value of the {label}",
                at(path),
                card,
            )
            continue
        shown.append(f"{path} = {_show(value)}")
        if why:
            reasons.append(f"{path}: {why}")
    if shown:
        tail = f" ({'; '.join(reasons)})" if reasons else ""
        message = f"placeholder values, not from the sources: {', '.join(shown)}{tail}"
        yield Diagnostic("I001", message, where, card)


def _rules_positions(catalogue: Catalogue) -> Callable[[str | None], Position]:
    """Where a placeholder of ``rules.yaml`` is written (``None``: the ``placeholders`` key);
    the file without a line when it cannot be read (a spreadsheet import whose rules.yaml is
    not in the folder yet)."""
    from cardgen.catalogue.yaml_source import load_yaml

    path = catalogue.root / RULES_FILE
    try:
        _data, smap = load_yaml(path, display=display_path(path))
    except DiagnosticError:
        return lambda _p: Position(display_path(path))
    return lambda p: (
        smap.at(("placeholders",), key=True) if p is None else smap.at(("placeholders", p))
    )


def placeholder_notes(catalogue: Catalogue) -> list[Diagnostic]:
    """Every placeholder of the rules model and the cards, as information (``I001``), and
    every placeholder path that names nothing (``E116``)."""
    out: list[Diagnostic] = []
    rules = catalogue.rules
    if getattr(rules, "placeholders", None):
        rules_at = _rules_positions(catalogue)
        out += _notes(rules, rules_at(None), None, rules_at, "rules model")
    for card in catalogue.cards:
        if not getattr(card, "placeholders", None):
            continue

        def card_at(p: str, cid: str = card.id) -> Position:
            return catalogue.position(cid, "placeholders", p)

        where = catalogue.position(card.id, "placeholders", key=True)
        out += _notes(card, where, card.id, card_at, "card")
    return out
