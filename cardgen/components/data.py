"""Components as data, drawn: the tokens, boards and mats of a catalogue's ``components.yaml``
(its model and checks: :mod:`cardgen.catalogue.components_file`; ``docs/components.md``).

Tokens are laid out on the kit's paper (fronts, then backs mirrored for duplex when any has a
back); a board or mat is printed whole on the large sheet (A3, Tabloid) and tiled over the kit's
paper when it does not fit it, as the built-in packs' boards are.  Everything is drawn with the
game's own fonts and icons (its layout's, its ``icons/``).
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.components_file import (
    COMPONENTS_FILE,
    CUT_ROOM,
    MARGIN,
    Board,
    Token,
    TokenFace,
    load_components,
)
from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.style import Pages, SheetStyle, Tiling
from cardgen.render.geometry import PAPERS, Box, record_cuts
from cardgen.render.units import mm
from cardgen.util.atomic import atomic_write_bytes

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.components.draw import Sheet


# --- drawing --------------------------------------------------------------------------------------


def _sheet(catalogue: Catalogue, pagesize: tuple[float, float], title: str) -> Sheet:
    """A PDF drawn with the game's fonts and icons (its layout's, its ``icons/``)."""
    from cardgen.components.draw import Fonts, Sheet
    from cardgen.render.colours import Ink
    from cardgen.render.document import Document
    from cardgen.render.theme import Theme

    theme = Theme.of(catalogue)
    fonts = Fonts(theme.font("regular"), theme.font("bold"))
    sheet = Sheet(Document(pagesize, Ink(), theme.icons, fonts.regular, title=title), fonts)
    sheet.title_font = theme.fonts.get("title", fonts.bold)  # type: ignore[attr-defined]
    return sheet


def _fit(s: Sheet, text: str, font: str, width: float, size: float) -> float:
    from cardgen.render.fonts import string_width

    w = string_width(text, font, size)
    return size if w <= width else size * width / w


def _icon_tint(s: Sheet, icon: str, colour: str | None, readable: str) -> str | None:
    """How icon ``icon`` is tinted on a token or slot: all in the designer's ``colour`` when one
    is given; else it keeps its own colours, with its ``currentColor`` (if any) ``readable``,
    as the same icon on a card or a board's ``icons:`` does."""
    from cardgen.render.svg_icons import uses_current

    if colour is not None:
        return colour
    program = getattr(s.doc.icons, "program", None)
    return readable if program is not None and uses_current(program(icon)) else None


def _token_face(s: Sheet, t: Token, face: TokenFace | None, cx: float, cy: float, n: int) -> None:
    from cardgen.components.draw import shape_path, text_on

    c, r = s.c, mm(t.size) / 2
    fill = (face.fill if face and face.fill else None) or t.fill
    text = face.text if face is not None else t.text
    icon = face.icon if face is not None else t.icon
    colour = (face.colour if face and face.colour else None) or t.colour
    ink = colour or text_on(fill)
    c.saveState()
    s.fill(fill)
    s.stroke(t.stroke)
    c.setLineWidth(0.8)
    if t.shape == "rounded":
        c.roundRect(cx - r, cy - r, 2 * r, 2 * r, r * 0.3, stroke=1, fill=1)
    else:
        c.drawPath(shape_path(c, t.shape, cx, cy, r), stroke=1, fill=1)
    label = text.replace("{n}", str(n)) if text else None
    if icon:
        size = r * (1.0 if label else 1.3)
        dy = r * 0.25 if label else 0.0
        tint = _icon_tint(s, icon, colour, ink)
        s.doc.icon(icon, cx - size / 2, cy - size / 2 + dy, size, tint=tint)
    if label:
        font = s.title_font  # type: ignore[attr-defined]
        size = _fit(s, label, font, r * 1.4, r * (0.7 if icon else 1.1))
        s.fill(ink)
        c.setFont(font, size)
        c.drawCentredString(cx, cy - (r * 0.55 if icon else size * 0.35), label)
    c.restoreState()


def write_tokens(catalogue: Catalogue, tokens: list[Token], path: Path, paper: str) -> int:
    """Every token on ``paper`` sheets, fronts then (if any has a back) backs mirrored for
    long-edge duplex, each piece in a dashed cut square :data:`CUT_ROOM` mm round it (the
    squares are recorded for the sheets' preflight); returns the pages."""

    pw, ph = PAPERS[paper].w, PAPERS[paper].h
    s = _sheet(catalogue, PAPERS[paper].pt, f"{catalogue.rules.game} tokens")
    pieces = [(t, n) for t in tokens for n in range(1, t.count + 1)]
    backs = any(t.back is not None for t in tokens)
    pages, i = 0, 0
    while i < len(pieces):
        page, x, y, row = [], MARGIN, ph - MARGIN - 8, 0.0
        while i < len(pieces):
            t, n = pieces[i]
            cell = t.size + 2 * CUT_ROOM
            if x + cell > pw - MARGIN:
                x, y, row = MARGIN, y - row, 0.0
            if y - cell < MARGIN:
                break
            page.append((t, n, x, y - cell, cell))
            x, row, i = x + cell, max(row, cell), i + 1
        for side in ("front", "back") if backs else ("front",):
            s.fill("#555555")
            what = "backs: print on the back of the fronts" if side == "back" else "fronts"
            s.text(f"{catalogue.rules.game}: tokens ({what})", mm(pw / 2), mm(ph - MARGIN - 4), 9)
            for t, n, cx, cy, cell in page:
                if side == "back":
                    cx = pw - cx - cell  # mirrored: each back lands behind its front
                s.c.setDash(1.5, 1.5)
                s.stroke("#9A9189")
                s.c.setLineWidth(0.3)
                s.c.rect(mm(cx), mm(cy), mm(cell), mm(cell), stroke=1, fill=0)
                s.c.setDash()
                record_cuts(s.c, [Box(mm(cx), mm(cy), mm(cell), mm(cell))])
                face = None if side == "front" else (t.back or TokenFace(fill=t.fill))
                _token_face(s, t, face, mm(cx + cell / 2), mm(cy + cell / 2), n)
            s.c.showPage()
            pages += 1
    _save(s, path)
    return pages


def draw_board(s: Sheet, catalogue: Catalogue, b: Board) -> None:
    """A board with its bottom-left corner at the origin (points)."""
    from cardgen.components.draw import text_on

    c = s.c
    w, h = b.size

    def at(x: float, y: float) -> tuple[float, float]:  # mm from the top-left -> points
        return mm(x), mm(h - y)

    c.saveState()
    s.fill(b.fill)
    s.stroke(b.stroke)
    c.setLineWidth(1.0)
    c.rect(0, 0, mm(w), mm(h), stroke=1, fill=1)
    for shape in b.shapes:
        x, y, bw, bh = shape.box
        px, py = at(x, y + bh)
        fill, stroke = shape.fill is not None, shape.stroke is not None
        if fill:
            s.fill(shape.fill)  # type: ignore[arg-type]
        if stroke:
            s.stroke(shape.stroke)  # type: ignore[arg-type]
        c.setLineWidth(shape.line_width)
        if shape.shape == "circle":
            c.circle(px + mm(bw) / 2, py + mm(bh) / 2, mm(min(bw, bh)) / 2, int(stroke), int(fill))
        elif shape.shape == "rounded":
            c.roundRect(px, py, mm(bw), mm(bh), mm(min(bw, bh)) * 0.12, int(stroke), int(fill))
        else:
            c.rect(px, py, mm(bw), mm(bh), int(stroke), int(fill))
    n = 0
    for slot in b.slots:
        (cw, ch), (cols, rows) = slot.cell, slot.grid
        for r in range(rows):
            for k in range(cols):
                n += 1
                x, y = slot.at[0] + k * (cw + slot.gap), slot.at[1] + r * (ch + slot.gap)
                px, py = at(x, y + ch)
                c.setDash(3, 2)
                s.stroke(slot.stroke)
                c.setLineWidth(0.8)
                if slot.fill:
                    s.fill(slot.fill)
                c.roundRect(px, py, mm(cw), mm(ch), mm(3), stroke=1, fill=int(bool(slot.fill)))
                c.setDash()
                ink = text_on(slot.fill or b.fill)
                cx, cy = px + mm(cw) / 2, py + mm(ch) / 2
                size = mm(min(cw, ch) * 0.3)
                if slot.icon:
                    tint = _icon_tint(s, slot.icon, None, ink)
                    s.doc.icon(slot.icon, cx - size / 2, cy - size * 0.3, size, tint=tint)
                if slot.label:
                    label = slot.label.replace("{n}", str(n))
                    text = _fit(s, label, s.fonts.bold, mm(cw) * 0.9, 11)
                    s.fill(ink)
                    s.text(label, cx, cy - size * 0.3 - text * 1.4, text)
    if b.title:
        title = b.title.replace("{game}", catalogue.rules.game)
        font = s.title_font  # type: ignore[attr-defined]
        size = _fit(s, title, font, mm(w - 20), 28)
        s.fill(text_on(b.fill))
        c.setFont(font, size)
        c.drawCentredString(mm(w / 2), mm(h - 8) - size, title)
    for words in b.texts:
        fonts = {"regular": s.fonts.regular, "bold": s.fonts.bold}
        font = fonts.get(words.font) or s.title_font  # type: ignore[attr-defined]
        s.fill(words.colour)
        c.setFont(font, words.size)
        px, py = at(*words.at)
        {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[
            words.align
        ](px, py, words.text.replace("{game}", catalogue.rules.game))
    for mark in b.icons:
        px, py = at(*mark.at)
        size = mm(mark.size)
        s.doc.icon(mark.icon, px - size / 2, py - size / 2, size, tint=mark.colour)
    c.restoreState()


def write_boards(
    catalogue: Catalogue, boards: list[Board], path: Path, paper: str, large: bool
) -> int:
    """The boards on ``paper``: each whole on one page (a large sheet, or the kit's paper when
    it fits), or, on the kit's paper, tiled to glue; returns the pages."""
    from cardgen.components.tiling import PAPERS, Item, write_large, write_tiled

    s = _sheet(catalogue, PAPERS[paper].pt, f"{catalogue.rules.game} boards")
    items = [
        Item(
            f"{b.id}-{k}",
            b.name,
            mm(b.size[0]),
            mm(b.size[1]),
            partial(draw_board, catalogue=catalogue, b=b),
        )
        for b in boards
        for k in range(b.count)
    ]
    if paper in ("a3", "tabloid") or not large:
        pages = write_large(s, items, MARGIN, paper)
    else:
        style = SheetStyle(
            ink="#1F1A17",
            paper="#FFFFFF",
            muted="#6F665C",
            panel="#EEEEEE",
            pages=Pages(margin=MARGIN, a3_item_margin=MARGIN),
            tiling=Tiling(overlap=12.0, marks_per_edge=2, target_radius=2.5),
        )
        pages = write_tiled(s, items, paper, style)
    _save(s, path)
    return pages


def _save(s: Sheet, path: Path) -> None:

    atomic_write_bytes(Path(path), s.doc.save())


def component_specs(catalogue: Catalogue) -> list[ComponentSpec]:
    """The components of a catalogue's ``components.yaml``: one PDF of tokens, and one per
    board or mat (large ones on the large sheet and tiled over the paper)."""
    data, problems = load_components(catalogue.root)
    if data is None or problems:
        return []
    inputs = (catalogue.root / COMPONENTS_FILE,)
    specs = []
    if data.tokens:
        counts = {t.id: t.count for t in data.tokens}
        total = sum(counts.values())

        def tokens(path: os.PathLike[str], rules: Any, paper: str) -> ComponentFile:
            pages = write_tokens(catalogue, data.tokens, Path(path), paper)
            return ComponentFile(Path(path), pages, counts)

        specs.append(
            ComponentSpec(
                "tokens",
                lambda rules, how: f"{total} tokens to cut out, fronts then backs",
                tokens,
                inputs=inputs,
            )
        )
    for b in (*data.boards, *data.mats):

        def board(path: os.PathLike[str], rules: Any, paper: str, b=b) -> ComponentFile:
            pages = write_boards(catalogue, [b], Path(path), paper, b.large)
            return ComponentFile(Path(path), pages, {b.id: b.count})

        def describe(rules: Any, how: str | None, b=b) -> str:
            return f"{b.name} ({b.size[0]:g} × {b.size[1]:g} mm)" + (f", {how}" if how else "")

        specs.append(ComponentSpec(b.id, describe, board, large=b.large, inputs=inputs))
    return specs
