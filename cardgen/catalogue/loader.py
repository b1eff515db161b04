"""Load a catalogue folder (``rules.yaml`` + one YAML file per deck) into typed models.

Loading never stops at the first problem: every file and every card is checked, and all
diagnostics are collected.  Cards that pass the schema are kept so the rules-model checks
(:mod:`cardgen.catalogue.checks`) can still run on them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from cardgen.catalogue.card import Card, DeckFile
from cardgen.catalogue.types import DeckId
from cardgen.catalogue.validation_errors import error_to_diagnostic
from cardgen.catalogue.yaml_source import SourceMap, load_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position, Severity
from cardgen.rules.model import DEFAULT_RULES_FILE, RulesModel, load_rules_model

DECK_FILE_KEYS = tuple(DeckFile.model_fields)


@cache
def _deck_id() -> TypeAdapter:
    """The deck-id validator, built on first use (a replayed snapshot never needs it)."""
    return TypeAdapter(DeckId)


CARD_KEYS = tuple(Card.model_fields)


@dataclass(frozen=True)
class CardSource:
    """Where a card was defined: its file's source map and its index in ``cards``."""

    smap: SourceMap
    index: int

    def at(self, *path: str | int, key: bool = False) -> Position:
        return self.smap.at(("cards", self.index, *path), key=key)


@dataclass
class Catalogue:
    """The validated cards of a catalogue folder with the rules model they follow."""

    root: Path
    rules: RulesModel
    cards: list[Card]
    sources: dict[str, CardSource] = field(default_factory=dict)
    files: dict[str, SourceMap] = field(default_factory=dict)
    #: deck id -> the file that defines it (display name)
    deck_files: dict[str, str] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def select(self, deck: str | None = None, season: str | None = None) -> list[Card]:
        """Cards of a deck and/or season, in catalogue order."""
        return [
            c
            for c in self.cards
            if (deck is None or c.deck == deck) and (season is None or c.season == season)
        ]

    def count(self, deck: str | None = None, season: str | None = None) -> int:
        """Physical cards (copies included) of a deck and/or season."""
        return sum(c.copies for c in self.select(deck, season))

    def position(self, card_id: str, *path: str | int, key: bool = False) -> Position:
        src = self.sources.get(card_id)
        return src.at(*path, key=key) if src else Position(str(self.root))


def _display(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working folder when inside it."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def find_deck_files(root: Path) -> list[Path]:
    """The deck files of a catalogue folder, sorted by name."""
    files = [
        p
        for p in root.iterdir()
        if p.suffix in (".yaml", ".yml") and p.name != DEFAULT_RULES_FILE and not p.is_dir()
    ]
    return sorted(files)


def _load_deck_file(
    path: Path, display: str, rules: RulesModel, diags: list[Diagnostic]
) -> tuple[str | None, list[tuple[Card, CardSource]], SourceMap | None]:
    try:
        data, smap = load_yaml(path, display=display)
    except DiagnosticError as exc:
        diags.extend(exc.diagnostics)
        return None, [], None
    ctx = {"rules": rules}
    if not isinstance(data, dict):
        diags.append(
            Diagnostic(
                "E102", "a deck file must be a mapping with `deck:` and `cards:`", smap.at(())
            )
        )
        return None, [], smap
    # The file-level shape first (unknown keys, deck id), then each card on its own.
    for key in data:
        if key not in DECK_FILE_KEYS:
            diags.append(
                error_to_diagnostic(
                    {"loc": (key,), "type": "extra_forbidden", "msg": "", "input": None},
                    smap,
                    known_keys=DECK_FILE_KEYS,
                )
            )
    deck = None
    if "deck" not in data:
        diags.append(Diagnostic("E103", "missing required field 'deck'", smap.at(())))
    else:
        try:
            deck = _deck_id().validate_python(data["deck"], context=ctx)
        except ValidationError as exc:
            for err in exc.errors():
                diags.append(error_to_diagnostic({**err, "loc": ("deck", *err["loc"])}, smap))
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        code, msg = (
            ("E103", "missing required field 'cards'")
            if raw_cards is None
            else ("E102", "`cards` must be a non-empty list of cards")
        )
        diags.append(Diagnostic(code, msg, smap.at(("cards",))))
        return deck, [], smap
    out = []
    for i, raw in enumerate(raw_cards):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        card_id = card_id if isinstance(card_id, str) else None
        try:
            card = Card.model_validate(raw, context=ctx)
        except ValidationError as exc:
            for err in exc.errors():
                err = {**err, "loc": ("cards", i, *err["loc"])}
                diags.append(error_to_diagnostic(err, smap, known_keys=CARD_KEYS, card=card_id))
            continue
        src = CardSource(smap, i)
        if deck is not None:
            if card.deck is not None and card.deck != deck:
                diags.append(
                    Diagnostic(
                        "E110",
                        f"card deck {card.deck!r} differs from the file's deck {deck!r}",
                        src.at("deck"),
                        card.id,
                    )
                )
                continue
            card = card.model_copy(update={"deck": deck})
        if card.deck is None:
            continue
        out.append((card, src))
    return deck, out, smap


def read_catalogue(root: str | os.PathLike[str]) -> tuple[Catalogue | None, list[Diagnostic]]:
    """Load a catalogue folder, returning it (if the rules model loaded) and all schema problems.

    The returned catalogue holds only the cards that passed the schema; duplicate ids keep the
    first definition.
    """
    root = Path(root)
    diags: list[Diagnostic] = []
    rules_path = root / DEFAULT_RULES_FILE
    if not root.is_dir():
        return None, [Diagnostic("E010", "not a catalogue folder", Position(str(root)))]
    if not rules_path.is_file():
        return None, [
            Diagnostic("E010", f"no {DEFAULT_RULES_FILE} in this folder", Position(str(root)))
        ]
    try:
        rules = load_rules_model(rules_path, display=_display(rules_path))
    except DiagnosticError as exc:
        return None, exc.diagnostics
    cards: list[Card] = []
    sources: dict[str, CardSource] = {}
    files: dict[str, SourceMap] = {}
    decks: dict[str, str] = {}
    for path in find_deck_files(root):
        display = _display(path)
        deck, loaded, smap = _load_deck_file(path, display, rules, diags)
        if smap is not None:
            files[display] = smap
        if deck is not None:
            decks.setdefault(deck, display)
        for card, src in loaded:
            if card.id in sources:
                first = sources[card.id].at("id")
                diags.append(
                    Diagnostic(
                        "E106",
                        f"duplicate id {card.id!r} (first defined at {first})",
                        src.at("id"),
                        card.id,
                    )
                )
                continue
            sources[card.id] = src
            cards.append(card)
    deck_order = {d: i for i, d in enumerate(rules.deck_ids)}
    season_order = {s: i for i, s in enumerate(rules.season_ids)}
    cards.sort(key=lambda c: (deck_order[c.deck], season_order[c.season]))
    return Catalogue(root, rules, cards, sources, files, decks), diags


def load_catalogue(root: str | os.PathLike[str], *, use_cache: bool = True) -> Catalogue:
    """Load and fully validate a catalogue; raise DiagnosticError if it has any error.

    An unchanged catalogue is replayed from the snapshot cache (:mod:`.snapshot`).
    """
    from cardgen.catalogue.snapshot import checked_catalogue

    catalogue, diags = checked_catalogue(root, use_cache=use_cache)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors or catalogue is None:
        raise DiagnosticError(errors or diags)
    return catalogue
