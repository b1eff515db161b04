"""Components as data (issue 30): tokens, boards and mats of a plain game from its
components.yaml, drawn with its icons, counted in the manifest, checked by validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import pdf_page_sizes, pdf_texts

COMPONENTS = """tokens:
  - {id: points, name: Point token, count: 30, size: 18, fill: "#E0B43A", text: "1",
     back: {text: "5"}}
  - {id: marker, name: Marker, count: 2, shape: hexagon, size: 30, icon: coin}
boards:
  - id: board
    name: Trick board
    size: [396, 256]
    title: "{game}"
    slots: [{grid: [4, 1], at: [30, 60], gap: 20, label: "Seat {n}", icon: star}]
    texts: [{text: "Lead any card.", at: [30, 200], size: 16}]
    icons: [{icon: heart, at: [60, 230], size: 25, colour: "#AA2222"}]
mats:
  - {id: mat, name: Score mat, count: 2, size: [150, 100], title: "Scores"}
"""


@pytest.fixture
def game(runner, app, tmp_path) -> Path:
    root = tmp_path / "game"
    assert runner.invoke(app, ["new", str(root), "-q", "--name", "Token Game"]).exit_code == 0
    (root / "cards" / "components.yaml").write_text(COMPONENTS)
    return root / "cards"


def test_tokens_boards_and_mats_are_built_and_counted(runner, app, game, tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(game), "-o", str(out), "-q"])
    assert res.exit_code == 0, res.output
    comp = out / "components"
    assert sorted(p.name for p in comp.iterdir()) == [
        "board-a3.pdf",
        "board-tiled-a4.pdf",
        "mat-a4.pdf",
        "tokens-a4.pdf",
    ]
    tokens = pdf_texts(comp / "tokens-a4.pdf")
    assert len(tokens) == 2  # 32 pieces fit one A4 sheet: fronts, then backs
    assert tokens[0].count("1") >= 30 and "5" not in tokens[0].replace("Token", "")
    assert tokens[1].count("5") == 30 and "print on the back" in tokens[1]
    board = pdf_texts(comp / "board-a3.pdf")
    assert len(board) == 1 and "Token Game" in board[0] and "Seat 4" in board[0]
    w, h = pdf_page_sizes(comp / "board-a3.pdf")[0]
    assert sorted((round(w * 25.4 / 72), round(h * 25.4 / 72))) == [297, 420]
    assert len(pdf_texts(comp / "board-tiled-a4.pdf")) > 1  # tiled to glue
    assert len(pdf_texts(comp / "mat-a4.pdf")) == 2  # two mats, each whole on A4
    manifest = json.loads((out / "manifest.json").read_text())
    checks = {c["component"]: c for c in manifest["components"]}
    assert {k: checks[k]["rulebook"] for k in ("points", "marker", "board", "mat")} == {
        "points": 30,
        "marker": 2,
        "board": 1,
        "mat": 2,
    }
    assert checks["board"]["variants"] == {"a3": 1, "tiled-a4": 1}
    assert all(c["ok"] for c in manifest["components"]), manifest["components"]
    appendix = (out / "appendix" / "appendix.md").read_text()
    assert "| Point token | 30 |" in appendix  # by its name, not its id


@pytest.mark.parametrize(
    ("old", "new", "code", "words"),
    [
        ("icon: coin", "icon: moon", "E404", "icons/moon.svg"),
        ("gap: 20", "gap: 90", "E406", "past the board's edge"),
        ("size: 18", "sise: 18", "E101", "sise"),
        ("count: 2, shape", "count: 2, shape: blob, s", "E104", "circle"),
    ],
)
def test_a_mistake_in_components_yaml_names_its_line(runner, app, game, old, new, code, words):
    path = game / "components.yaml"
    path.write_text(COMPONENTS.replace(old, new, 1))
    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 1, res.output
    assert code in res.output and words in res.output and "components.yaml:" in res.output


@pytest.mark.parametrize(
    ("old", "new", "line", "code", "words"),
    [
        ("at: [30, 60]", "at: [2, 60]", 10, "E413", "slot 1 lies 2 mm from the board's left edge"),
        ("at: [30, 60]", "at: [-5, 60]", 10, "E406", "past its left edge"),
        (
            "at: [30, 200]",
            "at: [30, 254]",
            11,
            "E413",
            "text 1 lies 0.6 mm from the board's bottom edge",
        ),
        ("at: [60, 230]", "at: [60, 250]", 12, "E406", "icon 'heart' runs past the board's"),
    ],
)
def test_board_content_near_its_cut_names_the_piece_and_its_line(
    runner, app, game, old, new, line, code, words
):
    """A slot, text or icon in the board's 1/8 in margin (or past its edge) is reported at its
    line in components.yaml, naming the board, the piece and the edge, not a page position."""
    path = game / "components.yaml"
    path.write_text(COMPONENTS.replace(old, new, 1))
    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 1, res.output
    assert f"components.yaml:{line}:" in res.output and f"{code} board 'board': " in res.output
    assert words in res.output, res.output
    assert "1 error(s)" in res.output and ".pdf page" not in res.output
