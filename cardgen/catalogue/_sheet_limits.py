"""The bounds of a spreadsheet, checked before the sheet reader (python-calamine) opens it.

A workbook (.xlsx, .xlsm, .xlsb, .ods) is a zip: every member is unpacked as a stream and
counted, never past :data:`~cardgen.util.limits.MAX_SHEET_UNPACKED` bytes in all (a cell of
1.5 GB packed into a few KB is refused after 64 MB), and each worksheet's cells are located as
they stream by, so a sheet whose grid (its last row times its last column) holds more than
:data:`~cardgen.util.limits.MAX_SHEET_CELLS` is refused: the reader would allocate that grid
whole (one cell at XFD1048576 asked for 512 GB and aborted the process).
"""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO
from xml.parsers import expat

from cardgen.util.limits import (
    MAX_SHEET_BYTES,
    MAX_SHEET_CELLS,
    MAX_SHEET_MEMBERS,
    MAX_SHEET_UNPACKED,
)


class SheetTooLarge(ValueError):
    """The file is past one of the bounds; the message says which, in a designer's words."""


class NotAWorkbook(ValueError):
    """The file is not the zip its format is (damaged, or another format renamed)."""


_CELL_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d{1,7})")
_CHUNK = 1 << 16


def _column(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def column_letters(col: int) -> str:
    """A column's letters (1-based): 1 is ``A``, 27 ``AA``, 16384 ``XFD``."""
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


class _Grid:
    """The extent of one sheet's cells: its last row and column (1-based)."""

    def __init__(self, name: str = "") -> None:
        self.name, self.rows, self.cols = name, 0, 0

    def see(self, row: int, col: int) -> None:
        self.rows, self.cols = max(self.rows, row), max(self.cols, col)
        if self.rows * self.cols > MAX_SHEET_CELLS:
            sheet = f"{self.name}!" if self.name else ""
            raise SheetTooLarge(
                f"a cell at {sheet}{column_letters(col)}{row} makes the sheet a grid of more "
                f"than {MAX_SHEET_CELLS:,} cells"
            )


def check_sheet_file(path: Path, suffix: str) -> None:
    """Refuse ``path`` (SheetTooLarge, NotAWorkbook) before any reader opens it when it is past
    the bounds of docs/cli.md, "Limits"; OSError when it cannot be read."""
    size = path.stat().st_size
    if size > MAX_SHEET_BYTES:
        raise SheetTooLarge(
            f"the file is {size / 2**20:.0f} MB; a card sheet is at most "
            f"{MAX_SHEET_BYTES // 2**20} MB"
        )
    if suffix == ".csv":
        return
    try:
        book = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, EOFError, ValueError) as exc:
        raise NotAWorkbook(str(exc) or "not a zip file") from None
    with book:
        members = book.infolist()
        if len(members) > MAX_SHEET_MEMBERS:
            raise SheetTooLarge(f"the workbook holds {len(members)} parts")
        budget = [MAX_SHEET_UNPACKED]
        for info in members:
            scan = _scanner(info.filename, suffix)
            try:
                with book.open(info) as fh:
                    for chunk in _chunks(fh, budget):
                        if scan is not None:
                            scan(chunk)
            except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError) as exc:
                raise NotAWorkbook(f"{info.filename}: {exc}") from None
            except (zlib.error, expat.ExpatError):
                raise NotAWorkbook(f"{info.filename} is damaged") from None


def _chunks(fh: IO[bytes], budget: list[int]) -> Iterator[bytes]:
    while chunk := fh.read(_CHUNK):
        budget[0] -= len(chunk)
        if budget[0] < 0:
            raise SheetTooLarge(
                f"the workbook unpacks to more than {MAX_SHEET_UNPACKED // 2**20} MB "
                "(a card sheet unpacks to a few MB)"
            )
        yield chunk


def _scanner(member: str, suffix: str) -> Callable[[bytes], None] | None:
    """A function fed the member's bytes in order that locates its cells, or None."""
    sheet = member.startswith("xl/worksheets/")
    if suffix in (".xlsx", ".xlsm") and sheet and member.endswith(".xml"):
        return _xlsx_scanner(_Grid())
    if suffix == ".xlsb" and sheet and member.endswith(".bin"):
        return _xlsb_scanner(_Grid())
    if suffix == ".ods" and member == "content.xml":
        return _ods_scanner()
    return None


def _local(tag: str) -> str:
    return tag.rsplit(":", 1)[-1]


def _xlsx_scanner(grid: _Grid) -> Callable[[bytes], None]:
    parser = expat.ParserCreate()
    at = {"row": 0, "col": 0}

    def ref(text: str) -> tuple[int, int] | None:
        m = _CELL_REF.fullmatch(text.strip())
        return (int(m[2]), _column(m[1])) if m else None

    def start(tag: str, attrs: dict[str, str]) -> None:
        name = _local(tag)
        if name == "dimension":
            for part in attrs.get("ref", "").split(":"):
                if (cell := ref(part)) is not None:
                    grid.see(*cell)
        elif name == "row":
            r = attrs.get("r", "")
            at["row"] = int(r) if r.isdigit() else at["row"] + 1
            at["col"] = 0
        elif name == "c":
            cell = ref(attrs.get("r", ""))
            at["col"] = cell[1] if cell else at["col"] + 1
            grid.see(max(at["row"], cell[0] if cell else 0), at["col"])

    parser.StartElementHandler = start

    def feed(chunk: bytes) -> None:
        parser.Parse(chunk, False)

    return feed


class _Ods:
    """Cells of every ``table:table`` of content.xml, repeats counted; a run of empty cells or
    rows counts only when a filled cell follows it (programs write the unused area as one)."""

    def __init__(self) -> None:
        self.grid: _Grid | None = None
        self.row = self.col = 0
        self.rows = self.cols = 1
        self.parser = expat.ParserCreate()
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end

    def feed(self, chunk: bytes) -> None:
        self.parser.Parse(chunk, False)

    def filled(self) -> None:
        if self.grid is not None:
            self.grid.see(self.row + self.rows, self.col + self.cols)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "table:table":
            self.grid, self.row = _Grid(attrs.get("table:name", "?")), 0
        elif tag == "table:table-row":
            self.col, self.rows = 0, _repeat(attrs, "table:number-rows-repeated")
        elif tag in ("table:table-cell", "table:covered-table-cell"):
            self.cols = _repeat(attrs, "table:number-columns-repeated")
            if "office:value-type" in attrs:
                self.filled()
        elif tag == "text:p":
            self.filled()

    def end(self, tag: str) -> None:
        if tag in ("table:table-cell", "table:covered-table-cell"):
            self.col, self.cols = self.col + self.cols, 1
        elif tag == "table:table-row":
            self.row, self.rows = self.row + self.rows, 1


def _repeat(attrs: dict[str, str], key: str) -> int:
    text = attrs.get(key, "1")
    return int(text) if text.isdigit() else 1


def _ods_scanner() -> Callable[[bytes], None]:
    return _Ods().feed


#: xlsb record types: a row header, cells with a column, cells without one (the next column)
_XLSB_ROW, _XLSB_DIM = 0, 148
_XLSB_CELLS, _XLSB_SHORT_CELLS = range(1, 12), range(12, 19)


def _xlsb_scanner(grid: _Grid) -> Callable[[bytes], None]:
    """BIFF12 records (a type and a size, each a 7-bit varint) as they stream by."""
    buf = bytearray()
    at = {"row": 0, "col": 0}

    def varint(pos: int, most: int) -> tuple[int, int] | None:
        value = 0
        for i in range(most):
            if pos + i >= len(buf):
                return None
            byte = buf[pos + i]
            value |= (byte & 0x7F) << (7 * i)
            if not byte & 0x80:
                return value, pos + i + 1
        raise NotAWorkbook("a damaged record")

    def feed(chunk: bytes) -> None:
        buf.extend(chunk)
        pos = 0
        while True:
            head = varint(pos, 2)
            size = head and varint(head[1], 4)
            if not head or not size or size[1] + size[0] > len(buf):
                break
            kind, (length, body) = head[0], size
            data = bytes(buf[body : body + length])
            if kind == _XLSB_ROW and length >= 4:
                at["row"], at["col"] = struct.unpack_from("<I", data)[0] + 1, 0
            elif kind == _XLSB_DIM and length >= 16:
                _r0, r1, _c0, c1 = struct.unpack_from("<4I", data)
                grid.see(r1 + 1, c1 + 1)
            elif kind in _XLSB_CELLS and length >= 4:
                at["col"] = struct.unpack_from("<I", data)[0] + 1
                grid.see(max(at["row"], 1), at["col"])
            elif kind in _XLSB_SHORT_CELLS:
                at["col"] += 1
                grid.see(max(at["row"], 1), at["col"])
            pos = body + length
        del buf[:pos]

    return feed
