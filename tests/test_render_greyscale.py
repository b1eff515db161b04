"""Greyscale-safe faces: on a black-and-white print the season (by its pattern) and the deck (by
its emblem's shape) still show, checked on greyscale renders; with the colours made equal, the
faces still differ where the season and the deck are shown."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import get_args

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.art import Scene, draw_placeholder
from cardgen.render.elements.schema import ImageEl
from cardgen.render.painters import back_form, face_form
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


# --- every game: decks, suits, factions and colours by shape or pattern, and its own art -------

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "attack-right": CARDS,
    "attack-the-tower": ROOT / "games/attack-the-tower/cards",
    "authority": ROOT / "games/authority/cards",
    "castle-rampage": ROOT / "games/castle-rampage/cards",
    "greedy-kingdoms": ROOT / "games/greedy-kingdoms/cards",
    "harbour-bid": ROOT / "cardgen/packs/harbour_bid/cards",
    "plain": ROOT / "cardgen/packs/plain/starter",
}
#: where each game's backs show their pile (a patch of ground clear of the text, or the emblem)
#: and its placeholder art's box, in mm of the trim: (left, top, right, bottom)
BOXES: dict[str, tuple[tuple[float, ...] | None, tuple[float, ...] | None]] = {
    "attack-right": ((5.0, 22.0, 58.0, 29.0), (0.0, 16.2, 63.5, 49.2)),
    "attack-the-tower": ((19.25, 14.0, 44.25, 39.0), None),
    "authority": (None, (3.2, 16.0, 60.3, 46.0)),
    "castle-rampage": ((3.5, 58.0, 60.0, 70.0), (3.5, 18.0, 60.0, 43.0)),
    "greedy-kingdoms": ((5.0, 60.0, 58.0, 80.0), (3.5, 18.0, 60.0, 46.0)),
    "harbour-bid": ((5.0, 60.0, 58.0, 80.0), (3.5, 18.0, 60.0, 46.0)),
    "plain": ((5.0, 60.0, 58.0, 80.0), (3.5, 16.5, 60.0, 46.5)),
}
BACK_MARK = {game: back for game, (back, _) in BOXES.items() if back}
ART = {game: art for game, (_, art) in BOXES.items() if art}


def _shape(img: Image.Image, level: int | None = None) -> Image.Image:
    """The patch as black and white: its pixels lighter than ``level`` (default: the patch's
    mean), so a flat difference of tone is gone and only shapes and patterns are left."""
    cut = ImageStat.Stat(img).mean[0] if level is None else level
    return img.point(lambda p: 255 if p > cut else 0)


def _grey_back(ctx: RenderContext, back) -> Image.Image:
    doc = ctx.document(ctx.theme.layout.size.pt, "t")
    doc.place(back_form(doc, ctx.backs, back, bleed=False), 0, 0)
    doc.c.showPage()
    return pdfium.PdfDocument(doc.save())[0].render(scale=DPI / 72).to_pil().convert("L")


@pytest.fixture(scope="module")
def games() -> dict[str, RenderContext]:
    return {game: _context(folder) for game, folder in GAMES.items()}


@pytest.mark.parametrize("game", sorted(BACK_MARK))
def test_every_back_shows_its_pile_in_greyscale(games, game):
    """Two back designs of a game differ in shape or pattern where they show their pile, on a
    greyscale print, with the tone of their colours taken out."""
    ctx = games[game]
    backs = [b for group in ctx.backs_by_pile().values() for b in group]
    assert len(backs) >= 2, game
    marks = {b.key: _shape(_patch(_grey_back(ctx, b), BACK_MARK[game])) for b in backs}
    keys = list(marks)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert _differ(marks[a], marks[b]) >= 12, (game, a, b)


def _groups(ctx: RenderContext, field: str, n: int = 2) -> dict[str, list[str]]:
    """Up to ``n`` card ids of each value of ``field`` (cards that have one)."""
    out: dict[str, list[str]] = {}
    for card in ctx.catalogue:
        value = getattr(card, field, None)
        if value is not None and len(out.setdefault(str(value), [])) < n:
            out[str(value)].append(card.id)
    return out


@pytest.mark.parametrize(
    ("game", "field", "box", "level"),
    [
        # each colour's shape in the art's corner, outlined in white
        ("castle-rampage", "colour", (52.3, 35.3, 59.3, 42.3), 235),
        # each faction's mark (a crown, a drop of blood, a tower, an ox, a hood)
        ("authority", "faction", (51.8, 46.4, 60.2, 54.8), None),
        # the pile's texture on the ground beside the art
        ("plain", "back", (0.5, 16.5, 3.0, 46.5), None),
    ],
)
def test_every_colour_and_faction_shows_by_shape_in_greyscale(games, game, field, box, level):
    """On a greyscale face, cards of one colour (faction, pile) share the shape that shows it,
    and each differs from every other's."""
    ctx = games[game]
    groups = _groups(ctx, field)
    assert len(groups) >= 2, game
    shapes = {
        value: [_shape(_patch(_grey(ctx, i), box), level) for i in ids]
        for value, ids in groups.items()
    }
    for value, same in shapes.items():
        for other in same[1:]:
            assert _differ(same[0], other) < 8, (game, value)
    values = list(shapes)
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            assert _differ(shapes[a][0], shapes[b][0]) >= 16, (game, a, b)


def _art(ctx: RenderContext, game: str) -> Image.Image:
    """The placeholder art of the game's first card with one, in greyscale, 100 × 50 px."""
    painter = ctx.faces.painter
    card = next(
        c
        for c in ctx.catalogue
        if any(type(el) is ImageEl for _, el in painter.visible(painter.values(c, c.id)))
    )
    return _patch(_grey(ctx, card.id), ART[game]).resize((100, 50))


def test_each_game_draws_its_own_placeholder_art(games):
    """Each game's placeholder art is its own scene and motif: with tone taken out, any two
    games' pictures differ."""
    arts = {game: _shape(_art(games[game], game)) for game in ART}
    names = list(arts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert _differ(arts[a], arts[b]) >= 35, (a, b)


def test_every_scene_is_its_own_and_the_same_for_its_seed():
    """The scenes differ from one another in shape; a scene drawn twice is the same bytes."""
    from cardgen.render.geometry import Box

    def draw(scene: str) -> bytes:
        ctx = _context(GAMES["plain"])
        doc = ctx.document((200.0, 100.0), "t")
        draw_placeholder(doc.c, doc.ink, Box(0, 0, 200, 100), "seed-1", "#6E8B3D", scene)
        doc.c.showPage()
        return doc.save()

    scenes = list(get_args(Scene))
    pictures = {}
    for scene in scenes:
        data = draw(scene)
        assert draw(scene) == data, scene
        pictures[scene] = _shape(pdfium.PdfDocument(data)[0].render(scale=1).to_pil().convert("L"))
    for i, a in enumerate(scenes):
        for b in scenes[i + 1 :]:
            assert _differ(pictures[a], pictures[b]) >= 35, (a, b)
