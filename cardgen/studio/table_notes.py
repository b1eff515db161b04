"""Notes from a playtest: anyone at a shared table notes a card or a moment (free text), and
rates the game once it has ended.

Each shared game is a playtest folder of the output, ``playtests/<game>-seed<seed>-<n>/``,
holding its game log (``log.json``, the standard JSON log, saved after every move and note),
its notes (``notes.json``) and their exports (``notes.md``, ``notes.csv``).  The studio's
gallery shows the notes of every playtest of the output on their cards; the designer downloads
all of them as Markdown or CSV (:func:`markdown`, :func:`csv_text`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

#: The folder of the output holding the playtests.
FOLDER = "playtests"
#: The longest note (characters) and the most notes one link may write.
MAX_TEXT = 2000
MAX_NOTES = 200
RATINGS = range(1, 6)


class NoteError(ValueError):
    """A note refused, saying why."""


class Playtest:
    """One shared game's notes and log, saved in ``folder``."""

    def __init__(self, folder: Path, game: str, seed: int):
        self.folder, self.game, self.seed = folder, game, seed
        self.notes: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    @classmethod
    def create(cls, out: Path, game_id: str, game: str, seed: int) -> Playtest:
        """A new playtest folder under ``out``/playtests (the next free number)."""
        root = out / FOLDER
        root.mkdir(parents=True, exist_ok=True)
        n = 1
        while (root / f"{game_id}-seed{seed}-{n}").exists():
            n += 1
        folder = root / f"{game_id}-seed{seed}-{n}"
        folder.mkdir()
        playtest = cls(folder, game, seed)
        playtest._write_notes()
        return playtest

    def add(
        self,
        by: str,
        body: Mapping[str, Any],
        *,
        step: int,
        moment: str,
        cards: Mapping[str, str],
        ended: bool,
    ) -> dict[str, Any]:
        """The note of ``body`` (``text``, optional ``card`` among ``cards``: id to printed
        name, optional ``rating`` 1-5 once the game has ``ended``) written by ``by`` at
        ``step``; NoteError saying what is wrong.  A rating replaces ``by``'s earlier one."""
        text = body.get("text", "")
        card = body.get("card")
        rating = body.get("rating")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise NoteError(f"a note is text of at most {MAX_TEXT} characters")
        text = " ".join(text.split())
        if card in ("", None):
            card = None
        elif not isinstance(card, str) or card not in cards:
            raise NoteError("a note is about a card on your table, or about the moment")
        if rating is not None:
            if not ended:
                raise NoteError("the game is rated once it has ended")
            if isinstance(rating, bool) or rating not in RATINGS:
                raise NoteError("a rating is 1 to 5")
        if not text and rating is None:
            raise NoteError("an empty note")
        with self.lock:
            if sum(1 for n in self.notes if n["by"] == by) >= MAX_NOTES:
                raise NoteError(f"{MAX_NOTES} notes a seat at most")
            if rating is not None:
                for old in self.notes:
                    if old["by"] == by and old["rating"] is not None:
                        old["rating"] = None
            note = {
                "n": len(self.notes) + 1,
                "by": by,
                "step": step,
                "moment": moment,
                "card": card,
                "card_name": cards.get(card) if card else None,
                "text": text,
                "rating": rating,
            }
            self.notes.append(note)
            self._write_notes()
        return note

    def save_log(self, text: str) -> None:
        _write(self.folder / "log.json", text)

    def _write_notes(self) -> None:
        doc = {"game": self.game, "seed": self.seed, "notes": self.notes}
        _write(self.folder / "notes.json", json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        one = [(self.folder.name, doc)]
        _write(self.folder / "notes.md", markdown(one))
        _write(self.folder / "notes.csv", csv_text(one))


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (a reader never sees half a file)."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8", newline="")
    os.replace(part, path)


def playtests(out: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every playtest of the output folder ``out``: its folder's name and its notes document,
    in the folders' order (a file that does not read is left out)."""
    found = []
    for path in sorted((out / FOLDER).glob("*/notes.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(doc, dict) and isinstance(doc.get("notes"), list):
            found.append((path.parent.name, doc))
    return found


def by_card(tests: Iterable[tuple[str, dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The notes about each card, with their playtest's name."""
    cards: dict[str, list[dict[str, Any]]] = {}
    for name, doc in tests:
        for note in doc["notes"]:
            if note.get("card"):
                cards.setdefault(note["card"], []).append({**note, "playtest": name})
    return cards


def _md(text: str) -> str:
    """``text`` as Markdown shows it: its markup characters escaped."""
    return re.sub(r"([\\`*_\[\]<>|~])", r"\\\1", text)


def markdown(tests: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """The notes of ``tests`` as a Markdown document: each playtest's ratings and notes."""
    lines = ["# Playtest notes", ""]
    for name, doc in tests:
        lines += [f"## {_md(str(doc.get('game', '')))}, seed {doc.get('seed')} ({_md(name)})", ""]
        notes = doc["notes"]
        rated = [n for n in notes if n.get("rating") is not None]
        if rated:
            mean = sum(n["rating"] for n in rated) / len(rated)
            lines.append(f"Rating: {mean:.1f} / 5 ({len(rated)} ratings)")
            lines.append("")
        if not notes:
            lines += ["No notes.", ""]
        for n in notes:
            about = f"**{_md(n['card_name'])}** (`{n['card']}`)" if n.get("card") else "the moment"
            said = f": {_md(n['text'])}" if n.get("text") else ""
            rating = f" — rated {n['rating']}/5" if n.get("rating") is not None else ""
            moment = f" (after: {_md(n['moment'])})" if n.get("moment") else ""
            lines.append(f"- {n['by']}, step {n['step']}, on {about}{said}{rating}{moment}")
        lines.append("")
    return "\n".join(lines)


CSV_FIELDS = ("playtest", "n", "by", "step", "moment", "card", "card_name", "text", "rating")


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text (never a formula)."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(tests: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """The notes of ``tests`` as CSV: a row a note, the columns :data:`CSV_FIELDS`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for name, doc in tests:
        for n in doc["notes"]:
            writer.writerow([_cell(name), *(_cell(n.get(f)) for f in CSV_FIELDS[1:])])
    return out.getvalue()
