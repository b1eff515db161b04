"""Rich text: icon tokens, baseline placement, shrink to fit and overflow."""

from __future__ import annotations

import pytest

from cardgen.packs.attack_right.layout import load_layout
from cardgen.render.fonts import register_fonts
from cardgen.render.text import Para, Piece, TextStyle, draw, fit, parse


@pytest.fixture(scope="module")
def font() -> str:
    return register_fonts(load_layout().fonts)["regular"]


def test_parse_splits_icons_inside_words():
    assert parse("per {age-token}. Now") == [
        (Piece("per"),),
        (Piece(icon="age-token"), Piece(".")),
        (Piece("Now"),),
    ]


def test_a_number_and_its_icon_stay_together():
    assert parse("Gain 2 {coin}.") == [
        (Piece("Gain"),),
        (Piece("2\u00a0"), Piece(icon="coin"), Piece(".")),
    ]


def test_text_keeps_its_size_when_it_fits(font):
    style = TextStyle(size=9.0)
    lay = fit([Para("Produces {wood}.", font)], 150, 60, style)
    assert lay.fits and lay.size == 9.0
    assert [r.icon for r in lay.lines[0].runs] == [None, "wood", None]


def test_text_shrinks_to_fit_then_reports_overflow(font):
    style = TextStyle(size=9.0, min_size=6.0)
    words = " ".join(["Gain 1 {coin} per unit in your Kingdom."] * 4)
    lay = fit([Para(words, font)], 150, 32, style)
    assert lay.fits and 6.0 <= lay.size < 9.0
    assert lay.height <= 32
    too_long = fit([Para(words * 4, font)], 150, 32, style)
    assert not too_long.fits and too_long.size == 6.0


def test_a_word_wider_than_the_box_never_fits(font):
    lay = fit([Para("Supercalifragilisticexpialidocious", font)], 40, 100, TextStyle(9.0))
    assert not lay.fits


def test_inline_icons_sit_on_the_baseline(font):
    style = TextStyle(size=10.0, icon_scale=0.95)
    lay = fit([Para("Pay 2 {coin} now", font)], 200, 40, style)
    texts, icons = [], []

    class Spy:
        def setFont(self, *a):
            pass

        def drawString(self, x, y, s):
            texts.append((x, y, s))

    draw(Spy(), lay, 0, 100, 200, style, lambda n, x, y, s: icons.append((n, x, y, s)))
    ((name, ix, iy, isz),) = icons
    assert name == "coin"
    assert iy == pytest.approx(texts[0][1])  # icon bottom on the text baseline
    assert isz == pytest.approx(9.5)
    assert texts[0][0] < ix < texts[1][0]  # between "Pay 2" and "now"


def test_no_paragraph_is_set_below_the_minimum_size():
    style = TextStyle(size=9, min_size=6)
    long = "word " * 60
    lay = fit([Para(long, "Helvetica"), Para(long, "Helvetica", scale=0.8)], 150, 60, style)
    assert lay.size == 6 and not lay.fits  # shrunk all the way
    sizes = {r.size for line in lay.lines for r in line.runs}
    assert min(sizes) == 6  # the scaled flavour is held at the minimum, not 4.8 pt
