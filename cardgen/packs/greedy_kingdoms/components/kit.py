"""Write the Greedy Kingdoms components: the play mat (A3, or tiled) and the chip sheets.

The mat shows each player's Battlefield on their side, the Resource Area with a well per
Resource, the Special Worker Deck, the Upgrade Deck, the line of Upgrades and the Royal Palace
pile; the chips are round
tokens, 12 of each Resource (the rules model's count), fronts then mirrored backs for duplex.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import PositiveFloat

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.cells import cell_grid, sheet_label
from cardgen.components.draw import Sheet, card_layout, new_sheet, text_on
from cardgen.components.style import SheetStyle, StylePart
from cardgen.components.tiling import PAPER_NAMES, PAPERS, Item, write_large, write_tiled
from cardgen.packs.greedy_kingdoms.model import GreedyRules, Resource
from cardgen.render.geometry import Duplex, draw_crop_marks
from cardgen.render.units import Size, mm
from cardgen.util.atomic import atomic_write_bytes
from cardgen.util.resources import data_path

if TYPE_CHECKING:
    from cardgen.pack import Pack

DEFAULT_LAYOUT = data_path("cardgen.packs.greedy_kingdoms", "components.yaml")


class MatLayout(StylePart):
    edge: PositiveFloat
    gap: PositiveFloat
    slot_gap: PositiveFloat
    well_radius: PositiveFloat
    kingdoms: tuple[str, str]
    battlefield: str
    kingdom_note: str
    resource_area: str
    special_deck: str
    upgrade_deck: str
    line: str
    palace_pile: str


class ChipLayout(StylePart):
    cell: PositiveFloat
    diameter: PositiveFloat


class ComponentLayout(SheetStyle):
    mat: MatLayout
    chips: ChipLayout


def load_layout(path: str | os.PathLike[str] = DEFAULT_LAYOUT) -> ComponentLayout:
    import yaml

    return ComponentLayout.model_validate(yaml.safe_load(Path(path).read_text("utf-8")))


def _slot(s: Sheet, x: float, y: float, w: float, h: float, label: str, lay) -> None:
    """A card slot (points, bottom-left corner) with its label inside at the top."""
    s.stroke(lay.muted)
    s.c.setDash(4, 3)
    s.c.setLineWidth(0.8)
    s.c.roundRect(x, y, w, h, mm(2), stroke=1, fill=0)
    s.c.setDash()
    s.fill(lay.muted)
    size = s.fit(label, w - mm(3), 8)
    s.text(label, x + w / 2, y + h - mm(5), size)


def mat_size(rules: GreedyRules, lay: ComponentLayout, card: Size) -> Size:
    """The mat (mm): the line row of upright cards (the Upgrade Deck, the line, the Royal
    Palace pile) between the two Battlefield rows of sideways cards."""
    m = lay.mat
    n = rules.upgrade_line + 2
    width = 2 * m.edge + n * card.w + (n - 1) * m.slot_gap
    height = 2 * m.edge + card.h + 2 * card.w + 2 * m.gap
    return Size(width, height)


def draw_mat(s: Sheet, rules: GreedyRules, lay: ComponentLayout, card: Size) -> None:
    """The play mat at the origin (points): each player's Battlefield on their side (the
    North's at the top, turned to face them), with the Special Worker Deck and the Resource
    Area beside them; the line of Upgrades in the middle."""
    m = lay.mat
    size = mat_size(rules, lay, card)
    W, H = mm(size.w), mm(size.h)
    e, gap, sg = mm(m.edge), mm(m.gap), mm(m.slot_gap)
    cw, ch = mm(card.w), mm(card.h)
    s.fill(lay.paper)
    s.c.rect(0, 0, W, H, stroke=0, fill=1)
    # the line row: Upgrade Deck, the line's slots, the Royal Palace pile
    n = rules.upgrade_line + 2
    y_line = e + cw + gap
    labels = [m.upgrade_deck, *(f"{m.line} {k + 1}" for k in range(rules.upgrade_line))]
    labels.append(m.palace_pile)
    for k, label in enumerate(labels):
        _slot(s, e + k * (cw + sg), y_line, cw, ch, label, lay)
    s.icon("palace", e + (n - 1) * (cw + sg) + cw / 2, y_line + ch / 2, mm(22))
    # a Battlefield row per player: three sideways slots, then the side area
    bf = rules.battle_characters
    side_x = e + bf * (ch + sg)
    side_w = W - e - side_x
    for k, name in enumerate(m.kingdoms):  # top: the North's, turned to face them
        s.c.saveState()
        if k == 0:
            s.c.translate(W, H)
            s.c.rotate(180)
        s.fill(lay.panel)
        s.stroke(lay.ink)
        s.c.setLineWidth(1)
        s.c.roundRect(e, e, bf * ch + (bf - 1) * sg, cw, mm(3), stroke=1, fill=1)
        for j in range(rules.battle_characters):
            _slot(s, e + j * (ch + sg), e, ch, cw, f"{m.battlefield} · {j + 1}", lay)
        s.fill(lay.ink)
        s.text(f"{name} · {m.battlefield}", e + (bf * ch + (bf - 1) * sg) / 2, e + cw / 2, 13)
        s.fill(lay.muted)
        s.text(m.kingdom_note, e + (bf * ch + (bf - 1) * sg) / 2, e + cw / 2 - mm(6), 7, bold=False)
        s.c.restoreState()
    # the North's side area (at the left, its row turned) holds the Special Worker Deck, the
    # South's the Resource Area
    _slot(s, e + (side_w - ch) / 2, H - e - cw, ch, cw, m.special_deck, lay)
    s.stroke(lay.ink)
    s.fill(lay.panel)
    s.c.roundRect(side_x, e, side_w, cw, mm(3), stroke=1, fill=1)
    s.fill(lay.ink)
    s.text(m.resource_area, side_x + side_w / 2, e + cw - mm(6), 10)
    r = min(mm(m.well_radius), (side_w - mm(6)) / 4, (cw - mm(12)) / 4)
    for k, res in enumerate(rules.resources):
        row, col = divmod(k, 2)
        cx = side_x + side_w * (col + 0.5) / 2
        cy = e + (cw - mm(9)) * (1.5 - row) / 2
        s.fill(res.colour)
        s.stroke(lay.ink)
        s.c.circle(cx, cy, r, stroke=1, fill=1)
        s.icon(res.id, cx, cy + r * 0.2, r)
        s.fill(text_on(res.colour))
        s.text(f"{res.name} ×{rules.chips_per_resource}", cx, cy - r * 0.7, 6.5)


def mat_items(rules: GreedyRules, lay: ComponentLayout, card: Size) -> list[Item]:
    """The play mat, its slots the size of ``card`` (the pack's cards)."""
    size = mat_size(rules, lay, card)
    return [
        Item(
            "play-mat",
            "Play mat",
            mm(size.w),
            mm(size.h),
            lambda s: draw_mat(s, rules, lay, card),
        )
    ]


def write_mat(
    pack: Pack, path, rules: GreedyRules, lay: ComponentLayout, paper: str
) -> ComponentFile:
    """The play mat on one large sheet (``a3`` or ``tabloid``), or tiled over ``paper``, in
    ``pack``'s card size, fonts and icons."""
    cards = card_layout(pack).card
    items = mat_items(rules, lay, Size(cards.width, cards.height))
    title = f"{rules.game} play mat ({PAPER_NAMES[paper]})"
    sheet = new_sheet(pack, rules, PAPERS[paper].pt, title)
    if paper in ("a3", "tabloid"):
        pages = write_large(sheet, items, lay.pages.a3_item_margin, paper)
    else:
        pages = write_tiled(sheet, items, paper, lay)
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"play_mats": len(items)})


def chip_list(rules: GreedyRules) -> list[Resource]:
    """One Resource id per physical chip, in the manual's order."""
    return [r.id for r in rules.resources for _ in range(rules.chips_per_resource)]


def write_chips(
    pack: Pack, path, rules: GreedyRules, lay: ComponentLayout, paper: str
) -> ComponentFile:
    """Chip sheets on ``paper`` (``pack``'s icons): each page of fronts is followed by its
    mirrored backs."""
    if paper not in ("a4", "letter"):
        raise ValueError(f"chips are printed on a4 or letter, not {paper!r}")
    size = PAPERS[paper]
    c = lay.chips
    grid = cell_grid(size, c.cell, lay.pages.margin)
    sheet = new_sheet(pack, rules, size.pt, f"{rules.game} Resource chips")
    chips = chip_list(rules)
    colours = {r.id: r.colour for r in rules.resources}
    per = grid.per_page
    pages = 0
    for start in range(0, len(chips), per):
        page = chips[start : start + per]
        for back in (False, True):
            for k, rid in enumerate(page):
                slot = grid.slot(k, Duplex.LONG if back else None)
                cx, cy = slot.x + slot.w / 2, slot.y + slot.h / 2
                sheet.fill(colours[rid])
                sheet.stroke(lay.ink)
                sheet.c.setLineWidth(0.6)
                sheet.c.circle(cx, cy, mm(c.diameter) / 2, stroke=1, fill=1)
                sheet.icon(rid, cx, cy, mm(c.diameter) * 0.8)
            draw_crop_marks(sheet.c, grid)
            side = "backs (print on the reverse, long-edge flip)" if back else "fronts"
            sheet_label(sheet, grid, f"Resource chips · {side} · cut at the crop marks", lay.muted)
            sheet.c.showPage()
            pages += 1
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"resource_chips": len(chips)})


def component_specs(pack: Pack) -> list[ComponentSpec]:
    """Greedy Kingdoms' components (``pack``'s): the play mat (large) and the Resource chips."""

    def with_layout(write):
        return lambda path, rules, paper: write(pack, path, rules, load_layout(), paper)

    inputs = (DEFAULT_LAYOUT,)
    return [
        ComponentSpec(
            "play-mat",
            lambda rules, how: (
                "play mat: both Battlefields, the Resource Area, the Special Worker Deck, the "
                f"Upgrade Deck, the line of {rules.upgrade_line} Upgrades and the Royal Palace "
                f"pile; {how}"
            ),
            with_layout(write_mat),
            large=True,
            inputs=inputs,
        ),
        ComponentSpec(
            "resource-chips",
            lambda rules, how: (
                f"Resource chips, {rules.chips_per_resource} each of "
                f"{', '.join(r.name for r in rules.resources)}: fronts then mirrored backs"
            ),
            with_layout(write_chips),
            inputs=inputs,
        ),
    ]
