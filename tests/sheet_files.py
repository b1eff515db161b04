"""Spreadsheet files for the import tests: .xlsx (XlsxWriter) and .ods (written here: an .ods
is a zip of XML) from rows of cells, as a designer's spreadsheet program would save them."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_MANIFEST = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
_MIME = "application/vnd.oasis.opendocument.spreadsheet"

Rows = list[list[Any]]


def typed(value: Any) -> Any:
    """A CSV cell as a spreadsheet program types it: whole numbers become numbers."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def write_xlsx(path: Path, sheets: dict[str, Rows]) -> Path:
    """An .xlsx workbook with these sheets (numbers and booleans kept as such)."""
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False})
    for name, rows in sheets.items():
        sheet = book.add_worksheet(name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if isinstance(value, bool):
                    sheet.write_boolean(r, c, value)
                elif isinstance(value, int | float):
                    sheet.write_number(r, c, value)
                elif value not in ("", None):
                    sheet.write_string(r, c, str(value))
    book.close()
    return path


def _ods_cell(value: Any) -> str:
    if value in ("", None):
        return "<table:table-cell/>"
    if isinstance(value, bool):
        flag = "true" if value else "false"
        return (
            f'<table:table-cell office:value-type="boolean" office:boolean-value="{flag}">'
            f"<text:p>{flag.upper()}</text:p></table:table-cell>"
        )
    if isinstance(value, int | float):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    paras = "".join(f"<text:p>{escape(line)}</text:p>" for line in str(value).split("\n"))
    return f'<table:table-cell office:value-type="string">{paras}</table:table-cell>'


def write_ods(path: Path, sheets: dict[str, Rows]) -> Path:
    """An OpenDocument spreadsheet with these sheets."""
    tables = "".join(
        f"<table:table table:name={quoteattr(name)}>"
        + "".join(
            "<table:table-row>" + "".join(_ods_cell(v) for v in row) + "</table:table-row>"
            for row in rows
        )
        + "</table:table>"
        for name, rows in sheets.items()
    )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<office:document-content xmlns:office="{_OFFICE}" xmlns:table="{_TABLE}" '
        f'xmlns:text="{_TEXT}" office:version="1.2"><office:body><office:spreadsheet>'
        f"{tables}</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<manifest:manifest xmlns:manifest="{_MANIFEST}" manifest:version="1.2">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{_MIME}"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), _MIME)  # first and stored, as the format asks
        z.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        z.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return path


def bomb_xlsx(path: Path, megabytes: int) -> Path:
    """An .xlsx of a few hundred KB whose one text cell unpacks to ``megabytes`` MB."""
    import xlsxwriter

    base = path.with_name("base.xlsx")
    book = xlsxwriter.Workbook(str(base))
    book.add_worksheet("Cards").write(0, 0, "BOMB")
    book.close()
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename != "xl/sharedStrings.xml":
                out.writestr(info, data)
                continue
            head, tail = data.split(b"BOMB")
            with out.open(info.filename, "w", force_zip64=True) as fh:
                fh.write(head)
                for _ in range(megabytes):
                    fh.write(b"A" * 2**20)
                fh.write(tail)
    return path
