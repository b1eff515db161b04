"""Rich text: icon tokens, baseline placement, shrink to fit and overflow."""

from __future__ import annotations

import pytest

from cardgen.packs.attack_right.layout import load_layout
from cardgen.render.fonts import register_fonts
from cardgen.render.text import Para, Piece, TextStyle, draw, fit, parse, typeset


@pytest.fixture(scope="module")
def font() -> str:
    return register_fonts(load_layout().fonts)["regular"]


def test_parse_splits_icons_inside_words():
    assert parse("per {age-token}. Now") == [
        (Piece("per"),),
        (Piece(icon="age-token"), Piece(".")),
        (Piece("Now"),),
    ]


def test_a_number_its_icon_and_the_word_before_stay_together():
    assert parse("Gain 2 {coin}.") == [
        (Piece("Gain\u00a02\u00a0"), Piece(icon="coin"), Piece(".")),
    ]
    # "+1 {attack}" opening a paragraph: nothing before it to hold
    assert parse("+1 {attack} per {age-token}.")[0] == (Piece("+1\u00a0"), Piece(icon="attack"))


def test_gain_amount_and_icon_never_break_across_lines(font):
    """At every width "Gain 1 {coin}" is on one line (the issue's "Gain / 1 [coin]")."""
    text = "When played: Gain 1 {coin} and your Neighbour loses 1 {glory}."
    for width in range(60, 200, 3):
        lay = fit([Para(text, font)], width, 500, TextStyle(size=9.0, min_size=9.0))
        for line in lay.lines:
            words = "".join(r.text if r.icon is None else f"{{{r.icon}}}" for r in line.runs)
            assert not words.rstrip().endswith(("Gain", "1", "loses")), (width, words)
            assert not words.lstrip().startswith(("1", "{coin}", "{glory}")), (width, words)


def test_a_hyphen_before_a_digit_is_a_minus_sign():
    assert typeset("-1 {attack}, (-2) and x-3 Neighbour-facing") == (
        "\u22121 {attack}, (\u22122) and x-3 Neighbour-facing"
    )
    assert parse("Your Neighbour has -1 {attack}.")[-1][0] == Piece("has\u00a0\u22121\u00a0")


def test_punctuation_follows_an_icon_without_a_gap(font):
    """The icon's advance is its drawing plus a pad each side, none before a full stop."""
    style = TextStyle(size=10.0, icon_scale=1.0, icon_pad=0.1)
    sword = {"attack": (0.25, 0.75)}.get

    def runs(text):
        (line,) = fit([Para(text, font)], 300, 40, style, lambda n: sword(n, (0.0, 1.0))).lines
        return line.runs

    *_, icon, stop = runs("get +1 {attack}.")
    assert icon.width == pytest.approx(10 * 0.5 + 1.0)  # drawing 5 pt, one pad of 1 pt
    assert stop.x == pytest.approx(icon.x + icon.width) and stop.text == "."
    assert icon.shift == pytest.approx(1.0 - 2.5)  # drawn from its ink, not its square
    *_, icon, _ = runs("get +1 {attack} now")
    assert icon.width == pytest.approx(10 * 0.5 + 2.0)
    *_, coin, _ = runs("Gain 1 {coin}.")
    assert coin.width == pytest.approx(10 + 1.0)  # no extent known: the whole square


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
