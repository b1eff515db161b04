"""Checks of a Greedy Kingdoms catalogue beyond the schema: the component counts of the
manual's Game Set Contents, the Characters' numbers, and the placeholders (as information)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.packs.greedy_kingdoms.model import GreedyRules, Kind


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of the catalogue the schema cannot see, and its placeholders."""
    return [*_counts(cat), *_numbers(cat), *_placeholders(cat)]


def counted(cat: Catalogue) -> dict[str, int]:
    """The catalogue's components, counted as the manual's Game Set Contents counts them."""
    rules: GreedyRules = cat.rules
    n = {k: cat.count(kind=k) for k in Kind}
    palaces_in = n[Kind.PALACE] if rules.settings.palaces_among_buildings else 0
    return {
        "character_cards": n[Kind.ORDINARY] + n[Kind.SPECIAL],
        "ordinary_workers": n[Kind.ORDINARY],
        "special_workers": n[Kind.SPECIAL],
        "upgrade_cards": n[Kind.CITIZEN] + n[Kind.BUILDING] + palaces_in,
        "citizens": n[Kind.CITIZEN],
        "buildings": n[Kind.BUILDING] + palaces_in,
        "resource_chips": rules.chips_per_resource * len(rules.resources),
    }


def _counts(cat: Catalogue) -> Iterable[Diagnostic]:
    want = cat.rules.components.model_dump()
    have = counted(cat)
    for key, n in want.items():
        if have[key] != n:
            yield Diagnostic(
                "E261",
                f"components: the catalogue has {have[key]} {key.replace('_', ' ')}, "
                f"the Game Set Contents {n}",
                cat.position("", "components", key),
            )
    if not cat.select(kind=Kind.PALACE):
        yield Diagnostic("E263", "no Royal Palace card (kind: palace)", cat.position("", "game"))


def _numbers(cat: Catalogue) -> Iterable[Diagnostic]:
    rules: GreedyRules = cat.rules
    numbers = set(range(1, rules.hand_numbers + 1))
    for kind, per in ((Kind.ORDINARY, 2), (Kind.SPECIAL, 1)):
        cards = cat.select(kind=kind)
        seen = Counter()
        for c in cards:
            seen[c.number] += c.copies
            if c.number not in numbers:
                yield Diagnostic(
                    "E262",
                    f"number: {c.number} is beyond the hand's {rules.hand_numbers} numbers",
                    cat.position(c.id, "number"),
                    c.id,
                )
        for k in sorted(numbers):
            if seen[k] != per:
                where = next((c.id for c in cards if c.number == k), None)
                yield Diagnostic(
                    "E262",
                    f"{kind.value} Characters numbered {k}: {seen[k]} card(s), "
                    f"the game needs {per}" + (" (one per player)" if per == 2 else ""),
                    cat.position(where or "", "number" if where else "game"),
                    where,
                )


def _placeholders(cat: Catalogue) -> Iterable[Diagnostic]:
    rules: GreedyRules = cat.rules
    for path in rules.placeholders:
        obj, ok = rules, True
        for part in path.split("."):
            if isinstance(obj, dict):
                ok = part in obj
                obj = obj.get(part)
            elif isinstance(obj, BaseModel) and part in type(obj).model_fields:
                obj = getattr(obj, part)
            else:
                ok = False
            if not ok:
                break
        if not ok:
            yield Diagnostic(
                "E264",
                f"placeholders: {path!r} is not a rules field",
                cat.position("", "placeholders"),
            )
        else:
            yield Diagnostic(
                "I261",
                f"rules: {path} = {obj} is a placeholder (not in the rule manual)",
                cat.position("", "placeholders"),
            )
    for c in cat:
        if c.placeholders:
            vals = ", ".join(f"{f}={_show(getattr(c, f))}" for f in c.placeholders)
            yield Diagnostic(
                "I261",
                f"placeholder value(s), not in the rule manual: {vals}",
                cat.position(c.id, "placeholders"),
                c.id,
            )


def _show(value: object) -> str:
    if isinstance(value, list):
        return "[" + "; ".join(_show(v) for v in value) + "]"
    if hasattr(value, "model_dump"):
        value = value.model_dump(exclude_defaults=True)
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}:{_show(v)}" for k, v in value.items()) + "}"
    return str(value)
