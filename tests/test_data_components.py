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


DUO = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect x="0" y="0" width="50" height="100" fill="#D02020"/>
  <rect x="50" y="0" width="50" height="100" fill="#2040D0"/>
</svg>"""
MARK = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect x="0" y="0" width="100" height="100" fill="currentColor"/>
</svg>"""


def _pixel(pdf: Path, x_mm: float, y_mm: float, page: int = 0) -> tuple[int, int, int]:
    """The RGB of the rendered page at ``(x_mm, y_mm)`` from its top-left corner (4 px/mm)."""
    import pypdfium2 as pdfium

    bitmap = pdfium.PdfDocument(str(pdf))[page].render(scale=4 * 25.4 / 72)
    image = bitmap.to_pil().convert("RGB")
    return image.getpixel((round(x_mm * 4), round(y_mm * 4)))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["token", "slot"])
def test_token_and_slot_icons_keep_the_designers_colours(game, tmp_path, kind):
    """An icon on a token or a board's slot keeps the colours of its SVG (as on cards and a
    board's icons), not one forced black or white; only its ``currentColor`` takes the ink that
    reads on the fill (issue 45)."""
    from cardgen.catalogue.components_file import load_components
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.components.data import write_boards, write_tokens

    (game / "icons").mkdir(exist_ok=True)
    (game / "icons" / "duo.svg").write_text(DUO)
    (game / "icons" / "mark.svg").write_text(MARK)
    (game / "components.yaml").write_text(
        """tokens:
  - {id: duo, name: Duo, count: 1, shape: square, size: 40, fill: "#1F1A17", icon: duo}
  - {id: mark, name: Mark, count: 1, shape: square, size: 40, fill: "#1F1A17", icon: mark}
boards:
  - id: board
    name: Board
    size: [200, 150]
    fill: "#1F1A17"
    slots:
      - {at: [20, 20], size: [80, 100], icon: duo}
      - {at: [110, 20], size: [80, 100], icon: mark}
"""
    )
    catalogue = load_catalogue(game, use_cache=False)
    data, problems = load_components(game)
    assert data is not None and not problems, problems
    pdf = tmp_path / f"{kind}.pdf"
    if kind == "token":
        write_tokens(catalogue, data.tokens, pdf, "a4")
        # pieces are laid from the page's margin (10 mm) 8 mm under the sheet's heading, each
        # 40 mm in a 47 mm cut square, its icon centred on it
        centres = [(10 + 23.5, 18 + 23.5), (10 + 47 + 23.5, 18 + 23.5)]
    else:
        write_boards(catalogue, data.boards, pdf, "a3", True)
        # the 200 x 150 mm board centred on landscape A3 (420 x 297 mm), each icon a little
        # above its slot's centre (60 or 150, 70 mm from the board's top-left)
        centres = [(110 + 60, 73.5 + 65), (110 + 150, 73.5 + 65)]
    red = _pixel(pdf, centres[0][0] - 2.5, centres[0][1])
    blue = _pixel(pdf, centres[0][0] + 2.5, centres[0][1])
    mark = _pixel(pdf, *centres[1])
    assert red[0] > 150 and red[2] < 90, red
    assert blue[2] > 150 and blue[0] < 90, blue
    assert min(mark) > 200, mark  # currentColor: white, which reads on the near-black fill
