"""The rendered products themselves: PDFs read back (text and pages with PDFium, boxes, fonts
and content streams with pypdf), PNG sizes, determinism."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path

import pytest
from conftest import pdf_page_count, pdf_page_sizes, pdf_texts
from PIL import Image
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import Renderer, RenderOptions
from cardgen.render.geometry import Duplex
from cardgen.render.products import raster
from cardgen.render.units import mm

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(FIXTURE)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, catalogue) -> Path:
    out = tmp_path_factory.mktemp("render")
    Renderer(catalogue).render(out, RenderOptions())
    return out


def _size_mm(size: tuple[float, float]) -> tuple[float, float]:
    """A page size in points, in mm to 0.1 mm."""
    return (round(size[0] / PT, 1), round(size[1] / PT, 1))


def _box(page, key: str) -> list[float]:
    """A box the page itself sets (pypdf's ``page.trimbox`` falls back to the MediaBox when
    the key is missing, so it cannot tell a missing box from a right one)."""
    assert key in page, f"page has no {key}"
    return [float(v) for v in page[key]]


def _fonts(obj, seen=None) -> list:
    """Every font dictionary used by a page or form, forms included."""
    seen = set() if seen is None else seen
    res = obj.get("/Resources")
    out = []
    if res is None:
        return out
    res = res.get_object()
    for f in (res.get("/Font") or {}).values():
        out.append(f.get_object())
    for x in (res.get("/XObject") or {}).values():
        x_obj = x.get_object()
        if x_obj.get("/Subtype") == "/Form" and id(x_obj) not in seen:
            seen.add(id(x_obj))
            out += _fonts(x_obj, seen)
    return out


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object()
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _all_pdfs(out: Path) -> list[Path]:
    return sorted(out.rglob("*.pdf"))


def test_pnp_pages_are_paper_size_and_count_the_copies(rendered, catalogue):
    from cardgen.render.products.pnp import grid_for

    n = catalogue.count()
    ctx = Renderer(catalogue).context()
    for paper, size in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        sheets = math.ceil(n / grid_for(ctx, paper).per_page)
        sizes = pdf_page_sizes(rendered / f"pnp-{paper}.pdf")
        assert len(sizes) == 2 + 2 * sheets  # calibration sheet + fronts/backs
        assert {tuple(sorted(_size_mm(s))) for s in sizes} == {size}  # portrait or landscape


def test_pnp_fronts_show_every_physical_card(rendered, catalogue):
    fronts = pdf_texts(rendered / "pnp-a4.pdf")[2::2]
    text = "\n".join(fronts)
    for card in catalogue:
        assert text.count(card.name) == card.copies, card.name


_PLACED = re.compile(r"q\s+1 0 0 1 (\S+) (\S+) cm\s+/FormXob\.(\S+) Do\s+Q")
_SEGMENT = re.compile(r"(\S+) (\S+) m (\S+) (\S+) l")


def _page_ops(page) -> str:
    return page.get_contents().get_data().decode("latin-1")


def _crop_mark_ops(page) -> str:
    """The drawing of the page's crop marks: a form, the same on every page, placed on it."""
    from cardgen.render.products.pnp import CROP_MARKS

    assert f"/FormXob.{CROP_MARKS} Do" in _page_ops(page)
    form = page["/Resources"]["/XObject"][f"/FormXob.{CROP_MARKS}"].get_object()
    return form.get_data().decode("latin-1")


def test_pnp_backs_land_behind_their_fronts_and_crop_marks_stay_off_the_cards(rendered, catalogue):
    from cardgen.render.geometry import cut_lines
    from cardgen.render.products.pnp import grid_for

    grid = grid_for(Renderer(catalogue).context(), "a4")
    ext, card_w = grid.extent, mm(grid.card.w)
    xs, ys = cut_lines(grid)
    reader = PdfReader(rendered / "pnp-a4.pdf")
    pages = reader.pages[2:]  # after the calibration sheet: fronts, backs, fronts, …
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        fronts = [(float(x), float(y), n) for x, y, n in _PLACED.findall(_page_ops(front))]
        backs = [(float(x), float(y), n) for x, y, n in _PLACED.findall(_page_ops(back))]
        assert len(fronts) == len(backs) > 0
        assert all(n.startswith("face-") for *_, n in fronts)
        assert all(n.startswith("back-") for *_, n in backs)
        page_w, page_h = float(front.mediabox.width), float(front.mediabox.height)
        card_h = mm(grid.card.h)
        for (fx, fy, _), (bx, by, _) in zip(fronts, backs, strict=True):
            # turned over its long edge: a portrait sheet left to right, a landscape one
            # top to bottom
            if page_w > page_h:
                assert (bx, by) == pytest.approx((fx, page_h - fy - card_h), abs=0.01)
            else:
                assert (bx, by) == pytest.approx((page_w - fx - card_w, fy), abs=0.01)
        for page in (front, back):
            segs = [tuple(map(float, m)) for m in _SEGMENT.findall(_crop_mark_ops(page))]
            for x1, y1, x2, y2 in segs:  # none touches the grid
                assert not (ext.x < max(x1, x2) and min(x1, x2) < ext.x2) or not (
                    ext.y < max(y1, y2) and min(y1, y2) < ext.y2
                )
            # every cut line is continued above and below (or left and right of) the grid
            for x in xs:
                at = [s for s in segs if s[0] == pytest.approx(x) == s[2]]
                assert {s[1] > ext.y2 for s in at} == {True, False}
            for y in ys:
                at = [s for s in segs if s[1] == pytest.approx(y) == s[3]]
                assert {s[0] > ext.x2 for s in at} == {True, False}


def test_print_pdfs_one_page_per_copy_with_trim_and_bleed_boxes(rendered, catalogue):
    trim = (63.5, 88.9)
    for deck in catalogue.rules.deck_ids:
        reader = PdfReader(rendered / "print" / f"{deck}.pdf")
        assert len(reader.pages) == catalogue.count(deck=deck)
        names = [c.name for c in catalogue.select(deck=deck) for _ in range(c.copies)]
        backs = PdfReader(rendered / "print" / f"{deck}-backs.pdf")
        assert len(backs.pages) == len(catalogue.rules.seasons)
        for page in [*reader.pages, *backs.pages]:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert _size_mm(size) == (69.8, 95.2)  # trim + 2 × 3.175 mm
            t, b = _box(page, "/TrimBox"), _box(page, "/BleedBox")
            assert t == pytest.approx([mm(3.175), mm(3.175), mm(3.175 + 63.5), mm(3.175 + 88.9)])
            assert (t[2] - t[0], t[3] - t[1]) == pytest.approx((trim[0] * PT, trim[1] * PT))
            assert b == pytest.approx([float(v) for v in page.mediabox])
        for text, name in zip(pdf_texts(rendered / "print" / f"{deck}.pdf"), names, strict=True):
            assert name in text


def test_every_font_in_every_pdf_is_embedded(rendered):
    for pdf in _all_pdfs(rendered):
        fonts = [f for page in PdfReader(pdf).pages for f in _fonts(page)]
        assert fonts, pdf
        for f in fonts:
            assert _embedded(f), (pdf, f.get("/BaseFont"))


def test_two_renders_are_byte_identical(rendered, catalogue, tmp_path):
    Renderer(catalogue).render(tmp_path, RenderOptions())
    first = sorted(p.relative_to(rendered) for p in rendered.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (rendered / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel


def test_png_sizes(rendered, catalogue):
    for card in catalogue:
        with Image.open(rendered / "png" / card.deck / f"{card.id}.png") as im:
            assert im.size == (825, 1125)
            assert [round(v) for v in im.info["dpi"]] == [300, 300]  # read at true size
        with Image.open(rendered / "png-mpc" / card.deck / f"{card.id}.png") as im:
            assert im.size == (822, 1122)
            assert [round(v) for v in im.info["dpi"]] == [300, 300]
    for deck in catalogue.rules.deck_ids:
        for season in catalogue.rules.season_ids:
            with Image.open(rendered / "png" / deck / f"back-{season}.png") as im:
                assert im.size == (825, 1125)


def test_tts_sheets_respect_the_limits(rendered, catalogue):
    saved = json.loads((rendered / "tts" / "attack-right.json").read_text())
    decks = saved["ObjectStates"]
    assert len(decks) == len(catalogue.rules.deck_ids) * len(catalogue.rules.season_ids)
    for deck in decks:
        for sheet in deck["CustomDeck"].values():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            name = sheet["FaceURL"].rsplit("/", 1)[-1]
            with Image.open(rendered / "tts" / name) as im:
                assert max(im.size) <= 4096
                w, h = im.width // sheet["NumWidth"], im.height // sheet["NumHeight"]
                assert im.size == (w * sheet["NumWidth"], h * sheet["NumHeight"])
            with Image.open(rendered / "tts" / sheet["BackURL"].rsplit("/", 1)[-1]) as back:
                assert back.size == (w, h)


def test_contact_sheet_holds_every_front(rendered, catalogue):
    with Image.open(rendered / "contact.png") as im:
        cols = min(16, catalogue.count())
        rows = math.ceil(catalogue.count() / cols)
        assert im.width == cols * 200 + (cols + 1) * 8
        assert im.height == rows * 280 + (rows + 1) * 8


def test_cmyk_print_pdfs_use_no_rgb(catalogue, tmp_path):
    from cardgen.render.products.base import RenderContext, load_product_settings
    from cardgen.render.products.print import render_print_pile
    from cardgen.render.theme import Theme

    ctx = RenderContext(catalogue, Theme.of(catalogue, cmyk=True), load_product_settings())
    data = render_print_pile(ctx, "battle")  # reportlab refuses any RGB colour in this mode
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == catalogue.count(deck="battle")
    streams, images = [], []

    def walk(obj, seen):
        for x in (obj.get("/Resources", {}).get("/XObject") or {}).values():
            x = x.get_object()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if x.get("/Subtype") == "/Image":
                images.append(x["/ColorSpace"])
            else:
                streams.append(x.get_data().decode("latin-1"))
                walk(x, seen)

    seen: set[int] = set()
    for page in reader.pages:
        streams.append(page.get_contents().get_data().decode("latin-1"))
        walk(page, seen)
    ops = " ".join(streams).split()
    assert "k" in ops and "rg" not in ops and "RG" not in ops and "g" not in ops
    assert images and set(images) == {"/DeviceCMYK"}  # the art, converted


@pytest.mark.parametrize("duplex", [Duplex.SHORT, Duplex.NONE])
def test_other_duplex_modes(catalogue, duplex):
    from cardgen.render.products.base import RenderContext, load_product_settings
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.theme import Theme

    ctx = RenderContext(catalogue, Theme.of(catalogue), load_product_settings())
    from cardgen.render.products.pnp import grid_for

    pages = pdf_page_count(render_pnp(ctx, "letter", duplex))
    sheets = math.ceil(catalogue.count() / grid_for(ctx, "letter").per_page)
    calibration = 0 if duplex is Duplex.NONE else 2
    assert pages == calibration + 2 * sheets


def test_forms_replayed_across_pdfs_read_the_same_as_fresh_ones(catalogue):
    """Faces drawn once and replayed into a later PDF keep their text and glyphs."""
    from cardgen.render.products.base import RenderContext, load_product_settings
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.products.print import render_print_pile
    from cardgen.render.theme import Theme

    def ctx(share: bool) -> RenderContext:
        theme = Theme.of(catalogue)
        return RenderContext(catalogue, theme, load_product_settings(), share_forms=share)

    shared = ctx(True)
    render_pnp(shared, "a4", Duplex.LONG)  # draws every face and fills the cache
    assert shared.forms is not None and shared.forms.forms
    replayed = pdf_texts(render_print_pile(shared, "spy"))
    fresh = pdf_texts(render_print_pile(ctx(False), "spy"))
    assert replayed == fresh and all(replayed)


def test_tts_alone_is_rasterised_at_print_size_and_progress_adds_up(catalogue, tmp_path):
    steps: list[tuple[str, int]] = []
    r = Renderer(catalogue, progress=lambda name, n: steps.append((name, n)))
    options = RenderOptions(products=("tts", "pnp"), papers=("a4",))
    files = r.render(tmp_path, options)
    assert sum(n for _, n in steps) == r.work(options)
    assert not (tmp_path / "png").exists()
    sheets = [f for f in files if f.parent.name == "tts" and f.suffix == ".png"]
    assert sheets
    cell = raster.plan(r.context(), full_size=False).cell
    assert cell == (750, 1050)  # the trim at 300 dpi: each sheet scales it to its own size


def test_the_real_catalogue_prints_every_card(cards_dir):
    """All 160 cards of cards/: every copy on the pnp fronts and in its deck's print PDF."""
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.products.print import render_print_pile

    cat = load_catalogue(cards_dir)
    ctx = Renderer(cat).context()
    pnp = pdf_texts(render_pnp(ctx, "a4", Duplex.LONG))
    from cardgen.render.products.pnp import grid_for

    per_page = grid_for(ctx, "a4").per_page
    assert len(pnp) == 2 + 2 * math.ceil(cat.count() / per_page) and cat.count() == 160

    def lines(pages: list[str]) -> list[str]:  # a name is a line of its own in the text layer
        return [ln.strip() for p in pages for ln in p.splitlines()]

    fronts = lines(pnp[2::2])
    for deck in cat.rules.deck_ids:
        pages = pdf_texts(render_print_pile(ctx, deck))
        assert len(pages) == cat.count(deck=deck)
        text = lines(pages)
        for card in cat.select(deck=deck):
            assert fronts.count(card.name) == text.count(card.name) == card.copies, card.id
