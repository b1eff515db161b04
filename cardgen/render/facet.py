"""What printing asks a game pack (``pack.print``): its card layout and computed fields, its
backs and piles, card text and icons, and optionally its own painters and icons.

A pack subclasses :class:`PrintFacet` and overrides the hooks it needs; the defaults serve a
data-only pack (one back in one pile, the layout's elements, the SVG icons of its data folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardgen.pack import BackDesign
from cardgen.util.icon_names import tokens_in

if TYPE_CHECKING:
    from cardgen.render.painters import BackPainter, FacePainter
    from cardgen.render.theme import Theme


class PrintFacet:
    """Printing's questions to a pack, with a data-only pack's answers."""

    #: the pack's card layout file in its data folder (a catalogue folder's own overrides it)
    layout_file: ClassVar[str] = "layout.yaml"

    def __init__(self, data: Path) -> None:
        #: the pack's data folder (its layout and icons)
        self.data = data

    def card_text(self, card: Any) -> str:
        """The printed rules text of ``card``."""
        return getattr(card, "text", None) or ""

    def layout_model(self) -> type | None:
        """The pydantic model of the pack's card layout file, or None for the core's: a layout
        of elements (``face:`` and ``back:``, see ``docs/layouts.md``)."""
        return None

    def fields(self) -> Any:
        """The pack's computed fields: an object with ``LAYOUT_FIELDS`` and ``BACK_FIELDS`` (its
        ``fields`` module), or None.  A pack imports the module in this method, called when
        cards are drawn: it imports reportlab, which validating a catalogue does not need."""
        return None

    def layout_fields(self) -> dict[str, Any]:
        """Computed fields a layout's face elements may name besides the card's own:
        name -> :class:`cardgen.render.elements.fields.Computed` (game logic kept in code);
        by default :meth:`fields`' ``LAYOUT_FIELDS``."""
        return getattr(self.fields(), "LAYOUT_FIELDS", {})

    def back_fields(self) -> dict[str, Any]:
        """Computed fields of a back design (``key``, ``pile``, ``name``) for ``back:`` elements;
        by default :meth:`fields`' ``BACK_FIELDS``."""
        return getattr(self.fields(), "BACK_FIELDS", {})

    def print_inputs(self) -> list[Path]:
        """The files the pack's printed cards and components depend on (code, layout, icons):
        part of the build keys.  By default the whole pack folder."""
        return [self.data]

    def back_of(self, card: Any) -> BackDesign:
        """The back of ``card``: by default every card shares one back, in one pile."""
        return BackDesign("back", "cards", "back")

    def face_down_back(self, card: Any) -> BackDesign | None:
        """The back of the group the rules hide ``card`` in (cards shuffled, dealt or held face
        down together, whatever pile each comes from), or None when :meth:`back_of` already is.

        Every card of a group must show the same back, or a face-down card gives its pile
        away: a pack whose piles are mixed face down returns one unmarked back per group here
        (``key`` the group, ``pile`` still the card's pile), and keeps :meth:`back_of` as the
        marked back a designer may print instead (``printing: {backs: marked}``)."""
        return None

    def printed_back(self, card: Any, rules: Any) -> BackDesign:
        """The back printed on ``card``: its face-down group's, unless the catalogue asks for
        marked backs (``printing.backs`` in ``rules.yaml``)."""
        if rules.printing.backs == "group":
            group = self.face_down_back(card)
            if group is not None:
                return group
        return self.back_of(card)

    def pile_name(self, rules: Any, pile: str) -> str:
        """The printed name of a pile (a print file's title)."""
        return pile

    def card_size(self, card: Any, rules: Any) -> Any:
        """The size ``card`` prints at when not the layout's: a name of
        :data:`cardgen.render.layout.CARD_SIZES` or ``(width, height)`` mm; None: the layout's.
        Every card of a pile must have one size (plain: its back's ``size``)."""
        return None

    def face_painter(self, theme: Theme) -> FacePainter | None:
        """The painter of the card faces, or None for the core's: the layout's ``face:``
        elements."""
        return None

    def back_painter(self, theme: Theme) -> BackPainter | None:
        """The painter of the card backs, or None for the core's: the layout's ``back:``
        elements."""
        return None

    def icons(self, rules: Any, bold_font: str, cards_dir: Path | None = None) -> Any:
        """The icon set (``paint(canvas, ink, name, faded=False)``, ``name in icons``), or None
        for the core's: the SVG files ``icons/<name>.svg`` of the catalogue folder
        ``cards_dir`` (designers' own icons), then of the pack's data folder
        (:func:`cardgen.render.svg_icons.pack_icons`)."""
        return None

    def icon_tokens(self, rules: Any) -> dict[str, str]:
        """The ``{token}`` icons card text may use, with a description of each."""
        return {}

    def card_icons(self, card: Any, rules: Any) -> list[str]:
        """The icons ``card`` prints (the preflight checks each can be drawn): by default the
        ``{tokens}`` of its :meth:`card_text`; a pack adds those its face and back draw."""
        return tokens_in(self.card_text(card))
