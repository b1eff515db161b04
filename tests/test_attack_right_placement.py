"""Attack Right's placement: one three-slot zone symbol per card, dark where it may go, on a
pill made for one symbol (two or three symbols side by side overflowed it)."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.face import placement_icon
from cardgen.render.svg_icons import ink_extent
from cardgen.render.theme import Theme

ROOT = Path(__file__).resolve().parent.parent


def test_every_card_prints_one_symbol_of_its_zones():
    cat = load_catalogue(ROOT / "cards")
    icons = Theme.of(cat).icons
    seen = {}
    for card in cat:
        name = placement_icon(card, cat.rules)
        assert name.split("-") == [z for z in ("left", "middle", "right") if z in card.placement]
        assert icons.problem(name) is None, name
        assert name in cat.pack.print.card_icons(card, cat.rules)
        seen[name] = card.id
    # the kit has one-, two- and three-zone cards
    assert {"left", "right", "left-middle", "middle-right", "left-middle-right"} <= set(seen)


def test_the_symbols_differ_and_fill_one_square():
    cat = load_catalogue(ROOT / "cards")
    icons = Theme.of(cat).icons
    names = ["left", "middle", "right", "left-middle", "middle-right", "left-right"]
    names.append("left-middle-right")
    pictures = {str(icons.program(n)) for n in names}
    assert len(pictures) == len(names)
    for n in names:
        lo, hi = ink_extent(icons.program(n))
        assert 0.0 < lo < 0.1 and 0.9 < hi < 1.0


def test_the_placement_pill_holds_one_symbol():
    cat = load_catalogue(ROOT / "cards")
    layout = Theme.of(cat).layout
    face = layout.section("face")
    pill, symbol = face["placement_panel"], face["placement"]
    assert type(symbol).__name__ == "IconEl"
    assert pill.box == symbol.box
    _x, _y, w, h = symbol.box
    # the square symbol (h) with the pill's round ends (h/2 each) beside it
    assert w >= 2 * h
