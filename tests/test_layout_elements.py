"""Layouts as data: each element kind draws where its box says, conditions, dash vs zero,
shrink-to-fit, diagnostics for bad layouts, the preflight, and a pack made of data only."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, open_pdf, page_text, pdf_forms
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.diagnostics import DiagnosticError
from cardgen.pack import get_pack, register_pack
from cardgen.render.elements.fields import Computed, Values, holds
from cardgen.render.elements.layout import ElementLayout
from cardgen.render.elements.schema import Condition
from cardgen.render.layout import load_layout
from cardgen.render.painters import back_form, face_form
from cardgen.render.preflight import preflight
from cardgen.render.products.base import RenderContext, load_product_settings
from cardgen.render.theme import Theme

DATA_PACK = FIXTURES / "data_pack"
LAYOUT = DATA_PACK / "data" / "layout.yaml"


@pytest.fixture(scope="module")
def spells_pack():
    """The data-only pack, registered in this process."""
    sys.path.insert(0, str(DATA_PACK))
    try:
        import data_pack
    finally:
        sys.path.remove(str(DATA_PACK))
    register_pack(data_pack.PACK)
    return get_pack("spells")


@pytest.fixture
def cards(tmp_path, spells_pack) -> Path:
    dst = tmp_path / "project" / "cards"
    shutil.copytree(DATA_PACK / "cards", dst)
    return dst


@pytest.fixture(scope="module")
def ctx(spells_pack) -> RenderContext:
    cat = load_catalogue(DATA_PACK / "cards", use_cache=False)
    return RenderContext(cat, Theme.of(cat), load_product_settings(), share_forms=False)


def _face(ctx, card_id: str) -> bytes:
    doc = ctx.document(ctx.theme.layout.size.pt, "t")
    doc.place(face_form(doc, ctx.faces, ctx.catalogue.card(card_id), bleed=False), 0, 0)
    doc.c.showPage()
    return doc.save()


def _text_in(pdf: bytes, ctx, box_mm) -> str:
    """The text drawn inside a layout box (mm from the top left) of a one-card page."""
    b = ctx.theme.layout.box(tuple(box_mm))
    with open_pdf(pdf) as doc:
        return page_text(doc[0], (b.x, b.y, b.x2, b.y2))


def _forms(pdf: bytes) -> set[str]:
    import io

    return {n.removeprefix("/FormXob.") for n in pdf_forms(PdfReader(io.BytesIO(pdf)))}


# --- each element kind draws in its box ------------------------------------------------------
def test_text_badge_pill_and_rich_text_are_drawn_in_their_boxes(ctx):
    pdf = _face(ctx, "fireball")
    assert _text_in(pdf, ctx, (3.5, 3.5, 44.0, 8.0)).strip() == "Fireball"  # text
    assert _text_in(pdf, ctx, (50.0, 3.5, 9.0, 9.0)).strip() == "3"  # badge: the mana
    assert _text_in(pdf, ctx, (40.0, 40.0, 20.0, 7.0)).strip() == "4"  # pill: the power
    assert _text_in(pdf, ctx, (3.5, 50.0, 56.5, 4.0)).strip() == "FIRE SPELL"  # template, upper
    body = _text_in(pdf, ctx, (3.5, 55.0, 56.5, 24.0))
    assert "Deal 4. Gain 1" in body  # rich text, the {coin} an icon beside it
    assert "Fireball" not in _text_in(pdf, ctx, (3.5, 55.0, 56.5, 24.0))


def test_icons_come_from_fields_and_templates(ctx):
    forms = _forms(_face(ctx, "fireball"))
    # icon_row (runes: coin, heart), the rich text's {coin}, the pill's sword, the star (rare)
    assert {"icon-coin", "icon-heart", "icon-sword", "icon-star"} <= forms


def test_an_unset_value_draws_no_badge_but_zero_does(ctx):
    assert _text_in(_face(ctx, "frost-nova"), ctx, (50.0, 3.5, 9.0, 9.0)).strip() == ""
    assert _text_in(_face(ctx, "spark"), ctx, (50.0, 3.5, 9.0, 9.0)).strip() == "0"


def test_dash_is_a_faded_icon_and_a_bar_not_zero(ctx):
    dash, zero = _face(ctx, "frost-nova"), _face(ctx, "spark")
    assert "icon-sword-faded" in _forms(dash) and "icon-sword" not in _forms(dash)
    assert "icon-sword" in _forms(zero) and "icon-sword-faded" not in _forms(zero)
    assert _text_in(dash, ctx, (40.0, 40.0, 20.0, 7.0)).strip() == ""
    assert _text_in(zero, ctx, (40.0, 40.0, 20.0, 7.0)).strip() == "0"


def test_conditions_choose_elements(ctx):
    painter = ctx.faces.painter

    def drawn(card_id):
        card = ctx.catalogue.card(card_id)
        return {name for name, _ in painter.visible(painter.values(card, card_id))}

    assert {"fire_mark", "rare"} <= drawn("fireball")
    assert "ice_mark" not in drawn("fireball")
    assert "ice_mark" in drawn("frost-nova") and not {"fire_mark", "rare"} & drawn("frost-nova")
    assert "icon-star" not in _forms(_face(ctx, "frost-nova"))


@pytest.mark.parametrize(
    ("when", "expected"),
    [
        ("star", True),
        ("missing", False),
        (Condition(field="zero", set=True), True),  # 0 is a value
        (Condition(field="empty", set=False), True),
        (Condition(field="kind", equals="unit"), True),
        (Condition(field="kind", **{"not": "unit"}), False),
        (Condition(field="kind", **{"in": ["building", "unit"]}), True),
        (Condition(field="zones", contains="left"), True),
        (Condition(field="zones", contains="right"), False),
        (Condition(field="flag", equals=1), False),  # true is not 1
        (["star", Condition(field="kind", equals="unit")], True),
        (["star", "missing"], False),
    ],
)
def test_condition_forms(when, expected):
    from types import SimpleNamespace

    card = SimpleNamespace(
        star=True, missing=None, zero=0, empty=[], kind="unit", zones=["left"], flag=True
    )
    assert holds(when, Values(card, None, {})) is expected


def test_computed_fields_and_templates():
    from types import SimpleNamespace

    card = SimpleNamespace(id="x", tags=["a", "b"], n=None)
    v = Values(card, {"k": 2}, {"double": Computed(lambda c, rules: rules["k"] * 2, "n")})
    assert v.format("{id}:{double}:{tags}:{n}:{{lit}}") == "x:4:a-b::{lit}"
    assert v.source("double") == "n" and v.source("id") == "id"


def test_long_text_shrinks_to_fit(ctx):
    painter = ctx.faces.painter
    name = ctx.theme.layout.face["name"]
    short = painter.fit_line("name", "Spark", name, 150.0)
    long = painter.fit_line("name", "Spark of the Extraordinarily Long", name, 150.0)
    assert short.fits and short.size == name.size
    assert long.fits and name.min_size <= long.size < name.size
    too_long = painter.fit_line("name", "W" * 40, name, 150.0)
    assert not too_long.fits and too_long.size == name.min_size


def test_backs_are_elements_too(ctx):
    back = ctx.catalogue.pack.print.back_of(ctx.catalogue.card("spark"))
    doc = ctx.document(ctx.theme.layout.size.pt, "t")
    doc.place(back_form(doc, ctx.backs, back, bleed=False), 0, 0)
    doc.c.showPage()
    assert _text_in(doc.save(), ctx, (3.5, 38.0, 56.5, 12.0)).strip() == "SPELLS"


def test_a_data_only_pack_renders_with_the_cli(cards, tmp_path, runner, app):
    out = tmp_path / "out"
    res = runner.invoke(app, ["render", str(cards), "--out", str(out), "-q", "-p", "print"])
    assert res.exit_code == 0, res.output
    text = ""
    for pdf in sorted(out.rglob("*.pdf")):
        with open_pdf(pdf) as doc:
            text += "\n".join(page_text(doc[i]) for i in range(len(doc)))
    for printed in ("Fireball", "Frost Nova", "Spark", "SPELLS", "Freeze everything."):
        assert printed in text


# --- diagnostics for bad layouts -------------------------------------------------------------
def _bad(tmp_path, old: str, new: str) -> list:
    text = LAYOUT.read_text()
    assert old in text
    path = tmp_path / "layout.yaml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DiagnosticError) as err:
        load_layout(path, ElementLayout)
    return [(d.code, d.message, d.position) for d in err.value.diagnostics]


def _line_of(tmp_path, needle: str) -> int:
    lines = (tmp_path / "layout.yaml").read_text().splitlines()
    return next(i for i, t in enumerate(lines, 1) if needle in t)


@pytest.mark.parametrize(
    ("old", "new", "code", "words", "needle"),
    [
        ("field: mana,", "field: mana, colur: ink,", "E101", "'colur'", "colur"),
        ("kind: icon_row", "kind: icon_rwo", "E104", "unknown element kind 'icon_rwo'", "icon_rwo"),
        ('fill: "#3A6EA5"', "fill: blu", "E104", "unknown colour 'blu'", "fill: blu"),
        ("font: bold, size: 6.5", "font: bolt, size: 6.5", "E104", "unknown font", "bolt"),
        (
            "extends: panel, box: [3.5, 3.5",
            "extends: panle, box: [3.5, 3.5",
            "E104",
            "panle",
            "panle",
        ),
        ("size: 11.0, min_size: 6.0", "size: big, min_size: 6.0", "E102", "size", "size: big"),
    ],
)
def test_bad_layouts_are_diagnostics_at_file_and_line(tmp_path, old, new, code, words, needle):
    found = _bad(tmp_path, old, new)
    assert len(found) == 1, found
    (got_code, message, pos) = found[0]
    assert got_code == code and words in message
    assert pos.file.endswith("layout.yaml") and pos.line == _line_of(tmp_path, needle)


HOSTILE_NUMBERS = [
    # (old, new, code, words of the message, the line's needle): validate passed each, render
    # failed (or ran for minutes)
    ("width: 63.5", "width: .inf", "E109", "finite", "width: .inf"),
    ("width: 63.5", "width: 100000", "E105", "less than or equal to 300", "width: 100000"),
    ("bleed: 3.175", "bleed: 1000000", "E105", "less than or equal to 12.7", "bleed: 1000000"),
    ('ink: "#1F1A17"', 'ink: "#GGGGGG"', "E109", "not a #RRGGBB colour", "#GGGGGG"),
    ("box: [3.5, 3.5, 44.0, 8.0]}", "box: [.nan, 3.5, 44.0, 8.0]}", "E109", "finite", ".nan"),
    ("box: [50.0, 3.5, 9.0, 9.0]", "box: [50.0, 1.0e+308, 9.0, 9.0]", "E109", "±1000", "e+308"),
    ("size: 11.0, min_size: 6.0", "size: 1.0e+9, min_size: 6.0", "E105", "200", "1.0e+9"),
    ("min_size: 6.0}", "min_size: 6.0, step: 1.0e-9}", "E105", "0.05", "step"),
    ("line_width: 1.5}", "line_width: .inf}", "E109", "finite", "line_width: .inf"),
]


@pytest.mark.parametrize(("old", "new", "code", "words", "needle"), HOSTILE_NUMBERS)
def test_a_layout_number_render_cannot_use_is_refused_at_its_line(
    tmp_path, old, new, code, words, needle
):
    """Numbers that are not finite or past the documented bounds (docs/cli.md, "Limits") and
    colours that are not #RRGGBB: an error at the layout line, before anything is drawn."""
    found = _bad(tmp_path, old, new)
    assert len(found) == 1, found
    (got, message, pos) = found[0]
    assert got == code and words in message, (got, message)
    assert pos.file.endswith("layout.yaml") and pos.line == _line_of(tmp_path, needle)


@pytest.mark.parametrize("name", ["layout.yaml", "rules.yaml", "spells.yaml"])
def test_a_file_linked_elsewhere_is_never_quoted_in_an_error(cards, tmp_path, runner, app, name):
    """A catalogue file that is a symlink to another file (its whole text one YAML scalar):
    the error names the file, never quotes what it holds."""
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:TOKEN-8f3a2c:/root:/bin/bash\n")
    (cards / name).unlink(missing_ok=True)
    (cards / name).symlink_to(secret)
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1 and f"{name}:1:1:" in res.output, res.output
    assert "TOKEN" not in res.output and "root:x" not in res.output, res.output


def test_a_card_larger_than_the_paper_is_refused_by_validate(cards, runner, app):
    """A card that does not fit on the print-and-play papers: validate says so at the layout's
    card line (render said "does not fit" naming no file)."""
    text = LAYOUT.read_text().replace("width: 63.5, height: 88.9", "width: 250, height: 280")
    (cards / "layout.yaml").write_text(text)
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert "layout.yaml:1:" in res.output and "does not fit" in res.output, res.output


def test_an_inherited_key_is_reported_at_the_style(tmp_path):
    (found,) = _bad(tmp_path, "title: {kind: text, font: title", "title: {kind: text, font: titel")
    assert found[0] == "E104" and "'titel'" in found[1]
    assert found[2].line == _line_of(tmp_path, "font: titel")


def test_unknown_field_names_the_layout_line(tmp_path, spells_pack):
    path = tmp_path / "layout.yaml"
    path.write_text(LAYOUT.read_text().replace("when: rare}", "when: rares}"))
    layout = load_layout(path, ElementLayout)
    with pytest.raises(DiagnosticError) as err:
        layout.check_fields("face", spells_pack.catalogue.card_model.model_fields)
    (d,) = err.value.diagnostics
    assert "unknown field 'rares'" in d.message and "did you mean 'rare'" in d.hint
    assert d.position.line == _line_of(tmp_path, "rares")


def test_a_catalogue_with_a_bad_layout_fails_validate_without_traceback(cards, runner, app):
    (cards / "layout.yaml").write_text(LAYOUT.read_text().replace("field: runes,", "field: rune,"))
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1
    assert "unknown field 'rune'" in res.output and "layout.yaml:" in res.output
    assert "Traceback" not in res.output


# --- preflight --------------------------------------------------------------------------------
def test_preflight_text_overflow_names_card_and_element(cards):
    path = cards / "spells.yaml"
    path.write_text(path.read_text().replace("name: Spark,", f"name: {'W' * 30},"))
    cat = load_catalogue(cards, use_cache=False)
    (d,) = [d for d in preflight(cat) if d.code == "E401"]
    assert d.card == "spark" and d.message.startswith("name 'WWW")
    assert d.position.file.endswith("spells.yaml") and d.position.line == 4


def test_preflight_missing_icon_is_an_error(cards):
    path = cards / "spells.yaml"
    path.write_text(path.read_text().replace("runes: [coin, heart]", "runes: [coin, dragon]"))
    cat = load_catalogue(cards, use_cache=False)
    (d,) = [d for d in preflight(cat) if d.code == "E401"]
    assert d.card == "fireball" and "runes: no icon named 'dragon'" in d.message


def test_preflight_safe_zone_covers_every_element(cards):
    layout = cards / "layout.yaml"
    # the star moves to the corner: an icon is content, an error even marked `bleed: true`
    layout.write_text(
        LAYOUT.read_text().replace("box: [29.25, 80.5, 5.0, 5.0]", "box: [58.0, 84.0, 5.0, 5.0]")
    )
    cat = load_catalogue(cards, use_cache=False)
    zone = [d for d in preflight(cat) if d.code == "E406"]
    assert [d.card for d in zone] == ["fireball"]  # the only card that draws the star
    assert "face.rare" in zone[0].message and zone[0].position.file.endswith("layout.yaml")
    assert zone[0].position.line == _line_of(cards, "box: [58.0, 84.0")
    layout.write_text(layout.read_text().replace("when: rare}", "when: rare, bleed: true}"))
    zone = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "E406"]
    assert [d.card for d in zone] == ["fireball"]


def test_only_background_and_art_may_reach_the_margin(cards):
    """Background and art past the safe zone: a warning, none with `bleed: true`."""
    layout = cards / "layout.yaml"
    art = "art: {kind: image, box: [3.5, 14.0, 56.5, 24.0]"
    layout.write_text(LAYOUT.read_text().replace(art, art.replace("3.5, 14.0", "1.0, 14.0")))
    found = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code[1:] == "406"]
    assert found == []
    (w,) = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "W401"]
    assert "face.art" in w.message and "2.17 mm" in w.message
    layout.write_text(
        layout.read_text().replace(
            "[1.0, 14.0, 56.5, 24.0]", "[1.0, 14.0, 56.5, 24.0], bleed: true"
        )
    )
    assert [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "W401"] == []


def test_the_safe_zone_is_at_least_an_eighth_of_an_inch(cards):
    """A layout asking for a 3.0 mm safe zone still gets 1/8 in (3.175 mm)."""
    layout = cards / "layout.yaml"
    assert "safe: 3.0}" in LAYOUT.read_text()
    layout.write_text(
        LAYOUT.read_text().replace("[3.5, 50.0, 56.5, 4.0]", "[3.1, 50.0, 56.5, 4.0]")
    )
    (e,) = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "E406"]
    assert "face.school" in e.message and "0.07 mm" in e.message and "3.175 mm" in e.message


def test_type_under_six_points_is_an_error_naming_the_layout_line(cards):
    layout = cards / "layout.yaml"
    layout.write_text(
        LAYOUT.read_text().replace("size: 6.5, colour: light}", "size: 5.5, colour: light}")
    )
    (e,) = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "E407"]
    assert "face.school" in e.message and "5.5 pt" in e.message
    assert e.position.line == _line_of(cards, "school: {kind: text")
    layout.write_text(LAYOUT.read_text().replace("min_size: 6.0}", "min_size: 4.0}"))
    (e,) = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "E407"]
    assert "face.text" in e.message and "4 pt" in e.message


def test_a_frame_between_the_trim_and_the_safe_zone_is_an_error(cards):
    """A deck-coloured frame 1.6 mm inside the trim (as Attack Right's was): a 1-1.5 mm
    cutting drift makes it lopsided or cuts it off.  On the trim (into the bleed) or inside
    the safe zone it is fine; so are lines crossing the margin (a band's top and bottom)."""
    frame = "  frame: {kind: shape, shape: rounded, box: %s, stroke: line, line_width: 1.7}\n"
    band = (
        "  band: {kind: shape, shape: edges, edges: [top, bottom], box: [0.0, 20.0, 63.5, 9.0],"
        " stroke: line, bleed: true}\n"
    )
    text = LAYOUT.read_text()
    at = text.index("face:\n") + len("face:\n")
    for box, errors in (
        ("[1.6, 1.6, 60.3, 85.7]", 1),  # in the margin
        ("[0.0, 0.0, 63.5, 88.9]", 0),  # on the trim: into the bleed
        ("[3.6, 3.6, 56.3, 81.7]", 0),  # inside the safe zone, its line width included
        ("[3.2, 3.2, 57.1, 82.5]", 1),  # its line straddles the safe line
    ):
        (cards / "layout.yaml").write_text(text[:at] + frame % box + band + text[at:])
        found = preflight(load_catalogue(cards, use_cache=False))
        # the frame's own outline (a text the frame crowds is another E406)
        found = [d for d in found if d.code == "E406" and d.message.startswith("face.frame")]
        assert len(found) == errors, box
        if errors:
            assert "face.frame: its outline lies" in found[0].message


def test_the_shipped_layouts_pass_the_preflight():
    games = sorted(Path(__file__).resolve().parents[1].glob("games/*/cards"))
    assert len(games) == 5
    for folder in (Path("cards"), *games, FIXTURES / "plain", FIXTURES / "render" / "cards"):
        cat = load_catalogue(Path(__file__).resolve().parents[1] / folder, use_cache=False)
        bad = [d for d in preflight(cat) if d.code in ("E401", "W401", "E406", "E407")]
        assert bad == []


def test_validate_reports_content_past_the_safe_zone_as_an_error(cards):
    layout = cards / "layout.yaml"
    text = LAYOUT.read_text().replace("[3.5, 50.0, 56.5, 4.0]", "[0.5, 50.0, 56.5, 4.0]")
    layout.write_text(text)
    from cardgen.render.preflight import preflight_check

    result = validate(cards, extra_checks=[preflight_check], use_cache=False)
    (e,) = [d for d in result.diagnostics if d.code == "E406"]
    assert not result.ok and "face.school" in e.message and "2.67 mm" in e.message


# --- the kinds the built-in packs use ---------------------------------------------------------
@pytest.mark.parametrize(
    ("folder", "card_id", "box", "expected"),
    [
        ("plain", "sneak", (3.5, 75.8, 56.5, 6.4), "1 2"),  # stat_row: attack 1, health 2
        ("render/cards", "war-camp", (8.4, 11.3, 35.6, 3.6), "BUILDING"),  # text, upper
    ],
)
def test_built_in_layouts_draw_in_their_boxes(folder, card_id, box, expected):
    cat = load_catalogue(FIXTURES / folder, use_cache=False)
    pack_ctx = RenderContext(cat, Theme.of(cat), load_product_settings(), share_forms=False)
    text = _text_in(_face(pack_ctx, card_id), pack_ctx, box)
    assert " ".join(text.split()) == expected


def test_toggles_draw_a_labelled_square_per_value(tmp_path):
    """Attack Right's placement as the toggles it once was: L M R, its zones active."""
    import shutil

    from cardgen.packs.attack_right.layout import LAYOUT_FILE

    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    text = LAYOUT_FILE.read_text()
    start, end = text.index("  placement:"), text.index("  rules_text:")
    toggles = (
        "  placement: {kind: toggles, box: [21.0, 51.2, 21.5, 6.2], field: placement, "
        "values: [left, middle, right], labels: [L, M, R], size: 5.6, "
        "active: {fill: line, text: paper}, inactive: {fill: paper, text: faded}}\n"
    )
    (cards / "layout.yaml").write_text(text[:start] + toggles + text[end:])
    cat = load_catalogue(cards, use_cache=False)
    pack_ctx = RenderContext(cat, Theme.of(cat), load_product_settings(), share_forms=False)
    face = _face(pack_ctx, "war-camp")
    assert " ".join(_text_in(face, pack_ctx, (21.0, 51.2, 21.5, 6.2)).split()) == "L M R"


def test_extends_an_element_above_but_not_below(tmp_path):
    text = LAYOUT.read_text()
    path = tmp_path / "layout.yaml"
    above = "  rare2: {extends: rare, box: [40.0, 80.5, 5.0, 5.0]}\n"
    path.write_text(text.replace("\nback:", f"{above}\nback:"))
    layout = load_layout(path, ElementLayout)
    assert layout.face["rare2"].icon == "star" and layout.face["rare2"].box[0] == 40.0
    below = "  early: {extends: rare, box: [40.0, 80.5, 5.0, 5.0]}\n"
    path.write_text(
        text.replace(
            "  background: {kind: shape, box: card",
            below + "  background: {kind: shape, box: card",
            1,
        )
    )
    with pytest.raises(DiagnosticError) as err:
        load_layout(path, ElementLayout)
    (d,) = err.value.diagnostics
    assert "no style or element above named 'rare'" in d.message and d.position.line == 14


def test_preflight_covers_the_backs(cards):
    long_title = 'text: "SPELLS OF THE EXTRAORDINARILY LONG TITLE"'
    layout = LAYOUT.read_text().replace('text: "SPELLS"', long_title)
    layout = layout.replace(
        "box: [3.5, 3.5, 56.5, 81.9], radius: 3.0", "box: [1.0, 1.0, 61.5, 86.9], radius: 3.0"
    )
    (cards / "layout.yaml").write_text(layout)
    found = preflight(load_catalogue(cards, use_cache=False))
    (e401,) = [d for d in found if d.code == "E401"]
    assert e401.card == "fireball" and e401.message.startswith("back 'back': title ")
    assert e401.position.file.endswith("layout.yaml") and e401.position.line == 31
    # a frame 1 mm inside the trim is what a drifting cut makes lopsided: an error
    (e406,) = [d for d in found if d.code == "E406" and d.message.startswith("back.frame")]
    assert "outline" in e406.message
    assert e406.position.line == 30


@pytest.mark.parametrize(
    ("back", "words", "pattern"),
    [
        ("spring", "SPRING · ROUNDS 1–2", "dots"),
        ("fall", "FALL · ROUNDS 3–4", "stripes"),
    ],
)
def test_attack_right_backs_are_elements(back, words, pattern):
    cat = load_catalogue(FIXTURES / "render" / "cards", use_cache=False)
    ar = RenderContext(cat, Theme.of(cat), load_product_settings(), share_forms=False)
    design = next(b for bs in ar.backs_by_pile().values() for b in bs if b.key == back)
    drawn = {n for n, _ in ar.backs.painter.visible(ar.backs._values(design))}
    assert pattern in drawn and ({"dots", "stripes"} - {pattern}).isdisjoint(drawn)
    doc = ar.document(ar.theme.layout.size.pt, "t")
    doc.place(back_form(doc, ar.backs, design, bleed=False), 0, 0)
    doc.c.showPage()
    text = _text_in(doc.save(), ar, (0.0, 0.0, 63.5, 88.9))
    assert "ATTACK RIGHT" in text and words in text
    assert "emblem" not in drawn and "rounds" in drawn  # one back for every deck: no deck shown
    assert not any(d.name.upper() in text for d in cat.rules.decks)
