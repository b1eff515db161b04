"""Write the Greedy Kingdoms components: the play mat (A3, or tiled) and the chip sheets.

The mat shows both Kingdoms, the Resource Area with a well per Resource, the Special Worker
Deck, the Upgrade Deck, the line of Upgrades and the Royal Palace pile; the chips are round
tokens, 12 of each Resource (the rules model's count), fronts then mirrored backs for duplex.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import PositiveFloat

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.draw import Sheet, card_layout, new_sheet, text_on
from cardgen.components.style import SheetStyle, StylePart
from cardgen.components.tiling import PAPER_NAMES, PAPERS, Item, write_a3, write_tiled
from cardgen.packs.greedy_kingdoms.model import GreedyRules
from cardgen.render.geometry import Duplex, Grid, draw_crop_marks
from cardgen.render.units import Size, mm
from cardgen.util.atomic import atomic_write_bytes
from cardgen.util.resources import data_path

DEFAULT_LAYOUT = data_path("cardgen.packs.greedy_kingdoms", "components.yaml")


class MatLayout(StylePart):
    width: PositiveFloat
    height: PositiveFloat
    edge: PositiveFloat
    gap: PositiveFloat
    kingdom_height: PositiveFloat
    slot_gap: PositiveFloat
    well_radius: PositiveFloat
    title: str
    kingdoms: tuple[str, str]
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


def _pack():
    from cardgen.packs.greedy_kingdoms.pack import PACK

    return PACK


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


def draw_mat(s: Sheet, rules: GreedyRules, lay: ComponentLayout, card: Size) -> None:
    """The play mat at the origin (points): Kingdoms top and bottom, the shared area between."""
    m = lay.mat
    W, H = mm(m.width), mm(m.height)
    e, gap, kh = mm(m.edge), mm(m.gap), mm(m.kingdom_height)
    s.fill(lay.paper)
    s.c.rect(0, 0, W, H, stroke=0, fill=1)
    for k, name in enumerate(m.kingdoms):  # top: the first player's, bottom: the second's
        y = H - e - kh if k == 0 else e
        s.fill(lay.panel)
        s.stroke(lay.ink)
        s.c.setLineWidth(1)
        s.c.roundRect(e, y, W - 2 * e, kh, mm(3), stroke=1, fill=1)
        s.c.saveState()
        if k == 0:  # the far player reads their own Kingdom's band the right way up
            s.c.translate(W, 2 * y + kh)
            s.c.rotate(180)
        s.fill(lay.ink)
        s.text(name, W / 2, y + kh - mm(11), 18)
        s.fill(lay.muted)
        s.text(m.kingdom_note, W / 2, y + mm(8), 9, bold=False)
        s.c.restoreState()
    cw, ch, sg = mm(card.w), mm(card.h), mm(m.slot_gap)
    # the line row: Upgrade Deck, the line's slots, the Royal Palace pile
    n = rules.upgrade_line + 2
    row_w = n * cw + (n - 1) * sg
    x0, y_line = (W - row_w) / 2, e + kh + gap
    labels = [m.upgrade_deck, *(f"{m.line} {k + 1}" for k in range(rules.upgrade_line))]
    labels.append(m.palace_pile)
    for k, label in enumerate(labels):
        _slot(s, x0 + k * (cw + sg), y_line, cw, ch, label, lay)
    s.icon("palace", x0 + (n - 1) * (cw + sg) + cw / 2, y_line + ch / 2, mm(22))
    # the Resource Area and the Special Worker Deck
    y_res = y_line + ch + gap
    top = H - e - kh - gap
    area_w = row_w - cw - sg
    s.stroke(lay.ink)
    s.fill(lay.panel)
    s.c.roundRect(x0, y_res, area_w, top - y_res, mm(3), stroke=1, fill=1)
    s.fill(lay.ink)
    s.text(m.resource_area, x0 + area_w / 2, top - mm(7), 12)
    r = mm(m.well_radius)
    for k, res in enumerate(rules.resources):
        cx = x0 + area_w * (k + 0.5) / len(rules.resources)
        cy = y_res + (top - y_res - mm(9)) / 2
        s.fill(res.colour)
        s.stroke(lay.ink)
        s.c.circle(cx, cy, r, stroke=1, fill=1)
        s.icon(res.id, cx, cy + mm(3), r)
        s.fill(text_on(res.colour))
        s.text(f"{res.name} ×{rules.chips_per_resource}", cx, cy - r * 0.75, 8)
    _slot(s, x0 + row_w - cw, y_res, cw, min(ch, top - y_res), m.special_deck, lay)
    s.fill(lay.muted)
    s.text(m.title.format(game=rules.game), W / 2, y_line - gap * 0.75, 7, bold=False)


def mat_items(rules: GreedyRules, lay: ComponentLayout) -> list[Item]:
    cards = card_layout(_pack()).card
    size = Size(cards.width, cards.height)
    return [
        Item(
            "play-mat",
            "Play mat",
            mm(lay.mat.width),
            mm(lay.mat.height),
            lambda s: draw_mat(s, rules, lay, size),
        )
    ]


def write_mat(path, rules: GreedyRules, lay: ComponentLayout, paper: str) -> ComponentFile:
    """The play mat on one A3 sheet, or tiled over ``paper``."""
    items = mat_items(rules, lay)
    title = f"{rules.game} play mat ({PAPER_NAMES[paper]})"
    sheet = new_sheet(_pack(), rules, PAPERS[paper].pt, title)
    if paper == "a3":
        pages = write_a3(sheet, items, lay.pages.a3_item_margin)
    else:
        pages = write_tiled(sheet, items, paper, lay)
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"play_mats": len(items)})


def chip_list(rules: GreedyRules) -> list[str]:
    """One Resource id per physical chip, in the manual's order."""
    return [r.id for r in rules.resources for _ in range(rules.chips_per_resource)]


def write_chips(path, rules: GreedyRules, lay: ComponentLayout, paper: str) -> ComponentFile:
    """Chip sheets on ``paper``: each page of fronts is followed by its mirrored backs."""
    if paper not in ("a4", "letter"):
        raise ValueError(f"chips are printed on a4 or letter, not {paper!r}")
    size = PAPERS[paper]
    c = lay.chips
    cols = int((size.w - 2 * lay.pages.margin) // c.cell)
    rows = int((size.h - 2 * lay.pages.margin) // c.cell)
    grid = Grid(size, Size(c.cell, c.cell), cols=cols, rows=rows, gutter=0.0)
    sheet = new_sheet(_pack(), rules, size.pt, f"{rules.game} Resource chips")
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
            sheet.fill(lay.muted)
            sheet.text(f"Resource chips · {side} · cut along the crop marks", mm(size.w / 2),
                       max(mm(2), grid.extent.y - mm(9)), 7, bold=False)  # fmt: skip
            sheet.c.showPage()
            pages += 1
    atomic_write_bytes(Path(path), sheet.doc.save())
    return ComponentFile(Path(path), pages, {"resource_chips": len(chips)})


def component_specs() -> list[ComponentSpec]:
    """Greedy Kingdoms' components: the play mat (large) and the Resource chips."""

    def with_layout(write):
        return lambda path, rules, paper: write(path, rules, load_layout(), paper)

    inputs = (DEFAULT_LAYOUT,)
    return [
        ComponentSpec(
            "play-mat",
            lambda rules, how: (
                "play mat: both Kingdoms, the Resource Area, the Special Worker Deck, the "
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
