"""On a mono printer the fronts of two decks (Attack Right) or factions (Authority) differ by
their ground's grey, not only by an icon: every two ground colours at least 15 grey levels
apart (ITU-R BT.601 luma, what a printer driver's greyscale uses)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue

ROOT = Path(__file__).resolve().parent.parent
#: the least difference of two fronts' grounds, grey levels of 255
APART = 15


def luma(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize(
    ("game", "groups"), [("cards", "decks"), ("games/authority/cards", "factions")]
)
def test_every_two_fronts_differ_in_grey(game, groups):
    rules = load_catalogue(ROOT / game).rules
    greys = {g.id: luma(g.colour) for g in getattr(rules, groups)}
    assert len(greys) >= 4
    close = [
        (a, b, round(greys[a]), round(greys[b]))
        for a, b in combinations(greys, 2)
        if abs(greys[a] - greys[b]) < APART
    ]
    assert close == []
