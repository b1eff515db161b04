"""Checks of an Attack the Tower army beyond the schema: the piles' counts, the fit of effects
to ability types, a base per troop type and enough counters (placeholders: the core's)."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import RULES_FILE, Catalogue, display_path
from cardgen.catalogue.yaml_source import SourceMap, load_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.packs.attack_the_tower.model import TowerCard, TowerRules


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of an army the schema cannot see."""
    return [*_counts(cat), *_fit(cat)]


class _RulesPlaces:
    """Positions in ``rules.yaml`` (the file itself when it cannot be mapped)."""

    def __init__(self, cat: Catalogue):
        path = cat.root / RULES_FILE
        self.file = display_path(path)
        self.smap: SourceMap | None
        try:
            self.smap = load_yaml(path, display=self.file)[1]
        except (DiagnosticError, OSError):
            self.smap = None

    def at(self, *path: str | int) -> Position:
        return self.smap.at(path) if self.smap is not None else Position(self.file)


def _counts(cat: Catalogue) -> Iterable[Diagnostic]:
    rules: TowerRules = cat.rules
    places = _RulesPlaces(cat)
    for pile in rules.piles:
        cards = [c for c in cat if c.pile == pile.id]
        total = sum(c.copies for c in cards)
        if total != pile.cards:
            where = cat.position(cards[0].id, "copies") if cards else places.at("piles")
            yield Diagnostic(
                "E251",
                f"the {pile.id} pile has {total} cards, rules.yaml says {pile.cards}",
                where,
                cards[0].id if cards else None,
                hint=", ".join(f"{c.id} ×{c.copies}" for c in cards) or "add its card file",
            )
    recruited = {c.troop for c in cat if c.pile == "base"}
    for troop in rules.troop_types:
        if troop.id not in recruited:
            yield Diagnostic(
                "E253",
                f"no base card recruits {troop.troop} ({troop.id})",
                places.at("troop_types"),
            )
    slots = rules.territories * rules.slots
    if rules.counters < slots:
        yield Diagnostic(
            "E254",
            f"{rules.counters} counters for {slots} base slots",
            places.at("counters"),
        )


def _fit(cat: Catalogue) -> Iterable[Diagnostic]:
    rules: TowerRules = cat.rules
    card: TowerCard
    for card in cat:
        if card.pile != "ability":
            continue
        specials = [e for e in card.effects if e.kind == "special_troop"]
        if card.type == "special" and len(card.effects) > 1:  # the engine would ignore them
            yield Diagnostic(
                "E252",
                "a special ability has its special_troop effect alone",
                cat.position(card.id, "effects"),
                card.id,
            )
        elif (card.type == "special") != bool(specials) or len(specials) > 1:
            yield Diagnostic(
                "E252",
                f"a {card.type} ability {'needs one' if card.type == 'special' else 'has no'} "
                "special_troop effect",
                cat.position(card.id, "effects"),
                card.id,
            )
        for i, e in enumerate(card.effects):
            if e.kind != "damage_manned_bases" or e.troops == "all":
                continue
            if "artillery" not in rules.troop(e.troops).traits:
                yield Diagnostic(
                    "E255",
                    f"damage_manned_bases for {rules.troop(e.troops).troop}, which have no "
                    "artillery: only artillery damage goes to bases",
                    cat.position(card.id, "effects", i, "troops"),
                    card.id,
                )
