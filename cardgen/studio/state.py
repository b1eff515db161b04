"""What the studio shows of a catalogue at one moment: its cards, the picture of every face and
back, and every diagnostic pinned on the card it belongs to.

A :class:`State` is immutable and JSON-able (:meth:`State.to_json`): the session makes a new one
after every save, and the page patches only the cards whose data or picture changed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardgen.catalogue.sheet_cells import export_row
from cardgen.diagnostics import Diagnostic, Position, Severity

#: A picture: the raster store's key of the design as rendered for print, or None (none yet).
Key = str | None


@dataclass(frozen=True)
class CardInfo:
    """One card design as the gallery lists it."""

    id: str
    name: str
    copies: int
    back: str  # the design id of its back
    pile: str
    back_name: str
    fields: Mapping[str, Any]  # the sheet row of the card: field -> value
    text: str  # its printed rules text
    file: str  # the file it is defined in, as diagnostics name it
    line: int  # where its definition starts …
    end: int  # … and its last line (0: not a text file, e.g. a sheet)
    #: the card failed to load in the last save: what is shown is its last good data
    stale: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "copies": self.copies,
            "back": self.back,
            "pile": self.pile,
            "back_name": self.back_name,
            "fields": dict(self.fields),
            "text": self.text,
            "file": self.file,
            "line": self.line,
            "end": self.end,
            "stale": self.stale,
        }


@dataclass(frozen=True)
class BackInfo:
    """One back design: the pile it is printed for and its name there."""

    id: str
    pile: str
    name: str
    cards: int  # physical cards printed with it

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "pile": self.pile, "name": self.name, "cards": self.cards}


@dataclass(frozen=True)
class Update:
    """The save a state answers: the files changed, when the newest was written (seconds since
    the epoch, from its modification time) and the designs it re-rendered."""

    files: tuple[str, ...]
    saved: float
    rendered: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"files": list(self.files), "saved": self.saved, "rendered": list(self.rendered)}


@dataclass(frozen=True)
class State:
    """The catalogue as the studio shows it."""

    version: int = 0
    #: ``loading`` (nothing read yet), ``rendering`` (pictures on their way), ``checking``
    #: (the engine and print checks run: the diagnostics are the schema's so far), ``ready``
    phase: str = "loading"
    game: str = ""
    pack: str = ""
    cards: tuple[CardInfo, ...] = ()
    backs: tuple[BackInfo, ...] = ()
    #: design id (a card's id, or ``back/<pile>/<name>``) -> the picture shown
    pictures: Mapping[str, Key] = field(default_factory=dict)
    #: designs whose new picture is being rendered (the old one is shown meanwhile)
    pending: frozenset[str] = frozenset()
    #: pictures drawn at full size but not stored yet (no thumbnail: the page crops the bleed)
    previews: frozenset[str] = frozenset()
    diagnostics: tuple[Diagnostic, ...] = ()
    #: card size in mm: width, height, bleed, safe
    card_size: Mapping[str, float] = field(default_factory=dict)
    update: Update | None = None
    #: the catalogue folder: files are shown relative to the folder holding it
    root: Path | None = None
    #: a problem of the studio itself (a picture that could not be drawn), for the page
    message: str = ""

    @property
    def valid(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def card(self, card_id: str) -> CardInfo | None:
        return next((c for c in self.cards if c.id == card_id), None)

    def pins(self) -> list[str | None]:
        """The card each diagnostic belongs to (None: the catalogue as a whole)."""
        return [pin(d, self.cards) for d in self.diagnostics]

    def short(self, file: str) -> str:
        """``file`` (as diagnostics name it) relative to the folder holding the catalogue."""
        if not file or self.root is None:
            return file
        return _short(file, self.root, os.getcwd())

    def where(self, pos: Position) -> str:
        """A position as the pages show it: ``cards/battle.yaml:20:11`` (or the sheet cell)."""
        return str(replace(pos, file=self.short(pos.file)))

    def to_json(self) -> dict[str, Any]:
        pins = self.pins()
        return {
            "version": self.version,
            "phase": self.phase,
            "game": self.game,
            "pack": self.pack,
            "valid": self.valid,
            "cards": [{**c.to_json(), "where": self.short(c.file)} for c in self.cards],
            "backs": [b.to_json() for b in self.backs],
            "pictures": dict(self.pictures),
            "pending": sorted(self.pending),
            "previews": sorted(self.previews),
            "diagnostics": [
                {**d.to_dict(), "id": i, "pin": p, "where": self.where(d.position)}
                for i, (d, p) in enumerate(zip(self.diagnostics, pins, strict=True))
            ],
            "card_size": dict(self.card_size),
            "update": self.update.to_json() if self.update else None,
            "message": self.message,
        }


@lru_cache(maxsize=4096)
def _short(file: str, root: Path, cwd: str) -> str:
    """``file`` relative to the folder holding ``root`` (resolved once: a state names each
    card's file, and is made again after every save)."""
    path = Path(file) if Path(file).is_absolute() else Path(cwd) / file
    try:
        return path.resolve().relative_to(root.parent).as_posix()
    except (ValueError, OSError):
        return file


def pin(d: Diagnostic, cards: Iterable[CardInfo]) -> str | None:
    """The card ``d`` is about: the card it names, else the card whose definition holds its
    line (a YAML syntax error inside a card), else None."""
    cards = list(cards)
    ids = {c.id for c in cards}
    if d.card in ids:
        return d.card
    line = d.position.line
    if line:
        for c in cards:
            if c.file == d.position.file and c.line <= line <= c.end:
                return c.id
    return None


def back_id(back: Any) -> str:
    """The design id of a back (a :class:`~cardgen.pack.BackDesign`)."""
    return f"back/{back.pile}/{back.name}"


def design_id(sprite: Any) -> str:
    """The design id of a rasterised design (a :class:`~cardgen.render.products.raster.Sprite`)."""
    return sprite.card.id if sprite.card is not None else back_id(sprite.back)


def card_infos(catalogue: Any) -> tuple[list[CardInfo], list[BackInfo]]:
    """The cards and backs of a loaded catalogue, in catalogue order."""
    pack, rules = catalogue.pack, catalogue.rules
    cards: list[CardInfo] = []
    backs: dict[str, BackInfo] = {}
    ends: dict[str, dict[int, int]] = {}
    for card in catalogue:
        back = pack.print.printed_back(card, rules)
        bid = back_id(back)
        src = catalogue.sources.get(card.id)
        file, line, end = "", 0, 0
        if src is not None:
            pos = src.at()
            file, line = pos.file, pos.line
            if not pos.cell:
                if file not in ends:
                    ends[file] = _card_ends(src.smap)
                end = ends[file].get(src.index, line)
        cards.append(
            CardInfo(
                id=card.id,
                name=getattr(card, "name", card.id),
                copies=card.copies,
                back=bid,
                pile=back.pile,
                back_name=back.name,
                fields=export_row(pack, card),
                text=pack.print.card_text(card),
                file=file,
                line=line,
                end=end,
            )
        )
        seen = backs.get(bid)
        n = card.copies + (seen.cards if seen else 0)
        backs[bid] = BackInfo(bid, back.pile, back.name, n)
    return cards, list(backs.values())


def _card_ends(smap: Any) -> dict[int, int]:
    """The last line of each card of a card file: the furthest position inside it."""
    out: dict[int, int] = {}
    for table in (smap.values, smap.keys):
        for path, pos in table.items():
            if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
                out[path[1]] = max(out.get(path[1], 0), pos.line)
    return out


def carried_over(old: State, cards: list[CardInfo], diags: Iterable[Diagnostic]) -> list[CardInfo]:
    """The cards of ``old`` that are missing from ``cards`` because an error keeps them from
    loading (an error names them, or lies in their file): kept, marked stale, so the page
    shows their last good picture with the error; a card simply deleted is not kept."""
    present = {c.id for c in cards}
    errors = [d for d in diags if d.severity is Severity.ERROR]
    named = {d.card for d in errors}
    broken = {d.position.file for d in errors}
    return [
        replace(c, stale=True)
        for c in old.cards
        if c.id not in present and (c.id in named or c.file in broken)
    ]


def source_lines(root: Path, card: CardInfo) -> list[tuple[int, str]] | None:
    """The numbered lines of ``card``'s definition in its YAML file (None if it is not one of
    the catalogue folder's own YAML files)."""
    name = Path(card.file).name
    path = Path(root) / name
    if not card.end or path.suffix not in (".yaml", ".yml") or not path.is_file():
        return None
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeError):
        return None
    lines = text.splitlines()
    first, last = card.line, min(card.end, len(lines))
    return [(n, lines[n - 1]) for n in range(first, last + 1)]
