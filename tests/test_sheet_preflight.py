"""The sheets' print preflight: every component of every game, on every paper a kit uses,
read back as pixels: nothing within 1/4 in of the paper's edge (E412), nothing but a piece's
background within 1/8 in of its cut (E413), every piece laid out with its crop marks (E414)."""

from __future__ import annotations

import io

import pytest
from conftest import ROOT
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.loader import load_catalogue
from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.preflight import component_papers, page_problems, sheet_problems
from cardgen.components.tiling import PAPERS as SHEETS
from cardgen.components.tiling import Item, write_large
from cardgen.render.geometry import PAPERS, Grid, draw_crop_marks, recording_cuts
from cardgen.render.units import Size, mm

GAMES = ["cards", *(f"games/{g}/cards" for g in ("attack-the-tower", "authority",
                                                 "castle-rampage", "greedy-kingdoms"))]  # fmt: skip


@pytest.mark.parametrize("folder", GAMES)
def test_every_games_sheets_pass_the_preflight(folder):
    """Every component of the game, drawn on A4, A3, Letter and Tabloid (tiles included)."""
    catalogue = load_catalogue(ROOT / folder, use_cache=False)
    assert sheet_problems(catalogue) == []


def test_large_components_are_checked_on_both_kits_large_sheets_and_tiles():
    spec = ComponentSpec("mat", lambda rules, how: "", lambda *a: None, large=True)
    assert component_papers(spec) == ["a3", "a4", "tabloid", "letter"]
    small = ComponentSpec("chips", lambda rules, how: "", lambda *a: None)
    assert component_papers(small) == ["a4", "letter"]


def _page(draw) -> tuple[bytes, list]:
    """A one-page A4 PDF drawn by ``draw(canvas)``, and the pieces it cut."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=PAPERS["a4"].pt)
    with recording_cuts() as cuts:
        draw(c)
        c.showPage()
    c.save()
    return buf.getvalue(), cuts


GRID = Grid(PAPERS["a4"], Size(40.0, 40.0), cols=2, rows=2)


def test_ink_near_the_paper_edge_is_a_problem():
    pdf, _ = _page(lambda c: c.line(mm(3), mm(100), mm(3), mm(150)))
    ((kind, text),) = list(page_problems(pdf, []))
    assert kind == "edge" and "page 1: printed 2.8 mm from the paper's edge" in text
    pdf, _ = _page(lambda c: c.line(mm(7), mm(100), mm(7), mm(150)))
    assert list(page_problems(pdf, [])) == []


def _pieces(c: Canvas, inset: float, background: bool = False) -> None:
    """The grid's pieces: a background to the cut, or an outline ``inset`` mm inside it."""
    for i in range(GRID.per_page):
        b = GRID.slot(i)
        if background:
            c.setFillColorRGB(0.2, 0.3, 0.6)
            c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        c.setLineWidth(1)
        c.circle(b.x + b.w / 2, b.y + b.h / 2, b.w / 2 - mm(inset), stroke=1, fill=0)
    draw_crop_marks(c, GRID)


def test_a_piece_showing_more_than_its_background_near_its_cut_is_a_problem():
    pdf, cuts = _page(lambda c: _pieces(c, inset=1.5))
    assert len(cuts) == GRID.per_page and {c.page for c in cuts} == {1}
    found = list(page_problems(pdf, cuts))
    assert len(found) == GRID.per_page and all(kind == "safe" for kind, _ in found)
    assert "within 3.175 mm of its cut, on every side" in found[0][1]
    pdf, cuts = _page(lambda c: _pieces(c, inset=4.0))  # the disc kept 4 mm from the cut
    assert list(page_problems(pdf, cuts)) == []
    pdf, cuts = _page(lambda c: _pieces(c, inset=4.0, background=True))  # a background to it
    assert list(page_problems(pdf, cuts)) == []


def test_a_piece_showing_too_much_near_one_edge_names_that_edge():
    """A mark 1.5 mm inside a piece's left cut: the message says which edge to look at."""

    def draw(c: Canvas) -> None:
        for i in range(GRID.per_page):
            b = GRID.slot(i)
            c.rect(b.x + mm(1.5), b.y + mm(15), mm(3), mm(10), stroke=0, fill=1)
        draw_crop_marks(c, GRID)

    pdf, cuts = _page(draw)
    found = list(page_problems(pdf, cuts))
    assert len(found) == GRID.per_page
    assert all("within 3.175 mm of its cut, at its left edge (" in text for _, text in found)


def test_a_piece_too_large_for_its_sheet_is_an_error_naming_it(monkeypatch):
    catalogue = load_catalogue(ROOT / "games/greedy-kingdoms/cards", use_cache=False)

    def write(path, rules, paper):
        from cardgen.components.draw import new_sheet

        sheet = new_sheet(catalogue.pack, rules, SHEETS[paper].pt, "mat")
        item = Item("mat", "Huge mat", mm(290), mm(400), lambda s: None)
        if paper in ("a3", "tabloid"):
            pages = write_large(sheet, [item], 8, paper)
        else:  # a blank page for the tiles
            sheet.c.showPage()
            pages = 1
        path.write_bytes(sheet.doc.save())
        return ComponentFile(path, pages)

    spec = ComponentSpec("huge-mat", lambda rules, how: "", write, large=True)
    monkeypatch.setattr(type(catalogue.pack.components), "specs", lambda self: [spec])
    found = sheet_problems(catalogue)
    assert [d.code for d in found] == ["E414", "E414"]  # on A3 and on Tabloid, not the tiles
    assert "huge-mat on A3: Huge mat is 290×400 mm: too large for A3" in found[0].message


def test_validate_runs_the_sheets_preflight(runner, app, tmp_path, monkeypatch):
    from cardgen.components import preflight

    monkeypatch.setattr(
        preflight, "page_problems", lambda pdf, cuts: iter([("edge", "page 1: printed 1 mm")])
    )
    res = runner.invoke(app, ["validate", str(ROOT / "cardgen/packs/plain/starter"), "--no-cache"])
    assert res.exit_code == 0, res.output  # the plain starter has no components
    res = runner.invoke(app, ["validate", str(ROOT / "games/greedy-kingdoms/cards"), "--no-cache"])
    assert res.exit_code == 1 and "E412" in res.output and "printed 1 mm" in res.output
