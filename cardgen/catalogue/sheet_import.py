"""Import a catalogue from a spreadsheet: one row per card design, one column per card field.

:func:`read_sheet` reads an .xlsx or .ods workbook (python-calamine) or a .csv file into text
cells; :func:`import_sheet` turns them into a checked catalogue and the card files that hold
it.  The first non-empty row names the columns: the card fields (case, spaces and dashes do
not matter; an unknown or repeated column is an error that lists the valid ones), and
optionally ``file``, the card file a card goes in.  Without it, the pack's file fields name the
files (Attack Right: one file per ``deck``).  Each cell is read by the pack's
:meth:`~cardgen.pack.Pack.import_row` (the notation of :mod:`cardgen.catalogue.sheet_cells`).

Every problem is a diagnostic at its cell (``cards.xlsx:Cards!C7``), found by the same checks
as `cardgen validate` (schema, rules model, extra checks) run on the imported cards before
anything is written; :func:`write_catalogue` then writes the files, each atomically.
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue._sheet_limits import (
    NotAWorkbook,
    SheetTooLarge,
    _Grid,
    check_sheet_file,
    column_letters,
)
from cardgen.catalogue.custom_fields import (
    NAME,
    card_model,
    field_clashes,
    infer_field,
    unknown_icon_hint,
)
from cardgen.catalogue.loader import (
    RESERVED_FILES,
    Catalogue,
    CheckedFile,
    assemble_catalogue,
    check_card_file,
    display_path,
    refused_too,
)
from cardgen.catalogue.placeholders import placeholder_notes
from cardgen.catalogue.sheet_cells import (
    RowError,
    cell_text,
    csv_text,
    field_shapes,
    import_row,
)
from cardgen.catalogue.sheet_source import Written, write_catalogue
from cardgen.catalogue.snapshot import checked_catalogue
from cardgen.catalogue.validate import ValidationResult
from cardgen.catalogue.yaml_source import MAX_BYTES, SourceMap
from cardgen.catalogue.yaml_write import card_file_yaml, keep_comments
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position, Severity, sort_key
from cardgen.util.files import describe_os_error, file_kind, read_input_file, why_not_regular
from cardgen.util.limits import MAX_SHEET_BYTES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from cardgen.catalogue.custom_fields import FieldDef
    from cardgen.catalogue.extra_checks import ExtraCheck
    from cardgen.catalogue.models import RulesBase
    from cardgen.pack import Pack

#: workbook formats python-calamine reads whose size can be checked first (zips), and CSV
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xlsb", ".ods")
SHEET_SUFFIXES = (*WORKBOOK_SUFFIXES, ".csv")
#: the optional column naming the card file a card goes in (its name without ``.yaml``)
FILE_COLUMN = "file"
#: a card file's name from a ``file`` cell: at most 100 characters (a file system allows 255)
_STEM = re.compile(r"[a-z0-9][a-z0-9_.-]{0,99}")
_RESERVED_STEMS = {Path(f).stem for f in RESERVED_FILES}


class UnknownSheet(LookupError):
    """``--sheet`` names no sheet of the workbook; ``names`` are the sheets it has."""

    def __init__(self, name: str, names: list[str]):
        self.name, self.names = name, names
        super().__init__(f"no sheet {name!r}; the workbook has {', '.join(names)}")


@dataclass
class Sheet:
    """The text of one sheet: ``rows[r][c]`` is the cell of row r+1, column c+1."""

    file: str
    name: str | None
    rows: list[list[str]]

    def cell(self, row: int, col: int) -> str:
        """The name of a cell (0-based indices): ``Cards!C7``, or ``C7`` in a CSV file."""
        letters = column_letters(col + 1)
        if self.name is None:
            return f"{letters}{row + 1}"
        name = self.name if re.fullmatch(r"\w+", self.name) else f"'{self.name}'"
        return f"{name}!{letters}{row + 1}"

    def at(self, row: int, col: int) -> Position:
        """The position of a cell (0-based indices)."""
        return Position(self.file, row + 1, col + 1, self.cell(row, col))

    @property
    def where(self) -> Position:
        """The sheet as a whole."""
        return Position(self.file, cell=self.name) if self.name else Position(self.file)


_KEEP_SMALL = (
    "a card sheet holds one row a card and one column a field: delete the cells far from "
    "the cards, or copy the cards to a new sheet (limits: docs/cli.md)"
)


def _too_large(exc: SheetTooLarge, display: str) -> DiagnosticError:
    return _fail("E008", f"too large for a card sheet: {exc}", Position(display), _KEEP_SMALL)


def _fail(code: str, message: str, where: Position, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError([Diagnostic(code, message, where, hint=hint)])


# --- reading a file ---------------------------------------------------------------------------


def read_sheet(path: str | os.PathLike[str], sheet: str | None = None) -> Sheet:
    """The sheet of cards in ``path``: the one named ``sheet``, else the workbook's only sheet
    that is not empty.  DiagnosticError for an unreadable file, a wrong format or several
    candidate sheets; :class:`UnknownSheet` when no sheet is called ``sheet``."""
    path = Path(path)
    display = display_path(path)
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise _fail(
            "E012",
            "an .xls workbook (Excel 97-2003) is not read: its size cannot be checked first",
            Position(display),
            "save the sheet as .xlsx, .ods or .csv",
        )
    if suffix not in SHEET_SUFFIXES:
        raise _fail(
            "E012",
            f"{path.suffix or 'a file without an extension'} is not a spreadsheet",
            Position(display),
            f"give one of {', '.join(SHEET_SUFFIXES)} (save the sheet in one of these formats)",
        )
    kind = file_kind(path)
    if kind != "file":
        whys = {"missing": "it does not exist", "unreadable": "it cannot be examined"}
        reason = whys.get(kind) or why_not_regular(path) or kind
        raise _fail("E001", f"cannot read file: {reason}", Position(display))
    try:
        check_sheet_file(path, suffix)
    except SheetTooLarge as exc:
        raise _too_large(exc, display) from None
    except NotAWorkbook as exc:
        raise _fail(
            "E012", f"not a readable {path.suffix} workbook ({exc})", Position(display)
        ) from None
    except OSError as exc:
        why = describe_os_error(exc, path)
        raise _fail("E001", f"cannot read file: {why}", Position(display)) from None
    if suffix == ".csv":
        if sheet is not None:
            raise UnknownSheet(sheet, [])
        return Sheet(display, None, _read_csv(path, display))
    return _read_workbook(path, display, sheet)


def _read_csv(path: Path, display: str) -> list[list[str]]:
    try:
        data = read_input_file(path, max_bytes=MAX_SHEET_BYTES)
    except OSError as exc:
        why = describe_os_error(exc, path)
        raise _fail("E001", f"cannot read file: {why}", Position(display)) from None
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise _fail(
            "E002",
            f"byte 0x{data[exc.start]:02x} is not valid UTF-8",
            Position(display, line, 1),
            "save the sheet as CSV UTF-8",
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)  # ; where the decimal point is a comma
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        rows: list[list[str]] = []
        grid = _Grid()
        for r in reader:
            grid.see(len(rows) + 1, len(r))
            rows.append([csv_text(c) for c in r])
        return rows
    except SheetTooLarge as exc:
        raise _too_large(exc, display) from None
    except csv.Error as exc:
        raise _fail("E012", f"not a readable CSV file: {exc}", Position(display)) from None


def _read_workbook(path: Path, display: str, sheet: str | None) -> Sheet:
    import python_calamine

    try:
        book = python_calamine.CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine's errors: a damaged zip, not a workbook, a password
        raise _fail(
            "E012", f"not a readable {path.suffix} workbook ({exc})", Position(display)
        ) from None
    try:
        names = [
            m.name for m in book.sheets_metadata if m.typ == python_calamine.SheetTypeEnum.WorkSheet
        ]
        if sheet is not None:
            if sheet not in names:
                raise UnknownSheet(sheet, names)
            chosen = sheet
        else:
            filled = [n for n in names if _cells(book, n)]
            if len(filled) > 1:
                raise _fail(
                    "E013",
                    f"the workbook has {len(filled)} sheets with cells: {', '.join(filled)}",
                    Position(display),
                    f"name the sheet of cards: --sheet {filled[0]!r} (or one of the others)",
                )
            chosen = filled[0] if filled else (names[0] if names else "")
        rows = _cells(book, chosen) if chosen else []
    except python_calamine.CalamineError as exc:
        raise _fail("E012", f"cannot read the workbook ({exc})", Position(display)) from None
    finally:
        book.close()
    return Sheet(display, chosen or None, rows)


def _cells(book: Any, name: str) -> list[list[str]]:
    rows = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    return [[cell_text(v) for v in row] for row in rows]


# --- the header -------------------------------------------------------------------------------


def column_key(header: str) -> str:
    """A header as the field it names: case, surrounding spaces, inner spaces and dashes
    ignored (``Applies to`` -> ``applies_to``)."""
    return re.sub(r"[\s-]+", "_", header.strip().lower())


@dataclass
class Columns:
    """The header row and which column holds which field; ``new``: the columns no field
    declares, which the import adds to rules.yaml's ``fields:`` (field -> column)."""

    row: int
    fields: dict[str, int] = field(default_factory=dict)
    new: dict[str, int] = field(default_factory=dict)


def sheet_columns(pack: Pack, model: type | None = None) -> list[str]:
    """Every column a sheet of ``pack`` may have: its card fields (``model``'s, the
    catalogue's card model), then ``file``."""
    return [*field_shapes(model or pack.catalogue.card_model), FILE_COLUMN]


def required_columns(
    pack: Pack, model: type[BaseModel] | None = None, rules: RulesBase | None = None
) -> list[str]:
    """The columns a sheet must have: the required card fields and the file fields that have
    no default."""
    defaults = pack.catalogue.file_field_defaults(rules) if rules is not None else {}
    fields = (model or pack.catalogue.card_model).model_fields
    return [
        n
        for n, f in fields.items()
        if (f.is_required() or n in pack.catalogue.file_fields) and n not in defaults
    ]


def read_header(
    sheet: Sheet,
    pack: Pack,
    diags: list[Diagnostic],
    model: type | None = None,
    rules: RulesBase | None = None,
    *,
    new_fields: bool = False,
) -> Columns | None:
    """The columns of the first non-empty row; every problem with them is added to
    ``diags`` (and None returned when there is no header at all).  With ``new_fields``, a
    column that is no field and not a near miss of one (a typo) is a new field
    (``Columns.new``)."""

    header_row = next((i for i, r in enumerate(sheet.rows) if any(c.strip() for c in r)), None)
    if header_row is None:
        diags.append(Diagnostic("E014", "the sheet is empty", sheet.where))
        return None
    model = model or pack.catalogue.card_model
    valid = sheet_columns(pack, model)
    cols = Columns(header_row)
    width = max(len(r) for r in sheet.rows)
    for c in range(width):
        header = sheet.rows[header_row][c] if c < len(sheet.rows[header_row]) else ""
        where = sheet.at(header_row, c)
        if not header.strip():
            if any(c < len(r) and r[c].strip() for r in sheet.rows[header_row + 1 :]):
                diags.append(
                    Diagnostic("E111", "a column with cells but no name", where, hint=_names(valid))
                )
            continue
        key = column_key(header)
        close = difflib.get_close_matches(key, valid, n=1, cutoff=0.6)
        if (
            key not in valid
            and new_fields
            and not close
            and NAME.fullmatch(key)
            and not field_clashes([key], model)
            and key not in cols.new
        ):
            cols.new[key] = c
        elif key not in valid:
            guess = f"did you mean {close[0]!r}? " if close else ""
            declare = " (or declare it under `fields:` in rules.yaml)" if new_fields else ""
            diags.append(
                Diagnostic(
                    "E111",
                    f"unknown column {header.strip()!r}",
                    where,
                    hint=guess + _names(valid) + declare,
                )
            )
        elif key in cols.fields:
            first = sheet.cell(header_row, cols.fields[key])
            diags.append(
                Diagnostic("E112", f"a second {key!r} column (the first is {first})", where)
            )
        else:
            cols.fields[key] = c
    for name in required_columns(pack, model, rules):
        if name not in cols.fields:
            why = (
                "it names the card's file"
                if name in pack.catalogue.file_fields
                else "every card has one"
            )
            diags.append(
                Diagnostic(
                    "E103",
                    f"no {name!r} column ({why})",
                    sheet.at(header_row, 0),
                    hint=f"add a column headed {name!r}",
                )
            )
    return cols


def _names(valid: list[str]) -> str:
    return f"the columns: {', '.join(valid)}"


# --- rows -> card files -------------------------------------------------------------------------


@dataclass
class _Row:
    index: int  # 0-based row of the sheet
    cells: dict[str, str]  # field -> text, non-empty cells only
    raw: dict[str, Any]  # the card mapping import_row made of them


def default_stem(pack: Pack, values: Iterable[Any]) -> str:
    """The card file of a card whose file fields have ``values``: their slug (``battle``),
    ``cards`` for a pack without file fields."""
    parts = [re.sub(r"[^a-z0-9_]+", "-", str(v).lower()).strip("-") for v in values]
    stem = "-".join(p for p in parts if p) or "cards"
    return f"{stem}-cards" if stem in _RESERVED_STEMS else stem


def _stem(text: str) -> str | None:
    """A ``file`` cell as a card file's name (``battle`` or ``battle.yaml``), or None."""
    stem = re.sub(r"\.ya?ml$", "", text.strip().lower())
    return stem if _STEM.fullmatch(stem) and stem not in _RESERVED_STEMS else None


@dataclass
class _Flagger:
    """Adds the diagnostics of one row's cells."""

    diags: list[Diagnostic]
    sheet: Sheet
    cols: Columns
    row: int
    card: str | None

    def __call__(self, code: str, message: str, column: str, hint: str | None = None) -> None:
        where = self.sheet.at(self.row, self.cols.fields[column])
        self.diags.append(Diagnostic(code, message, where, self.card, hint))


def _read_rows(
    sheet: Sheet,
    cols: Columns,
    pack: Pack,
    diags: list[Diagnostic],
    model: type,
    defaults: dict[str, Any],
    bad: set[Position],
) -> dict[str, list[_Row]]:
    """The rows of cards grouped by card file, in sheet order (``defaults``: the values of
    file fields a row may leave empty).  A cell that cannot be read is an error added to
    ``bad``; its row is read on without it, so the row's other problems are found too."""
    groups: dict[str, list[_Row]] = {}
    for r in range(cols.row + 1, len(sheet.rows)):
        line = sheet.rows[r]
        cells = {}
        for name, c in cols.fields.items():
            text = line[c].strip() if c < len(line) else ""
            if text:
                cells[name] = text
        if not cells:
            continue  # a blank row
        file_cell = cells.pop(FILE_COLUMN, None)
        flag = _Flagger(diags, sheet, cols, r, cells.get("id"))
        try:
            raw = import_row(pack, cells, model)
        except RowError as exc:
            for column, message in exc.problems:
                flag("E102", f"{column}: {message}", column)
                bad.add(sheet.at(r, cols.fields[column]))
            unread = {column for column, _ in exc.problems}
            cells = {k: v for k, v in cells.items() if k not in unread}
            try:  # the rest of the row: its other cells' problems now, not after a fix
                raw = import_row(pack, cells, model)
            except RowError:
                continue
        for name, value in defaults.items():
            if name not in cells:
                raw[name] = cells[name] = value
        missing = [f for f in pack.catalogue.file_fields if f not in cells]
        for name in missing:
            flag("E103", f"{name}: empty (every card needs one: it names its file)", name)
        if missing:
            continue
        if file_cell is None:
            stem = default_stem(pack, (raw.get(f, cells[f]) for f in pack.catalogue.file_fields))
        else:
            named = _stem(file_cell)
            if named is None:
                flag(
                    "E109",
                    f"file: {file_cell!r} is not a card file's name",
                    FILE_COLUMN,
                    "at most 100 lowercase letters, digits, '-' and '_' (not rules, layout, "
                    "components, icons)",
                )
                continue
            stem = named
        groups.setdefault(stem, []).append(_Row(r, cells, raw))
    return groups


def _source_map(sheet: Sheet, cols: Columns, pack: Pack, rows: list[_Row]) -> SourceMap:
    """Positions of one card file's values: the cells they were read from."""
    smap = SourceMap(sheet.file)
    values, keys = smap.values, smap.keys
    values[()] = sheet.at(rows[0].index, 0)
    values[("cards",)] = values[()]
    for name in pack.catalogue.file_fields:
        column = cols.fields.get(name, cols.fields.get("id", 0))
        values[(name,)] = keys[(name,)] = sheet.at(rows[0].index, column)

    def walk(path: tuple, value: Any, where: Position) -> None:
        values[path] = keys[path] = where
        if isinstance(value, dict):
            for k, v in value.items():
                walk((*path, k), v, where)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk((*path, i), v, where)

    for j, row in enumerate(rows):
        first = cols.fields.get("id", min(cols.fields.values()))
        values[("cards", j)] = sheet.at(row.index, first)
        for name in row.raw.keys() - cols.fields.keys():  # a default: the row's first cell
            walk(("cards", j, name), row.raw[name], sheet.at(row.index, first))
        for name, c in cols.fields.items():
            if name != FILE_COLUMN:
                walk(("cards", j, name), row.raw.get(name), sheet.at(row.index, c))
    return smap


@dataclass
class Imported(ValidationResult):
    """The outcome of an import: the catalogue (if its cards could be read), every problem,
    and the card files to write (file name -> YAML text; empty unless there is no error)."""

    files: dict[str, str] = field(default_factory=dict)
    #: the fields the sheet's new columns add to rules.yaml, with their inferred types
    new_fields: dict[str, FieldDef] = field(default_factory=dict)


Checks = Callable[[Catalogue], Iterable["ExtraCheck"]]


def import_sheet(
    sheet: Sheet,
    pack: Pack,
    rules: RulesBase,
    root: str | os.PathLike[str],
    *,
    extra_checks: Checks | None = None,
    header: Iterable[str] = (),
    new_fields: bool = False,
) -> Imported:
    """The catalogue a sheet describes, checked as `cardgen validate` checks a folder: the
    schema, the pack's rules-model checks and, when those pass, ``extra_checks`` (e.g.
    :func:`cardgen.checks.standard`), every diagnostic at the cell it is about.
    With no error, ``files`` holds the card files of the folder ``root``, each starting with
    the comment lines of ``header``.  With ``new_fields``, each column no field declares (and
    that is no near miss of a field) becomes a field of the type its cells suggest
    (:func:`cardgen.catalogue.custom_fields.infer_field`): ``new_fields`` of the result, which
    the caller adds to rules.yaml."""

    root = Path(root)
    diags: list[Diagnostic] = []
    model = card_model(pack, rules)
    cols = read_header(sheet, pack, diags, model, rules, new_fields=new_fields)
    if cols is None or diags:
        return Imported(None, _tidy(diags))
    added: dict[str, FieldDef] = {}
    if cols.new:
        body = sheet.rows[cols.row + 1 :]
        for name, c in cols.new.items():
            added[name] = infer_field([r[c] if c < len(r) else "" for r in body])
        rules = rules.model_copy(update={"fields": {**rules.fields, **added}})
        model = card_model(pack, rules)
        cols.fields.update(cols.new)
    bad: set[Position] = set()
    groups = _read_rows(
        sheet, cols, pack, diags, model, pack.catalogue.file_field_defaults(rules), bad
    )
    unread = set(diags)  # the cells that could not be read: each one error, said already
    diags += _row_icon_problems(groups, cols, sheet, rules, pack, root)
    if not groups and not diags:
        diags.append(
            Diagnostic(
                "E014",
                "the sheet has no cards: every row below the column names is empty",
                sheet.at(cols.row, 0),
            )
        )
    checked: list[CheckedFile] = []
    refused: list[Any] = []
    for stem, rows in groups.items():
        smap = _source_map(sheet, cols, pack, rows)
        data = {f: rows[0].raw[f] for f in pack.catalogue.file_fields}
        data["cards"] = [r.raw for r in rows]
        shared, cards = check_card_file(data, smap, pack, rules, diags, refused)
        checked.append((f"{stem}.yaml", smap, shared, cards))
    catalogue = assemble_catalogue(root, pack, rules, checked, diags)
    catalogue.refused = refused
    diags = [d for d in diags if d.position not in bad or d in unread]
    # the checks `cardgen validate` makes of the cards, made of every row (a row the schema
    # refused without its bad cells): every problem of a row at once, not one after another;
    # then, when nothing is wrong, the extra checks
    diags += placeholder_notes(catalogue)
    diags += refused_too(catalogue, pack.catalogue.check, diags)
    if not _has_errors(diags) and extra_checks is not None:
        for check in extra_checks(catalogue):
            diags += check.run(catalogue)
    diags = _tidy(diags)
    if _has_errors(diags):
        return Imported(catalogue, diags)
    files = {}
    for name, _smap, shared, cards in checked:
        models = [c for c, _ in cards]
        text = card_file_yaml(pack, shared, models, header=header)
        old = _old_text(root / name)
        files[name] = text if old is None else keep_comments(old, text, pack, models)
    return Imported(catalogue, diags, files=dict(sorted(files.items())), new_fields=added)


def _row_icon_problems(
    groups: dict[str, list[_Row]],
    cols: Columns,
    sheet: Sheet,
    rules: RulesBase,
    pack: Pack,
    root: Path,
) -> list[Diagnostic]:
    """E104 at each cell of an ``icon`` field naming an icon with no file, whether or not the
    rest of its row is valid (:func:`~cardgen.catalogue.custom_fields.icon_field_problems`
    of the rows)."""

    icon_fields = [n for n, f in (rules.fields or {}).items() if f.type == "icon"]
    out = []
    for rows in groups.values():
        for row in rows:
            for name in icon_fields:
                value = row.raw.get(name)
                hint = unknown_icon_hint(root, pack, value) if isinstance(value, str) else None
                if hint is not None and name in cols.fields:
                    where = sheet.at(row.index, cols.fields[name])
                    message = f"{name}: unknown icon {value!r}"
                    out.append(Diagnostic("E104", message, where, row.cells.get("id"), hint))
    return out


def _old_text(path: Path) -> str | None:
    """The card file an import replaces, to keep its comments (None: none, or unreadable)."""

    try:
        return read_input_file(path, max_bytes=MAX_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _has_errors(diags: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


def _tidy(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Report order, each diagnostic once (a file field is checked per file and per card)."""
    return sorted(dict.fromkeys(diags), key=sort_key)


# --- writing: :mod:`cardgen.catalogue.sheet_source` (``write_catalogue``, ``import_into``) -----


def reread_matches(folder: str | os.PathLike[str], imported: Catalogue) -> bool:
    """Whether the card files written to ``folder`` load as the imported cards (the designer's
    own card files beside them aside; the checked catalogue is kept in the cache, for the next
    command to replay)."""

    written, _ = checked_catalogue(folder)
    if written is None:
        return False
    ids = {c.id for c in imported}
    return [c.model_dump() for c in written if c.id in ids] == [c.model_dump() for c in imported]


__all__ = ["Written", "import_sheet", "read_sheet", "write_catalogue"]
