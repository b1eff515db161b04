"""What the catalogue layer asks a game pack (``pack.catalogue``): its card and rules models,
its checks, its catalogue order, and how its cards go into sheets, card files and schemas.

A pack subclasses :class:`CatalogueFacet`, sets the class attributes and overrides the hooks it
needs; the defaults serve a data-only pack (file order, the schema and the rules model the only
checks, the core's sheet rows).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardgen.diagnostics import Diagnostic
from cardgen.util.icon_names import ICON_FOLDER

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.models import CardBase, RulesBase
    from cardgen.catalogue.sheet_cells import Notation
    from cardgen.diagnostics.codes import Code


class CatalogueFacet:
    """The catalogue's questions to a pack, with a data-only pack's answers."""

    #: the pydantic model of ``rules.yaml`` (a subclass of ``RulesBase``)
    rules_model: ClassVar[type[RulesBase]]
    #: the pydantic model of one card design (subclass of ``CardBase``)
    card_model: ClassVar[type[CardBase]]
    #: card fields a deck file may set once for all its cards (``deck: battle``)
    file_fields: ClassVar[tuple[str, ...]] = ()
    #: how a list-of-mappings field is written in a spreadsheet cell (field -> Notation):
    #: Attack Right's effects lead with their kind and give the amount as a bare number
    sheet_notation: ClassVar[dict[str, Notation]] = {}
    #: a folder of the pack's data holding a small example catalogue (rules.yaml and card
    #: files) that `cardgen new` starts a designer's game from; None: the pack has none
    starter: ClassVar[str | None] = None
    #: ``"module:function"`` ``(catalogue, games)`` warning on cards that seldom get played
    #: (`validate --simulate`)
    simulation_check: ClassVar[str | None] = None

    def __init__(self, data: Path) -> None:
        #: the pack's data folder (its icons for :meth:`rules_problems`)
        self.data = data

    def codes(self) -> list[Code]:
        """The pack's own diagnostic codes."""
        return []

    def validation_context(self, rules: Any) -> dict[str, Any]:
        """The pydantic validation context of the cards (the rules model, for id lookups)."""
        return {"rules": rules}

    def sort_key(self, rules: Any) -> Callable[[Any], Any] | None:
        """Catalogue order (a stable sort key), or None to keep file order."""
        return None

    def check(self, catalogue: Catalogue) -> list[Diagnostic]:
        """Rules-model checks of a loaded catalogue (beyond the schema)."""
        return []

    def rules_icons(self, rules: Any) -> list[tuple[tuple[str | int, ...], str]]:
        """The icons ``rules.yaml`` names (deck emblems, stat icons), each with its path in
        the file (``(("decks", 0, "icon"), "sword")``); :meth:`rules_problems` checks them."""
        return []

    def rules_problems(self, rules: Any, smap: Any, cards_dir: Path) -> list[Diagnostic]:
        """Problems of a valid rules model that the model alone cannot see, at their line of
        ``rules.yaml`` (``smap``): by default each icon of :meth:`rules_icons` that has no
        file ``icons/<name>.svg`` in the catalogue folder ``cards_dir`` or the pack (E404)."""
        folders = [cards_dir / ICON_FOLDER, self.data / ICON_FOLDER]
        out = []
        for path, name in self.rules_icons(rules):
            if not any((folder / f"{name}.svg").is_file() for folder in folders):
                out.append(
                    Diagnostic(
                        "E404",
                        f"icon {name!r}: no {name}.svg in {ICON_FOLDER}/ beside rules.yaml "
                        "or in the pack",
                        smap.at(path),
                    )
                )
        return out

    def extra_checks(self) -> tuple[str, ...]:
        """``"module:function"`` checks run by `validate` (cached by content), e.g. the engine's."""
        return ()

    def file_field_defaults(self, rules: Any) -> dict[str, Any]:
        """Values of :attr:`file_fields` that a card file (or a sheet) may leave out (plain: the
        first back of ``rules.yaml``)."""
        return {}

    def card_file_model(self, rules: Any = None) -> type | None:
        """The pydantic model of a whole card file, or None for the core's: the catalogue's
        card model (:func:`cardgen.catalogue.custom_fields.card_model`) under ``cards``, with
        :attr:`file_fields` beside it (:func:`cardgen.catalogue.schema.card_file_model`)."""
        return None

    def schema_enums(self, rules: Any) -> dict[str, list[str]]:
        """Field name -> allowed values, written as enums into the JSON Schema of a deck file."""
        return {}

    def export_row(self, card: Any) -> dict[str, Any] | None:
        """One card as a row of the sheet export (field -> cell), or None for the core's: a cell
        per card field, numbers and booleans as they are, everything else as the text
        :meth:`import_row` reads back (:mod:`cardgen.catalogue.sheet_cells`)."""
        return None

    def import_row(self, cells: dict[str, str], model: type) -> dict[str, Any] | None:
        """The inverse of :meth:`export_row`: a row's non-empty cells (field -> text) as the
        raw mapping of a card design, which the card model ``model`` then validates; None for
        the core's.  Raises :class:`cardgen.catalogue.sheet_cells.RowError` naming each cell
        it cannot read.  Override both or neither."""
        return None
