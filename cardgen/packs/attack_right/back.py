"""Card backs: one design per deck and season, so spring and fall piles differ face down.

The season shows three ways: background colour, pattern (spring dots, fall stripes) and its
name, so it never depends on colour alone.
"""

from __future__ import annotations

from cardgen.pack import BackDesign
from cardgen.render.colours import lighten
from cardgen.render.document import Document
from cardgen.render.geometry import Box
from cardgen.render.painters import BackPainter as CoreBackPainter
from cardgen.render.units import mm


class BackPainter(CoreBackPainter):
    """Draws Attack Right's backs: one per deck and season."""

    def draw(self, doc: Document, back: BackDesign) -> None:
        deck, season = back.pile, back.name
        th, L, c = self.theme, self.L, doc.c
        bk = L.back
        b = mm(L.card.bleed)
        w, h = L.size.pt
        colour = th.rules.season(season).colour
        doc.fill(colour)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        self._pattern(doc, season, colour, Box(-b, -b, w + 2 * b, h + 2 * b))
        f = bk.frame
        d = mm(f.inset)
        doc.stroke(th.colour("paper"))
        c.setLineWidth(mm(f.width))
        c.roundRect(d, d, w - 2 * d, h - 2 * d, mm(f.radius), stroke=1, fill=0)
        # title
        tx, ty = L.point(bk.title.centre)
        doc.fill(th.colour("paper"))
        c.setFont(th.font(bk.title.font), bk.title.size)
        doc.drawCentredString(tx, ty - bk.title.size * 0.35, bk.title.text or th.rules.game.upper())
        # emblem: the deck icon on a disc of the deck colour
        ex, ey = L.point(bk.emblem.centre)
        r = mm(bk.emblem.radius)
        doc.fill(th.rules.deck(deck).colour)
        doc.stroke(th.colour("paper"))
        c.setLineWidth(2)
        c.circle(ex, ey, r, stroke=1, fill=1)
        doc.icon(th.rules.deck(deck).icon, ex - r * 0.62, ey - r * 0.62, r * 1.24)
        # deck and season names
        dx, dy = L.point(bk.deck.centre)
        doc.fill(th.colour("paper"))
        c.setFont(th.font(bk.deck.font), bk.deck.size)
        doc.drawCentredString(dx, dy - bk.deck.size * 0.35, th.rules.deck(deck).name.upper())
        sx, sy = L.point(bk.season.centre)
        sd = th.rules.season(season)
        rounds = "–".join(str(n) for n in (sd.rounds[0], sd.rounds[-1]))
        label = f"{season.upper()} · ROUNDS {rounds}" if len(sd.rounds) > 1 else season.upper()
        c.setFont(th.font(bk.season.font), bk.season.size)
        doc.drawCentredString(sx, sy - bk.season.size * 0.35, label)

    def _pattern(self, doc: Document, season: str, colour: str, box: Box) -> None:
        """Dots for the first season, diagonal stripes for the others."""
        pat = self.L.back.pattern
        step, size = mm(pat.spacing), mm(pat.size)
        c = doc.c
        tint = lighten(colour, 0.18)
        first = season == self.theme.rules.seasons[0].id
        c.saveState()
        if first:
            # rows of dots: dashed lines with round caps and zero-length dashes
            doc.stroke(tint)
            c.setLineWidth(2 * size)
            c.setLineCap(1)
            c.setDash([0, step])
            p = c.beginPath()
            for j in range(int(box.h / step) + 2):
                x0 = box.x + (step / 2 if j % 2 else 0)
                p.moveTo(x0, box.y + j * step)
                p.lineTo(box.x2 + step, box.y + j * step)
            c.drawPath(p, stroke=1, fill=0)
        else:
            doc.stroke(tint)
            c.setLineWidth(size * 1.4)
            p = c.beginPath()
            n = int((box.w + box.h) / step) + 2
            for i in range(n):
                x = box.x - box.h + i * step
                p.moveTo(x, box.y)
                p.lineTo(x + box.h, box.y2)
            clip = c.beginPath()
            clip.rect(box.x, box.y, box.w, box.h)
            c.clipPath(clip, stroke=0, fill=0)
            c.drawPath(p, stroke=1, fill=0)
        c.restoreState()
