"""Rulebook figures drawn from the data: the card anatomy on a real card with callouts 1-10,
the Woodcutter/Wall example with the real cards and their prices, the set-up with the real
backs; in the PDF as vectors, in the HTML as images, in markdown as captions."""

from __future__ import annotations

import base64
import io
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
import test_rulebook_output as rulebook_output
from conftest import CARDS, FIXTURES, pdf_forms, pdf_text, pdf_type_sizes
from PIL import Image
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_rulebook, write_rulebook
from cardgen.docs.figures import figure_pdf
from cardgen.docs.rulebook import RulebookError, figures_of, parse, plain_markdown
from cardgen.packs.attack_right.docs.figures import callout_points, load_specs, rulebook_figures
from cardgen.render.units import mm

NS = {"h": "http://www.w3.org/1999/xhtml"}
#: the rulebook written once for this module, as test_rulebook_output writes it
catalogue = rulebook_output.catalogue
written = rulebook_output.written
LABELS = ["1", "2", "3", "4", "5", "6", "7", "8a", "8b", "9", "10"]


def _copy(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards)
    return cards


def _edit(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _page_with(reader: PdfReader, text: str) -> tuple[object, set[str]]:
    """The page holding ``text`` and the forms it draws."""
    for i, page in enumerate(reader.pages):
        if text in " ".join(page.extract_text().split()):
            return page, pdf_forms(reader, i)
    raise AssertionError(f"no page holds {text!r}")


# --- the rulebook source places figures ------------------------------------------------------
def test_a_figure_line_is_a_figure_block_with_its_caption():
    (b,) = parse("![Cards in the {coin} example](figure:example)", {"coin": "coin"}, {})
    assert b.kind == "figure" and b.id == "example"
    assert [s.icon for s in b.spans if s.icon] == ["coin"] and b.text == "Cards in the  example"


def test_an_unknown_figure_is_an_error_naming_the_ones_the_pack_draws(catalogue):
    rb = build_rulebook(catalogue.rules)
    figures = rulebook_figures(catalogue)
    assert set(figures_of(rb, figures)) == {"anatomy", "example", "setup", "table"}
    with pytest.raises(RulebookError, match=r"'figure:anatomy' \(the rulebook may place: example"):
        figures_of(rb, {k: v for k, v in figures.items() if k != "anatomy"})


def test_markdown_keeps_each_figure_as_its_caption(catalogue):
    text = plain_markdown(build_rulebook(catalogue.rules))
    assert "*Figure: Cards in the example*" in text and "figure:" not in text


# --- the PDF: real cards, callouts, prices ---------------------------------------------------
def test_the_anatomy_is_the_real_card_with_every_callout(written, catalogue):
    reader = PdfReader(written["pdf"])
    page, forms = _page_with(reader, "The parts of a card, numbered as above.")
    card = load_specs().anatomy.card
    assert f"/FormXob.face-{card}" in forms
    words = page.extract_text().split()
    for label in LABELS:
        assert label in words, label
    assert catalogue.card(card).name in " ".join(words)  # the face's own text


def test_the_example_draws_the_woodcutter_and_the_wall_and_the_price(written, catalogue):
    reader = PdfReader(written["pdf"])
    page, forms = _page_with(reader, "Cards in the example")
    assert {"/FormXob.face-resource-woodcutter", "/FormXob.face-resource-wall"} <= forms
    wall = catalogue.card("resource-wall")
    text = " ".join(page.extract_text().split())
    assert f"{wall.cost} \u2212 1" in text and f"= {wall.cost - 1}" in text
    assert "Woodcutter: removed" in text and "Wall: played" in text


def test_the_setup_shows_each_seasons_back_and_the_starting_coins(written, catalogue):
    reader = PdfReader(written["pdf"])
    page, forms = _page_with(reader, "spring and fall cards as two piles")
    deck = load_specs().setup.deck
    for season in catalogue.rules.season_ids:
        card = next(c for c in catalogue if c.deck == deck and c.season == season)
        assert (
            f"/FormXob.back-{catalogue.pack.print.printed_back(card, catalogue.rules).key}" in forms
        )
    coins = catalogue.rules.economy.starting_coins
    assert f"starts with {coins}" in " ".join(page.extract_text().split())


def test_no_type_of_the_anatomy_figure_is_under_six_points(catalogue):
    sizes = pdf_type_sizes(figure_pdf(rulebook_figures(catalogue)["anatomy"]))
    assert {t for _, t in sizes} >= set(LABELS)
    assert min(s for s, _ in sizes) >= 6.0


# --- the HTML: the same drawings as images ---------------------------------------------------
def test_the_html_shows_each_figure_as_an_image_with_its_caption(written, catalogue):
    tree = ET.fromstring(written["html"].read_text(encoding="utf-8"))
    found = tree.iter(f"{{{NS['h']}}}figure")
    figures = {f.get("id"): f for f in found if f.get("id", "").startswith("figure-")}
    assert set(figures) == {"figure-anatomy", "figure-example", "figure-setup", "figure-table"}
    drawn = rulebook_figures(catalogue)
    for name, fig in figures.items():
        img = fig.find("h:img", NS)
        data = re.fullmatch(r"data:image/png;base64,(.+)", img.get("src")).group(1)
        png = Image.open(io.BytesIO(base64.b64decode(data)))
        want = drawn[name.removeprefix("figure-")]
        assert png.width / png.height == pytest.approx(want.width / want.height, rel=0.02)
        assert img.get("alt") == want.alt
        assert fig.find("h:figcaption", NS) is not None


# --- drawn from the data ---------------------------------------------------------------------
def test_the_callouts_follow_the_layout(catalogue, tmp_path):
    """Each callout points into its element's box; move the element and the callout moves."""
    points = callout_points(catalogue)
    assert sorted(points) == sorted(set(LABELS))
    layout = catalogue.pack.data / "layout.yaml"
    face = load_catalogue(CARDS)
    from cardgen.render.theme import Theme

    box = Theme.of(face).layout.face["deck_icon"].box
    ((x, y),) = points["9"]
    assert mm(box[0]) < x < mm(box[0] + box[2])
    cards = _copy(tmp_path)
    text = layout.read_text().replace("box: [4.0, 80.6, 5.0, 5.0]", "box: [6.0, 79.6, 5.0, 5.0]")
    (cards / "layout.yaml").write_text(text)
    ((x2, y2),) = callout_points(load_catalogue(cards, use_cache=False))["9"]
    assert x2 - x == pytest.approx(mm(2.0)) and y2 - y == pytest.approx(mm(1.0))


def test_the_8b_callout_points_at_the_phase_icon_of_the_rules_text(catalogue):
    from cardgen.render.theme import Theme

    layout = Theme.of(catalogue).layout
    x, y = callout_points(catalogue)["8b"][0]
    bx, by, bw, bh = layout.face["rules_text"].box
    top = mm(layout.card.height - by)
    assert mm(bx) < x < mm(bx + bw) / 2 and top - mm(bh) < y < top


def test_the_example_and_setup_numbers_come_from_the_data(tmp_path):
    cards = _copy(tmp_path)
    _edit(
        cards / "resource.yaml",
        "name: Wall\n    season: spring\n    type: building\n    cost: 3",
        "name: Wall\n    season: spring\n    type: building\n    cost: 5",
    )
    _edit(cards / "rules.yaml", "starting_coins: 5", "starting_coins: 7")
    figures = rulebook_figures(load_catalogue(cards, use_cache=False))
    example = " ".join(pdf_text(figure_pdf(figures["example"])).split())
    assert "5 \u2212 1" in example and "= 4" in example
    assert "starts with 7" in " ".join(pdf_text(figure_pdf(figures["setup"])).split())


def test_a_catalogue_without_the_named_cards_still_gets_its_figures(tmp_path):
    """The render fixture has neither the Warlord nor the Woodcutter: other cards stand in."""
    fixture = load_catalogue(FIXTURES / "render" / "cards")
    figures = rulebook_figures(fixture)
    for name in ("anatomy", "example", "setup", "table"):
        assert pdf_text(figure_pdf(figures[name])).strip(), name
    paths = write_rulebook(fixture, tmp_path, ["pdf"])
    assert paths[0].stat().st_size > 0


def test_the_table_shows_the_kingdoms_of_a_game_the_engine_played(catalogue):
    """'Example of a game setup with 4 players later in the game': the real cards each
    player has in each zone of a seeded game, the same every time."""
    from cardgen.packs.attack_right.docs.figures import kingdoms

    spec = load_specs().table
    players = kingdoms(catalogue, spec)
    assert len(players) == len(spec.decks) and players == kingdoms(catalogue, spec)
    played = {i for p in players for ids in p["zones"].values() for i in ids}
    assert len(played) >= 4
    for p in players:
        for zone, ids in p["zones"].items():
            for card_id in ids:
                assert zone in {z.value for z in catalogue.card(card_id).placement}
    pdf = figure_pdf(rulebook_figures(catalogue)["table"])
    reader = PdfReader(io.BytesIO(pdf))
    assert {f"/FormXob.face-{i}" for i in played} <= pdf_forms(reader)
    text = " ".join(pdf_text(pdf).split())
    for seat, p in enumerate(players, 1):
        assert f"Player {seat}" in text and f"{p['coins']}" in text
