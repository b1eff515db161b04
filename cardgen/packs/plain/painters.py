"""The `plain` pack's backs, and the values its face elements (``layout.yaml``) compute."""

from __future__ import annotations

from typing import Any

from cardgen.pack import BackDesign
from cardgen.packs.plain.model import PlainCard, PlainRules
from cardgen.render.document import Document
from cardgen.render.elements.fields import Computed
from cardgen.render.painters import BackPainter
from cardgen.render.units import mm


def stat_items(card: PlainCard, rules: PlainRules) -> list[dict[str, Any]]:
    """The stats the card gives, in the order of the rules: icon, name and value."""
    return [
        {"icon": d.icon, "label": d.name, "value": card.stats[d.id]}
        for d in rules.stats
        if d.id in card.stats
    ]


LAYOUT_FIELDS: dict[str, Computed] = {
    "back_colour": Computed(lambda card, rules: rules.back(card.back).colour, "back"),
    "stat_items": Computed(stat_items, "stats"),
}


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
