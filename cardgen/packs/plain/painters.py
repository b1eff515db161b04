"""The `plain` pack's faces and backs: name, cost coin, type, art, rules text, stats."""

from __future__ import annotations

from cardgen.pack import BackDesign
from cardgen.packs.plain.model import PlainCard
from cardgen.render import text as rich
from cardgen.render.art import draw_image_cover, draw_placeholder
from cardgen.render.colours import lighten
from cardgen.render.document import Document
from cardgen.render.fonts import string_width
from cardgen.render.painters import BackPainter, FacePainter, FitProblem
from cardgen.render.units import mm


def prototype_label(card: PlainCard) -> str:
    """The prototype line: card id, version and copy count."""
    return f"{card.id} · v{card.version} · ×{card.copies}"


class PlainFaces(FacePainter):
    """Faces of a plain game, in the colour of the card's back."""

    def _style(self) -> rich.TextStyle:
        return self.L.face.text.style()

    def _paras(self, card: PlainCard) -> list[rich.Para]:
        t, th = self.L.face.text, self.theme
        paras = [rich.Para(p, th.font(t.font)) for p in card.text.split("\n") if p.strip()]
        if card.flavour:
            paras.append(rich.Para(card.flavour, th.font(t.flavour_font), t.flavour_scale))
        return paras

    def _body(self, card: PlainCard) -> rich.TextLayout:
        t = self.L.face.text
        area = self.L.box(t.box).inset(mm(t.padding))
        return rich.fit(self._paras(card), area.w, area.h, self._style())

    def _line_size(self, text: str, line) -> tuple[float, bool]:
        font = self.theme.font(line.font)
        avail = self.L.box(line.box).w
        size = line.size
        for size in rich.sizes(rich.TextStyle(line.size, line.min_size or line.size)):
            if string_width(text, font, size) <= avail:
                return size, True
        return size, False

    def fit_problems(self, card: PlainCard) -> list[FitProblem]:
        f, out = self.L.face, []
        for text, line, field in (
            (card.name, f.name, "name"),
            (card.type or "", f.type, "type"),
            (prototype_label(card), f.prototype, "id"),
        ):
            if not self._line_size(text, line)[1]:
                size = line.min_size or line.size
                out.append(FitProblem(field, f"{field} {text!r} is too wide even at {size:g} pt"))
        if not self._body(card).fits:
            out.append(
                FitProblem("text", f"rules text does not fit even at {f.text.min_size:g} pt")
            )
        return out

    def draw(self, doc: Document, card: PlainCard) -> None:
        th, L, f, c = self.theme, self.L, self.L.face, doc.c
        colour = th.rules.back(card.back).colour
        b = mm(L.card.bleed)
        w, h = L.size.pt
        doc.fill(colour)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        for box in (f.name.box, f.text.box, f.stats.box):
            r = L.box(box)
            doc.fill(th.colour("paper"))
            doc.stroke(th.colour("line"))
            c.setLineWidth(0.5)
            c.roundRect(r.x, r.y, r.w, r.h, mm(1.4), stroke=1, fill=1)
        art = L.box(f.art.box)
        if card.art:
            draw_image_cover(c, th.art.image(card.id, card.art), art)
        else:
            draw_placeholder(c, th.ink, art, card.id, lighten(colour, 0.25))
        self._line(doc, card.name, f.name, th.colour("ink"), centre=False)
        if card.type:
            self._line(doc, card.type, f.type, th.colour("light"), centre=False)
        if card.cost is not None:
            cx, cy = L.point(f.cost.centre)
            r = mm(f.cost.radius)
            doc.fill("#E0B43A")
            doc.stroke(th.colour("line"))
            c.setLineWidth(0.8)
            c.circle(cx, cy, r, stroke=1, fill=1)
            doc.fill(th.colour("ink"))
            c.setFont(th.font(f.cost.font), f.cost.size)
            doc.drawCentredString(cx, cy - f.cost.size * 0.35, str(card.cost))
        t = f.text
        area = L.box(t.box).inset(mm(t.padding))
        lay = self._body(card)
        top = area.y + area.h - (area.h - lay.height) / 2
        doc.fill(th.colour("ink"))
        rich.draw(doc, lay, area.x, top, area.w, self._style(), doc.icon)
        self._stats(doc, card)
        self._line(doc, prototype_label(card), f.prototype, th.colour("light"), centre=True)

    def _line(self, doc: Document, text: str, line, colour: str, centre: bool) -> None:
        box = self.L.box(line.box)
        size = self._line_size(text, line)[0]
        doc.fill(colour)
        doc.c.setFont(self.theme.font(line.font), size)
        y = box.y + (box.h - size * 0.7) / 2
        if centre:
            doc.drawCentredString(box.x + box.w / 2, y, text)
        else:
            doc.drawString(box.x + mm(1.2), y, text)

    def _stats(self, doc: Document, card: PlainCard) -> None:
        """Each stat the card gives, in rules order: its icon (or name) and its value."""
        s, th = self.L.face.stats, self.theme
        items = [(d, card.stats[d.id]) for d in th.rules.stats if d.id in card.stats]
        if not items:
            return
        box = self.L.box(s.box)
        slot = box.w / len(items)
        icon = mm(s.icon)
        for i, (stat, value) in enumerate(items):
            cx = box.x + slot * (i + 0.5)
            cy = box.y + box.h / 2
            doc.fill(th.colour("ink"))
            doc.c.setFont(th.font(s.font), s.size)
            if stat.icon:
                doc.icon(stat.icon, cx - icon - mm(0.5), cy - icon / 2, icon)
                doc.drawString(cx + mm(0.5), cy - s.size * 0.35, str(value))
            else:
                doc.drawCentredString(cx, cy - s.size * 0.35, f"{stat.name} {value}")


class PlainBacks(BackPainter):
    """A back per back design: its colour, a frame, the game's name and the back's label."""

    def draw(self, doc: Document, back: BackDesign) -> None:
        th, L, c = self.theme, self.L, doc.c
        bk, spec = L.back, th.rules.back(back.key)
        b = mm(L.card.bleed)
        w, h = L.size.pt
        doc.fill(spec.colour)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        d = mm(bk.frame.inset)
        doc.stroke(th.colour("paper"))
        c.setLineWidth(mm(bk.frame.width))
        c.rect(d, d, w - 2 * d, h - 2 * d, stroke=1, fill=0)
        doc.fill(th.colour("paper"))
        for text, label in ((th.rules.game.upper(), bk.title), (spec.label or "", bk.label)):
            if text:
                x, y = L.point(label.centre)
                c.setFont(th.font(label.font), label.size)
                doc.drawCentredString(x, y - label.size * 0.35, text)
