"""Write the component PDFs: player boards and scoreboard (one per large sheet — A3 with an A4
kit, Tabloid with a Letter one — or tiled over the kit's paper) and token sheets.

Each writer returns a :class:`ComponentFile` saying how many pages it wrote and which rulebook
components (keys of the rules model's ``components``) it holds.  Files are written atomically
and are byte-identical for identical input.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.draw import card_layout, new_sheet
from cardgen.components.tiling import (
    LARGE_SHEETS,
    PAPER_NAMES,
    PAPERS,
    Item,
    item_room,
    write_large,
    write_tiled,
)
from cardgen.packs.attack_right.components.player_board import board_geometry, draw_player_board
from cardgen.packs.attack_right.components.scoreboard import draw_scoreboard, glory_track
from cardgen.packs.attack_right.components.style import DEFAULT_LAYOUT, ComponentLayout, load_layout
from cardgen.packs.attack_right.components.tokens import draw_token_sheets
from cardgen.packs.attack_right.model import RulesModel
from cardgen.render.units import Size, mm
from cardgen.util.atomic import atomic_write_bytes

if TYPE_CHECKING:
    from cardgen.pack import Pack

LARGE_PAPERS = ("a3", "tabloid", "a4", "letter")
#: the narrowest the side strips of a player board may become to fit a narrower sheet (mm)
MIN_SIDE_WIDTH = 8.0


def card_size(pack: Pack) -> Size:
    """The card size of ``pack``'s card template (the player boards' slot outlines)."""
    card = card_layout(pack).card
    return Size(card.width, card.height)


def fit_to_sheet(
    layout: ComponentLayout, paper: str, rules: RulesModel, card: Size
) -> ComponentLayout:
    """The layout with its boards made to fit the large sheet of ``paper`` (its margins
    kept), its card slots of ``card`` size: the scoreboard no larger than the sheet, the
    player boards' side strips narrowed (never the card slots) until the board fits its
    width."""
    room = item_room(LARGE_SHEETS[paper], layout.pages.a3_item_margin)
    sb = layout.scoreboard
    scoreboard = sb.model_copy(
        update={"width": min(sb.width, room.h), "height": min(sb.height, room.w)}
    )
    pb = layout.player_board
    excess = board_geometry(rules, layout, card).width - room.w
    if excess > 0:
        side = pb.side_width - excess / 2
        if side < MIN_SIDE_WIDTH:
            raise ValueError(
                f"a player board does not fit {PAPER_NAMES[LARGE_SHEETS[paper]]}: its side strips "
                f"would be {side:.1f} mm, under {MIN_SIDE_WIDTH:g}"
            )
        pb = pb.model_copy(update={"side_width": side})
    return layout.model_copy(update={"scoreboard": scoreboard, "player_board": pb})


def player_board_items(rules: RulesModel, layout: ComponentLayout, card: Size) -> list[Item]:
    """One large item per player colour, as many as the rulebook's player boards, their card
    slots of ``card`` size."""
    g = board_geometry(rules, layout, card)
    colours = rules.players.colours
    items = []
    for i in range(rules.components.player_boards):
        p = colours[i % len(colours)]
        items.append(
            Item(
                f"board-{p.id}",
                f"Player board {p.name} ({p.letter})",
                mm(g.width),
                mm(g.height),
                partial(draw_player_board, rules=rules, layout=layout, card=card, player=p),
            )
        )
    return items


def scoreboard_items(rules: RulesModel, layout: ComponentLayout, card: Size) -> list[Item]:
    sb = layout.scoreboard
    glory_track(layout)  # fail early if the track is too short
    return [
        Item(
            f"scoreboard-{i + 1}",
            "Scoreboard",
            mm(sb.width),
            mm(sb.height),
            lambda s: draw_scoreboard(s, rules, layout, card),
        )
        for i in range(rules.components.scoreboards)
    ]


def _write_large(
    pack: Pack,
    path: Path,
    items: list[Item],
    paper: str,
    layout: ComponentLayout,
    rules: RulesModel,
    title: str,
) -> int:
    if paper not in LARGE_PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    sheet = new_sheet(pack, rules, PAPERS[paper].pt, f"{title} ({PAPER_NAMES[paper]})")
    if paper in ("a3", "tabloid"):
        pages = write_large(sheet, items, layout.pages.a3_item_margin, paper)
    else:
        pages = write_tiled(sheet, items, paper, layout)
    atomic_write_bytes(path, sheet.doc.save())
    return pages


def write_player_boards(
    pack: Pack,
    path: str | os.PathLike[str],
    rules: RulesModel,
    layout: ComponentLayout,
    paper: str,
) -> ComponentFile:
    """All player boards, one large sheet each (``a3``, ``tabloid``) or tiled over ``paper``
    (``a4``: boards of A3 size, ``letter``: of Tabloid size), in ``pack``'s card size, fonts
    and icons."""
    if paper not in LARGE_PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    card = card_size(pack)
    items = player_board_items(rules, fit_to_sheet(layout, paper, rules, card), card)
    pages = _write_large(
        pack, Path(path), items, paper, layout, rules, f"{rules.game} player boards"
    )
    return ComponentFile(Path(path), pages, {"player_boards": len(items)})


def write_scoreboard(
    pack: Pack,
    path: str | os.PathLike[str],
    rules: RulesModel,
    layout: ComponentLayout,
    paper: str,
) -> ComponentFile:
    """The scoreboard, on one large sheet (``a3``, ``tabloid``) or tiled over ``paper``, in
    ``pack``'s card size, fonts and icons."""
    if paper not in LARGE_PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    card = card_size(pack)
    items = scoreboard_items(rules, fit_to_sheet(layout, paper, rules, card), card)
    pages = _write_large(pack, Path(path), items, paper, layout, rules, f"{rules.game} scoreboard")
    return ComponentFile(Path(path), pages, {"scoreboards": len(items)})


def write_tokens(
    pack: Pack,
    path: str | os.PathLike[str],
    rules: RulesModel,
    layout: ComponentLayout,
    paper: str,
) -> ComponentFile:
    """Token punch-out sheets on ``paper`` (a4 or letter, ``pack``'s fonts and icons): fronts
    and backs for duplex."""
    if paper not in ("a4", "letter"):
        raise ValueError(f"tokens are printed on a4 or letter, not {paper!r}")
    size = PAPERS[paper]
    sheet = new_sheet(pack, rules, size.pt, f"{rules.game} tokens ({PAPER_NAMES[paper]})")
    laps = len(glory_track(layout).cells)
    plan = draw_token_sheets(sheet, rules, layout, size, laps=laps)
    atomic_write_bytes(Path(path), sheet.doc.save())
    counts: dict[str, int] = {}
    for tok in plan.tokens:
        counts[tok.component] = counts.get(tok.component, 0) + 1
    return ComponentFile(Path(path), 2 * plan.sheets, counts)


def component_specs(pack: Pack) -> list[ComponentSpec]:
    """Attack Right's components (``pack``'s): player boards and scoreboard (large), token
    sheets."""

    def with_layout(write):
        return lambda path, rules, paper: write(pack, path, rules, load_layout(), paper)

    def boards(rules: RulesModel, how: str | None) -> str:
        players = ", ".join(f"{p.name} ({p.letter})" for p in rules.players.colours)
        return f"player boards {players}: tableau guide, coins, saved card, phases; {how}"

    inputs = (DEFAULT_LAYOUT,)
    return [
        ComponentSpec(
            "player-boards",
            boards,
            with_layout(write_player_boards),
            large=True,
            inputs=inputs,
        ),
        ComponentSpec(
            "scoreboard",
            lambda rules, how: (
                f"scoreboard: glory track, round track, decks, discard pile, bank, phases; {how}"
            ),
            with_layout(write_scoreboard),
            large=True,
            inputs=inputs,
        ),
        ComponentSpec(
            "tokens",
            lambda rules, how: (
                "punch-out tokens (coins, age, score, round), fronts then mirrored backs for duplex"
            ),
            with_layout(write_tokens),
            inputs=inputs,
        ),
    ]
