"""The theme of a render: layout template, registered fonts, icons, ink and art of a catalogue."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.catalogue.card import Card
from cardgen.render.art import ArtStore
from cardgen.render.colours import Ink
from cardgen.render.fonts import register_fonts
from cardgen.render.icons import IconSet, load_icon_colours
from cardgen.render.layout import DEFAULT_TEMPLATE, Layout, load_layout
from cardgen.rules.model import RulesModel


@dataclass
class Theme:
    """Everything the card painters need besides the card itself."""

    layout: Layout
    rules: RulesModel
    fonts: dict[str, str]
    icons: IconSet
    ink: Ink
    art: ArtStore

    @classmethod
    def create(
        cls,
        rules: RulesModel,
        cards_dir: Path,
        *,
        cmyk: bool = False,
        template: Path = DEFAULT_TEMPLATE,
    ) -> Theme:
        layout = load_layout(template)
        fonts = register_fonts(layout.fonts)
        resources = {r.id: r.colour for r in rules.resources}
        icons = IconSet(resources, load_icon_colours(), fonts["bold"])
        return cls(layout, rules, fonts, icons, Ink(cmyk), ArtStore(cards_dir, cmyk=cmyk))

    def font(self, role: str) -> str:
        return self.fonts[role]

    def colour(self, role: str) -> str:
        return self.layout.colours[role]

    def season_colour(self, card: Card) -> str:
        return self.rules.season(card.season).colour

    def deck_colour(self, deck: str) -> str:
        return self.rules.deck(deck).colour

    def deck_icon(self, deck: str) -> str:
        return self.rules.deck(deck).icon
