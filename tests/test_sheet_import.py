"""`cardgen import` and the sheet exports: round trips, a designer's 20-card sheet, every
diagnostic at its cell, the CLI's rules and --force, and the cell notation."""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import CARDS, FIXTURES
from hypothesis import given
from hypothesis import strategies as st
from sheet_files import typed, write_ods, write_xlsx

from cardgen.catalogue.loader import find_card_files, load_catalogue, load_rules
from cardgen.catalogue.sheet_cells import (
    CellError,
    Notation,
    Shape,
    csv_text,
    format_record,
    format_value,
    parse_record,
    parse_value,
)
from cardgen.catalogue.sheet_import import import_sheet, read_sheet
from cardgen.catalogue.validate import validate

PLAIN = FIXTURES / "plain"
TAVERN = PLAIN / "tavern"
TOY = FIXTURES / "toy_pack" / "cards"
GOBLINS = FIXTURES / "sheets" / "goblin-market.csv"  # 20 card designs, typed by hand

SOURCES = {"attack-right": CARDS, "plain": PLAIN, "tavern": TAVERN}


def _cards(folder: Path) -> list[dict]:
    return [c.model_dump() for c in load_catalogue(folder, use_cache=False)]


def _names(folder: Path) -> list[str]:
    return [p.name for p in find_card_files(folder)]


def _empty_catalogue(source: Path, folder: Path) -> Path:
    """``folder`` with ``source``'s rules.yaml (and schema) but no card files."""
    folder.mkdir(parents=True)
    for name in ("rules.yaml", "deck.schema.json"):
        if (source / name).is_file():
            shutil.copy(source / name, folder / name)
    return folder


def _rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh, lineterminator="\n").writerows(rows)
    return path


def _export(runner, app, source: Path, fmt: str, tmp: Path) -> Path:
    """The catalogue as a sheet: `cardgen export` for csv and xlsx; an .ods made from the CSV
    export as a spreadsheet program would save it (numbers as numbers, a leading apostrophe
    read as "this is text")."""
    if fmt == "ods":
        text = _export(runner, app, source, "csv", tmp)
        rows = [[typed(csv_text(v)) for v in row] for row in _rows(text)]
        return write_ods(tmp / "cards.ods", {"Cards": rows})
    out = tmp / f"cards.{fmt}"
    res = runner.invoke(app, ["export", str(source), "-o", str(out)])
    assert res.exit_code == 0, res.output
    return out


def _import(runner, app, sheet: Path, folder: Path, *args: str):
    return runner.invoke(app, ["import", str(sheet), "--to", str(folder), *args])


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
@pytest.mark.parametrize("game", sorted(SOURCES))
def test_export_then_import_gives_the_same_catalogue(runner, app, tmp_path, game, fmt):
    source = SOURCES[game]
    sheet = _export(runner, app, source, fmt, tmp_path)
    folder = _empty_catalogue(source, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 0, res.output
    assert _cards(folder) == _cards(source)
    assert _names(folder) == _names(source)  # the same files (goblins.yaml holds back goblin)
    assert validate(folder, use_cache=False).ok
    # tidy and stable: a second import finds every file already as it would write it
    before = {p.name: p.read_bytes() for p in find_card_files(folder)}
    res = _import(runner, app, sheet, folder, "--force")
    assert res.exit_code == 0, res.output
    assert "0 file(s) written" in res.stdout and f"{len(before)} unchanged" in res.stdout
    assert {p.name: p.read_bytes() for p in find_card_files(folder)} == before
    # and the imported folder exports as the original did
    again = runner.invoke(app, ["export", str(folder), "--format", "csv"])
    original = runner.invoke(app, ["export", str(source), "--format", "csv"])
    assert again.stdout == original.stdout


def test_the_toy_pack_round_trips(runner, app, tmp_path, monkeypatch):
    """A pack from outside cardgen, with its own file field, imports through the same hooks."""
    import cardgen.pack

    monkeypatch.syspath_prepend(str(FIXTURES / "toy_pack"))
    toy = __import__("toy_pack")
    monkeypatch.setitem(cardgen.pack._REGISTERED, "toy", toy.PACK)
    sheet = _export(runner, app, TOY, "csv", tmp_path)
    assert _rows(sheet)[0] == ["id", "name", "element", "power", "copies", "art"]
    folder = _empty_catalogue(TOY, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 0, res.output
    assert _cards(folder) == _cards(TOY) and _names(folder) == ["fire.yaml", "water.yaml"]
    assert (folder / "fire.yaml").read_text().splitlines()[1:4] == [
        "element: fire",
        "cards:",
        "  - id: spark",
    ]
    sys.modules.pop("toy_pack", None)


def test_attack_right_sheet_is_readable(runner, app, tmp_path):
    """Effects in the cell notation, lists as words, no JSON; the text column is the override
    (empty when the text is generated from the effects)."""
    rows = _rows(_export(runner, app, CARDS, "csv", tmp_path))
    head, body = rows[0], {r[0]: dict(zip(rows[0], r, strict=True)) for r in rows[1:]}
    assert "file" not in head  # every card is in the file its deck names
    laurel = body["battle-laurel-arch"]
    assert laurel["effects"] == (
        "gain_glory 1 trigger=battle when=attack_won; gain_glory 1 trigger=battle when=defence_won"
    )
    assert laurel["text"] == "" and laurel["star"] in ("true", "false")
    skirmisher = body["battle-shore-skirmisher"]
    assert skirmisher["placement"] == "left middle right" and skirmisher["attack"] == "1"
    assert not any("{" in r["effects"] or "[" in r["effects"] for r in body.values())


def test_xlsx_export_is_a_workbook_to_edit(runner, app, tmp_path):
    first = _export(runner, app, CARDS, "xlsx", tmp_path)
    data = first.read_bytes()
    res = runner.invoke(app, ["export", str(CARDS), "-o", str(tmp_path / "again.xlsx")])
    assert res.exit_code == 0 and (tmp_path / "again.xlsx").read_bytes() == data  # stable
    sheet = read_sheet(first)
    assert sheet.name == "Cards" and len(sheet.rows) == 1 + 113
    with zipfile.ZipFile(first) as z:
        xml = z.read("xl/worksheets/sheet1.xml").decode()
    assert '<pane ySplit="1"' in xml and "<autoFilter" in xml  # frozen, filtered header
    assert '"battle,resource,age,spy"' in xml and '"unit,building"' in xml  # drop-down lists
    # -f follows -o's suffix; without -o the workbook goes to stdout (not a terminal here)
    res = runner.invoke(app, ["export", str(CARDS), "--format", "xlsx"])
    assert res.exit_code == 0 and res.stdout_bytes == data


# --- a designer's sheet -----------------------------------------------------------------------


def _goblin_game(runner, app, tmp_path: Path) -> Path:
    """A new plain game (`cardgen new`) given the Goblin Market rules."""
    game = tmp_path / "goblins"
    assert runner.invoke(app, ["new", str(game)]).exit_code == 0
    return game / "cards"


def test_a_20_card_sheet_imports_and_builds(runner, app, tmp_path, plain):
    folder = _goblin_game(runner, app, tmp_path)
    starter = _names(folder)
    res = _import(runner, app, GOBLINS, folder)
    # the starter's cards are cardgen's (source.yaml): replaceable; but not by goblins the
    # starter's rules do not know
    assert res.exit_code == 1 and "nothing was written" in res.output
    assert _names(folder) == starter
    res = _import(runner, app, GOBLINS, folder, "--rules", str(PLAIN / "rules.yaml"), "--force")
    assert res.exit_code == 0, res.output
    assert "imported 20 card designs (42 cards)" in plain(res.stdout)
    assert _names(folder) == ["goblin.yaml", "market.yaml"]  # the starter's heroes.yaml is gone
    assert (folder / "rules.yaml").read_bytes() == (PLAIN / "rules.yaml").read_bytes()
    cat = load_catalogue(folder, use_cache=False)
    fair, sneak = cat.card("fair"), cat.card("sneak")
    assert fair.text == "Everyone draws a {card}.\nThen gain 1 {coin}." and fair.cost is None
    assert sneak.stats == {"attack": 1, "health": 2} and sneak.copies == 3
    assert cat.card("brute").copies == 1  # an empty cell: the default
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(folder), "-o", str(out), "--only", "cards"])
    assert res.exit_code == 0, res.output
    pdfs = sorted(p.name for p in out.rglob("*.pdf"))
    assert pdfs and any("goblin" in p for p in pdfs) and any("market" in p for p in pdfs)


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_the_same_sheet_from_a_workbook(runner, app, tmp_path, fmt):
    """Typed as numbers in a workbook, read as the CSV's text: the same cards."""
    rows = [[typed(v) for v in row] for row in _rows(GOBLINS)]
    writer = write_xlsx if fmt == "xlsx" else write_ods
    sheet = writer(tmp_path / f"goblins.{fmt}", {"Goblin Market": rows, "Empty": []})
    a = _empty_catalogue(PLAIN, tmp_path / "a")
    b = _empty_catalogue(PLAIN, tmp_path / "b")
    assert _import(runner, app, GOBLINS, a).exit_code == 0
    res = _import(runner, app, sheet, b)  # the one sheet with cells is the sheet of cards
    assert res.exit_code == 0, res.output
    assert _cards(a) == _cards(b)


def test_semicolon_csv_and_tolerant_headers(tmp_path):
    """A CSV saved where the decimal point is a comma uses ';'; headers in any case."""
    rows = _rows(GOBLINS)
    rows[0] = [f"  {h.upper()} " for h in rows[0]]
    path = tmp_path / "goblins.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh, delimiter=";", lineterminator="\r\n").writerows(rows)
    pack, rules = load_rules(PLAIN / "rules.yaml")
    result = import_sheet(read_sheet(path), pack, rules, tmp_path)
    assert result.ok, result.diagnostics
    assert len(result.catalogue) == 20


# --- diagnostics at their cells -------------------------------------------------------------------


def _mutated(tmp_path: Path, edit) -> Path:
    rows = _rows(GOBLINS)
    edit(rows)
    return _write_csv(tmp_path / "cards.csv", rows)


def _cell(rows, row: int, column: str, value: str) -> None:
    rows[row - 1][rows[0].index(column)] = value


#: (what, edit of the 20-card sheet, code, cell, words of the message or hint)
CASES = [
    ("bad number", lambda r: _cell(r, 3, "Cost", "two"), "E102", "D3", "'two' is not a whole"),
    ("unknown value", lambda r: _cell(r, 4, "Back", "goblins"), "E104", "E4", "'goblin'"),
    ("unknown type", lambda r: _cell(r, 5, "Type", "orc"), "E104", "C5", "goblin, ware, event"),
    ("unknown icon", lambda r: _cell(r, 6, "Text", "Gain 1 {coins}."), "E104", "F6", "{coins}"),
    ("unknown stat", lambda r: _cell(r, 2, "Stats", "speed=1"), "E104", "H2", "speed"),
    ("bad stats", lambda r: _cell(r, 2, "Stats", "attack 1"), "E102", "H2", "key=value"),
    ("out of range", lambda r: _cell(r, 7, "Copies", "0"), "E105", "I7", "copies"),
    ("missing id", lambda r: _cell(r, 8, "ID", ""), "E103", "A8", "'id'"),
    ("duplicate id", lambda r: _cell(r, 9, "ID", "sneak"), "E106", "A9", "cards.csv:A2"),
    ("unknown back", lambda r: _cell(r, 3, "Back", "dragons"), "E104", "E3", "dragons"),
    ("unknown column", lambda r: _cell(r, 1, "Cost", "Cots"), "E111", "D1", "did you mean 'cost'"),
    ("duplicate column", lambda r: _cell(r, 1, "Text", "Name"), "E112", "F1", "B1"),
    ("no name column", lambda r: _cell(r, 1, "Name", "Title"), "E103", "A1", "'name'"),
    ("nameless column", lambda r: _cell(r, 1, "Flavour", ""), "E111", "G1", "no name"),
    ("empty sheet", lambda r: r.__setitem__(slice(0, None), [["", ""]]), "E014", "", "empty"),
    ("no cards", lambda r: r.__setitem__(slice(1, None), [[""] * 9]), "E014", "A1", "no cards"),
]


@pytest.mark.parametrize(
    ("edit", "code", "cell", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_problem_names_its_cell_and_nothing_is_written(
    runner, app, tmp_path, plain, edit, code, cell, words
):
    sheet = _mutated(tmp_path, edit)
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    text = plain(res.stderr)
    where = f"cards.csv:{cell}" if cell else "cards.csv"
    assert f"{where}: error {code}" in text, text
    assert words in text
    assert _names(folder) == []  # nothing written
    assert "nothing was written" in text or code in ("E014",)


def test_unknown_column_lists_the_valid_ones(tmp_path):
    sheet = read_sheet(_mutated(tmp_path, lambda r: _cell(r, 1, "Copies", "Count")))
    pack, rules = load_rules(PLAIN / "rules.yaml")
    (err,) = import_sheet(sheet, pack, rules, tmp_path).errors
    assert err.code == "E111" and "'Count'" in err.message
    assert "id, name, type, cost, text, flavour, stats, back, copies, art, version" in err.fix


def test_a_workbook_cell_names_its_sheet(runner, app, tmp_path, plain):
    rows = [[typed(v) for v in row] for row in _rows(GOBLINS)]
    rows[2][3] = "lots"
    sheet = write_xlsx(tmp_path / "cards.xlsx", {"Goblin Cards": rows})
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 1
    assert "cards.xlsx:'Goblin Cards'!D3: error E102" in plain(res.stderr)


@pytest.mark.parametrize(
    ("cell", "code", "words"),
    [
        ("gain_coin 1 trigger=played", "E107", "did you mean 'gain_coins'"),
        ("gain_coins 1 trigger=ongoing", "E108", "allowed triggers"),
        ("gain_coins one", "E102", "write kind first, then key=value"),
        ('produce resource="wood', "E102", "unclosed quote"),
        ("produce resource=gold", "E104", "wood, stone, food, iron"),
    ],
)
def test_effect_problems_name_the_effects_cell(runner, app, tmp_path, cell, code, words):
    sheet = _export(runner, app, CARDS, "csv", tmp_path)
    rows = _rows(sheet)
    rows[5][rows[0].index("effects")] = cell
    _write_csv(sheet, rows)
    pack, rules = load_rules(CARDS / "rules.yaml")
    errors = import_sheet(read_sheet(sheet), pack, rules, tmp_path).errors
    assert [(e.code, e.position.cell) for e in errors] == [(code, "K6")]
    assert words in errors[0].message + errors[0].fix


def test_file_column(runner, app, tmp_path):
    rows = _rows(GOBLINS)
    rows[0].append("File")
    for row in rows[1:]:
        if row:  # blank rows stay blank
            row.append("monsters" if row[4] == "goblin" else "shop.yaml")
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    res = _import(runner, app, _write_csv(tmp_path / "cards.csv", rows), folder)
    assert res.exit_code == 0, res.output
    assert _names(folder) == ["monsters.yaml", "shop.yaml"]
    rows[2][-1], rows[11][-1] = "rules", "monsters"  # reserved; and bread among the goblins
    res = _import(runner, app, _write_csv(tmp_path / "cards.csv", rows), folder, "--force")
    assert res.exit_code == 1
    assert "cards.csv:J3: error E109" in res.stderr and "cards.csv:E12: error E110" in res.stderr


@pytest.mark.parametrize(
    ("name", "content", "code", "words"),
    [
        ("cards.txt", b"id,name\n", "E012", "is not a spreadsheet"),
        ("cards.xlsx", b"not a zip", "E012", "not a readable .xlsx workbook"),
        ("cards.ods", b"PK\x03\x04broken", "E012", "not a readable .ods workbook"),
        ("cards.csv", "id,name\nx,Caf\xe9\n".encode("latin-1"), "E002", "not valid UTF-8"),
        ("cards.csv", b"", "E014", "the sheet is empty"),
        ("missing.csv", None, "E001", "does not exist"),
    ],
)
def test_unreadable_sheets(runner, app, tmp_path, plain, name, content, code, words):
    sheet = tmp_path / name
    if content is not None:
        sheet.write_bytes(content)
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert f"error {code}" in res.stderr and words in plain(res.stderr)
    assert _names(folder) == []


def test_several_sheets_need_a_name(runner, app, tmp_path, plain):
    rows = [[typed(v) for v in row] for row in _rows(GOBLINS)]
    notes = [["Ideas"], ["a goblin bank?"]]
    sheet = write_xlsx(tmp_path / "cards.xlsx", {"Notes": notes, "Cards": rows})
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 1 and "error E013" in res.stderr
    assert "--sheet 'Notes'" in plain(res.stderr) and "Notes, Cards" in plain(res.stderr)
    res = _import(runner, app, sheet, folder, "--sheet", "Card")
    assert res.exit_code == 2
    assert "'Card' is not one of 'Notes', 'Cards'" in plain(res.output)
    assert _names(folder) == []
    res = _import(runner, app, sheet, folder, "--sheet", "Cards")
    assert res.exit_code == 0, res.output
    res = _import(runner, app, GOBLINS, folder, "--sheet", "Cards", "--force")
    assert res.exit_code == 2 and "CSV file" in plain(res.output)


# --- the command line ----------------------------------------------------------------------


def test_a_folder_without_rules_needs_rules(runner, app, tmp_path, plain):
    res = _import(runner, app, GOBLINS, tmp_path / "new")
    assert res.exit_code == 2 and "--rules" in plain(res.output)
    assert not (tmp_path / "new").exists()
    res = _import(runner, app, GOBLINS, tmp_path / "new", "--rules", str(PLAIN / "rules.yaml"))
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [
        "goblin.yaml",
        "market.yaml",
        "rules.yaml",
        "source.yaml",
    ]
    other = tmp_path / "rules.yaml"
    other.write_text((PLAIN / "rules.yaml").read_text().replace("Goblin Market", "Goblin Fair"))
    res = _import(runner, app, GOBLINS, tmp_path / "new", "--rules", str(other))
    assert res.exit_code == 1 and "has its own rules.yaml" in plain(res.output)
    assert "Goblin Market" in (tmp_path / "new" / "rules.yaml").read_text()


def test_force_replaces_card_files_and_removes_stale_ones(runner, app, tmp_path):
    folder = _empty_catalogue(PLAIN, tmp_path / "cards")
    shutil.copy(PLAIN / "goblins.yaml", folder / "old.yaml")
    (folder / "notes.md").write_text("# the designer's notes stay\n")
    res = _import(runner, app, GOBLINS, folder, "-v")
    assert res.exit_code == 1 and "old.yaml" in res.output and "--force" in res.output
    res = _import(runner, app, GOBLINS, folder, "--force", "-v")
    assert res.exit_code == 0, res.output
    assert _names(folder) == ["goblin.yaml", "market.yaml"]
    assert f"removed {folder / 'old.yaml'}" in res.stderr
    assert f"wrote {folder / 'goblin.yaml'}" in res.stderr
    assert (folder / "notes.md").read_text() == "# the designer's notes stay\n"
    quiet = _import(runner, app, GOBLINS, folder, "--force", "-q")
    assert quiet.exit_code == 0 and quiet.stdout == ""


def test_warnings_are_shown_and_do_not_stop_the_import(runner, app, tmp_path):
    """Attack Right warns on a card without flavour text (W204): reported at its cell."""
    sheet = _export(runner, app, CARDS, "csv", tmp_path)
    rows = _rows(sheet)
    rows[1][rows[0].index("flavour")] = ""
    _write_csv(sheet, rows)
    folder = _empty_catalogue(CARDS, tmp_path / "cards")
    res = _import(runner, app, sheet, folder)
    assert res.exit_code == 0, res.output
    assert "cards.csv:A2: warning W204" in res.stderr
    assert load_catalogue(folder).card(rows[1][0]).flavour is None


# --- the cell notation ---------------------------------------------------------------------

_KEY = st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True)
_TEXT = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=8).map(str.strip)
_TEXT = _TEXT.filter(bool)
_SCALAR = st.one_of(_TEXT, st.integers(-999, 999), st.booleans())


@given(st.lists(st.dictionaries(_KEY, _SCALAR, min_size=1, max_size=3), max_size=3))
def test_records_round_trip(records):
    cell = format_value(Shape("records"), records)
    assert (parse_value(Shape("records"), cell) if cell else []) == records


@given(_TEXT.filter(lambda s: s[0].isalpha()), st.integers(-9, 9), st.dictionaries(_KEY, _SCALAR))
def test_a_record_with_a_lead_and_a_number_round_trips(kind, amount, rest):
    rest = {k: v for k, v in rest.items() if k not in ("kind", "amount")}
    record = {"kind": kind, "amount": amount, **rest}
    notation = Notation(lead="kind", number="amount")
    assert parse_record(format_record(record, notation), notation) == record


@given(st.lists(_TEXT, max_size=5), st.dictionaries(_KEY, _SCALAR, max_size=4))
def test_lists_and_mappings_round_trip(items, mapping):
    if items:
        cell = format_value(Shape("list"), items)
        assert parse_value(Shape("list"), cell) == items
    if mapping:
        cell = format_value(Shape("map"), mapping)
        assert parse_value(Shape("map"), cell) == mapping


def test_cells_a_designer_types():
    assert parse_value(Shape("list"), "left, middle  right") == ["left", "middle", "right"]
    assert parse_value(Shape("map"), "attack=1, health=2") == {"attack": 1, "health": 2}
    assert parse_value(Shape("bool"), "Yes") is True and parse_value(Shape("bool"), "0") is False
    assert parse_value(Shape("int_or_text"), "-") == "-"
    assert parse_value(Shape("int_or_text"), "3") == 3
    effects = parse_value(
        Shape("records"), "hidden\ngain_coins -1 target=neighbours;", Notation("kind", "amount")
    )
    assert effects == [
        {"kind": "hidden"},
        {"kind": "gain_coins", "amount": -1, "target": "neighbours"},
    ]
    for bad in ("3.5", "three", ""):
        with pytest.raises(CellError):
            parse_value(Shape("int"), bad)
    with pytest.raises(CellError, match="given twice"):
        parse_value(Shape("records"), "power 1 2", Notation("kind", "amount"))


@given(
    st.text(max_size=40),
    st.sampled_from(["text", "int", "bool", "int_or_text", "list", "map", "records", "json"]),
)
def test_any_cell_is_read_or_is_a_cell_error(text, kind):
    """Whatever a designer types, reading it gives a value or a CellError, never a crash."""
    with contextlib.suppress(CellError):
        parse_value(Shape(kind), text, Notation("kind", "amount"))
