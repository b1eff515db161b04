"""Card faces and the layout template: icons for every token, bleed, dash vs zero, fit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import pdf_forms, pdf_text
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.icon_tokens import ICONS
from cardgen.packs.attack_right.layout import load_layout
from cardgen.render.painters import face_form
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.theme import Theme
from cardgen.render.units import mm

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"


@pytest.fixture(scope="module")
def ctx() -> RenderContext:
    cat = load_catalogue(FIXTURE)
    return RenderContext(cat, Theme.of(cat), load_product_settings())


def test_every_text_token_and_deck_icon_has_an_svg_file(ctx):
    rules = ctx.theme.rules
    pack_icons = ctx.catalogue.pack.data / "icons"
    for name in [*ICONS, *rules.resource_ids, *(d.icon for d in rules.decks)]:
        assert ctx.theme.icons.path(name) == pack_icons / f"{name}.svg", name
        assert ctx.theme.icons.problem(name) is None, name


def test_boxes_on_the_trim_edge_run_into_the_bleed():
    layout = load_layout()
    art = layout.box(layout.face["art"].box)  # full-width art band
    b = mm(layout.card.bleed)
    assert art.x == pytest.approx(-b)
    assert art.x2 == pytest.approx(mm(layout.card.width) + b)
    name = layout.box(layout.face["name"].box)  # inside: unchanged
    assert name.x == pytest.approx(mm(layout.face["name"].box[0]))


def _face_bytes(ctx, card_id: str) -> bytes:
    """A one-page PDF of the face of ``card_id``."""
    doc = ctx.document(ctx.theme.layout.size.pt, "t")
    doc.place(face_form(doc, ctx.faces, ctx.catalogue.card(card_id), bleed=False), 0, 0)
    doc.c.showPage()
    return doc.save()


def _face_pdf(ctx, card_id: str) -> PdfReader:
    return PdfReader(io.BytesIO(_face_bytes(ctx, card_id)))


def _forms(reader: PdfReader) -> set[str]:
    return pdf_forms(reader)


def test_dash_power_is_drawn_differently_from_zero(ctx):
    dash = _face_pdf(ctx, "war-camp")  # defence "-", attack 1
    zero = _face_pdf(ctx, "quarry")  # defence 0, attack 0
    assert "/FormXob.icon-defence-faded" in _forms(dash)
    assert "/FormXob.icon-defence-faded" not in _forms(zero)
    assert "/FormXob.icon-defence" in _forms(zero)
    assert pdf_text(_face_bytes(ctx, "quarry")).count("0") >= 2
    # its cost; the "-" is a bar, no glyph
    assert pdf_text(_face_bytes(ctx, "war-camp")).count("0") == 1


def test_face_text_layer_has_name_type_cost_and_rules(ctx):
    text = pdf_text(_face_bytes(ctx, "shield-wall"))
    for part in ("Shield Wall", "UNIT", "3", "If you win your defence", "Hold the line."):
        assert part in text
    assert "shield-wall · v1 · ×2" in text  # prototype line: id, version, copies


def test_star_only_on_first_game_star_cards(ctx):
    assert "/FormXob.icon-star" in _forms(_face_pdf(ctx, "veteran-champion-of-the-north"))
    assert "/FormXob.icon-star" not in _forms(_face_pdf(ctx, "raiders"))


def test_long_names_and_texts_shrink(ctx):
    painter = ctx.faces.painter
    face = ctx.theme.layout.face
    name, text = face["name"], face["rules_text"]

    def sizes(card_id):
        v = painter.values(ctx.catalogue.card(card_id), card_id)
        line = painter.fit_line("name", v.get("name"), name, painter.box(name.box).w - mm(2.4))
        body = painter.fit_rich("rules_text", text, v)
        assert line.fits and body.fits
        return line.size, body.size

    long_name, long_body = sizes("veteran-champion-of-the-north")
    short_name, short_body = sizes("raiders")
    assert long_name < short_name == name.size
    assert long_body < short_body == text.size


def test_a_broken_template_is_a_diagnostic_not_a_traceback(tmp_path):
    from cardgen.diagnostics import DiagnosticError
    from cardgen.packs.attack_right.layout import LAYOUT_FILE as DEFAULT_TEMPLATE

    bad = tmp_path / "card.yaml"
    bad.write_text(DEFAULT_TEMPLATE.read_text().replace("width: 63.5", "width: wide"))
    with pytest.raises(DiagnosticError) as err:
        load_layout(bad)
    (diag,) = err.value.diagnostics
    assert diag.position.file.endswith("card.yaml") and diag.position.line > 0


def _face_stream(reader: PdfReader, card_id: str) -> str:
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    return xobjects[f"/FormXob.face-{card_id}"].get_object().get_data().decode("latin-1")


@pytest.mark.parametrize("card_id", ["shield-wall", "war-camp", "veteran-champion-of-the-north"])
def test_face_draws_every_part_of_the_anatomy(ctx, card_id):
    """Coin under the cost, discount icons, placement squares, deck icon, inline rules icons
    and the season background, each found in the face's own PDF objects."""
    from reportlab.pdfbase.pdfdoc import fp_str

    from cardgen.packs.attack_right.face import paragraphs, placement_icon
    from cardgen.packs.attack_right.icon_tokens import TOKEN

    def tokens(card):
        return {t for p in paragraphs(card) for t in TOKEN.findall(p)}

    card = ctx.catalogue.card(card_id)
    reader = _face_pdf(ctx, card_id)
    forms = _forms(reader)
    th = ctx.theme
    expected = {
        "icon-coin",  # the cost sits in a coin
        f"icon-{th.rules.deck(card.deck).icon}",  # deck icon, bottom left
        f"face.chrome-{card.deck}",  # frame, panels and deck icon: one form per deck
        f"icon-{placement_icon(card, th.rules)}",  # the zone symbol, dark where it may go
        *(f"icon-{r}" for r in card.discount),  # under the cost
        *(f"icon-{t}" for t in tokens(card)),
    }
    assert {f"/FormXob.{n}" for n in expected} <= forms
    others = {r for r in th.rules.resource_ids if r not in card.discount}
    text_tokens = tokens(card)
    assert not {f"/FormXob.icon-{r}" for r in others - text_tokens} & forms
    # the face first draws its season's ground: the background colour, then the pattern
    colour = th.ink(th.rules.season(card.season).colour)
    stream = _face_stream(reader, card_id)
    assert stream.index(" Do") == stream.index(f"/FormXob.face.ground-{card.season} Do") + len(
        f"/FormXob.face.ground-{card.season}"
    )  # drawn first
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    face = xobjects[f"/FormXob.face-{card_id}"].get_object()
    ground = face["/Resources"]["/XObject"][f"/FormXob.face.ground-{card.season}"].get_object()
    stream = ground.get_data().decode("latin-1")
    first_fill = stream.index(" rg")
    assert stream[: first_fill + 3].endswith(f"{fp_str(colour.red, colour.green, colour.blue)} rg")
    assert " d" in stream or " re" in stream  # the pattern's dashes (dots) or stripes


def test_spring_and_fall_backgrounds_differ(ctx):
    rules = ctx.theme.rules
    colours = {rules.season(s).colour for s in rules.season_ids}
    assert len(colours) == len(rules.season_ids)


# --- type: sizes, minus signs, glyphs ----------------------------------------------------------
def test_nothing_on_the_pnp_sheets_is_set_under_six_points(tmp_path):
    """Every text object of the sheets (faces, backs, labels), nested forms scaled in."""
    from conftest import pdf_type_sizes

    import cardgen
    from cardgen.render.api import RenderOptions

    (pdf,) = cardgen.render(FIXTURE, tmp_path, RenderOptions(products=("pnp",), papers=("a4",)))
    sizes = pdf_type_sizes(pdf)
    assert any("informant · v1 · ×3" in t for _, t in sizes)  # the prototype line is read
    assert min(s for s, _ in sizes) >= 6.0, sorted(sizes)[:3]


@pytest.fixture(scope="module")
def real() -> RenderContext:
    cat = load_catalogue(Path(__file__).resolve().parents[1] / "cards")
    return RenderContext(cat, Theme.of(cat), load_product_settings())


def test_a_negative_amount_prints_a_true_minus_sign(real):
    text = pdf_text(_face_bytes(real, "spy-fen-poisoner"))  # power -1 on the Neighbour
    assert "Neighbour has \u22121" in text and "-1" not in text


def test_every_shipped_layout_font_has_the_minus_sign():
    from reportlab.pdfbase import pdfmetrics

    from cardgen.render.elements.layout import ElementLayout
    from cardgen.render.fonts import register_fonts, undrawable
    from cardgen.render.layout import load_layout as load

    root = Path(__file__).resolve().parents[1] / "cardgen" / "packs"
    for path in sorted(root.glob("*/layout.yaml")):
        fonts = register_fonts(load(path, ElementLayout).fonts)
        for name in fonts.values():
            assert undrawable("\u2212\u00a0×·0123456789", name) == [], (path, name)
            assert isinstance(pdfmetrics.getFont(name).face.charToGlyph, dict)


# --- one meaning per icon ------------------------------------------------------------------------
def test_every_icon_of_attack_right_has_one_meaning(ctx):
    """No two of the text tokens, resources and deck emblems draw the same picture, and no
    deck emblem is a text token: the Age deck, the age token and the Age Phase differ, so do
    the Battle deck and attack."""
    import json

    rules, icons = ctx.theme.rules, ctx.theme.icons
    decks = {d.icon for d in rules.decks}
    tokens = {*ICONS, *rules.resource_ids}
    assert not decks & tokens
    names = sorted(tokens | decks)
    pictures = {name: json.dumps(icons.program(name)) for name in names}
    assert len(set(pictures.values())) == len(names)
    age_deck, battle_deck = rules.deck("age").icon, rules.deck("battle").icon
    assert len({age_deck, "age-token", "phase-age"}) == 3 and battle_deck != "attack"


def test_the_preflight_warns_of_two_icons_drawing_one_picture(tmp_path):
    import shutil

    from cardgen.render.preflight import preflight

    cards = tmp_path / "cards"
    shutil.copytree(FIXTURE, cards)
    assert [d for d in preflight(load_catalogue(cards)) if d.code == "W406"] == []
    (cards / "icons").mkdir()
    pack_icons = load_catalogue(cards).pack.data / "icons"
    shutil.copy(pack_icons / "attack.svg", cards / "icons" / "banner.svg")  # the old sword
    (w,) = [d for d in preflight(load_catalogue(cards)) if d.code == "W406"]
    assert "{attack} and {banner} draw the same picture" in w.message
    assert w.position.file.endswith("icons/banner.svg")


def test_placement_prints_the_rulebooks_zone_symbols(ctx):
    """The face shows the rulebook's three-slot zone symbol of the anatomy (6), one symbol
    with the slots of every zone the card may go in dark ({left}, {middle}, {right} alone)."""
    from cardgen.packs.attack_right.face import placement_icon

    zone_icons = ["left", "middle", "right", "left-middle", "middle-right", "left-right"]
    zone_icons.append("left-middle-right")
    for card_id in ("shield-wall", "war-camp", "veteran-champion-of-the-north"):
        card = ctx.catalogue.card(card_id)
        forms = _forms(_face_pdf(ctx, card_id))
        zones = [z for z in ("left", "middle", "right") if z in {p.value for p in card.placement}]
        assert zones and placement_icon(card, ctx.theme.rules) == "-".join(zones)
        drawn = [z for z in zone_icons if f"/FormXob.icon-{z}" in forms]
        assert drawn == ["-".join(zones)], card_id
    rulebook = (ctx.catalogue.pack.data / "rulebook.md").read_text()
    assert "To the left {left}, in the middle {middle}, to the right {right}" in rulebook
