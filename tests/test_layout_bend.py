"""Layouts a designer can bend (issue 30): values mapped to colours, icons and text, icons in
any colour, rotation, boxes in % or anchored to an edge, named sizes and a size per back, files
beside the game (fonts, images), no placeholder art unless asked; each drawn where it says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import open_pdf, page_text, pdf_page_sizes

from cardgen.render.elements.schema import Anchored, resolve_box
from cardgen.render.layout import CARD_SIZES
from cardgen.render.sizes import sized_name

FONTS = Path(__file__).resolve().parents[1] / "cardgen" / "assets" / "fonts"
MOON, SUN, PAPER = "#2F4F7A", "#96621A", "#FBF7EE"  # white reads 5:1 on the sun
ICONS = {
    # drawn in currentColor: takes the layout's colour where the file says so
    "moon": '<path d="M60 8 A42 42 0 1 0 92 70 A33 33 0 1 1 60 8 Z" fill="currentColor"/>',
    # drawn in black: recoloured whole
    "sun": '<circle cx="50" cy="50" r="30" fill="#000000"/>',
}
RULES = """pack: plain
game: Moon and Sun
backs:
  - {id: suits, name: Suit deck, colour: "#333333"}
  - {id: trumps, name: Trump cards, colour: "#555555", size: mini}
fields:
  suit: {type: choice, choices: [moon, sun]}
  rank: whole number
"""
CARDS = """cards:
  - {id: moon-1, name: Moon One, suit: moon, rank: 1, text: "Lead."}
  - {id: sun-12, name: Sun Twelve, suit: sun, rank: 12}
"""
TRUMPS = """back: trumps
cards:
  - {id: trump-13, name: Trump, suit: moon, rank: 13, text: "Beats all."}
"""
SUITS = {"moon": "moon", "sun": "sun"}
LAYOUT = {
    "card": {"size": "poker"},
    "fonts": {
        "regular": "DejaVuSansCondensed.ttf",
        "bold": "DejaVuSansCondensed-Bold.ttf",
        "italic": "DejaVuSansCondensed-Oblique.ttf",
        "title": "fonts/Mine.ttf",  # beside the game
    },
    "colours": {"ink": "#1F1A17", "paper": PAPER, "light": "#FFFFFF", "moon": MOON, "sun": SUN},
    "face": {
        "background": {"kind": "shape", "box": "card", "fill": "paper", "bleed": True},
        "band": {
            "kind": "shape",
            "box": {"left": 0, "right": 0, "top": 0, "h": "20%"},
            "fill": {"field": "suit", "map": SUITS, "default": "ink"},
            "bleed": True,
        },
        "badge": {
            "kind": "icon",
            "box": {"right": 4, "top": 3.5, "w": "15%", "h": 10},
            "icon": "{suit}",
            "colour": "light",
        },
        "name": {
            "kind": "text",
            "box": [4, 5, "55%", 8],
            "field": "name",
            "font": "title",
            "size": 10,
            "min_size": 6,
            "colour": "light",
        },
        "index": {
            "kind": "text",
            "box": {"right": 4, "bottom": 4, "w": 10, "h": 8},
            "text": {"field": "rank", "map": {1: "A", 11: "J", 12: "Q"}, "default": "{rank}"},
            "font": "title",
            "size": 14,
            "align": "center",
            "rotate": 180,
        },
        "art": {"kind": "image", "box": {"left": 4, "right": 4, "top": "30%", "h": "30%"}},
        "text": {
            "kind": "rich_text",
            "box": {"left": 4, "right": 4, "top": "62%", "h": "18%"},
            "field": "text",
            "size": 9,
            "min_size": 6,
        },
    },
    "back": {"background": {"kind": "shape", "box": "card", "fill": "ink", "bleed": True}},
}


def _game(tmp_path: Path, layout: dict | None = None) -> Path:
    root = tmp_path / "cards"
    (root / "icons").mkdir(parents=True)
    (root / "fonts").mkdir()
    shutil.copy(FONTS / "DejaVuSerifCondensed-Bold.ttf", root / "fonts" / "Mine.ttf")
    for name, body in ICONS.items():
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>'
        (root / "icons" / f"{name}.svg").write_text(svg)
    (root / "rules.yaml").write_text(RULES)
    (root / "suits.yaml").write_text(CARDS)
    (root / "trumps.yaml").write_text(TRUMPS)
    (root / "layout.yaml").write_text(yaml.safe_dump(layout or LAYOUT, sort_keys=False))
    return root


def _pixels(pdf: Path, page: int, colour: str, box_mm, scale: float = 4.0) -> int:
    """Pixels of ``colour`` (within 16 a channel) in ``box_mm`` (x, y, w, h from the page's
    top-left)."""
    want = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    with open_pdf(pdf) as doc:
        im = doc[page].render(scale=scale).to_pil().convert("RGB")
    k = scale * 72 / 25.4
    x, y, w, h = box_mm
    data = im.crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k))).tobytes()
    px = (data[i : i + 3] for i in range(0, len(data), 3))
    return sum(1 for p in px if all(abs(a - b) <= 16 for a, b in zip(p, want, strict=True)))


def test_boxes_in_percent_and_from_the_edges():
    assert resolve_box(("10%", 5.0, "50%", "25%"), 60.0, 80.0) == (6.0, 5.0, 30.0, 20.0)
    corner = Anchored(right=4, bottom="10%", w=10, h=8)
    assert resolve_box(corner, 63.5, 88.9) == pytest.approx((49.5, 72.01, 10, 8))
    assert resolve_box(Anchored(left=3, right=3, top=2, bottom=2), 40, 50) == (3, 2, 34, 46)
    with pytest.raises(ValueError, match="two of left, right, w"):
        Anchored(left=1, right=1, w=3, top=1, h=2)
    assert sized_name("pnp-a4.pdf", "mini") == "pnp-a4-mini.pdf"
    assert sized_name("print/trumps.pdf", "mini") == "print/trumps.pdf"
    assert sized_name("tts/moon.json", (70.0, 120.0)) == "tts/moon-70x120.json"


@pytest.fixture
def built(runner, app, tmp_path) -> tuple[Path, Path]:
    cards, out = _game(tmp_path), tmp_path / "out"
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["build", str(cards), "-o", str(out), "--only", "cards", "-q"])
    assert res.exit_code == 0, res.output
    return cards, out / "cards"


def test_a_bent_layout_prints_as_it_says(built):
    _, out = built
    pdf = out / "print" / "suits.pdf"  # one page per card, 3.175 mm of bleed around
    b = 3.175
    band = (b + 1, b + 1, 30, 8)
    assert _pixels(pdf, 0, MOON, band) > 2000 and _pixels(pdf, 0, SUN, band) == 0
    assert _pixels(pdf, 1, SUN, band) > 2000 and _pixels(pdf, 1, MOON, band) == 0
    # the suit icon on the band, in white (currentColor or recoloured whole); none of the
    # band's own colour is left where it is drawn
    badge = (b + 63.5 - 4 - 9.5 + 2, b + 3.5 + 1, 5, 6)
    assert _pixels(pdf, 0, "#FFFFFF", badge) > 150 and _pixels(pdf, 1, "#FFFFFF", badge) > 150
    # no art and no placeholder asked for: the art box is the card's paper
    art = (b + 5, b + 88.9 * 0.3 + 1, 50, 88.9 * 0.3 - 2)
    with open_pdf(pdf) as doc:
        im = doc[0].render(scale=2).to_pil()
    k = 2 * 72 / 25.4
    crop = im.crop(tuple(round(v * k) for v in (art[0], art[1], art[0] + art[2], art[1] + art[3])))
    assert crop.convert("RGB").getcolors() == [(crop.width * crop.height, (0xFB, 0xF7, 0xEE))]
    # the index, mapped (12 -> Q, 1 -> A) and turned upside down in the bottom-right corner
    with open_pdf(pdf) as doc:
        tp = doc[1].get_textpage()
        searcher = tp.search("Q")
        left, bottom, right, top = tp.get_charbox(searcher.get_next()[0])
        searcher.close()
        tp.close()
    w = 63.5 + 2 * b
    to_mm = 25.4 / 72
    assert left * to_mm > w - b - 4 - 10 and right * to_mm < w - b - 4 + 0.5
    assert bottom * to_mm > b + 4 - 0.5 and top * to_mm < b + 4 + 8 + 0.5
    assert "A" in page_text_of(pdf, 0).split() and "12" not in page_text_of(pdf, 1)


def page_text_of(pdf: Path, page: int) -> str:
    with open_pdf(pdf) as doc:
        return page_text(doc[page])


def test_the_font_beside_the_game_is_the_title_font(built):
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.theme import Theme

    cards, _ = built
    fonts = Theme.of(load_catalogue(cards)).fonts
    assert fonts["title"].startswith("Mine-") and fonts["regular"] == "DejaVuSansCondensed"


def test_a_back_of_another_size_prints_at_its_size(built):
    _, out = built
    mini = [(round(w * 25.4 / 72, 1), round(h * 25.4 / 72, 1)) for w, h in pdf_page_sizes(
        out / "print" / "trumps.pdf")]  # fmt: skip
    w, h = CARD_SIZES["mini"]
    assert set(mini) == {(round(w + 6.35, 1), round(h + 6.35, 1))}
    poker = pdf_page_sizes(out / "print" / "suits.pdf")[0]
    assert round(poker[0] * 25.4 / 72, 1) == round(63.5 + 6.35, 1)
    assert (out / "pnp-a4.pdf").is_file() and (out / "pnp-a4-mini.pdf").is_file()
    assert "Beats all." in page_text_of(out / "pnp-a4-mini.pdf", 2)
    assert "Beats all." not in "".join(page_text_of(out / "pnp-a4.pdf", i) for i in (1, 2))


def test_a_box_that_does_not_fit_the_smaller_size_is_an_error(runner, app, tmp_path):
    layout = yaml.safe_load(yaml.safe_dump(LAYOUT))
    layout["face"]["text"]["box"] = [4, 60, 55, 18]  # fits poker, runs off a mini card
    res = runner.invoke(app, ["validate", str(_game(tmp_path, layout))])
    assert res.exit_code == 1 and "E406" in res.output and "trump-13" in res.output


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (lambda L: L["fonts"].update(title="fonts/Gone.ttf"), "E001", "Gone.ttf"),
        (lambda L: L["face"]["band"]["fill"].update(default="mauve"), "E104", "mauve"),
        (lambda L: L["face"]["art"].update(src="art/{suit}.png"), "E402", "art/moon.png"),
        (lambda L: L["face"]["badge"].update(icon="{rank}"), "E401", "icons/1.svg"),
        (lambda L: L["face"]["index"].update(rotate=400), "E105", "rotate"),
        (lambda L: L["card"].update(size="huge"), "E104", "poker"),
    ],
)
def test_a_layout_mistake_names_its_line(runner, app, tmp_path, change, code, words):
    layout = yaml.safe_load(yaml.safe_dump(LAYOUT))
    change(layout)
    res = runner.invoke(app, ["validate", str(_game(tmp_path, layout))])
    assert res.exit_code == 1, res.output
    assert code in res.output and words in res.output, res.output
    assert "layout.yaml:" in res.output and "Traceback" not in res.output
