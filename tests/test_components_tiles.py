"""Large items on A3 and tiled over A4/Letter: sizes, overlaps and alignment marks from the PDFs."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from conftest import pdf_texts
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from test_components_pdfscan import MM, placed_forms, segments

from cardgen.components.tiling import PAPERS, plan_tiles
from cardgen.packs.attack_right.components.kit import write_player_boards, write_scoreboard
from cardgen.packs.attack_right.components.style import load_layout
from cardgen.packs.attack_right.model import load_rules_model
from cardgen.packs.attack_right.pack import PACK

A3 = (297 * MM, 420 * MM)
TOL = 0.01


@pytest.fixture(scope="module")
def rules():
    from conftest import CARDS

    return load_rules_model(CARDS / "rules.yaml")


@pytest.fixture(scope="module")
def layout():
    return load_layout()


@pytest.fixture(scope="module")
def tiles_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("tiles")


@pytest.fixture(scope="module")
def pdfs(tiles_dir, rules, layout):
    out = tiles_dir
    files = {}
    for paper in ("a3", "a4", "letter"):
        for name, write in (("boards", write_player_boards), ("score", write_scoreboard)):
            path = out / f"{name}-{paper}.pdf"
            files[name, paper] = (write(PACK, path, rules, layout, paper), PdfReader(path))
    return files


def _size(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width), float(box.height)


def test_a3_one_item_per_page_turned_to_fit(pdfs):
    boards, reader = pdfs["boards", "a3"]
    assert boards.pages == len(reader.pages) == 4
    for page in reader.pages:
        assert _size(page) == pytest.approx(A3, abs=TOL)
    score, reader = pdfs["score", "a3"]
    assert score.pages == len(reader.pages) == 1
    assert _size(reader.pages[0]) == pytest.approx(A3[::-1], abs=TOL)  # landscape


def test_a3_pages_name_every_player(pdfs, tiles_dir, rules):
    texts = pdf_texts(tiles_dir / "boards-a3.pdf")
    for text, player in zip(texts, rules.players.colours, strict=True):
        assert player.name in text
        assert player.letter in text


def _windows(reader: PdfReader) -> dict[str, list[tuple[float, float, float, float]]]:
    """Per item form: the part of the item each page shows, in item coordinates."""
    out = defaultdict(list)
    for i in range(len(reader.pages)):
        items = [p for p in placed_forms(reader, i) if p.name.startswith("item_")]
        assert len(items) == 1, "one tile per page"
        p = items[0]
        x, y, w, h = p.clip
        out[p.name].append((x - p.dx, y - p.dy, w, h))
    return out


def _bbox(reader: PdfReader, name: str) -> tuple[float, float]:
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        key = f"/FormXob.{name}"
        if key in xobjects:
            x0, y0, x1, y1 = (float(v) for v in xobjects[key].get_object()["/BBox"])
            return x1 - x0, y1 - y0
    raise AssertionError(name)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["boards", "score"])
def test_tiles_cover_the_item_with_exact_overlaps(pdfs, layout, paper, name):
    made, reader = pdfs[name, paper]
    overlap, margin = layout.tiling.overlap * MM, layout.pages.margin * MM
    pw, ph = PAPERS[paper].pt
    for page in reader.pages:
        assert sorted(_size(page)) == pytest.approx(sorted((pw, ph)), abs=TOL)
    windows = _windows(reader)
    assert len(windows) == made.contains.get("player_boards", made.contains.get("scoreboards"))
    for form, tiles in windows.items():
        width, height = _bbox(reader, form)
        xs = sorted({round(t[0], 3) for t in tiles})
        ys = sorted({round(t[1], 3) for t in tiles})
        w, h = tiles[0][2], tiles[0][3]
        # the tiles cover the item exactly, edge to edge
        assert xs[0] == pytest.approx(0, abs=TOL) and ys[0] == pytest.approx(0, abs=TOL)
        assert xs[-1] + w == pytest.approx(width, abs=TOL)
        assert ys[-1] + h == pytest.approx(height, abs=TOL)
        assert len(tiles) == len(xs) * len(ys)
        # neighbours overlap by exactly the glue strip
        for a, b in itertools.pairwise(xs):
            assert a + w - b == pytest.approx(overlap, abs=TOL)
        for a, b in itertools.pairwise(ys):
            assert a + h - b == pytest.approx(overlap, abs=TOL)
        # every tile stays inside the printable area of the sheet
        assert w <= max(pw, ph) - 2 * margin + TOL and h <= max(pw, ph) - 2 * margin + TOL
        assert min(w, h) <= min(pw, ph) - 2 * margin + TOL


def _target_centres(reader: PdfReader, page_no: int, r_max: float) -> set[tuple[float, float]]:
    """Centres of alignment targets (a short horizontal and vertical line crossing), page space."""
    segs = segments(reader, page_no)
    hor = {
        (round((x0 + x1) / 2, 2), round(y0, 2))
        for x0, y0, x1, y1 in segs
        if abs(y0 - y1) < 1e-6 and 0 < abs(x1 - x0) <= 2 * r_max
    }
    ver = {
        (round(x0, 2), round((y0 + y1) / 2, 2))
        for x0, y0, x1, y1 in segs
        if abs(x0 - x1) < 1e-6 and 0 < abs(y1 - y0) <= 2 * r_max
    }
    return hor & ver


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_alignment_targets_coincide_on_neighbouring_tiles(pdfs, layout, paper):
    _, reader = pdfs["boards", paper]
    overlap = layout.tiling.overlap * MM
    r_max = 1.5 * layout.tiling.target_radius * MM + TOL
    by_item = defaultdict(list)  # form -> [(window, targets in item coordinates)]
    for i in range(len(reader.pages)):
        (p,) = [p for p in placed_forms(reader, i) if p.name.startswith("item_")]
        targets = {
            (round(x - p.dx, 1), round(y - p.dy, 1)) for x, y in _target_centres(reader, i, r_max)
        }
        x, y, w, h = p.clip
        by_item[p.name].append(((x - p.dx, y - p.dy, w, h), targets))
    for tiles in by_item.values():
        for win, targets in tiles:
            assert targets, "every tile carries alignment targets"
            for tx, ty in targets:  # all inside this tile's overlap strips
                x, y, w, h = win
                in_strip = min(tx - x, x + w - tx) < overlap or min(ty - y, y + h - ty) < overlap
                assert in_strip
        # every target appears on exactly two tiles: the pair it glues together
        seen = defaultdict(int)
        for _, targets in tiles:
            for t in targets:
                seen[t] += 1
        assert set(seen.values()) == {2}
        assert len(seen) >= layout.tiling.marks_per_edge


@pytest.mark.parametrize("name", ["boards", "score"])
def test_tile_pages_have_trim_lines_on_overlapping_edges(pdfs, name):
    _, reader = pdfs[name, "a4"]
    trims, items = 0, set()
    for i in range(len(reader.pages)):
        (p,) = [p for p in placed_forms(reader, i) if p.name.startswith("item_")]
        items.add(p.name)
        x, y, w, h = p.clip
        _, height = _bbox(reader, p.name)
        segs = segments(reader, i)
        if x - p.dx > TOL:  # not the first column: the left edge is trimmed, full height
            assert any(
                abs(s[0] - x) < TOL and abs(s[2] - x) < TOL and abs(abs(s[3] - s[1]) - h) < TOL
                for s in segs
            )
            trims += 1
        if y + h - p.dy < height - TOL:  # not the first row: the top edge is trimmed
            top = y + h
            assert any(
                abs(s[1] - top) < TOL and abs(s[3] - top) < TOL and abs(abs(s[2] - s[0]) - w) < TOL
                for s in segs
            )
            trims += 1
    assert trims >= len(reader.pages) - len(items)  # every tile but each item's first


@settings(max_examples=60, deadline=None)
@given(
    width=st.floats(50, 1200),
    height=st.floats(50, 1200),
    paper=st.sampled_from(["a4", "letter", "a3"]),
    overlap=st.floats(3, 30),
)
def test_plan_tiles_properties(width, height, paper, overlap):
    margin = 8 * MM
    w, h, ov = width * MM, height * MM, overlap * MM
    plan = plan_tiles(w, h, paper, margin, ov)
    pw, ph = PAPERS[paper].pt
    if plan.landscape:
        pw, ph = ph, pw
    assert len(plan.tiles) == plan.rows * plan.cols
    for t in plan.tiles:
        assert t.width <= pw - 2 * margin + 1e-6 and t.height <= ph - 2 * margin + 1e-6
        assert t.x >= -1e-6 and t.y >= -1e-6
        assert t.x + t.width <= w + 1e-6 and t.y + t.height <= h + 1e-6
    right = max(t.x + t.width for t in plan.tiles)
    top = max(t.y + t.height for t in plan.tiles)
    assert right == pytest.approx(w) and top == pytest.approx(h)
    if plan.cols > 1:
        a, b = plan.tiles[0], plan.tiles[1]
        assert a.x + a.width - b.x == pytest.approx(ov)


def test_plan_tiles_rejects_paper_smaller_than_the_overlap():
    with pytest.raises(ValueError, match="too small"):
        plan_tiles(1000, 1000, "a4", 100 * MM, 200 * MM)
