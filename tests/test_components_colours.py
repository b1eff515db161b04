"""Component colours stay apart under the common colour-vision deficiencies, and colour is never
the only cue: every player also has their own letter and shape."""

from __future__ import annotations

import itertools

import pytest
from conftest import CARDS

from cardgen.components.draw import text_on
from cardgen.packs.attack_right.components.style import load_layout
from cardgen.packs.attack_right.model import load_rules_model
from cardgen.render.colours import hex_rgb

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
CVD = {
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "tritanopia": ((1.256, -0.077, -0.179), (-0.078, 0.931, 0.148), (0.005, 0.691, 0.304)),
}
MIN_DELTA_E = 12.0  # CIE76: clearly different at a glance


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (max(0.0, min(1.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _seen(hex_code: str, deficiency: str | None) -> tuple[float, float, float]:
    lin = tuple(_linear(c) for c in hex_rgb(hex_code))
    if deficiency is not None:
        m = CVD[deficiency]
        lin = tuple(sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _lab(lin)


def _delta(a: str, b: str, deficiency: str | None) -> float:
    la, lb = _seen(a, deficiency), _seen(b, deficiency)
    return sum((x - y) ** 2 for x, y in zip(la, lb, strict=True)) ** 0.5


@pytest.fixture(scope="module")
def rules():
    return load_rules_model(CARDS / "rules.yaml")


@pytest.mark.parametrize("deficiency", [None, *CVD])
def test_player_colours_stay_apart(rules, deficiency):
    colours = [p.colour for p in rules.players.colours]
    for a, b in itertools.combinations(colours, 2):
        assert _delta(a, b, deficiency) >= MIN_DELTA_E, (a, b, deficiency)


@pytest.mark.parametrize("deficiency", [None, *CVD])
def test_season_colours_stay_apart(rules, deficiency):
    for a, b in itertools.combinations([s.colour for s in rules.seasons], 2):
        assert _delta(a, b, deficiency) >= MIN_DELTA_E, (a, b, deficiency)


def test_players_have_their_own_letter_and_shape(rules):
    players = rules.players.colours
    assert len({p.letter for p in players}) == len(players)
    assert len({p.shape for p in players}) == len(players)


def test_letters_contrast_with_their_colour(rules):
    layout = load_layout()
    for hex_code in [p.colour for p in rules.players.colours] + [layout.tokens.round.colour]:
        ink = text_on(hex_code)
        assert _delta(hex_code, ink, None) >= 40


def test_the_deficiency_model_is_not_vacuous():
    # red and green collapse for protanopes and deuteranopes: the check would catch them
    assert _delta("#D00000", "#00A000", None) > 50
    assert _delta("#B04040", "#6A7A30", "deuteranopia") < MIN_DELTA_E
