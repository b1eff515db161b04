"""Checks of a Greedy Kingdoms catalogue beyond the schema: the component counts of the
manual's Game Set Contents and the Characters' numbers (the placeholders are the core's, I001)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.packs.greedy_kingdoms.model import GreedyRules, Kind


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of the catalogue the schema cannot see (its placeholders are listed by
    the core, ``cardgen.catalogue.placeholders``)."""
    return [*_counts(cat), *_numbers(cat)]


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
        seen: Counter[int | None] = Counter()
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
