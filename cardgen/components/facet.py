"""What the components layer asks a game pack (``pack.components``): its printed components
besides the cards, and how many of each piece the game has.

A pack subclasses :class:`ComponentsFacet`; the defaults serve a pack without components of
its own (a catalogue's ``components.yaml`` may still describe some: Castle Rampage's mats).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.components import ComponentSpec


class ComponentsFacet:
    """The components layer's questions to a pack, with a pack without components' answers."""

    def specs(self) -> Sequence[ComponentSpec]:
        """The printed components besides the cards."""
        return ()

    def counts(self, catalogue: Catalogue) -> dict[str, int]:
        """How many of each component the game has (the kit's manifest is checked against it):
        by default, the catalogue's cards; the core adds a ``components.yaml``'s for a pack
        without components of its own (:func:`cardgen.catalogue.components_file.kit_counts`)."""
        return {"cards": catalogue.count()}

    def names(self, catalogue: Catalogue) -> dict[str, str]:
        """The players' names of the :meth:`counts` keys (``hp_trackers``: "HP trackers"); a
        key without one is printed humanised, one of a ``components.yaml`` by its ``name``."""
        return {}
