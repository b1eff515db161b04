"""A designer's data where the validator stayed silent or pointed elsewhere (issue 46 "Checks
that cannot lie"): each case as a designer meets it, in a game made by `cardgen new`."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def game(runner, app, tmp_path) -> Path:
    """The cards folder of a new plain game (``cardgen new mine --game plain``)."""
    res = runner.invoke(app, ["new", str(tmp_path / "mine"), "--game", "plain"])
    assert res.exit_code == 0, res.output
    return tmp_path / "mine" / "cards"


def _add_face_elements(cards: Path, lines: str) -> None:
    layout = cards / "layout.yaml"
    text = layout.read_text()
    assert "  prototype_line:" in text
    layout.write_text(text.replace("  prototype_line:", lines + "  prototype_line:", 1))


UNSET_ELEMENTS = (
    "  band_bar: {kind: shape, box: [0, 0, 63.5, 3.0], fill: {field: band}, bleed: true}\n"
    "  rank_index: {kind: text, box: [50, 68, 8, 6], field: rank, font: bold, size: 9}\n"
    '  suit_mark: {kind: icon, box: [50, 60, 6, 6], icon: "{suit}"}\n'
)
FIELDS = (
    "fields:\n"
    "  suit: {type: choice, choices: [sword, shield]}\n"
    "  rank: whole number\n"
    "  band: colour\n"
)


@pytest.mark.slow
def test_elements_reading_fields_no_card_sets_are_warned_and_build(runner, app, game, tmp_path):
    (game / "rules.yaml").write_text((game / "rules.yaml").read_text() + FIELDS)
    _add_face_elements(game, UNSET_ELEMENTS)
    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 0, res.output
    lines = (game / "layout.yaml").read_text().splitlines()
    for name, field in (("band_bar", "band"), ("rank_index", "rank"), ("suit_mark", "suit")):
        line = next(i for i, t in enumerate(lines, 1) if t.startswith(f"  {name}:"))
        assert (
            f"layout.yaml:{line}:" in res.output
            and f"W402 face.{name} draws on no card: no card sets `{field}`" in res.output
        ), res.output
    assert "3 warning(s)" in res.output
    assert runner.invoke(app, ["validate", str(game), "--strict"]).exit_code == 1
    # validate passed, so build must: the band's colour of a card without one is no colour
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(game), "-o", str(out), "--only", "cards", "-q"])
    assert res.exit_code == 0, res.output

    # one card setting each field: every element draws on some card, no warning
    heroes = game / "heroes.yaml"
    heroes.write_text(
        heroes.read_text().replace(
            "    copies: 3\n",
            '    copies: 3\n    suit: sword\n    rank: 7\n    band: "#AA3322"\n',
            1,
        )
    )
    res = runner.invoke(app, ["validate", str(game), "--strict"])
    assert res.exit_code == 0, res.output
    assert "W402" not in res.output


def test_an_element_left_out_by_its_condition_is_not_warned(runner, app, game):
    """A `when:` on an optional field is the designer's choice (the plain backs' patterns)."""
    rules = game / "rules.yaml"
    rules.write_text(
        rules.read_text().replace(", pattern: dots", "").replace(", pattern: stripes", "") + FIELDS
    )
    _add_face_elements(
        game, '  suit_mark: {kind: icon, box: [50, 60, 6, 6], icon: "{suit}", when: suit}\n'
    )
    res = runner.invoke(app, ["validate", str(game), "--strict"])
    assert res.exit_code == 0, res.output
    assert "W402" not in res.output


COMPONENTS = """tokens:
  - {id: points, name: Point token, count: 30, size: 18, fill: "#E0B43A", text: "1"}
boards:
  - {id: board, name: Trick board, size: [396, 256], title: "{game}"}
mats:
  - {id: mat, name: Score mat, count: 2, size: [150, 100], title: "Scores"}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("old", "new", "code", "words"),
    [
        (
            "bold: DejaVuSansCondensed-Bold.ttf",
            "bold: DejaVuSansCondnsed-Bold.ttf",
            "E001",
            "cannot load font 'DejaVuSansCondnsed-Bold.ttf'",
        ),
        ("field: name, font: title", "field: nmae, font: title", "E104", "unknown field 'nmae'"),
    ],
)
def test_a_layout_mistake_is_reported_once_at_its_line_not_as_sheets(
    runner, app, game, old, new, code, words
):
    """A misspelt font or field in layout.yaml of a game with components: the cause alone, not
    a "make the piece smaller" (E414) for every sheet first."""
    (game / "components.yaml").write_text(COMPONENTS)
    layout = game / "layout.yaml"
    text = layout.read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if old in t)
    layout.write_text(text.replace(old, new, 1))
    for command in (["validate", str(game)], ["build", str(game), "-o", str(game.parent / "o")]):
        res = runner.invoke(app, command)
        assert res.exit_code == 1, res.output
        assert f"layout.yaml:{line}:" in res.output and f"{code} " in res.output, res.output
        assert words in res.output
        assert "E414" not in res.output and "smaller" not in res.output, res.output
        assert "Traceback" not in res.output
    assert "invalid: 12 cards, 1 error(s)" in runner.invoke(app, ["validate", str(game)]).output


ROWS = """id,name,type,cost,back,copies,rank,mark,text
squire,Squire,hero,2,heroes,3,1,sword,Gain 1 {coin}.
knight,Knight,villain,x4,heroes,2,two,moon,Gain 1 {moonbeam}.
page,Page,hero,4,heroes,1,14,moon,Gain 1 {moonbeam}.
"""


def test_import_reports_every_problem_of_a_row_at_once(runner, app, game, tmp_path):
    """A row with an unreadable cell, a bad rank and an unknown icon: each problem at its cell
    in one run, not the next one only after the first is fixed."""
    rules = game / "rules.yaml"
    rules.write_text(
        rules.read_text()
        + "fields:\n  rank: {type: whole number, min: 1, max: 13}\n"
        + "  mark: icon\n"
    )
    sheet = tmp_path / "cards.csv"
    sheet.write_text(ROWS)
    before = sorted(p.name for p in game.iterdir())
    res = runner.invoke(app, ["import", str(sheet), "--to", str(game), "--force"])
    assert res.exit_code == 1, res.output
    found = [
        line.rsplit("/", 1)[-1].split(" [")[0]
        for line in res.output.splitlines()
        if " error " in line
    ]
    assert found == [
        "cards.csv:C3: error E104",  # type villain: not a type of rules.yaml
        "cards.csv:D3: error E102",  # cost x4
        "cards.csv:G3: error E102",  # rank two
        "cards.csv:H3: error E104",  # mark: no icons/moon.svg
        "cards.csv:I3: error E104",  # {moonbeam}
        "cards.csv:G4: error E105",  # rank 14 > max 13
        "cards.csv:H4: error E104",  # mark: no icons/moon.svg, though the rank is refused
        "cards.csv:I4: error E104",  # {moonbeam}, though the rank is refused
    ], res.output
    assert "unknown icon 'moon'" in res.output and "unknown icon token {moonbeam}" in res.output
    assert "8 error(s) in " in res.output
    assert sorted(p.name for p in game.iterdir()) == before  # nothing written


@pytest.mark.slow
def test_validate_reports_every_problem_of_a_card_at_once(runner, app, game):
    """A card file's card with a rank out of range, an unknown type, an unknown icon and an
    unknown icon token: the pack's checks read the card without its refused rank."""
    rules = game / "rules.yaml"
    rules.write_text(
        rules.read_text() + "fields:\n  rank: {type: whole number, min: 1, max: 13}\n  mark: icon\n"
    )
    heroes = game / "heroes.yaml"
    text = heroes.read_text()
    text = text.replace("    type: hero\n", "    type: villain\n", 1)
    text = text.replace("gain 1 {coin}", "gain 1 {moonbeam}", 1)
    text = text.replace("    copies: 3\n", "    copies: 3\n    rank: 14\n    mark: moon\n", 1)
    heroes.write_text(text)
    lines = text.splitlines()

    def line(start: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if t.startswith(start))

    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 1, res.output
    found = [ln.split("heroes.yaml:")[1].split(" [")[0] for ln in res.output.splitlines()
             if "heroes.yaml:" in ln and " error " in ln]  # fmt: skip
    assert found == [
        f"{line('    type: villain')}:11: error E104",
        f"{line('    text:')}:11: error E104",
        f"{line('    rank: 14')}:11: error E105",
        f"{line('    mark: moon')}:11: error E104",
    ], res.output
    assert "4 error(s)" in res.output
