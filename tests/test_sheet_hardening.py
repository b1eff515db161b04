"""Hostile spreadsheets and exports: formula-leading CSV cells, sheets past the limits, imports
that cannot be written whole, and the designer's comments kept by an import."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

from conftest import FIXTURES

from cardgen.catalogue.loader import load_catalogue

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
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    sheet = tmp_path / "cards.csv"
    sheet.write_text(res.stdout, encoding="utf-8")
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(source / "rules.yaml", folder / "rules.yaml")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(folder)])
    assert res.exit_code == 0, res.output
    assert _cards(folder) == _cards(source)


def test_a_typed_apostrophe_stays(tmp_path):
    from cardgen.catalogue.sheet_import import read_sheet

    sheet = tmp_path / "cards.csv"
    sheet.write_text("id,name\nx,'Tis the season\ny,'=1\n", encoding="utf-8")
    assert read_sheet(sheet).rows[1:] == [["x", "'Tis the season"], ["y", "=1"]]
