"""Export a catalogue as a spreadsheet that `cardgen import` reads back: CSV or .xlsx.

One row per card design in catalogue order, one column per card field, each cell as the pack's
:meth:`~cardgen.pack.Pack.export_row` writes it.  A ``file`` column is added when some card
lives in a file other than the one its file fields would name (``goblins.yaml`` holding the
``goblin`` back), so export and import give back the same files.  The .xlsx has a frozen,
filtered header row, fitted column widths and a drop-down list on each column with fixed
values (rules.yaml's decks, a card type), and the same catalogue always gives the same bytes.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path
from typing import Any

from cardgen.catalogue.custom_fields import card_model
from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.sheet_cells import (
    FALSE,
    PLACEHOLDERS,
    TRUE,
    csv_safe,
    export_row,
    field_choices,
    field_shapes,
)
from cardgen.catalogue.sheet_import import FILE_COLUMN, default_stem

#: the name of the sheet of cards in an exported workbook
SHEET_NAME = "Cards"
MAX_WIDTH = 60


def sheet_table(cat: Catalogue) -> tuple[list[str], list[list[Any]]]:
    """The header and the rows of the catalogue's sheet."""
    pack = cat.pack
    rows = [export_row(pack, c) for c in cat]
    columns = list(rows[0]) if rows else list(field_shapes(card_model(pack, cat.rules)))
    if not any(row.get(PLACEHOLDERS) for row in rows):  # a column only when something is marked
        columns = [c for c in columns if c != PLACEHOLDERS]
    table = [[row[c] for c in columns] for row in rows]
    stems = [Path(cat.sources[c.id].smap.file).stem if c.id in cat.sources else "" for c in cat]
    derived = [default_stem(pack, (getattr(c, f) for f in pack.catalogue.file_fields)) for c in cat]
    if stems != derived:
        columns.append(FILE_COLUMN)
        table = [[*row, stem] for row, stem in zip(table, stems, strict=True)]
    return columns, table


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return TRUE if value else FALSE
    return str(value)


def _csv_cell(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # a number, never a formula
    return csv_safe(_text(value))


def to_csv(cat: Catalogue) -> str:
    """The catalogue as CSV (UTF-8, comma-separated, a header row); a text a spreadsheet
    program would run as a formula (``=``, ``+``, ``-``, ``@`` first) starts with an apostrophe
    (:func:`~cardgen.catalogue.sheet_cells.csv_safe`; import takes it off)."""
    columns, table = sheet_table(cat)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([_csv_cell(v) for v in row] for row in table)
    return buf.getvalue()


def column_choices(cat: Catalogue) -> dict[str, list[str]]:
    """The fixed values of each single-valued column: the pack's enums from rules.yaml
    (``deck``) and the card model's own (``type``)."""
    pack = cat.pack
    enums = pack.catalogue.schema_enums(cat.rules)
    model = card_model(pack, cat.rules)
    own = field_choices(model)
    shapes = field_shapes(model)
    out = {}
    for name, shape in shapes.items():
        values = enums.get(name) or own.get(name)
        if shape.kind == "text" and values:
            out[name] = list(values)
    return out


def to_xlsx(cat: Catalogue) -> bytes:
    """The catalogue as an .xlsx workbook with one sheet, ``Cards``."""
    import xlsxwriter

    columns, table = sheet_table(cat)
    buf = io.BytesIO()
    options = {"in_memory": True, "strings_to_numbers": False, "strings_to_formulas": False}
    book = xlsxwriter.Workbook(buf, {**options, "strings_to_urls": False})
    book.set_properties({"created": datetime(2000, 1, 1), "title": f"{cat.rules.game} cards"})
    sheet = book.add_worksheet(SHEET_NAME)
    head = book.add_format({"bold": True, "bg_color": "#E4E4E4", "bottom": 1})
    cell = book.add_format({"valign": "top", "text_wrap": True})
    widths = [len(c) for c in columns]
    for c, name in enumerate(columns):
        sheet.write_string(0, c, name, head)
    for r, row in enumerate(table, start=1):
        for c, value in enumerate(row):
            if isinstance(value, bool):
                sheet.write_boolean(r, c, value, cell)
            elif isinstance(value, int | float):
                sheet.write_number(r, c, value, cell)
            elif value != "":
                sheet.write_string(r, c, value, cell)
            longest = max((len(line) for line in _text(value).split("\n")), default=0)
            widths[c] = max(widths[c], longest)
    for c, width in enumerate(widths):
        sheet.set_column(c, c, min(width + 2, MAX_WIDTH))
    last = max(len(table), 1)
    for name, values in column_choices(cat).items():
        if name not in columns or len(",".join(values)) > 255:
            continue
        c = columns.index(name)
        sheet.data_validation(
            1,
            c,
            last + 1000,
            c,
            {
                "validate": "list",
                "source": values,
                "error_title": f"Unknown {name}",
                "error_message": f"One of: {', '.join(values)}"[:255],
            },
        )
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, len(table), len(columns) - 1)
    book.close()
    return buf.getvalue()
