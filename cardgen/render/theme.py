"""The theme of a render: a pack's card layout, registered fonts, icons, ink and art."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.custom_fields import card_model
from cardgen.render.art import ArtStore
from cardgen.render.colours import Ink
from cardgen.render.elements.layout import ElementLayout, layout_model
from cardgen.render.fonts import register_fonts
from cardgen.render.layout import CardLayout, load_layout
from cardgen.render.sizes import size_groups
from cardgen.render.svg_icons import pack_icons

if TYPE_CHECKING:
    from cardgen.pack import Pack
    from cardgen.render.icc import Separation


@dataclass
class Theme:
    """Everything the card painters need besides the card itself."""

    layout: Any  # the pack's layout model (a CardLayout)
    rules: Any  # the catalogue's rules model
    fonts: dict[str, str]
    icons: Any  # the pack's icon set
    ink: Ink
    art: ArtStore
    pack: Pack

    @classmethod
    def create(
        cls,
        pack: Pack,
        rules: Any,
        cards_dir: Path,
        *,
        cmyk: bool = False,
        layout_file: Path | None = None,
        separation: Separation | None = None,
        size: Any = None,
    ) -> Theme:
        """The theme of ``pack`` for a catalogue folder; the layout is the pack's unless a
        ``layout.yaml`` beside the catalogue (or ``layout_file``) overrides it, made for cards
        of ``size`` (:mod:`cardgen.render.sizes`) when given."""
        path = layout_file or pack_layout_file(pack, cards_dir)
        layout: CardLayout = load_layout(path, layout_model(pack))
        if size is not None:
            layout = layout.resized(size)
        if isinstance(layout, ElementLayout):  # a layout of elements names only fields cards have
            check = layout.check_fields
            check("face", [*card_model(pack, rules).model_fields, *pack.print.layout_fields()])
            if "back" in layout.sections:
                check("back", ["key", "pile", "name", "marked", *pack.print.back_fields()])
        fonts = register_fonts(
            layout.fonts,
            where=lambda role: layout.position("fonts", role),
            search=game_folders(pack, cards_dir),
        )
        icons = pack_icons(pack, rules, fonts["bold"], cards_dir)
        cmyk = cmyk or separation is not None
        ink = Ink(cmyk, separation)
        art = ArtStore(cards_dir, cmyk=cmyk, separation=separation, fallback=pack.data)
        return cls(layout, rules, fonts, icons, ink, art, pack)

    @classmethod
    def of(
        cls, catalogue: Any, *, cmyk: bool = False, separation: Separation | None = None
    ) -> Theme:
        """The theme of a loaded catalogue (in CMYK through ``separation`` when given), at its
        cards' size when they all have one other than the layout's."""

        sizes = list(size_groups(catalogue))
        return cls.create(
            catalogue.pack,
            catalogue.rules,
            catalogue.root,
            cmyk=cmyk,
            separation=separation,
            size=sizes[0] if len(sizes) == 1 else None,
        )

    def font(self, role: str) -> str:
        return self.fonts[role]

    def colour(self, role: str) -> str:
        return self.layout.colours[role]


def game_folders(pack: Pack, cards_dir: Path) -> list[Path]:
    """Where a file a layout names (a font, an image) is looked for: the catalogue folder,
    then the pack's data folder."""
    return [Path(cards_dir), pack.data]


def pack_layout_file(pack: Pack, cards_dir: Path) -> Path:
    """The layout file a catalogue folder uses: its own ``layout.yaml``, else the pack's."""
    own = Path(cards_dir) / pack.print.layout_file
    return own if own.is_file() else pack.data / pack.print.layout_file
