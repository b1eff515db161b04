"""Attack Right's rulebook figures, drawn from the catalogue: the anatomy of a real card with
the rulebook's callouts 1-10, the Woodcutter/Wall example with the real cards and their
prices, and the game set-up with the real backs and the rules model's numbers.

What each figure shows is data (``figures.yaml``: which cards, which layout elements the
callouts point at); positions come from the card layout, so a moved element moves its callout.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.validation_errors import validate_model
from cardgen.catalogue.yaml_source import load_yaml
from cardgen.docs.figures import Figure
from cardgen.engine import Setup as GameSetup
from cardgen.engine import SetupError
from cardgen.engine.bots import make_bot
from cardgen.engine.chance import settle
from cardgen.engine.play import step
from cardgen.packs.attack_right.effects import Produce
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.packs.attack_right.engine.state import PLAY
from cardgen.render import text as rich
from cardgen.render.colours import Ink
from cardgen.render.document import Document
from cardgen.render.fonts import string_width
from cardgen.render.painters import back_form, face_form
from cardgen.render.units import mm
from cardgen.util.resources import data_path

if TYPE_CHECKING:
    from cardgen.render.elements.render import LayoutFaces

FIGURES_FILE = data_path("cardgen.packs.attack_right", "figures.yaml")

INK, MUTED, ACCENT, PAPER = "#1F1A17", "#6B625A", "#8E3B2E", "#FFFFFF"
MM = 72 / 25.4


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Callout(_Strict):
    """A numbered label pointing at part of the card."""

    label: str
    element: str
    #: the point, mm from the card's top-left corner (default: the element's box centre)
    at: tuple[float, float] | None = None
    #: point at the first inline icon of a rich text whose name starts with this
    icon: str | None = None
    #: the side of the card its number stands on (default: the side nearer the point)
    side: Literal["left", "right"] | None = None
    #: the height of its number, mm from the card's top (default: level with the point)
    label_y: float | None = None


class Anatomy(_Strict):
    card: str
    callouts: list[Callout] = Field(min_length=1)


class Example(_Strict):
    removed: str
    played: str


class Setup(_Strict):
    deck: str


class Table(_Strict):
    decks: list[str] = Field(min_length=2)
    bots: str = "greedy"
    #: the round whose Play Phase has just been played
    round: int = Field(ge=1)
    seed: int = 0


class FigureSpecs(_Strict):
    """``figures.yaml``."""

    anatomy: Anatomy
    example: Example
    setup: Setup
    table: Table


def load_specs(path: Path = FIGURES_FILE) -> FigureSpecs:
    """The figures' data (raises DiagnosticError naming the file and line on bad input)."""
    data, smap = load_yaml(path, display=str(path))
    return validate_model(FigureSpecs, data, smap)


# --- drawing helpers -------------------------------------------------------------------------
class _Scene:
    """What a figure draws with: the render context (faces, backs, icons, fonts) on a canvas."""

    def __init__(self, catalogue: Catalogue, canv: Canvas) -> None:
        from cardgen.render.products.base import RenderContext, load_product_settings
        from cardgen.render.theme import Theme

        theme = Theme.of(catalogue)
        self.ctx = RenderContext(catalogue, theme, load_product_settings(), share_forms=False)
        self.doc = Document.on_canvas(canv, theme.ink, theme.icons)
        self.c = canv
        self.layout = theme.layout
        self.w, self.h = theme.layout.size.pt

    def font(self, role: str) -> str:
        return self.ctx.theme.font(role)

    def card(self, card: Any, x: float, y: float, k: float) -> None:
        """``card``'s face, its trim's lower-left corner at (x, y), scaled by ``k``."""
        self._place(face_form(self.doc, self.ctx.faces, card, bleed=False), x, y, k)

    def back(self, card: Any, x: float, y: float, k: float) -> None:
        """The back ``card`` has, as :meth:`card` places a face."""
        design = self.ctx.back_of(card)
        self._place(back_form(self.doc, self.ctx.backs, design, bleed=False), x, y, k)

    def _place(self, form: str, x: float, y: float, k: float) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.scale(k, k)
        c.doForm(form)
        c.setStrokeColor(_rgb(MUTED))
        c.setLineWidth(0.6 / k)
        c.roundRect(0, 0, self.w, self.h, 3 * MM, stroke=1, fill=0)
        c.restoreState()

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float = 8.0,
        *,
        role: str = "regular",
        colour: str = INK,
        align: str = "left",
    ) -> None:
        """A line of text with ``{icon}`` tokens drawn inline (icons 1.1 × the size)."""
        c, font = self.c, self.font(role)
        words = rich.parse(text)
        pieces = [p for i, w in enumerate(words) for p in ((rich.Piece(" "),) if i else ()) + w]
        widths = [size * 1.1 if p.icon else string_width(p.text, font, size) for p in pieces]
        total = sum(widths)
        x -= {"left": 0.0, "center": total / 2, "right": total}[align]
        c.setFillColor(_rgb(colour))
        for p, w in zip(pieces, widths, strict=True):
            if p.icon:
                self.doc.icon(p.icon, x, y - size * 0.12, size * 1.1)
            else:
                c.setFont(font, size)
                c.drawString(x, y, p.text)
            x += w

    def element_point(self, card: Any, callout: Callout) -> tuple[float, float]:
        """Where ``callout`` points on ``card``, in points from the card's lower-left corner."""
        if callout.at is not None:
            return mm(callout.at[0]), self.h - mm(callout.at[1])
        painter = cast("LayoutFaces", self.ctx.faces).painter
        el = self.layout.face[callout.element]
        if callout.icon is not None:
            found = inline_icon(painter, el, card, callout.icon)
            if found is not None:
                return found
        box = painter.box(el.box)
        return box.x + box.w / 2, box.y + box.h / 2


def inline_icon(painter: Any, el: Any, card: Any, prefix: str) -> tuple[float, float] | None:
    """The centre of the first inline icon whose name starts with ``prefix`` in the rich text
    ``el`` as it is drawn on ``card`` (points from the card's lower-left corner)."""
    v = painter.values(card, card.id)
    lay = painter.fit_rich(next(n for n, e in painter.elements.items() if e is el), el, v)
    area = painter.box(el.box).inset(mm(el.padding))
    top = area.y2 - (max(0.0, (area.h - lay.height) / 2) if el.valign == "middle" else 0.0)
    for line in lay.lines:
        dx = (area.w - line.width) / 2 if el.align == "center" else 0.0
        for r in line.runs:
            if r.icon is not None and r.icon.startswith(prefix):
                h = r.size * el.icon_scale
                return area.x + dx + r.x + r.shift + h / 2, top - line.baseline + h / 2
    return None


def _rgb(hex_colour: str):
    return Ink(False)(hex_colour)


def _callouts(
    s: _Scene, targets: list[tuple[str, float, float, str, float]], width: float, r: float = 7.5
) -> None:
    """Numbered circles beside the card on each target's side at their heights, each with a
    line to its target; labels on one side keep ``2r + 3`` points apart."""
    c = s.c
    for side in ("left", "right"):
        mine = sorted([t for t in targets if t[3] == side], key=lambda t: -t[4])
        x = r + 1.5 if side == "left" else width - r - 1.5
        last = None
        for label, tx, ty, _, ly in mine:
            y = ly if last is None else min(ly, last - (2 * r + 3))
            last = y
            end = x + r if side == "left" else x - r
            for colour, lw in ((PAPER, 2.6), (ACCENT, 1.0)):  # a light halo over the card
                c.setStrokeColor(_rgb(colour))
                c.setLineWidth(lw)
                c.line(end, y, tx, ty)
            c.setFillColor(_rgb(ACCENT))
            c.circle(tx, ty, 1.8, stroke=0, fill=1)
            c.setStrokeColor(_rgb(PAPER))
            c.setLineWidth(1.0)
            c.circle(x, y, r, stroke=1, fill=1)
            c.setFillColor(_rgb(PAPER))
            size = 8.0 if len(label) == 1 else 6.5
            c.setFont(s.font("bold"), size)
            c.drawCentredString(x, y - size * 0.35, label)


# --- the figures -----------------------------------------------------------------------------
def _card_or(catalogue: Catalogue, card_id: str, ok: Callable[[Any], bool]) -> Any:
    """Card ``card_id``, or in a catalogue without it the first card ``ok`` accepts (else the
    first card): a designer's own catalogue still gets its figures."""
    cards = list(catalogue)
    found = next((c for c in cards if c.id == card_id), None)
    return found or next((c for c in cards if ok(c)), cards[0])


def _phase_effect(card: Any) -> bool:
    return bool(card.discount) and any(e.trigger == "battle" for e in card.effects)


def _points(s: _Scene, card: Any, spec: Anatomy) -> list[tuple[str, float, float, str, float]]:
    out: list[tuple[str, float, float, str, float]] = []
    for co in spec.callouts:
        px, py = s.element_point(card, co)
        side = co.side or ("left" if px < s.w / 2 else "right")
        ly = py if co.label_y is None else s.h - co.label_y * MM
        out.append((co.label, px, py, side, ly))
    return out


def callout_points(catalogue: Catalogue, spec: Anatomy | None = None) -> dict[str, list]:
    """Where the anatomy's callouts point on its card: label -> ``[(x, y), …]`` in points
    from the card's lower-left corner (two callouts may share a label)."""
    spec = spec or load_specs().anatomy
    card = _card_or(catalogue, spec.card, _phase_effect)
    s = _Scene(catalogue, Canvas(io.BytesIO()))
    out: dict[str, list] = {}
    for label, px, py, _, _ in _points(s, card, spec):
        out.setdefault(label, []).append((px, py))
    return out


def anatomy(catalogue: Catalogue, spec: Anatomy) -> Figure:
    """The anatomy: the real card ``spec.card`` with the rulebook's numbered callouts."""
    card = _card_or(catalogue, spec.card, _phase_effect)
    k, margin = 1.0, 23.0  # at full size, in a rulebook column (about 227 pt)
    w, h = 63.5 * MM * k, 88.9 * MM * k
    width, height = w + 2 * margin, h + 8

    def draw(canv: Canvas) -> None:
        s = _Scene(catalogue, canv)
        x0, y0 = margin, 4.0
        s.card(card, x0, y0, k)
        targets = [
            (label, x0 + px * k, y0 + py * k, side, y0 + ly * k)
            for label, px, py, side, ly in _points(s, card, spec)
        ]
        _callouts(s, targets, width)

    labels = ", ".join(co.label for co in spec.callouts)
    return Figure(width, height, draw, f"The card {card.name} with the callouts {labels}")


def example(catalogue: Catalogue, spec: Example) -> Figure:
    """The Woodcutter/Wall example: the removed card, the played card, and the price the
    played card costs while the removed card's production still counts (from the cards)."""

    def makes(card: Any) -> dict[str, int]:
        return {e.resource: e.amount for e in card.effects if isinstance(e, Produce)}

    removed = _card_or(catalogue, spec.removed, lambda c: bool(makes(c)))
    made = makes(removed)
    played = _card_or(catalogue, spec.played, lambda c: bool(set(c.discount) & set(made)))
    discount = sum(made.get(r, 0) for r in played.discount)
    price = max(0, played.cost - discount)
    k = 0.5
    w, h = 63.5 * MM * k, 88.9 * MM * k
    gap = 30.0
    width, height = 2 * w + gap + 8, h + 46

    def draw(canv: Canvas) -> None:
        s = _Scene(catalogue, canv)
        y0 = 40.0
        xa, xb = 4.0, 4.0 + w + gap
        s.card(removed, xa, y0, k)
        s.card(played, xb, y0, k)
        c = s.c
        # the removed card: crossed out
        c.setStrokeColor(_rgb(ACCENT))
        c.setLineWidth(2.2)
        c.line(xa + 6, y0 + 6, xa + w - 6, y0 + h - 6)
        c.line(xa + 6, y0 + h - 6, xa + w - 6, y0 + 6)
        # its production counted for the played card's discount: an arrow
        res = next(iter(made), None)
        painter = cast("LayoutFaces", s.ctx.faces).painter
        src = inline_icon(painter, s.layout.face["rules_text"], removed, res or "")
        dst = s.element_point(played, Callout(label="", element="discount", at=(55.0, 17.2)))
        if src is not None:
            _arrow(s, xa + src[0] * k, y0 + src[1] * k, xb + dst[0] * k, y0 + dst[1] * k)
        s.text(xa + w / 2, y0 - 12, f"{removed.name}: removed", 7.5, align="center")
        s.text(xb + w / 2, y0 - 12, f"{played.name}: played", 7.5, align="center")
        icons = " ".join(f"{{{r}}}" for r in played.discount)
        line = f"{played.cost} {{coin}} \u2212 {discount} ({icons}) = {price} {{coin}}"
        s.text(xb + w / 2, y0 - 26, line, 8.0, role="bold", align="center")
        s.text(
            width / 2,
            6,
            f"the {removed.name} still counts when the {played.name} is flipped",
            7.0,
            colour=MUTED,
            align="center",
        )

    alt = (
        f"{removed.name} removed, its production counted: {played.name} costs "
        f"{played.cost} - {discount} = {price} coins"
    )
    return Figure(width, height, draw, alt)


def _arrow(s: _Scene, x1: float, y1: float, x2: float, y2: float) -> None:
    """A curved arrow from (x1, y1) up and across to (x2, y2), arriving from the left, with a
    light halo."""
    c = s.c
    end = x2 - 6
    for colour, lw in ((PAPER, 3.4), (ACCENT, 1.6)):
        c.setStrokeColor(_rgb(colour))
        c.setLineWidth(lw)
        p = c.beginPath()
        p.moveTo(x1, y1)
        p.curveTo(x1, y2, x1 + (end - x1) * 0.4, y2, end - 1, y2)
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(_rgb(ACCENT))
    p = c.beginPath()
    p.moveTo(end + 5, y2)
    p.lineTo(end - 2, y2 + 3.5)
    p.lineTo(end - 2, y2 - 3.5)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def setup(catalogue: Catalogue, spec: Setup) -> Figure:
    """The set-up: one deck's spring and fall cards as two piles, backs up, each with its
    rounds; the bank's coin and age token piles and a player's starting coins (the rules
    model's numbers)."""
    rules = catalogue.rules
    k = 0.5
    w, h = 63.5 * MM * k, 88.9 * MM * k
    width, row = 2 * w + 40, 62.0
    height = row + h + 36

    def draw(canv: Canvas) -> None:
        s = _Scene(catalogue, canv)
        # the season piles of one deck, backs up
        deck = spec.deck if spec.deck in rules.deck_ids else rules.deck_ids[0]
        base, x = row + 18, 10.0
        for season in rules.seasons:
            card = next((c for c in catalogue if c.deck == deck and c.season == season.id), None)
            if card is None:
                continue
            for j in (2, 1, 0):
                s.back(card, x + j * 2.5, base + j * 2.5, k)
            rounds = " and ".join(str(r) for r in season.rounds)
            s.text(x + w / 2, base - 12, f"{season.id}: rounds {rounds}", 7.5, align="center")
            x += w + 20
        # the bank: two piles of tokens, and a player's coins
        for i, (icon, label) in enumerate((("coin", "coins"), ("age-token", "age tokens"))):
            cx = 30 + i * 56
            for j in range(4):
                s.doc.icon(icon, cx - 11 + (j % 2) * 3, 22 + j * 5, 22)
            s.text(cx, 10, label, 7.5, align="center")
        coins = rules.economy.starting_coins
        s.text(width - 6, 40, "each player", 7.5, role="bold", align="right")
        s.text(width - 6, 29, f"starts with {coins} {{coin}}", 7.5, role="bold", align="right")

    alt = (
        f"One deck's spring and fall cards as two piles; coin and age token piles; each player "
        f"starts with {rules.economy.starting_coins} coins"
    )
    return Figure(width, height, draw, alt)


def kingdoms(catalogue: Catalogue, spec: Table) -> list[dict[str, Any]]:
    """The players of a game the rules engine plays (seeded, ``spec.bots`` in every seat) as
    round ``spec.round``'s Play Phase ends: each player's coins, glory and tableau (card ids
    by zone)."""
    decks = [d for d in spec.decks if d in catalogue.rules.deck_ids] or list(
        catalogue.rules.deck_ids[:2]
    )
    game = ENGINE.simulation_game(catalogue, GameSetup(len(decks), tuple(decks)))
    state = game.new_initial_state(spec.seed)
    bots = [make_bot(ENGINE, game, spec.bots, spec.seed * 100 + p) for p in range(state.n)]
    seen: list[dict] = []
    while not state.is_terminal() and state.round <= spec.round:
        if state.round == spec.round and state.phase == PLAY:  # the Kingdoms as played
            seen = state.observation(0)["players"]
        step(state, bots)
        settle(state)  # a glory tie for the first battle
    return [
        {
            "coins": p["coins"],
            "glory": p["glory"],
            "zones": {
                z: [t["card"] for t in p["tableau"] if t["zone"] == z and t["card"]]
                for z in ("left", "middle", "right")
            },
        }
        for p in seen
    ]


def table(catalogue: Catalogue, spec: Table) -> Figure:
    """Four Kingdoms later in the game: each player's tableau by zone (the real cards of a
    game the engine plays), coins and glory; seats clockwise from the bottom left."""
    k = 0.16
    w, h = 63.5 * MM * k, 88.9 * MM * k
    cell_w, cell_h = 3 * (w + 3) + 8, h + 2 * 9 + 30  # up to three cards a zone
    width, height = 2 * cell_w + 6, 2 * cell_h + 4

    def draw(canv: Canvas) -> None:
        s = _Scene(catalogue, canv)
        try:
            players = kingdoms(catalogue, spec)
        except SetupError as exc:  # a catalogue too small for the game: say so
            s.text(width / 2, height / 2, "no game to show:", 7.5, role="bold", align="center")
            s.text(width / 2, height / 2 - 11, str(exc)[:60], 7.0, align="center")
            return
        spots = [(0, 0), (0, 1), (1, 1), (1, 0)]  # clockwise from the bottom left
        for seat, p in enumerate(players[:4]):
            col, row = spots[seat]
            x0, y0 = 3 + col * (cell_w + 6), 2 + row * (cell_h + 2)
            c = s.c
            c.setStrokeColor(_rgb(MUTED))
            c.setLineWidth(0.5)
            c.roundRect(x0, y0, cell_w, cell_h - 2, 4, stroke=1, fill=0)
            s.text(x0 + 5, y0 + cell_h - 14, f"Player {seat + 1}", 7.0, role="bold")
            s.text(x0 + 5, y0 + 5, f"{p['coins']} {{coin}}  {p['glory']} {{glory}}", 7.0)
            for z, zone in enumerate(("left", "middle", "right")):
                zx = x0 + 4 + z * (w + 3)
                ids = p["zones"][zone]
                for j, card_id in enumerate(ids):
                    s.card(catalogue.card(card_id), zx, y0 + 18 + (len(ids) - 1 - j) * 9, k)

    decks = ", ".join(spec.decks)
    alt = (
        f"Four Kingdoms (decks {decks}) as round {spec.round}'s Play Phase ends in a game the "
        "rules engine played: each player's cards by zone, coins and glory"
    )
    return Figure(width, height, draw, alt)


FIGURES: dict[str, Callable[[Catalogue, Any], Figure]] = {
    "anatomy": anatomy,
    "example": example,
    "setup": setup,
    "table": table,
}


def rulebook_figures(catalogue: Catalogue) -> dict[str, Figure]:
    """Attack Right's rulebook figures for ``catalogue``, by name."""
    specs = load_specs()
    return {name: make(catalogue, getattr(specs, name)) for name, make in FIGURES.items()}
