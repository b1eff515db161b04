"""Punch-out token sheets: coins, age tokens, score tokens and the round token.

Tokens sit on a square grid (the render library's :class:`~cardgen.render.geometry.Grid`) and are
cut apart at its crop marks.  Pages alternate fronts and backs; backs are mirrored for long-edge
duplex so every back lands behind its front.  Each token face is one PDF form, placed per token.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardgen.components.cells import cell_grid, sheet_label
from cardgen.components.draw import Sheet, player_marker, text_on
from cardgen.packs.attack_right.components.style import ComponentLayout
from cardgen.packs.attack_right.model import PlayerColour, RulesModel
from cardgen.render.geometry import Box, Duplex, Grid, draw_crop_marks
from cardgen.render.units import Size, mm


@dataclass(frozen=True)
class Token:
    """One physical token: the component it counts towards and its two faces (form names)."""

    component: str
    front: str
    back: str


@dataclass(frozen=True)
class TokenSheetPlan:
    grid: Grid
    tokens: tuple[Token, ...]

    @property
    def sheets(self) -> int:
        return -(-len(self.tokens) // self.grid.per_page)


def token_grid(layout: ComponentLayout, paper: Size) -> Grid:
    """As many token cells as fit the paper with room for the crop marks, centred on the page."""
    try:
        return cell_grid(paper, layout.tokens.cell, layout.pages.margin)
    except ValueError:
        raise ValueError("tokens.cell does not fit on the paper") from None


def token_list(rules: RulesModel) -> tuple[Token, ...]:
    """Every token of the rulebook's component list, in sheet order."""
    comp = rules.components
    players = rules.players.colours
    tokens = [Token("coin_tokens", "coin", "coin")] * comp.coin_tokens
    tokens += [Token("age_tokens", "age", "age")] * comp.age_tokens
    seats = [players[i % len(players)].id for i in range(comp.score_tokens)]
    tokens += [Token("score_tokens", f"score-{p}", f"score-{p}-back") for p in seats]
    tokens += [Token("round_tokens", "round", "round")] * comp.round_tokens
    return tuple(tokens)


def plan_sheets(rules: RulesModel, layout: ComponentLayout, paper: Size) -> TokenSheetPlan:
    return TokenSheetPlan(token_grid(layout, paper), token_list(rules))


def _painters(
    s: Sheet, rules: RulesModel, layout: ComponentLayout, laps: int
) -> dict[str, Callable[[], None]]:
    """Form name -> a function drawing that face centred in the cell (points)."""
    t = layout.tokens
    half, r = mm(t.cell) / 2, mm(t.diameter) / 2

    def round_token() -> None:
        s.fill(t.round.colour)
        s.stroke(layout.ink)
        s.c.setLineWidth(0.6)
        s.c.circle(half, half, r, stroke=1, fill=1)
        s.fill(text_on(t.round.colour))
        size = s.fit(t.round.label, r * 1.6, r * 0.8)
        s.text(t.round.label, half, half - size * 0.35, size)

    def score(p: PlayerColour, back: bool) -> Callable[[], None]:
        def draw() -> None:
            s.fill(p.colour)
            s.stroke(layout.ink)
            s.c.setLineWidth(0.6)
            s.c.circle(half, half, r, stroke=1, fill=1)
            s.fill(layout.paper)
            s.c.circle(half, half, r * 0.78, stroke=0, fill=1)
            player_marker(s, p, half, half + (r * 0.25 if back else 0), r * (0.38 if back else 0.6))
            if back:
                s.fill(layout.ink)
                label = layout.tokens.score_back_label.format(laps=laps)
                s.text(label, half, half - r * 0.62, r * 0.42)

        return draw

    def coin() -> None:
        s.icon("coin", half, half, 2 * r)
        s.fill(t.coin.ink)
        s.text(t.coin.label, half, half - r * 0.38, r * 1.1)

    painters: dict[str, Callable[[], None]] = {
        "coin": coin,
        "age": lambda: s.icon("age-token", half, half, 2 * r),
        "round": round_token,
    }
    for p in rules.players.colours:
        painters[f"score-{p.id}"] = score(p, back=False)
        painters[f"score-{p.id}-back"] = score(p, back=True)
    return painters


def draw_token_sheets(
    s: Sheet, rules: RulesModel, layout: ComponentLayout, paper: Size, *, laps: int
) -> TokenSheetPlan:
    """Write front and back pages of the token sheets; ``laps`` is the glory track's length."""
    plan = plan_sheets(rules, layout, paper)
    grid = plan.grid
    cell = mm(layout.tokens.cell)
    painters = _painters(s, rules, layout, laps)
    for name, paint in painters.items():
        s.doc.form(f"token-{name}", Box(0, 0, cell, cell), partial(_draw, paint))
    per = grid.per_page
    for sheet in range(plan.sheets):
        chunk = plan.tokens[sheet * per : (sheet + 1) * per]
        for back in (False, True):
            s.c.setPageSize(paper.pt)
            for i, tok in enumerate(chunk):
                box = grid.slot(i, Duplex.LONG if back else None)
                s.doc.place(f"token-{tok.back if back else tok.front}", box.x, box.y)
            draw_crop_marks(s.c, grid)
            side = "backs (print on the reverse, long-edge flip)" if back else "fronts"
            label = f"Tokens · sheet {sheet + 1} of {plan.sheets} · {side} · cut at the marks"
            sheet_label(s, grid, label, layout.muted)
            s.c.showPage()
    return plan


def _draw(paint: Callable[[], None], _doc: Any) -> None:
    """A form's drawing (given the document) that only needs ``paint()``."""
    paint()
