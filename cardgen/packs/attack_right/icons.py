"""Vector icons: resources, coin, glory, age, phases, decks, placements, powers and markers.

Each icon is a function drawing into the square 0..100 × 0..100 (y up) of a canvas whose
transform the caller set; :meth:`IconSet.draw` places one at any position and size.  Icons are
pure reportlab paths, so they stay sharp at every resolution and in CMYK.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.render.colours import Ink, darken, lighten, mix
from cardgen.util.resources import data_path

ICON_COLOURS_FILE = data_path("cardgen.packs.attack_right", "icons.yaml")

Painter = Callable[["Pen"], None]


@dataclass
class Pen:
    """What an icon painter draws with: the canvas, the ink and the colour palette."""

    c: Canvas
    ink: Ink
    pal: dict[str, str]
    line: float = 5.0

    def fill(self, colour: str) -> None:
        self.c.setFillColor(self.ink(self.pal.get(colour, colour)))

    def stroke(self, colour: str, width: float | None = None) -> None:
        self.c.setStrokeColor(self.ink(self.pal.get(colour, colour)))
        self.c.setLineWidth(self.line if width is None else width)

    def poly(self, pts, fill: str | None, stroke: str | None = "outline", close=True) -> None:
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        if close:
            p.close()
        self._draw(p, fill, stroke)

    def circle(self, x, y, r, fill: str | None, stroke: str | None = "outline") -> None:
        self._set(fill, stroke)
        self.c.circle(x, y, r, stroke=int(stroke is not None), fill=int(fill is not None))

    def rect(self, x, y, w, h, fill, stroke: str | None = "outline", r: float = 0) -> None:
        self._set(fill, stroke)
        s, f = int(stroke is not None), int(fill is not None)
        if r:
            self.c.roundRect(x, y, w, h, r, stroke=s, fill=f)
        else:
            self.c.rect(x, y, w, h, stroke=s, fill=f)

    def ellipse(self, x1, y1, x2, y2, fill, stroke: str | None = "outline") -> None:
        self._set(fill, stroke)
        self.c.ellipse(x1, y1, x2, y2, stroke=int(stroke is not None), fill=int(fill is not None))

    def lines(self, segs, colour: str = "outline", width: float | None = None) -> None:
        self.stroke(colour, width)
        p = self.c.beginPath()
        for x1, y1, x2, y2 in segs:
            p.moveTo(x1, y1)
            p.lineTo(x2, y2)
        self.c.drawPath(p, stroke=1, fill=0)

    def _set(self, fill, stroke) -> None:
        if fill is not None:
            self.fill(fill)
        if stroke is not None:
            self.stroke(stroke)

    def _draw(self, p, fill, stroke) -> None:
        self._set(fill, stroke)
        self.c.drawPath(p, stroke=int(stroke is not None), fill=int(fill is not None))


# --- shapes ------------------------------------------------------------------------------


def _star_points(cx, cy, r_out, r_in, n=5, rot=90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def coin(p: Pen) -> None:
    p.circle(50, 50, 46, "coin_edge")
    p.circle(50, 50, 36, "coin", "coin_edge")


def glory(p: Pen) -> None:
    # a laurel wreath: leaves along two arcs, open at the top
    for side in (-1, 1):
        for i in range(6):
            a = math.radians(-90 + side * (25 + i * 24))
            x, y = 50 + 34 * math.cos(a), 50 + 34 * math.sin(a)
            p.c.saveState()
            p.c.translate(x, y)
            p.c.rotate(math.degrees(a) + 90 * side)
            p.ellipse(-7, -14, 7, 14, "laurel", None)
            p.c.restoreState()
    p.poly(_star_points(50, 50, 16, 7), "star", None)


def hourglass(p: Pen) -> None:
    p.rect(18, 84, 64, 10, "wood_frame", None, r=3)
    p.rect(18, 6, 64, 10, "wood_frame", None, r=3)
    p.poly([(26, 84), (74, 84), (54, 50), (74, 16), (26, 16), (46, 50)], "glass")
    p.poly([(36, 68), (64, 68), (52, 52), (48, 52)], "sand", None)
    p.poly([(30, 16), (70, 16), (50, 34)], "sand", None)


def age_token(p: Pen) -> None:
    p.circle(50, 50, 47, "age", None)
    p.c.saveState()
    p.c.translate(20, 18)
    p.c.scale(0.6, 0.64)
    hourglass(p)
    p.c.restoreState()


def sword(p: Pen) -> None:
    p.poly([(44, 34), (56, 34), (56, 84), (50, 97), (44, 84)], "blade")
    p.rect(26, 26, 48, 9, "hilt", "outline", r=3)
    p.rect(45, 6, 10, 21, "hilt", "outline", r=2)
    p.circle(50, 6, 6, "coin", "outline")


def shield(p: Pen) -> None:
    pts = [(12, 88), (50, 97), (88, 88), (86, 45)]
    bez = [(50, 3)]
    path = p.c.beginPath()
    path.moveTo(*pts[0])
    for pt in pts[1:]:
        path.lineTo(*pt)
    path.curveTo(82, 22, 62, 10, *bez[0])
    path.curveTo(38, 10, 18, 22, 14, 45)
    path.close()
    p._draw(path, "shield", "outline")
    p.lines([(50, 90, 50, 12), (16, 62, 84, 62)], "shield_rim", 7)


def crossed_swords(p: Pen) -> None:
    for ang in (-38, 38):
        p.c.saveState()
        p.c.translate(50, 50)
        p.c.rotate(ang)
        p.c.scale(0.92, 0.92)
        p.c.translate(-50, -50)
        sword(p)
        p.c.restoreState()


def coin_stack(p: Pen) -> None:
    for i, y in enumerate((8, 24, 40)):
        p.ellipse(14 + i * 4, y, 74 + i * 4, y + 22, "coin_edge")
        p.ellipse(14 + i * 4, y + 6, 74 + i * 4, y + 28, "coin", "coin_edge")
    p.circle(66, 72, 24, "coin_edge")
    p.circle(66, 72, 17, "coin", "coin_edge")


def upkeep(p: Pen) -> None:
    coin(p)
    p.lines([(16, 84, 84, 16)], "outline", 12)


def hand(p: Pen) -> None:
    # a card played from the hand: a card with a bold arrow down onto the table
    p.c.saveState()
    p.c.translate(58, 40)
    p.c.rotate(-14)
    p.rect(-20, 0, 40, 58, "card", r=6)
    p.c.restoreState()
    p.poly([(10, 52), (26, 52), (26, 74), (42, 74), (42, 52), (58, 52), (34, 22)], "unit")
    p.rect(6, 6, 88, 10, "outline", None, r=4)


def skull(p: Pen) -> None:
    p.circle(50, 58, 36, "bone")
    p.rect(32, 10, 36, 26, "bone", "outline", r=6)
    p.circle(36, 58, 10, "outline", None)
    p.circle(64, 58, 10, "outline", None)
    p.poly([(50, 46), (44, 34), (56, 34)], "outline", None)
    p.lines([(43, 10, 43, 24), (50, 10, 50, 24), (57, 10, 57, 24)], "outline", 4)


def cards_fan(p: Pen) -> None:
    for ang in (24, 0, -24):
        p.c.saveState()
        p.c.translate(50, 10)
        p.c.rotate(ang)
        p.rect(-18, 0, 36, 58, "card", r=5)
        p.c.restoreState()


def phase(inner: Painter) -> Painter:
    """A phase icon: the inner symbol on a dark disc, so phases read as one family."""

    def draw(p: Pen) -> None:
        p.circle(50, 50, 48, "outline", None)
        p.circle(50, 50, 42, "card", None)
        p.c.saveState()
        p.c.translate(14, 14)
        p.c.scale(0.72, 0.72)
        inner(p)
        p.c.restoreState()

    return draw


def star(p: Pen) -> None:
    p.poly(_star_points(50, 48, 50, 21), "star", "outline")


def sack(p: Pen) -> None:
    path = p.c.beginPath()
    path.moveTo(38, 74)
    path.curveTo(6, 60, 6, 6, 50, 6)
    path.curveTo(94, 6, 94, 60, 62, 74)
    path.close()
    p._draw(path, "sack", "outline")
    p.poly([(36, 96), (64, 96), (58, 78), (42, 78)], "sack")
    p.rect(36, 72, 28, 8, "wood_frame", None, r=3)


def eye(p: Pen) -> None:
    path = p.c.beginPath()
    path.moveTo(4, 50)
    path.curveTo(30, 88, 70, 88, 96, 50)
    path.curveTo(70, 12, 30, 12, 4, 50)
    path.close()
    p._draw(path, "card", "outline")
    p.circle(50, 50, 20, "eye", None)
    p.circle(50, 50, 8, "outline", None)
    p.circle(56, 56, 4, "card", None)


def unit(p: Pen) -> None:
    # a helmeted head and shoulders
    p.circle(50, 66, 22, "unit")
    p.poly([(28, 70), (72, 70), (66, 90), (34, 90)], "blade")
    path = p.c.beginPath()
    path.moveTo(12, 4)
    path.curveTo(14, 38, 30, 44, 50, 44)
    path.curveTo(70, 44, 86, 38, 88, 4)
    path.close()
    p._draw(path, "unit", "outline")


def building(p: Pen) -> None:
    p.rect(16, 4, 68, 52, "building", r=2)
    p.poly([(8, 54), (50, 94), (92, 54)], "hilt")
    p.rect(42, 4, 16, 28, "outline", None, r=2)


def wood(p: Pen) -> None:
    p.rect(8, 30, 70, 40, "wood", r=6)
    p.ellipse(64, 30, 92, 70, lighten(p.pal["wood"], 0.45))
    p.ellipse(72, 40, 84, 60, None, "wood")
    p.lines([(20, 42, 56, 42), (16, 58, 50, 58)], darken(p.pal["wood"], 0.35), 3)


def stone(p: Pen) -> None:
    p.poly([(10, 20), (30, 74), (58, 90), (88, 62), (92, 22), (60, 8)], "stone")
    shade = lighten(p.pal["stone"], 0.5)
    p.lines([(30, 74, 48, 52), (48, 52, 88, 62), (48, 52, 60, 8)], shade, 4)


def food(p: Pen) -> None:
    # a sheaf of grain: stalks and ears
    p.lines([(50, 6, 50, 70), (50, 6, 30, 62), (50, 6, 70, 62)], darken(p.pal["food"], 0.3), 5)
    for cx, cy, ang in ((50, 78, 0), (28, 68, 22), (72, 68, -22)):
        p.c.saveState()
        p.c.translate(cx, cy)
        p.c.rotate(ang)
        p.ellipse(-9, -18, 9, 18, "food")
        p.c.restoreState()
    p.rect(38, 30, 24, 8, "wood_frame", None, r=3)


def iron(p: Pen) -> None:
    p.poly([(6, 24), (94, 24), (78, 70), (22, 70)], "iron")
    p.poly([(22, 70), (78, 70), (70, 80), (30, 80)], lighten(p.pal["iron"], 0.45))


def generic_disc(letter: str, colour: str) -> Painter:
    """An icon with no drawn shape (a new resource or deck icon): a disc with a letter."""

    def draw(p: Pen) -> None:
        p.circle(50, 50, 44, colour)
        p.fill("card")
        p.c.setFont(p.pal["_font"], 54)
        p.c.drawCentredString(50, 31, letter)

    return draw


def placement(active: str) -> Painter:
    """Three zones, left to right, with ``active`` filled."""

    def draw(p: Pen) -> None:
        for i, zone in enumerate(("left", "middle", "right")):
            on = zone == active
            p.rect(4 + i * 32, 22, 28, 56, "placement_on" if on else "placement_off", r=4)

    return draw


BASE: dict[str, Painter] = {
    "coin": coin,
    "glory": glory,
    "age-token": age_token,
    "attack": sword,
    "defence": shield,
    "upkeep": upkeep,
    "when-played": hand,
    "when-dies": skull,
    "phase-draft": phase(cards_fan),
    "phase-play": phase(hand),
    "phase-battle": phase(crossed_swords),
    "phase-income": phase(coin_stack),
    "phase-age": phase(hourglass),
    "left": placement("left"),
    "middle": placement("middle"),
    "right": placement("right"),
    "star": star,
    # deck icons (rules.yaml `icon`) and card types
    "sword": sword,
    "sack": sack,
    "hourglass": hourglass,
    "eye": eye,
    "unit": unit,
    "building": building,
    # resources with a drawn shape
    "wood": wood,
    "stone": stone,
    "food": food,
    "iron": iron,
}


def load_icon_colours(path: Path = ICON_COLOURS_FILE) -> dict[str, str]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed
    with open(path, encoding="utf-8") as fh:
        return {str(k): str(v) for k, v in yaml.load(fh, Loader=loader).items()}


class IconSet:
    """The icons of one game: the fixed ones plus one per resource of the rules model."""

    def __init__(self, resources: dict[str, str], colours: dict[str, str], font: str):
        self.palette = {**colours, **resources, "_font": font}
        self.painters: dict[str, Painter] = dict(BASE)
        for rid in resources:  # a resource without a drawn shape gets a lettered disc
            if rid not in BASE:
                self.painters[rid] = generic_disc(rid[:1].upper(), rid)

    def __contains__(self, name: str) -> bool:
        return name in self.painters

    def paint(self, c: Canvas, ink: Ink, name: str, faded: bool = False) -> None:
        """Draw icon ``name`` into the 0..100 square of the current transform.

        ``faded`` draws it washed out (every colour mixed towards white), without transparency.
        """
        pal = self.palette
        if faded:
            pal = {k: (v if k.startswith("_") else mix(v, "#FFFFFF", 0.62)) for k, v in pal.items()}
        painter = self.painters.get(name) or generic_disc(name[:1].upper(), "outline")
        c.saveState()
        c.setLineJoin(1)
        c.setLineCap(1)
        painter(Pen(c, ink, pal))
        c.restoreState()

    def draw(self, c: Canvas, ink: Ink, name: str, x: float, y: float, size: float) -> None:
        """Draw icon ``name`` with its lower-left corner at ``(x, y)``, ``size`` points square."""
        c.saveState()
        c.translate(x, y)
        c.scale(size / 100, size / 100)
        self.paint(c, ink, name)
        c.restoreState()
