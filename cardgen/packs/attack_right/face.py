"""Card faces, following the rulebook's ANATOMY OF CARDS (numbers in comments).

:class:`FacePainter` draws one card with the trim's lower-left corner at the origin; the
background and any box touching a trim edge run on into the bleed.  Text layouts are computed
once per card and reused by every document that draws the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.layout import TextLine
from cardgen.render import text as rich
from cardgen.render.art import draw_image_cover, draw_placeholder, draw_sun
from cardgen.render.colours import lighten
from cardgen.render.document import Document, binary_streams
from cardgen.render.fonts import string_width
from cardgen.render.geometry import Box
from cardgen.render.painters import FacePainter as CoreFacePainter
from cardgen.render.painters import FitProblem
from cardgen.render.theme import Theme
from cardgen.render.units import mm

ZONE_LETTERS = {"left": "L", "middle": "M", "right": "R"}


@dataclass(frozen=True)
class FitResult:
    """How a card's text fits: the name size and rules-text layout chosen, and what overflows."""

    name_size: float
    name_fits: bool
    body: rich.TextLayout
    prototype_size: float
    prototype_fits: bool

    @property
    def fits(self) -> bool:
        return self.name_fits and self.body.fits and self.prototype_fits


def prototype_label(card: Card) -> str:
    """The prototype line: card id, version and copy count."""
    return f"{card.id} · v{card.version} · ×{card.copies}"


def paragraphs(card: Card, theme: Theme) -> list[rich.Para]:
    """The rules text as paragraphs (one per effect unless overridden), then the flavour."""
    t = theme.layout.face.text
    body = [card.text] if card.text is not None else [e.text() for e in card.effects]
    paras = [rich.Para(s, theme.font(t.font)) for s in body if s]
    if card.flavour:
        paras.append(rich.Para(card.flavour, theme.font(t.flavour_font), t.flavour_scale))
    return paras


def text_style(theme: Theme) -> rich.TextStyle:
    return theme.layout.face.text.style()


def text_area(theme: Theme) -> Box:
    """The inner box of the rules text (the text box less its padding)."""
    t = theme.layout.face.text
    return theme.layout.box(t.box).inset(mm(t.padding))


class FacePainter(CoreFacePainter):
    """Draws Attack Right's card faces of one theme."""

    def __init__(self, theme: Theme):
        super().__init__(theme)
        self.style = text_style(theme)
        self._fits: dict[str, FitResult] = {}

    def fit_problems(self, card: Card) -> list[FitProblem]:
        """The name, the rules text and the prototype line, where they do not fit."""
        fit, layout, out = self.fit(card), self.L.face, []
        lines = (  # one-line texts: (fits, what, its box, field, hint)
            (fit.name_fits, f"name {card.name!r}", layout.name, "name", "shorten the name"),
            (
                fit.prototype_fits,
                f"prototype line {prototype_label(card)!r}",
                layout.prototype,
                "id",
                "shorten the card id",
            ),
        )
        for fits, what, box, field, hint in lines:
            if not fits:
                size = box.min_size or box.size
                out.append(
                    FitProblem(field, f"{what} is too wide for its box even at {size:g} pt", hint)
                )
        if not fit.body.fits:
            out.append(
                FitProblem(
                    "text" if card.text is not None else "effects",
                    f"rules text does not fit the text box even at {layout.text.min_size:g} pt",
                )
            )
        return out

    # --- measuring -----------------------------------------------------------------------
    def fit(self, card: Card) -> FitResult:
        """Fit the name and rules text of ``card`` (cached per card)."""
        key = card.id
        res = self._fits.get(key)
        if res is None:
            name = self._fit_line(card.name, self.L.face.name)
            area = text_area(self.theme)
            body = rich.fit(paragraphs(card, self.theme), area.w, area.h, self.style)
            proto = self._fit_line(prototype_label(card), self.L.face.prototype)
            res = FitResult(*name, body, *proto)
            self._fits[key] = res
        return res

    def _fit_line(self, text: str, line: TextLine) -> tuple[float, bool]:
        """The largest size from ``line.size`` down to its ``min_size`` at which ``text`` fits
        the box less its padding, and whether it fits at all."""
        font = self.theme.font(line.font)
        avail = self.L.box(line.box).w - 2 * mm(line.padding)
        size = line.size
        for size in rich.sizes(rich.TextStyle(line.size, line.min_size or line.size)):
            if string_width(text, font, size) <= avail:
                return size, True
        return size, False

    # --- drawing -------------------------------------------------------------------------
    def draw(self, doc: Document, card: Card) -> None:
        """Draw the whole face of ``card`` into ``doc`` at the origin.

        What every card of a deck and season shares (background, frame, empty boxes, deck
        icon) is one form per document; only what differs is drawn per card.
        """
        th = self.theme
        self._background(doc, th.rules.season(card.season).colour)
        self._art(doc, card)
        doc.c.doForm(self._chrome(doc, card.deck, card.season))
        self._name(doc, card)
        self._type(doc, card)
        self._cost(doc, card)
        self._discount(doc, card)
        self._power(doc, card)
        self._placement(doc, card)
        self._text(doc, card)
        self._footer(doc, card)

    def _background(self, doc: Document, season: str) -> None:
        b = mm(self.L.card.bleed)
        w, h = self.L.size.pt
        doc.fill(season)
        doc.c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)

    def _bleed_box(self) -> Box:
        b = mm(self.L.card.bleed)
        w, h = self.L.size.pt
        return Box(-b, -b, w + 2 * b, h + 2 * b)

    def _chrome(self, doc: Document, deck: str, season: str) -> str:
        """The form of everything a deck and season's faces share, drawn over the art."""
        return doc.form(
            f"chrome-{deck}-{season}", self._bleed_box(), lambda d: self._draw_chrome(d, deck)
        )

    def _draw_chrome(self, doc: Document, deck: str) -> None:
        f, th, c = self.L.face, self.theme, doc.c
        colour = th.rules.deck(deck).colour
        art = self.L.box(f.art.box)
        doc.stroke(th.colour("line"))
        c.setLineWidth(0.8)
        c.line(art.x, art.y, art.x2, art.y)
        c.line(art.x, art.y2, art.x2, art.y2)
        w, h = self.L.size.pt
        d = mm(f.frame.inset)
        doc.stroke(colour)
        c.setLineWidth(mm(f.frame.width))
        c.roundRect(d, d, w - 2 * d, h - 2 * d, mm(f.frame.radius), stroke=1, fill=0)
        self._pill(doc, self.L.box(f.name.box), mm(f.name.radius))
        self._pill(doc, self.L.box(f.text.box), mm(f.text.radius))
        for area in (f.power.defence, f.power.attack):
            box = self.L.box(area.box)
            self._pill(doc, box, box.h / 2)
        cx, cy = self.L.point(f.deck_icon.centre)
        r = mm(f.deck_icon.radius)
        doc.fill(colour)
        doc.stroke(th.colour("paper"))
        c.setLineWidth(0.6)
        c.circle(cx, cy, r, stroke=1, fill=1)
        doc.icon(th.rules.deck(deck).icon, cx - r * 0.68, cy - r * 0.68, r * 1.36)

    def _art(self, doc: Document, card: Card) -> None:  # (5)
        box = self.L.box(self.L.face.art.box)
        if card.art:
            with binary_streams():
                draw_image_cover(doc.c, self.theme.art.image(card.id, card.art), box)
            return
        colour = lighten(self.theme.rules.deck(card.deck).colour, 0.1)
        name = doc.form(
            f"landscape-{card.deck}-{card.season}",
            box,
            lambda d: draw_placeholder(d.c, d.ink, box, f"{card.deck}-{card.season}", colour),
        )
        doc.c.doForm(name)
        draw_sun(doc.c, doc.ink, box, card.id)

    def _pill(self, doc: Document, box: Box, radius: float, colour: str = "paper") -> None:
        doc.fill(self.theme.colour(colour))
        doc.stroke(self.theme.colour("line"))
        doc.c.setLineWidth(0.6)
        doc.c.roundRect(box.x, box.y, box.w, box.h, radius, stroke=1, fill=1)

    def _name(self, doc: Document, card: Card) -> None:  # (1)
        nb = self.L.face.name
        box = self.L.box(nb.box)
        size = self.fit(card).name_size
        doc.fill(self.theme.colour("ink"))
        doc.c.setFont(self.theme.font(nb.font), size)
        doc.drawString(box.x + mm(nb.padding), box.y + box.h / 2 - size * 0.34, card.name)

    def _type(self, doc: Document, card: Card) -> None:  # (4)
        tb = self.L.face.type
        box = self.L.box(tb.box)
        doc.icon(card.type.value, box.x, box.y, box.h)
        doc.fill(self.theme.colour("light"))
        doc.c.setFont(self.theme.font(tb.font), tb.size)
        doc.drawString(box.x + box.h + mm(0.8), box.y + box.h * 0.22, card.type.value.upper())

    def _cost(self, doc: Document, card: Card) -> None:  # (2)
        cb = self.L.face.cost
        cx, cy = self.L.point(cb.centre)
        r = mm(cb.radius)
        doc.icon("coin", cx - r, cy - r, 2 * r)
        doc.fill(self.theme.colour("ink"))
        size = cb.size if card.cost < 10 else cb.size * 0.82
        doc.c.setFont(self.theme.font(cb.font), size)
        doc.drawCentredString(cx, cy - size * 0.35, str(card.cost))

    def _discount(self, doc: Document, card: Card) -> None:  # (3)
        if not card.discount:
            return
        d = self.L.face.discount
        box = self.L.box(d.box)
        icon, gap = mm(d.icon), mm(d.gap)
        n = len(card.discount)
        h = n * icon + (n + 1) * gap
        top = box.y2
        self._pill(doc, Box(box.x, top - h, box.w, h), box.w / 2)
        x = box.x + (box.w - icon) / 2
        for i, res in enumerate(card.discount):
            doc.icon(res, x, top - (i + 1) * (icon + gap), icon)

    def _power(self, doc: Document, card: Card) -> None:  # (7)
        p = self.L.face.power
        th = self.theme
        for stat, area, icon_left in (
            ("defence", p.defence, True),
            ("attack", p.attack, False),
        ):
            box = self.L.box(area.box)
            value = getattr(card, stat)
            isz = mm(p.icon)
            iy = box.y + (box.h - isz) / 2
            ix = box.x + mm(0.8) if icon_left else box.x2 - mm(0.8) - isz
            num_cx = (ix + isz + box.x2) / 2 if icon_left else (box.x + ix) / 2
            if value == "-":
                # no power: a faded icon and a bar, clearly not the digit 0
                doc.icon(stat, ix, iy, isz, faded=True)
                bw, bh = mm(p.dash[0]), mm(p.dash[1])
                doc.fill(th.colour("ink"))
                doc.c.rect(num_cx - bw / 2, box.y + box.h / 2 - bh / 2, bw, bh, stroke=0, fill=1)
            else:
                doc.icon(stat, ix, iy, isz)
                doc.fill(th.colour("ink"))
                size = p.size if value < 10 else p.size * 0.85
                doc.c.setFont(th.font(p.font), size)
                doc.drawCentredString(num_cx, box.y + box.h / 2 - size * 0.35, str(value))

    def _placement(self, doc: Document, card: Card) -> None:  # (6)
        zones = tuple(p.value for p in card.placement)
        box = self.L.box(self.L.face.placement.box)
        name = doc.form(
            "placement-" + "-".join(zones), box, lambda d: self._draw_placement(d, zones)
        )
        doc.c.doForm(name)

    def _draw_placement(self, doc: Document, zones: tuple[str, ...]) -> None:
        """Three squares L, M, R; the zones a card may go in are filled."""
        pl = self.L.face.placement
        box = self.L.box(pl.box)
        th = self.theme
        s = mm(pl.size)
        gap = (box.w - 3 * s) / 2
        doc.c.setFont(th.font(pl.font), pl.text_size)
        doc.c.setLineWidth(0.7)
        for i, zone in enumerate(("left", "middle", "right")):
            x, y = box.x + i * (s + gap), box.y + (box.h - s) / 2
            active = zone in zones
            doc.stroke(th.colour("line"))
            doc.fill(th.colour("line") if active else lighten(th.colour("paper"), 0.3))
            doc.c.roundRect(x, y, s, s, s * 0.18, stroke=1, fill=1)
            doc.fill(th.colour("paper") if active else th.colour("faded"))
            doc.drawCentredString(x + s / 2, y + s / 2 - pl.text_size * 0.36, ZONE_LETTERS[zone])

    def _text(self, doc: Document, card: Card) -> None:  # (8a, 8b)
        area = text_area(self.theme)
        lay = self.fit(card).body
        top = area.y2 - max(0.0, (area.h - lay.height) / 2)
        doc.fill(self.theme.colour("ink"))
        rich.draw(doc, lay, area.x, top, area.w, self.style, doc.icon)

    def _footer(self, doc: Document, card: Card) -> None:  # first-game star, prototype line
        f, th = self.L.face, self.theme
        if card.star:
            sx, sy = self.L.point(f.star.centre)
            s = mm(f.star.size)
            doc.icon("star", sx - s / 2, sy - s / 2, s)
        pb = f.prototype
        box = self.L.box(pb.box)
        doc.fill(th.colour("light"))
        doc.c.setFont(th.font(pb.font), self.fit(card).prototype_size)
        doc.drawCentredString(box.x + box.w / 2, box.y + box.h * 0.3, prototype_label(card))
