"""Authority's printed components: a defence-row mat per player, Monarch HP trackers and the
market layout.  Their look is data (``components.yaml``); counts come from the rules model."""

from __future__ import annotations

from functools import cache, partial
from pathlib import Path

import yaml
from pydantic import Field, PositiveFloat, PositiveInt

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.draw import Sheet, card_layout, new_sheet
from cardgen.components.style import SheetStyle, StylePart
from cardgen.components.tiling import PAPER_NAMES, PAPERS, Item, write_large, write_tiled
from cardgen.packs.authority.model import RulesModel
from cardgen.packs.authority.pack import PACK
from cardgen.render.geometry import CROP, PAPER_MARGIN, Box, draw_piece_marks
from cardgen.render.units import mm
from cardgen.util.atomic import atomic_write_bytes

LAYOUT_FILE = Path(__file__).with_name("components.yaml")
PLAYERS = 4  # the most players: a mat and a tracker each


class DefenceMat(StylePart):
    title: str
    label_width: PositiveFloat
    rows: dict[int, str]
    monarch: str
    attack_note: str
    #: the area beside the Kingsguard where the player's leaders and spies lie face up
    general_zone: str
    #: the player's draw pile and discard pile, each a title and its note's lines
    draw_pile: list[str] = Field(min_length=1)
    discard_pile: list[str] = Field(min_length=1)
    pile_fill: str


class HpTracker(StylePart):
    title: str
    cell: PositiveFloat
    per_row: PositiveInt
    per_page: PositiveInt
    gap: PositiveFloat


class MarketMat(StylePart):
    title: str
    deck: str
    generals: str
    slot: str
    note: str


class ComponentLayout(SheetStyle):
    slot_gap: PositiveFloat
    pad: PositiveFloat
    header: PositiveFloat
    defence_mat: DefenceMat
    hp_tracker: HpTracker
    market_mat: MarketMat = Field()


@cache
def load_layout() -> ComponentLayout:
    return ComponentLayout.model_validate(yaml.safe_load(LAYOUT_FILE.read_text(encoding="utf-8")))


def _pack():
    return PACK


def _card() -> tuple[float, float]:
    card = card_layout(_pack()).card
    return card.width, card.height


def _slot(
    s: Sheet, x: float, y: float, label: str, lay: ComponentLayout, width: float | None = None
) -> None:
    """A card outline (mm, bottom-left at x, y; ``width``: an area wider than a card) with a
    label in it."""
    w, h = _card()
    w = width or w
    s.stroke(lay.muted)
    s.c.setDash(4, 3)
    s.c.roundRect(mm(x), mm(y), mm(w), mm(h), mm(3), stroke=1, fill=0)
    s.c.setDash()
    s.fill(lay.muted)
    size = s.fit(label, mm(w - 6), 8)
    s.text(label, mm(x + w / 2), mm(y + h / 2), size)


def _pile(s: Sheet, x: float, y: float, lines: list[str], lay: ComponentLayout) -> None:
    """A pile's place (mm, bottom-left at x, y): a filled card shape, unlike a defence slot's
    dashed outline, with its name and a note under it."""
    w, h = _card()
    s.fill(lay.defence_mat.pile_fill)
    s.stroke(lay.muted)
    s.c.roundRect(mm(x), mm(y), mm(w), mm(h), mm(3), stroke=1, fill=1)
    title, *note = lines
    s.fill(lay.ink)
    s.text(title, mm(x + w / 2), mm(y + h / 2 + 2), s.fit(title, mm(w - 6), 11))
    s.fill(lay.muted)
    for i, line in enumerate(note):
        s.text(
            line, mm(x + w / 2), mm(y + h / 2 - 4 - 3.2 * i), s.fit(line, mm(w - 6), 7), bold=False
        )


def _frame(s: Sheet, width: float, height: float, title: str, lay: ComponentLayout) -> None:
    s.fill(lay.panel)
    s.c.rect(0, 0, mm(width), mm(height), stroke=0, fill=1)  # background to the cut, no outline
    s.fill(lay.ink)
    s.text(title, mm(width / 2), mm(height - lay.header + 4), 16)


# --- defence mat ----------------------------------------------------------------------------
def _columns(rules: RulesModel) -> int:
    """The mat's card columns: the widest row's, and room on each side of the top row for the
    draw pile and the discard pile."""
    return max(*rules.defence_rows, rules.defence_rows[-1] + 2)


def defence_size(rules: RulesModel, lay: ComponentLayout) -> tuple[float, float]:
    w, h = _card()
    cols = _columns(rules)
    rows = len(rules.defence_rows) + 1
    width = 2 * lay.pad + lay.defence_mat.label_width + cols * w + (cols - 1) * lay.slot_gap
    height = lay.header + lay.pad * 2 + rows * h + (rows - 1) * lay.slot_gap + 8
    return width, height


def draw_defence_mat(s: Sheet, rules: RulesModel, lay: ComponentLayout, seat: int) -> None:
    """The pyramid: row 3 at the top, row 1 at the bottom, row 0 below it by the Monarch, with
    the general zone (the player's leaders and spies) beside the Kingsguard and the draw pile
    and the discard pile on either side of the top row."""
    m = lay.defence_mat
    w, h = _card()
    width, height = defence_size(rules, lay)
    _frame(s, width, height, f"{m.title} · player {seat}", lay)
    cols = _columns(rules)
    left = m.label_width + (width - m.label_width - (cols * w + (cols - 1) * lay.slot_gap)) / 2
    y = height - lay.header - h
    _pile(s, left, y, [t.format(hand=rules.hand_size) for t in m.draw_pile], lay)
    _pile(s, left + (cols - 1) * (w + lay.slot_gap), y, m.discard_pile, lay)
    order = [*range(len(rules.defence_rows), 0, -1), 0]
    for row in order:
        n = 1 if row == 0 else rules.defence_rows[row - 1]
        x0 = m.label_width + (width - m.label_width - (n * w + (n - 1) * lay.slot_gap)) / 2
        if row == 0:  # the Kingsguard under the rows' first column, the general zone beside it
            x0 = left
            zone = (cols - 1) * (w + lay.slot_gap) - lay.slot_gap
            _slot(s, x0 + w + lay.slot_gap, y, m.general_zone, lay, zone)
        for i in range(n):
            _slot(s, x0 + i * (w + lay.slot_gap), y, "Kingsguard" if row == 0 else "", lay)
        s.fill(lay.ink)
        label = m.rows.get(row, f"Row {row}")
        s.c.saveState()
        s.c.translate(mm(lay.pad + m.label_width / 2 + 1), mm(y + h / 2))
        s.c.rotate(90)
        s.text(label, 0, 0, s.fit(label, mm(h), 9))
        s.c.restoreState()
        y -= h + lay.slot_gap
    s.fill(lay.ink)
    s.text(m.monarch, mm(width / 2), mm(lay.pad), 11)
    s.fill(lay.muted)
    note = m.attack_note
    s.text(
        note, mm(width / 2), mm(lay.pad + 5), s.fit(note, mm(width - 2 * lay.pad), 7), bold=False
    )


# --- market mat -----------------------------------------------------------------------------
def market_size(rules: RulesModel, lay: ComponentLayout) -> tuple[float, float]:
    w, h = _card()
    per_row = -(-rules.marketplace // 2)
    cols = per_row + 1
    width = 2 * lay.pad + cols * w + (cols - 1) * lay.slot_gap
    height = lay.header + 2 * lay.pad + 2 * h + lay.slot_gap + 6
    return width, height


def draw_market_mat(s: Sheet, rules: RulesModel, lay: ComponentLayout) -> None:
    """The market deck and the generals on the left, the marketplace's slots beside them."""
    m = lay.market_mat
    w, h = _card()
    width, height = market_size(rules, lay)
    _frame(s, width, height, m.title, lay)
    per_row = -(-rules.marketplace // 2)
    top = height - lay.header - h
    rows_y = (top, top - h - lay.slot_gap)
    _slot(s, lay.pad, rows_y[0], m.deck, lay)
    _slot(s, lay.pad, rows_y[1], m.generals, lay)
    for i in range(rules.marketplace):
        r, c = divmod(i, per_row)
        x = lay.pad + (c + 1) * (w + lay.slot_gap)
        _slot(s, x, rows_y[r], f"{m.slot} {i + 1}", lay)
    s.fill(lay.muted)
    s.text(
        m.note,
        mm(width / 2),
        mm(lay.pad - 1),
        s.fit(m.note, mm(width - 2 * lay.pad), 8),
        bold=False,
    )


# --- HP trackers ----------------------------------------------------------------------------
def tracker_size(rules: RulesModel, lay: ComponentLayout) -> tuple[float, float]:
    t = lay.hp_tracker
    rows = -(-(rules.monarch_hp + 1) // t.per_row)
    return t.per_row * t.cell + 2 * lay.pad, rows * t.cell + lay.header + lay.pad


def draw_tracker(
    s: Sheet, rules: RulesModel, lay: ComponentLayout, seat: int, x: float, y: float
) -> None:
    """One Monarch's track from its starting HP down to 0 (mm, bottom-left at x, y)."""
    t = lay.hp_tracker
    width, height = tracker_size(rules, lay)
    s.c.saveState()
    s.c.translate(mm(x), mm(y))
    _frame(s, width, height, f"{t.title} · player {seat}", lay)
    for k, hp in enumerate(range(rules.monarch_hp, -1, -1)):
        r, c = divmod(k, t.per_row)
        cx = lay.pad + c * t.cell
        cy = height - lay.header - (r + 1) * t.cell
        s.fill("#C0392B" if hp == 0 else ("#FFFFFF" if hp % 5 else "#F2D7D5"))
        s.stroke(lay.ink)
        s.c.setLineWidth(0.6)
        s.c.rect(mm(cx), mm(cy), mm(t.cell), mm(t.cell), stroke=1, fill=1)
        s.fill("#FFFFFF" if hp == 0 else lay.ink)
        s.text(str(hp), mm(cx + t.cell / 2), mm(cy + t.cell / 2 - 1.3), 10)
    s.icon("heart", mm(lay.pad + 4), mm(height - lay.header + 5.5), mm(6))
    s.c.restoreState()


# --- files ----------------------------------------------------------------------------------
def _write_large(path: Path, items: list[Item], paper: str, rules: RulesModel, title: str) -> int:
    lay = load_layout()
    sheet = new_sheet(_pack(), rules, PAPERS[paper].pt, f"{title} ({PAPER_NAMES[paper]})")
    pages = (
        write_large(sheet, items, lay.pages.a3_item_margin, paper)
        if paper in ("a3", "tabloid")
        else write_tiled(sheet, items, paper, lay)
    )
    atomic_write_bytes(path, sheet.doc.save())
    return pages


def write_defence_mats(path, rules: RulesModel, paper: str) -> ComponentFile:
    """A defence-row mat per player: on A3, or tiled over the paper."""
    lay = load_layout()
    w, h = defence_size(rules, lay)
    items = [
        Item(f"defence-{p}", f"Defence mat {p}", mm(w), mm(h),
             partial(draw_defence_mat, rules=rules, lay=lay, seat=p))
        for p in range(1, PLAYERS + 1)
    ]  # fmt: skip
    pages = _write_large(Path(path), items, paper, rules, f"{rules.game} defence mats")
    return ComponentFile(Path(path), pages, {"defence_mats": len(items)})


def write_market_mat(path, rules: RulesModel, paper: str) -> ComponentFile:
    """The market layout: on A3, or tiled over the paper."""
    lay = load_layout()
    w, h = market_size(rules, lay)
    item = Item("market", "Market", mm(w), mm(h), lambda s: draw_market_mat(s, rules, lay))
    pages = _write_large(Path(path), [item], paper, rules, f"{rules.game} market")
    return ComponentFile(Path(path), pages, {"market_mats": 1})


def write_hp_trackers(path, rules: RulesModel, paper: str) -> ComponentFile:
    """A Monarch HP tracker per player, as many to a page as fit."""
    lay = load_layout()
    size = PAPERS[paper]
    sheet = new_sheet(_pack(), rules, size.pt, f"{rules.game} Monarch HP ({PAPER_NAMES[paper]})")
    w, h = tracker_size(rules, lay)
    # room for the crop marks (the README says to cut the track out) above the first tracker
    # and below the last; between two trackers the gap holds both
    marks = CROP.offset + CROP.white
    room = size.h - 2 * lay.pages.margin - 2 * marks + lay.hp_tracker.gap
    per_page = max(1, min(lay.hp_tracker.per_page, int(room // (h + lay.hp_tracker.gap))))
    if w > size.w - 2 * lay.pages.margin or w + 2 * marks > size.w - 2 * PAPER_MARGIN:
        raise ValueError(f"an HP tracker is {w:.0f} mm wide: too wide for {PAPER_NAMES[paper]}")
    pages = 0
    for first in range(0, PLAYERS, per_page):
        top = size.h - lay.pages.margin - marks
        for seat in range(first + 1, min(PLAYERS, first + per_page) + 1):
            top -= h
            draw_tracker(sheet, rules, lay, seat, (size.w - w) / 2, top)
            draw_piece_marks(sheet.c, Box(mm((size.w - w) / 2), mm(top), mm(w), mm(h)))
            top -= lay.hp_tracker.gap
        sheet.c.showPage()
        pages += 1
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"hp_trackers": PLAYERS})


def component_specs() -> list[ComponentSpec]:
    """The defence mats and the market (large), the HP trackers (on the kit's paper)."""
    inputs = (LAYOUT_FILE,)
    return [
        ComponentSpec(
            "defence-mats",
            lambda rules, how: (
                f"defence-row mats (rows 3-2-1, the Kingsguard's row 0, the general zone, the draw "
                f"and discard piles), {PLAYERS}; {how}"
            ),
            write_defence_mats,
            large=True,
            inputs=inputs,
        ),
        ComponentSpec(
            "market",
            lambda rules, how: (
                f"market layout: market deck, generals, {rules.marketplace} slots; {how}"
            ),
            write_market_mat,
            large=True,
            inputs=inputs,
        ),
        ComponentSpec(
            "hp-trackers",
            lambda rules, how: f"Monarch HP trackers {rules.monarch_hp} to 0, {PLAYERS}",
            write_hp_trackers,
            inputs=inputs,
        ),
    ]


def counts(catalogue) -> dict[str, int]:
    """The kit: the cards, a defence mat and an HP tracker per player, one market layout."""
    return {
        "cards": catalogue.count(),
        "defence_mats": PLAYERS,
        "hp_trackers": PLAYERS,
        "market_mats": 1,
    }
