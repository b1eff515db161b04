"""Attack the Tower's printed components: the board in two parts (three territories of upright
base slots; the palace between the two draw piles and their discards), each on an A3 or Tabloid
sheet or tiled over A4/Letter, and the troop counters (a punch-out sheet, "1" on the fronts and
"2" on the mirrored backs for duplex).  One army's: a game prints the kit twice (kit.yaml)."""

from __future__ import annotations

import os
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

import yaml
from pydantic import PositiveFloat

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.draw import Sheet, card_layout, new_sheet
from cardgen.components.style import SheetStyle, StylePart
from cardgen.components.tiling import PAPER_NAMES, PAPERS, Item, write_large, write_tiled
from cardgen.packs.attack_the_tower.model import TowerRules
from cardgen.render.units import mm
from cardgen.util.atomic import atomic_write_bytes
from cardgen.util.resources import data_path

if TYPE_CHECKING:
    from cardgen.pack import Pack
    from cardgen.render.layout import CardSize

LAYOUT_FILE = data_path("cardgen.packs.attack_the_tower") / "components.yaml"
#: a point in the drawings' millimetre units (font sizes are given in points)
PT = 1 / mm(1)
BACK_NOTE = " — print on the back of the fronts"


class BoardStyle(StylePart):
    edge: PositiveFloat
    gap: PositiveFloat
    header: PositiveFloat
    label: PositiveFloat
    slot_pad: float
    title: str
    palace_title: str
    palace: str
    ability_pile: str
    ability_discards: str
    base_pile: str
    base_discards: str
    territory: str
    slot: str
    counter_note: str


class CounterStyle(StylePart):
    diameter: PositiveFloat
    cell: PositiveFloat
    front: str
    back: str
    #: under the count on the front and on the back ("1 troop", "2 troops")
    front_label: str
    back_label: str


class TowerComponents(SheetStyle):
    board: BoardStyle
    counters: CounterStyle


@cache
def load_style() -> TowerComponents:
    """The components' layout (``components.yaml``)."""
    return TowerComponents.model_validate(yaml.safe_load(LAYOUT_FILE.read_text("utf-8")))


def slot_size(style: TowerComponents, card: CardSize) -> tuple[float, float]:
    """A card slot's width and height (mm): a ``card`` (the pack's card size) upright, with
    room round it."""
    pad = style.board.slot_pad
    return card.width + 2 * pad, card.height + 2 * pad


def board_size(
    rules: TowerRules, style: TowerComponents, card: CardSize
) -> tuple[float, float, float, float]:
    """The territories part's width and height and a slot's width and height (mm): a column
    per territory (a path to the palace), its base slots one above the other, cards upright."""
    b = style.board
    sw, sh = slot_size(style, card)
    cols, rows = rules.territories, rules.slots
    width = 2 * b.edge + cols * sw + (cols - 1) * b.gap
    height = 2 * b.edge + b.header + b.label + rows * sh + (rows - 1) * b.gap
    return width, height, sw, sh


#: the palace part, left to right: each draw pile beside its discards, the palace between
PALACE_ROW = ("ability_pile", "ability_discards", "palace", "base_discards", "base_pile")


def palace_size(style: TowerComponents, card: CardSize) -> tuple[float, float]:
    """The palace part's width and height (mm): the palace between the two draw piles and
    their discard spaces, in a row, cards upright."""
    b = style.board
    sw, sh = slot_size(style, card)
    n = len(PALACE_ROW)
    return 2 * b.edge + n * sw + (n - 1) * b.gap, 2 * b.edge + b.header + b.label + sh


def _fmt(text: str, rules: TowerRules) -> str:
    return text.format(
        army=rules.army,
        palace_power=rules.palace_power,
        base_power=rules.base_power,
        max_troops=rules.max_troops_per_base,
    )


def _frame(s: Sheet, style: TowerComponents, width: float, height: float, title: str) -> float:
    """The part's outline and title; returns the top of its slots' labels (mm)."""
    b = style.board
    c = s.c
    c.setLineWidth(0.4)
    s.stroke(style.ink)
    s.fill(style.paper)
    c.rect(0, 0, width, height, stroke=1, fill=1)
    s.fill(style.ink)
    s.text(title, width / 2, height - b.edge - b.header / 2 - 2, 16 * PT)
    return height - b.edge - b.header


def draw_board(s: Sheet, rules: TowerRules, style: TowerComponents, card: CardSize) -> None:
    """The territories part with its bottom-left corner at the origin: a column of base slots
    per territory."""
    b = style.board
    width, height, sw, sh = board_size(rules, style, card)
    c = s.c
    c.saveState()
    c.scale(mm(1), mm(1))
    top = _frame(s, style, width, height, _fmt(b.title, rules)) - b.label
    for t in range(rules.territories):
        x = b.edge + t * (sw + b.gap)
        s.fill(style.ink)
        s.text(b.territory.format(number=t + 1), x + sw / 2, top + 2, 11 * PT)
        for k in range(rules.slots):
            y = top - (k + 1) * sh - k * b.gap
            _slot(s, style, x, y, sw, sh, _fmt(b.slot, rules), "tower", None)
            s.fill(style.muted)
            s.text(_fmt(b.counter_note, rules), x + sw / 2, y + 4, 7 * PT, bold=False)
    c.restoreState()


def draw_palace(s: Sheet, rules: TowerRules, style: TowerComponents, card: CardSize) -> None:
    """The palace part with its bottom-left corner at the origin: the palace between each
    draw pile and its discards."""
    b = style.board
    width, height = palace_size(style, card)
    sw, sh = slot_size(style, card)
    c = s.c
    c.saveState()
    c.scale(mm(1), mm(1))
    y = _frame(s, style, width, height, _fmt(b.palace_title, rules)) - b.label - sh
    looks = {
        "ability_pile": ("scroll", rules.pile("ability").colour),
        "ability_discards": ("scroll", None),
        "palace": ("palace", PALACE_COLOUR),
        "base_discards": ("tower", None),
        "base_pile": ("tower", rules.pile("base").colour),
    }
    for k, part in enumerate(PALACE_ROW):
        icon, colour = looks[part]
        label = _fmt(getattr(b, part), rules)
        _slot(s, style, b.edge + k * (sw + b.gap), y, sw, sh, label, icon, colour)
    c.restoreState()


PALACE_COLOUR = "#9A7A1E"


def _slot(s, style, x, y, w, h, label, icon, colour) -> None:
    c = s.c
    c.setDash(2, 1.5)
    s.stroke(style.muted)
    s.fill(style.panel if colour is None else colour)
    c.roundRect(x, y, w, h, 3, stroke=1, fill=1)
    c.setDash()
    s.icon(icon, x + w / 2, y + h / 2 + 8, 22)
    s.fill(style.ink if colour is None else style.paper)
    for i, line in enumerate(label.split("\n")):
        size = s.fit(line, w - 6, 9 * PT)
        s.text(line, x + w / 2, y + h / 2 - 10 - i * 5, size)


def board_items(rules: TowerRules, style: TowerComponents, card: CardSize) -> list[Item]:
    """The board's two parts: the territories, and the palace with the piles."""
    width, height, _, _ = board_size(rules, style, card)
    pw, ph = palace_size(style, card)
    return [
        Item(
            "board",
            f"{rules.army} board: territories",
            mm(width),
            mm(height),
            lambda s: draw_board(s, rules, style, card),
        ),
        Item(
            "palace",
            f"{rules.army} board: palace and piles",
            mm(pw),
            mm(ph),
            lambda s: draw_palace(s, rules, style, card),
        ),
    ]


def write_board(
    pack: Pack, path: str | os.PathLike[str], rules: TowerRules, paper: str
) -> ComponentFile:
    """The army's board, on one large sheet (A3, Tabloid) or tiled over ``paper`` to glue;
    its slots the size of ``pack``'s cards."""
    style = load_style()
    items = board_items(rules, style, card_layout(pack).card)
    title = f"{rules.game} board ({PAPER_NAMES[paper]})"
    sheet = new_sheet(pack, rules, PAPERS[paper].pt, title)
    if paper in ("a3", "tabloid"):  # the large sheet of A4 and of Letter kits
        pages = write_large(sheet, items, style.pages.a3_item_margin, paper)
    else:
        pages = write_tiled(sheet, items, paper, style)
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"board": 1})  # one board in two parts


def counter_positions(rules: TowerRules, paper: str, style: TowerComponents) -> list[tuple]:
    """The counters' cells (mm, bottom-left corners) on one sheet, rows from the top."""
    pw, ph = PAPERS[paper].w, PAPERS[paper].h
    cell = style.counters.cell
    cols = int((pw - 2 * style.pages.margin) // cell)
    x0 = (pw - cols * cell) / 2
    top = ph - style.pages.margin - 20
    return [(x0 + (i % cols) * cell, top - (i // cols + 1) * cell) for i in range(rules.counters)]


def write_counters(
    pack: Pack, path: str | os.PathLike[str], rules: TowerRules, paper: str
) -> ComponentFile:
    """The army's troop counters: fronts, then the backs mirrored for long-edge duplex."""
    if paper not in ("a4", "letter"):
        raise ValueError(f"counters are printed on a4 or letter, not {paper!r}")
    style = load_style()
    cs = style.counters
    pw, ph = PAPERS[paper].w, PAPERS[paper].h
    sheet = new_sheet(pack, rules, PAPERS[paper].pt, f"{rules.game} counters")
    cells = counter_positions(rules, paper, style)
    c = sheet.c
    for face, text, label in (
        ("front", cs.front, cs.front_label),
        ("back", cs.back, cs.back_label),
    ):
        c.saveState()
        c.scale(mm(1), mm(1))
        sheet.fill(style.ink)
        sheet.text(
            f"{rules.army}: {rules.counters} troop counters ({face}s)"
            + (BACK_NOTE if face == "back" else ""),
            pw / 2,
            ph - style.pages.margin - 8,
            12 * PT,
        )
        c.setLineWidth(0.3)
        for x, y in cells:
            if face == "back":
                x = pw - x - cs.cell  # mirrored so each back lands behind its front
            sheet.stroke(style.muted)
            c.setDash(1.5, 1.5)
            c.rect(x, y, cs.cell, cs.cell, stroke=1, fill=0)
            c.setDash()
            sheet.fill(style.panel)
            sheet.stroke(style.ink)
            c.circle(x + cs.cell / 2, y + cs.cell / 2, cs.diameter / 2, stroke=1, fill=1)
            sheet.fill(style.ink)
            sheet.text(text, x + cs.cell / 2, y + cs.cell / 2 - 1, 26 * PT)
            sheet.text(label, x + cs.cell / 2, y + cs.cell / 2 - 6.5, 7 * PT, bold=False)
        c.restoreState()
        c.showPage()
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), 2, {"counters": len(cells)})


def component_specs(pack: Pack) -> list[ComponentSpec]:
    """The board (large) and the counters of ``pack`` (drawn in its cards' fonts and icons)."""
    return [
        ComponentSpec(
            "board",
            lambda rules, how: (
                f"{rules.army} board in two parts: {rules.territories} territories × "
                f"{rules.slots} base slots; the palace, the draw piles and their discards; {how}"
            ),
            partial(write_board, pack),
            large=True,
            inputs=(LAYOUT_FILE,),
        ),
        ComponentSpec(
            "counters",
            lambda rules, how: f"{rules.counters} troop counters, fronts then mirrored backs",
            partial(write_counters, pack),
            inputs=(LAYOUT_FILE,),
        ),
    ]
