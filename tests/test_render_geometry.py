"""Print geometry: units, the card grid, duplex mirroring, crop marks and page boxes."""

from __future__ import annotations

import pytest

from cardgen.render.geometry import PAPERS, Duplex, Grid, cut_lines
from cardgen.render.units import BLEED_MM, POKER, mm, px


def test_poker_png_size_with_bleed_is_the_game_crafter_size():
    assert px(POKER.w + 2 * BLEED_MM, 300) == 825
    assert px(POKER.h + 2 * BLEED_MM, 300) == 1125


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_3x3_poker_grid_is_centred_and_fits(paper):
    grid = Grid(PAPERS[paper], POKER)
    ext = grid.extent
    assert grid.fits()
    assert ext.w == pytest.approx(mm(3 * 63.5))
    assert ext.x == pytest.approx(mm(PAPERS[paper].w) - ext.x2)
    assert ext.y == pytest.approx(mm(PAPERS[paper].h) - ext.y2)


def test_slots_run_row_by_row_from_the_top_left():
    grid = Grid(PAPERS["a4"], POKER)
    first, second, fourth = grid.slot(0), grid.slot(1), grid.slot(3)
    assert first.x < second.x and first.y == second.y
    assert fourth.x == first.x and fourth.y < first.y
    assert first.y2 == pytest.approx(grid.extent.y2)


def test_long_edge_backs_mirror_columns_short_edge_backs_mirror_rows():
    grid = Grid(PAPERS["letter"], POKER)
    page_w, page_h = grid.paper.pt
    for i in range(9):
        front = grid.slot(i)
        long_back = grid.slot(i, Duplex.LONG)
        short_back = grid.slot(i, Duplex.SHORT)
        # turned over its long (vertical) edge, x maps to page_w - x
        assert long_back.x == pytest.approx(page_w - front.x2)
        assert long_back.y == pytest.approx(front.y)
        # turned over its short (horizontal) edge, y maps to page_h - y
        assert short_back.y == pytest.approx(page_h - front.y2)
        assert short_back.x == pytest.approx(front.x)


def test_cut_lines_are_card_edges():
    xs, ys = cut_lines(Grid(PAPERS["a4"], POKER))
    assert len(xs) == 4 and len(ys) == 4
    grid = Grid(PAPERS["a4"], POKER, gutter=3.0)
    xs, ys = cut_lines(grid)
    assert len(xs) == 6 and len(ys) == 6


def test_crop_marks_stay_outside_the_grid():
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.geometry import draw_crop_marks

    grid = Grid(PAPERS["a4"], POKER, cols=2, rows=3)
    c = Canvas(None, pagesize=grid.paper.pt)
    draw_crop_marks(c, grid)
    ops = " ".join(c._code).split()
    ext = grid.extent
    coords = [(float(ops[i - 2]), float(ops[i - 1])) for i, op in enumerate(ops) if op in "ml"]
    assert coords
    for x, y in coords:
        inside = ext.x + 0.01 < x < ext.x2 - 0.01 and ext.y + 0.01 < y < ext.y2 - 0.01
        assert not inside, (x, y)


def test_crop_marks_need_room_on_white_paper():
    """Three poker cards across A4 leave 9.8 mm to the paper's edge: not enough for 3 mm of
    mark on white past the cut and the printer's 1/4 in margin."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.geometry import CROP, crop_mark_segments, draw_crop_marks

    grid = Grid(PAPERS["a4"], POKER)
    with pytest.raises(ValueError, match=r"no room for crop marks.*9\.8 mm.*10\.35 mm"):
        draw_crop_marks(Canvas(None, pagesize=grid.paper.pt), grid)
    # room enough: every mark has 3 mm on white past the bleed
    roomy = Grid(PAPERS["a4"], POKER, cols=2, rows=2, gutter=6.0, bleed=3.0)
    for x1, y1, x2, y2 in crop_mark_segments(roomy, bleed=3.0):
        # from the bleed's edge: none of it over the bleed
        assert abs(x2 - x1) + abs(y2 - y1) == pytest.approx(mm(CROP.white))
