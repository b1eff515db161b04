"""The spreadsheet as the source of a catalogue folder: ``source.yaml`` says which sheet its
card files come from and what each file held when cardgen wrote it, so an import never
replaces a card file edited by hand without saying so (it keeps a backup), and ``cardgen
watch`` knows which sheet to watch.

:func:`import_into` is the whole import of a sheet into a folder: read, check, then write the
card files (and ``rules.yaml`` when the sheet's new columns add fields) with
:func:`write_catalogue`, the one function that writes.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from cardgen.catalogue.custom_fields import declaration_yaml, with_fields
from cardgen.catalogue.loader import RULES_FILE, find_card_files, load_rules
from cardgen.util.atomic import replace_files

if TYPE_CHECKING:
    from cardgen.catalogue.sheet_import import Imported

SOURCE_FILE = "source.yaml"
_HEADER = """\
# Where this folder's card files come from (cardgen keeps this file).
# sheet: the spreadsheet they are imported from: edit it, then `cardgen import` it again, or
#   keep `cardgen watch --sheet` running (null: the card files are yours, made by `cardgen new`).
# files: what cardgen wrote; a card file edited since is kept as <file>.bak when an import
#   replaces it.
"""


@dataclass(frozen=True)
class Source:
    """A folder's ``source.yaml``: its sheet (relative to the folder, or None) and the digest
    of each card file as cardgen wrote it."""

    sheet: str | None
    files: dict[str, str] = field(default_factory=dict)

    def sheet_path(self, folder: Path) -> Path | None:
        return None if self.sheet is None else Path(os.path.normpath(Path(folder) / self.sheet))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_source(folder: str | os.PathLike[str]) -> Source | None:
    """The folder's ``source.yaml``, or None (none, or not one cardgen can read)."""
    try:
        data = yaml.safe_load((Path(folder) / SOURCE_FILE).read_text("utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("files", {}), dict):
        return None
    sheet = data.get("sheet")
    files = {str(k): str(v) for k, v in (data.get("files") or {}).items()}
    return Source(sheet if isinstance(sheet, str) else None, files)


def source_yaml(source: Source) -> str:
    """``source.yaml``'s text (stable: the same record gives the same bytes)."""
    body = yaml.safe_dump(
        {"sheet": source.sheet, "files": dict(sorted(source.files.items()))},
        sort_keys=False,
        allow_unicode=True,
    )
    return _HEADER + body


def record_files(folder: str | os.PathLike[str], sheet: str | None = None) -> None:
    """Record the folder's card files as cardgen's own (``cardgen new``'s starter files)."""
    folder = Path(folder)
    files = {p.name: digest(p.read_bytes()) for p in find_card_files(folder)}
    text = source_yaml(Source(sheet, files))
    (folder / SOURCE_FILE).write_text(text, "utf-8")


def hand_edited(folder: Path, source: Source | None) -> list[str]:
    """The card files cardgen wrote that were edited since (or all card files, with no
    record)."""
    out = []
    for path in find_card_files(folder):
        recorded = source.files.get(path.name) if source is not None else None
        if recorded is None:
            continue
        if digest(path.read_bytes()) != recorded:
            out.append(path.name)
    return out


def unrecorded(folder: Path, source: Source | None) -> list[str]:
    """The card files cardgen did not write (the designer's own, or a folder without a
    record)."""
    recorded = source.files if source is not None else {}
    return [p.name for p in find_card_files(folder) if p.name not in recorded]


@dataclass
class Written:
    """What :func:`write_catalogue` did: the files it wrote, kept unchanged and removed, the
    backups it kept of files edited by hand, and the designer's own card files it left."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    backups: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def _backup_name(path: Path, taken: set[Path]) -> Path:
    """``<name>.bak`` beside ``path`` (``.bak.2`` … when taken)."""
    target, n = path.with_name(path.name + ".bak"), 2
    while target.exists() or target in taken:
        target, n = path.with_name(f"{path.name}.bak.{n}"), n + 1
    return target


def write_catalogue(
    folder: str | os.PathLike[str],
    files: dict[str, str],
    *,
    rules: bytes | None = None,
    sheet: str | None = None,
) -> Written:
    """Make ``files`` the card files of ``folder`` that come from ``sheet`` (its path relative
    to the folder), all or nothing (:func:`cardgen.util.atomic.replace_files`: every file
    written in full first, then swapped in; on an OSError the folder is as it was): a file
    whose bytes are already there is left alone, the card files cardgen wrote before and the
    sheet no longer holds removed, and with ``rules`` its rules.yaml.  A card file edited by
    hand since cardgen wrote it (any card file, in a folder without ``source.yaml``) is copied
    to ``<name>.bak`` before it is replaced or removed; card files cardgen never wrote stay
    when the folder has a record.  The folder's other files (layout, art, icons) stay.
    ``source.yaml`` records the sheet and what was written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    source = read_source(folder)
    edited = set(hand_edited(folder, source))
    mine = set(unrecorded(folder, source)) if source is not None else set()
    out = Written()
    changes: dict[Path, bytes | None] = {}

    def backup(path: Path) -> None:
        target = _backup_name(path, set(changes))
        changes[target] = path.read_bytes()
        out.backups.append(target.name)

    wanted = {name: text.encode("utf-8") for name, text in files.items()}
    targets = {**wanted, RULES_FILE: rules} if rules is not None else wanted
    for name, data in targets.items():
        path = folder / name
        try:
            same = path.read_bytes() == data
        except OSError:
            same = False
        if same:
            out.unchanged.append(name)
            continue
        card_file = name != RULES_FILE
        if card_file and path.is_file() and (name in edited or name in mine or source is None):
            backup(path)
        changes[path] = data
        out.written.append(name)
    for path in find_card_files(folder):
        if path.name in wanted:
            continue
        if path.name in mine:
            out.kept.append(path.name)
            continue
        if path.name in edited or source is None:
            backup(path)
        changes[path] = None
        out.removed.append(path.name)
    record = Source(sheet, {n: digest(d) for n, d in wanted.items()})
    text = source_yaml(record).encode("utf-8")
    target = folder / SOURCE_FILE
    if not target.is_file() or target.read_bytes() != text:
        changes[target] = text
    replace_files(changes)
    return out


# --- the whole import ----------------------------------------------------------------------------


class ImportRefused(Exception):
    """The import would replace card files the designer wrote (``--force`` allows it)."""


@dataclass
class ImportOutcome:
    """An import: its checked result (diagnostics, new fields) and, when it wrote, what."""

    result: Imported
    written: Written | None = None


def import_into(
    sheet_path: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    *,
    sheet_name: str | None = None,
    rules: bytes | None = None,
    force: bool = False,
    extra_checks: Any,
) -> ImportOutcome:
    """Import the sheet at ``sheet_path`` into the catalogue folder ``folder``: read it
    (:func:`cardgen.catalogue.sheet_import.read_sheet`), check it as `validate` checks a
    folder (with ``extra_checks``: `cardgen import` passes :func:`cardgen.checks.standard`'s),
    add the fields of its new columns to rules.yaml, and write the card files with
    :func:`write_catalogue`; nothing is written on an error (``result.ok`` is False).
    ``rules``: the bytes of a rules.yaml to use (and write) instead of the folder's.
    :class:`ImportRefused` when card files the designer wrote would be replaced and not
    ``force``; DiagnosticError for an unreadable sheet or rules.yaml; UnknownSheet."""
    from cardgen.catalogue.sheet_import import import_sheet, read_sheet

    sheet_path, folder = Path(sheet_path), Path(folder)
    table = read_sheet(sheet_path, sheet_name)
    rules_path = folder / RULES_FILE
    if rules is not None:
        tmp = folder.parent / f".{folder.name}.rules.yaml"
        tmp.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(rules)
        try:
            pack, model = load_rules(tmp, display=str(rules_path))
        finally:
            tmp.unlink()
    else:
        pack, model = load_rules(rules_path)
    source = read_source(folder) if folder.is_dir() else None
    if not force and source is None and folder.is_dir() and find_card_files(folder):
        raise ImportRefused(", ".join(p.name for p in find_card_files(folder)))
    header = [
        f"Imported from {sheet_path.name} by `cardgen import`: edit the sheet, import it again."
    ]
    if (folder / "deck.schema.json").is_file():
        header.insert(0, "yaml-language-server: $schema=deck.schema.json")
    result = import_sheet(
        table, pack, model, folder, extra_checks=extra_checks, header=header, new_fields=True
    )
    if not result.ok:
        return ImportOutcome(result)
    if not force and source is not None:
        clash = sorted(set(result.files) & set(unrecorded(folder, source)))
        if clash:
            raise ImportRefused(", ".join(clash))
    if result.new_fields:
        text = (rules or rules_path.read_bytes()).decode("utf-8")
        note = f"added by `cardgen import {sheet_path.name}` (new columns): check their types"
        added = with_fields(text, result.new_fields, note)
        if added is None:
            raise FieldsNotAdded(result)
        rules = added.encode("utf-8")
    relative = os.path.relpath(sheet_path.resolve(), folder.resolve())
    written = write_catalogue(folder, result.files, rules=rules, sheet=Path(relative).as_posix())
    return ImportOutcome(result, written)


class FieldsNotAdded(Exception):
    """rules.yaml's ``fields:`` is not a block mapping the new columns' fields can be added
    to; ``declarations`` are the lines to add by hand."""

    def __init__(self, result: Imported):

        self.declarations = [declaration_yaml(n, f) for n, f in result.new_fields.items()]
        super().__init__("\n".join(self.declarations))
