"""Rules-model checks of an Authority catalogue: the document's totals against its lists, the
starting decks and costs (placeholders are the core's: ``cardgen.catalogue.placeholders``)."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import RULES_FILE, Catalogue, display_path
from cardgen.catalogue.yaml_source import load_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of an Authority catalogue the schema cannot see."""
    return list(_check(cat))


def _rules_positions(cat: Catalogue):
    path = cat.root / RULES_FILE
    try:
        _, smap = load_yaml(path, display=display_path(path))
    except DiagnosticError:  # the loader has reported it already
        return lambda *p: Position(display_path(path))
    return lambda *p: smap.at(p)


def _lines(lines: list[int]) -> str:
    """Seed lines as ranges: ``24-27, 29``."""
    out, start = [], None
    for i, n in enumerate(sorted(lines)):
        if start is None:
            start = n
        if i + 1 == len(lines) or sorted(lines)[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)


def _check(cat: Catalogue) -> Iterable[Diagnostic]:
    rules = cat.rules
    at = _rules_positions(cat)
    files = cat.file_values.get("faction", {})
    by_faction = {f: cat.select(faction=f) for f in rules.faction_ids}
    for i, faction in enumerate(rules.factions):
        if faction.id not in files:
            yield Diagnostic(
                "E274", f"no card file sets faction: {faction.id}", at("factions", i, "id")
            )
            continue
        listed = sum(c.copies for c in by_faction[faction.id])
        if listed != faction.stated.count:
            cards = by_faction[faction.id]
            where = ", ".join(f"{c.id} {c.copies} ({cat.position(c.id, 'copies')})" for c in cards)
            yield Diagnostic(
                "W272",
                f"{faction.name}: the document states {faction.stated.count} units "
                f"(line {faction.stated.line}: {faction.stated.text!r}) but lists {listed} "
                f"(lines {_lines([c.source_line for c in cards])}): {where}",
                at("factions", i, "stated", "count"),
            )
    listed_total = cat.count()
    stated = rules.stated_total
    if listed_total != stated.count:
        parts = " + ".join(
            f"{f.id} {sum(c.copies for c in by_faction[f.id])} ({files.get(f.id, '?')})"
            for f in rules.factions
        )
        stated_sum = sum(f.stated.count for f in rules.factions)
        yield Diagnostic(
            "W271",
            f"the document states {stated.count} units in all (line {stated.line}: "
            f"{stated.text!r}) but its lists hold {listed_total} = {parts}; its faction "
            f"totals (lines {_lines([f.stated.line for f in rules.factions])}) add up to "
            f"{stated_sum}",
            at("stated_total", "count"),
        )
    yield from _starting(cat, at)
    for card in cat:
        if card.cost is None and not rules.faction(card.faction).starting:
            yield Diagnostic(
                "E273", "a recruitable unit has no cost", cat.position(card.id), card.id
            )


def _starting(cat: Catalogue, at) -> Iterable[Diagnostic]:
    rules = cat.rules
    need = dict(rules.starting_deck)
    need[rules.kingsguard] = need.get(rules.kingsguard, 0) + 1
    most = cat.pack.game_type.max_players
    for unit_id, per_player in need.items():
        path = ("kingsguard",) if unit_id == rules.kingsguard else ("starting_deck", unit_id)
        card = cat.by_id.get(unit_id)
        if card is None:
            yield Diagnostic("E271", f"no unit {unit_id!r} in the catalogue", at(*path))
            continue
        if not rules.faction(card.faction).starting:
            yield Diagnostic(
                "E275", f"{unit_id} is not of the starting faction", at(*path), unit_id
            )
        if card.copies < per_player * most:
            yield Diagnostic(
                "E272",
                f"{most} players need {per_player * most} {card.name} but there are {card.copies}",
                at(*path),
                unit_id,
            )
