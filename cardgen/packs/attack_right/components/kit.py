"""Write the component PDFs: player boards and scoreboard (A3 or tiled) and token sheets.

Each writer returns a :class:`ComponentFile` saying how many pages it wrote and which rulebook
components (keys of the rules model's ``components``) it holds.  Files are written atomically
and are byte-identical for identical input.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardgen.components import ComponentFile, ComponentSpec
from cardgen.components.draw import card_layout, new_sheet
from cardgen.components.tiling import PAPER_NAMES, PAPERS, Item, write_a3, write_tiled
from cardgen.packs.attack_right.components.player_board import board_geometry, draw_player_board
from cardgen.packs.attack_right.components.scoreboard import draw_scoreboard, glory_track
from cardgen.packs.attack_right.components.style import ComponentLayout
from cardgen.packs.attack_right.components.tokens import draw_token_sheets
from cardgen.packs.attack_right.model import RulesModel
from cardgen.render.units import Size, mm
from cardgen.util.atomic import atomic_write_bytes

LARGE_PAPERS = ("a3", "a4", "letter")


def _pack():
    from cardgen.packs.attack_right.pack import PACK

    return PACK


def card_size() -> Size:
    """The card size of the card template (the player boards' slot outlines)."""
    card = card_layout(_pack()).card
    return Size(card.width, card.height)


def player_board_items(rules: RulesModel, layout: ComponentLayout) -> list[Item]:
    """One large item per player colour, as many as the rulebook's player boards."""
    size = card_size()
    g = board_geometry(rules, layout, size)
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
                lambda s, p=p: draw_player_board(s, rules, layout, size, p),
            )
        )
    return items


def scoreboard_items(rules: RulesModel, layout: ComponentLayout) -> list[Item]:
    sb = layout.scoreboard
    glory_track(layout)  # fail early if the track is too short
    return [
        Item(
            f"scoreboard-{i + 1}",
            "Scoreboard",
            mm(sb.width),
            mm(sb.height),
            lambda s: draw_scoreboard(s, rules, layout),
        )
        for i in range(rules.components.scoreboards)
    ]


def _write_large(
    path: Path, items: list[Item], paper: str, layout: ComponentLayout, rules: RulesModel, title
) -> int:
    if paper not in LARGE_PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    sheet = new_sheet(_pack(), rules, PAPERS[paper].pt, f"{title} ({PAPER_NAMES[paper]})")
    if paper == "a3":
        pages = write_a3(sheet, items, layout.pages.a3_item_margin)
    else:
        pages = write_tiled(sheet, items, paper, layout)
    atomic_write_bytes(path, sheet.doc.save())
    return pages


def write_player_boards(
    path: str | os.PathLike[str], rules: RulesModel, layout: ComponentLayout, paper: str
) -> ComponentFile:
    """All player boards, one A3 page each or tiled over ``paper``."""
    items = player_board_items(rules, layout)
    pages = _write_large(Path(path), items, paper, layout, rules, f"{rules.game} player boards")
    return ComponentFile(Path(path), pages, {"player_boards": len(items)})


def write_scoreboard(
    path: str | os.PathLike[str], rules: RulesModel, layout: ComponentLayout, paper: str
) -> ComponentFile:
    """The scoreboard, on A3 or tiled over ``paper``."""
    items = scoreboard_items(rules, layout)
    pages = _write_large(Path(path), items, paper, layout, rules, f"{rules.game} scoreboard")
    return ComponentFile(Path(path), pages, {"scoreboards": len(items)})


def write_tokens(
    path: str | os.PathLike[str], rules: RulesModel, layout: ComponentLayout, paper: str
) -> ComponentFile:
    """Token punch-out sheets on ``paper`` (a4 or letter): fronts and backs for duplex."""
    if paper not in ("a4", "letter"):
        raise ValueError(f"tokens are printed on a4 or letter, not {paper!r}")
    size = PAPERS[paper]
    sheet = new_sheet(_pack(), rules, size.pt, f"{rules.game} tokens ({PAPER_NAMES[paper]})")
    laps = len(glory_track(layout).cells)
    plan = draw_token_sheets(sheet, rules, layout, size, laps=laps)
    atomic_write_bytes(Path(path), sheet.doc.save())
    counts: dict[str, int] = {}
    for tok in plan.tokens:
        counts[tok.component] = counts.get(tok.component, 0) + 1
    return ComponentFile(Path(path), 2 * plan.sheets, counts)


def component_specs() -> list[ComponentSpec]:
    """Attack Right's components: player boards and scoreboard (large), token sheets."""
    from cardgen.packs.attack_right.components.style import DEFAULT_LAYOUT, load_layout

    def with_layout(write):
        return lambda path, rules, paper: write(path, rules, load_layout(), paper)

    def boards(rules: RulesModel, how: str | None) -> str:
        players = ", ".join(f"{p.name} ({p.letter})" for p in rules.players.colours)
        return f"player boards {players}: tableau guide, phases, reminders; {how}"

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
            lambda rules, how: f"scoreboard: glory track, round track, phase order; {how}",
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
