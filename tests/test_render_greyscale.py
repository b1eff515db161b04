"""Greyscale-safe faces: on a black-and-white print the season (by its pattern) and the deck (by
its emblem's shape) still show, checked on greyscale renders; with the colours made equal, the
faces still differ where the season and the deck are shown."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.painters import face_form
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.theme import Theme

CARDS = Path(__file__).resolve().parents[1] / "cards"
DPI = 200
#: a patch of plain season ground: below the prototype line, between the deck and star icons
#: (mm; the top of the card is the deck's colour band)
GROUND = (12.0, 86.0, 52.0, 88.6)
#: the deck emblem, bottom left (mm)
EMBLEM = (4.0, 80.6, 9.0, 85.6)


def _context(folder: Path) -> RenderContext:
    cat = load_catalogue(folder, use_cache=False)
    return RenderContext(cat, Theme.of(cat), load_product_settings())


def _grey(ctx: RenderContext, card_id: str) -> Image.Image:
    """The face of ``card_id`` rendered at DPI and turned to greyscale, as a printer would."""
    doc = ctx.document(ctx.theme.layout.size.pt, "t")
    doc.place(face_form(doc, ctx.faces, ctx.catalogue.card(card_id), bleed=False), 0, 0)
    doc.c.showPage()
    page = pdfium.PdfDocument(doc.save())[0]
    return page.render(scale=DPI / 72).to_pil().convert("L")


def _patch(img: Image.Image, box: tuple[float, float, float, float]) -> Image.Image:
    px = DPI / 25.4
    return img.crop(tuple(round(v * px) for v in box))


def _differ(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two patches, in grey levels (0-255)."""
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def _first(ctx: RenderContext, deck: str, season: str) -> str:
    return next(c.id for c in ctx.catalogue if c.deck == deck and c.season == season)


@pytest.fixture(scope="module")
def real() -> RenderContext:
    return _context(CARDS)


@pytest.fixture(scope="module")
def colourless(tmp_path_factory) -> RenderContext:
    """The catalogue with every season one colour and every deck one colour."""
    folder = tmp_path_factory.mktemp("colourless") / "cards"
    shutil.copytree(CARDS, folder)
    rules = folder / "rules.yaml"
    text = rules.read_text()
    head, rest = text.split("\nseasons:", 1)
    seasons, tail = rest.split("\nresources:", 1)
    head = re.sub(r'colour: "#[0-9A-Fa-f]{6}"', 'colour: "#7A4A3A"', head)
    seasons = re.sub(r'colour: "#[0-9A-Fa-f]{6}"', 'colour: "#4F7F6F"', seasons)
    rules.write_text(f"{head}\nseasons:{seasons}\nresources:{tail}")
    ctx = _context(folder)
    assert len({s.colour for s in ctx.theme.rules.seasons}) == 1
    assert len({d.colour for d in ctx.theme.rules.decks}) == 1
    return ctx


def test_the_season_pattern_shows_in_greyscale(real):
    """Each season's ground has a visible texture on a greyscale print."""
    for season in real.theme.rules.season_ids:
        ground = _patch(_grey(real, _first(real, "battle", season)), GROUND)
        lo, hi = ground.getextrema()
        assert hi - lo >= 12, season  # the pattern's marks stand out from the ground
        assert ImageStat.Stat(ground).stddev[0] >= 3, season


def test_spring_and_fall_differ_without_colour(colourless):
    """With both seasons one colour, the grounds of a spring and a fall card still differ."""
    spring, fall = colourless.theme.rules.season_ids[:2]
    a = _patch(_grey(colourless, _first(colourless, "battle", spring)), GROUND)
    b = _patch(_grey(colourless, _first(colourless, "battle", fall)), GROUND)
    assert _differ(a, b) >= 4
    # two cards of one season share their ground exactly: the difference is the season's
    same = [c.id for c in colourless.catalogue if c.deck == "battle" and c.season == spring][:2]
    c, d = (_patch(_grey(colourless, i), GROUND) for i in same)
    assert _differ(c, d) < 0.5


def test_every_deck_shows_by_its_emblem_without_colour(colourless, real):
    """The deck emblems differ pairwise in shape (all decks one colour) and in greyscale."""
    decks = [d.id for d in colourless.theme.rules.decks]
    for ctx in (colourless, real):
        season = ctx.theme.rules.season_ids[0]
        emblems = {d: _patch(_grey(ctx, _first(ctx, d, season)), EMBLEM) for d in decks}
        for i, a in enumerate(decks):
            for b in decks[i + 1 :]:
                assert _differ(emblems[a], emblems[b]) >= 6, (a, b)
