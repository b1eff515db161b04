"""Hostile spreadsheets and exports: formula-leading CSV cells, sheets past the limits, imports
that cannot be written whole, and the designer's comments kept by an import."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from sheet_files import bomb_xlsx

from cardgen.catalogue.loader import find_card_files, load_catalogue

PLAIN = FIXTURES / "plain"
FORMULAS = ['=HYPERLINK("http://x")', "+1+2", "-2", "@SUM(A1)", "'=quoted", "''-twice"]


def _cards(folder: Path) -> list[dict]:
    return [c.model_dump() for c in load_catalogue(folder, use_cache=False)]


def _plain_copy(tmp_path: Path, name: str = "src") -> Path:
    folder = tmp_path / name
    shutil.copytree(PLAIN, folder, ignore=shutil.ignore_patterns("tavern"))
    return folder


def _formula_game(tmp_path: Path) -> Path:
    """The plain fixture with a card whose texts start as spreadsheet formulas do."""
    folder = _plain_copy(tmp_path)
    lines = [
        f"  - {{id: formula-{i}, name: {value!r}, type: goblin, cost: 1, flavour: {value!r}}}"
        for i, value in enumerate(FORMULAS)
    ]
    path = folder / "goblins.yaml"
    path.write_text(path.read_text() + "\n".join(lines) + "\n")
    return folder


def test_csv_export_neutralises_formula_cells_and_import_reads_them_back(runner, app, tmp_path):
    source = _formula_game(tmp_path)
    res = runner.invoke(app, ["export", str(source), "--format", "csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.reader(io.StringIO(res.stdout, newline="")))
    names = [r[1] for r in rows[1:] if r[0].startswith("formula-")]
    assert names == ["'" + v for v in FORMULAS]  # each read as text by a spreadsheet program
    cells = [c for r in rows for c in r]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@") and c not in ("-", "+")]
    sheet = tmp_path / "cards.csv"
    sheet.write_text(res.stdout, encoding="utf-8")
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(source / "rules.yaml", folder / "rules.yaml")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder)])
    assert res.exit_code == 0, res.output
    assert _cards(folder) == _cards(source)


def test_a_lone_sign_is_no_formula_and_stays_as_it_is():
    from cardgen.catalogue.sheet_cells import csv_safe, csv_text

    assert [csv_safe(t) for t in ("-", "+", "-1+2", "+x", "=")] == ["-", "+", "'-1+2", "'+x", "'="]
    assert [csv_text(csv_safe(t)) for t in ("-", "-1+2", "=")] == ["-", "-1+2", "="]


def test_a_typed_apostrophe_stays(tmp_path):
    from cardgen.catalogue.sheet_import import read_sheet

    sheet = tmp_path / "cards.csv"
    sheet.write_text("id,name\nx,'Tis the season\ny,'=1\n", encoding="utf-8")
    assert read_sheet(sheet).rows[1:] == [["x", "'Tis the season"], ["y", "=1"]]


# --- sheets past the limits: refused before the reader opens them ------------------------------


def _import(runner, app, sheet: Path, tmp_path: Path):
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    shutil.copy(PLAIN / "rules.yaml", folder / "rules.yaml")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder)])
    return res, folder


def _far_xlsx(path: Path) -> Path:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Cards")
    sheet.write(0, 0, "id")
    sheet.write(1048575, 16383, "x")  # XFD1048576: the reader would allocate 17 G cells
    book.close()
    return path


def _ods_far(path: Path) -> Path:
    from sheet_files import write_ods

    rows: list[list] = [["id", "name"], ["a", "b"]]
    write_ods(path, {"Cards": rows})
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    far = (
        b'<table:table-row table:number-rows-repeated="5000"><table:table-cell '
        b'table:number-columns-repeated="300" office:value-type="string"><text:p>x</text:p>'
        b"</table:table-cell></table:table-row></table:table>"
    )
    parts["content.xml"] = parts["content.xml"].replace(b"</table:table>", far)
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: _far_xlsx(p / "far.xlsx"), "a cell at XFD1048576 makes the sheet a grid"),
        (lambda p: bomb_xlsx(p / "bomb.xlsx", 70), "unpacks to more than 64 MB"),
        (lambda p: _ods_far(p / "far.ods"), "a cell at Cards!KN5002 makes the sheet a grid"),
        (
            lambda p: _write(p / "wide.csv", "id" + "," * 1_000_001 + "\n"),
            "makes the sheet a grid of more than 1,000,000 cells",
        ),
        (lambda p: _write(p / "old.xls", "x"), "an .xls workbook (Excel 97-2003) is not read"),
    ],
)
def test_a_sheet_past_the_limits_is_refused_before_it_is_read(
    runner, app, tmp_path, plain, monkeypatch, make, words
):
    import python_calamine

    opened: list[str] = []
    real = python_calamine.CalamineWorkbook.from_path
    monkeypatch.setattr(
        python_calamine.CalamineWorkbook,
        "from_path",
        lambda p: opened.append(p) or real(p),
    )
    res, folder = _import(runner, app, make(tmp_path), tmp_path)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert words in plain(res.stderr)
    assert opened == [] and find_card_files(folder) == []


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_xlsb_cells_are_located_from_their_records():
    import struct

    from cardgen.catalogue._sheet_limits import SheetTooLarge, _Grid, _xlsb_scanner

    def record(kind: int, body: bytes) -> bytes:
        return bytes([kind, len(body)]) + body

    feed = _xlsb_scanner(_Grid())
    near = record(0, struct.pack("<I", 10)) + record(1, struct.pack("<II", 5, 0))
    far = record(0, struct.pack("<I", 1048575)) + record(7, struct.pack("<III", 16383, 0, 0))
    feed(near[:3])  # records split across chunks
    feed(near[3:])
    with pytest.raises(SheetTooLarge, match="XFD1048576"):
        feed(far)


def test_a_file_cell_of_300_characters_is_a_cell_error(runner, app, tmp_path, plain):
    sheet = _write(tmp_path / "cards.csv", f"id,name,back,file\nx,X,goblin,{'a' * 300}\n")
    res, folder = _import(runner, app, sheet, tmp_path)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "cards.csv:D2: error E109" in res.stderr and "at most 100" in plain(res.stderr)
    assert find_card_files(folder) == []


# --- an import is written whole or not at all --------------------------------------------------


def _attack_right_import(runner, app, tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    """cards/ copied, its sheet exported; the folder's files before any import."""
    from conftest import CARDS

    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    sheet = tmp_path / "cards.xlsx"
    res = runner.invoke(app, ["export", str(folder), "-o", str(sheet)])
    assert res.exit_code == 0, res.output
    # an edit on the sheet's side, so every card file is rewritten
    (folder / "battle.yaml").write_text((folder / "battle.yaml").read_text() + "\n")
    return folder, sheet, _tree(folder)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_an_import_whose_4th_file_is_a_folder_changes_nothing(runner, app, tmp_path, plain):
    folder, sheet, _ = _attack_right_import(runner, app, tmp_path)
    (folder / "spy.yaml").unlink()
    (folder / "spy.yaml").mkdir()
    before = _tree(folder)
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert "spy.yaml: it is a folder, not a file; nothing was changed" in plain(res.stderr)
    assert _tree(folder) == before


@pytest.mark.parametrize("stage", ["write", "swap"])
def test_an_import_failing_midway_leaves_the_folder_as_it_was(
    runner, app, tmp_path, plain, monkeypatch, stage
):
    """The 4th file cannot be written (a full disk), or the 3rd swap fails: every card file,
    rules.yaml and source.yaml is as before, no backup or temporary file is left."""
    import errno
    import os

    import cardgen.util.atomic as atomic

    folder, sheet, before = _attack_right_import(runner, app, tmp_path)
    calls = []
    real = atomic.os.fdopen if stage == "write" else atomic.os.replace

    def failing(*args, **kwargs):
        target = os.readlink(f"/proc/self/fd/{args[0]}") if stage == "write" else args[1]
        writes = stage == "swap" or "w" in (args[1:2] or [kwargs.get("mode", "r")])[0]
        if writes and Path(target).parent == folder:  # the import's, not a cache's or a font
            calls.append(args)
            if len(calls) == (4 if stage == "write" else 3):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(atomic.os, "fdopen" if stage == "write" else "replace", failing)
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    monkeypatch.undo()
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert "no space left on the device; nothing was changed" in plain(res.stderr)
    assert _tree(folder) == before
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    assert res.exit_code == 0, res.output
    backups = [n for n in _tree(folder) if n.endswith(".bak")]
    assert backups == [f"{deck}.yaml.bak" for deck in ("age", "battle", "resource", "spy")]


# --- an import keeps the designer's comments ---------------------------------------------------


def _comments(text: str) -> list[str]:
    """The comments of a YAML text (whole-line and end-of-line), in order."""
    out = []
    for line in text.splitlines():
        if "#" in line and (line.lstrip().startswith("#") or " #" in line):
            out.append(
                line[
                    line.index("#") if line.lstrip().startswith("#") else line.index(" #") :
                ].strip()
            )
    return out


GAMES = ["cards", "games/castle-rampage/cards", "games/greedy-kingdoms/cards"]


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_keeps_every_comment(runner, app, tmp_path, game):
    from conftest import ROOT

    folder = tmp_path / "cards"
    shutil.copytree(ROOT / game, folder)
    before = {p.name: p.read_text() for p in find_card_files(folder)}
    sheet = tmp_path / "cards.xlsx"
    assert runner.invoke(app, ["export", str(folder), "-o", str(sheet)]).exit_code == 0
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    assert res.exit_code == 0, res.output
    assert _cards(folder) == _cards(ROOT / game)
    header = "# Imported from cards.xlsx by `cardgen import`: edit the sheet, import it again."
    for name, text in before.items():
        after = (folder / name).read_text()
        assert [c for c in _comments(after) if c != header] == _comments(text), name
        assert header in after.splitlines()
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    assert "0 file(s) written" in res.stdout


def test_an_edited_sheet_updates_the_cards_in_place(runner, app, tmp_path):
    from conftest import CARDS

    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    res = runner.invoke(app, ["export", str(folder), "--format", "csv"])
    rows = list(csv.reader(io.StringIO(res.stdout, newline="")))
    ids = [r[0] for r in rows]
    name = rows[0].index("name")
    rows[ids.index("battle-shieldbearer")][name] = "Shield Line"
    archers = rows[ids.index("battle-hill-archers")]  # replaced by a new card
    archers[0], archers[name] = "battle-hill-bowmen", "Hill Bowmen"
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    sheet = tmp_path / "cards.csv"
    sheet.write_text(buf.getvalue(), encoding="utf-8")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder), "--force"])
    assert res.exit_code == 0, res.output
    text = (folder / "battle.yaml").read_text()
    original = (CARDS / "battle.yaml").read_text()
    assert (
        "# ---------------------------------------------------------------- spring (20 cards)"
        in text
    )
    assert "    name: Shield Line\n" in text and "    name: Shieldbearer\n" not in text
    assert "  - id: battle-hill-bowmen\n" in text and "id: battle-hill-archers" not in text
    cards = {c["id"]: c for c in _cards(folder)}
    assert cards["battle-hill-bowmen"]["name"] == "Hill Bowmen"
    # every comment of the file stays, but those of the removed card
    kept = set(_comments(text))
    removed = original[original.index("id: battle-hill-archers") :].split("\n  - id:")[0]
    lost = [c for c in _comments(original) if c not in kept]
    assert all(c in removed for c in lost)
    assert len(lost) < len(_comments(original)) / 10
