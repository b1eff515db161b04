"""What a game pack supplies, and the registry of installed packs.

cardgen's core (catalogue, print, components, build, scenarios, simulation, docs, cli) knows no
game.  A **pack** describes one through facets, one per layer that asks (:class:`Pack`): its
card schema, rules model and checks; its card layout and how its cards are grouped for backs
and piles; its components; its documents.  A catalogue folder names its pack in ``rules.yaml``
(``pack: attack-right``).

Packs register through the entry-point group ``cardgen.packs`` (``id = "module:PACK"``), so a
pack can ship as its own distribution; the built-in packs live in :mod:`cardgen.packs`.  A
pack's rules on the engine kit register under ``cardgen.engines`` with the same id
(:mod:`cardgen.engine.registry`).  As in OpenSpiel's registry, a pack is found by its id and
loaded only when it is first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.diagnostics.codes import add_code_source, register_codes

if TYPE_CHECKING:
    from cardgen.catalogue.facet import CatalogueFacet
    from cardgen.components.facet import ComponentsFacet
    from cardgen.docs.facet import DocsFacet
    from cardgen.render.facet import PrintFacet

ENTRY_POINT_GROUP = "cardgen.packs"


@dataclass(frozen=True)
class GameType:
    """The facts about a game that need no catalogue: id, name and player counts."""

    id: str
    name: str
    min_players: int
    max_players: int
    description: str = ""


@dataclass(frozen=True)
class BackDesign:
    """One card back.  Cards that share a back look the same face down.

    ``key`` names the design everywhere (its PDF form, its Tabletop Simulator sheet); ``pile``
    is the print file and image folder it belongs to; ``name`` is its short name in that pile.
    ``marked``: the back shows its pile (a mark for sorting the piles apart); a back shared by
    a whole face-down group (:meth:`cardgen.render.facet.PrintFacet.face_down_back`) is not
    marked, and its ``key`` is the same in every pile.
    """

    key: str
    pile: str
    name: str
    marked: bool = True

    @property
    def slug(self) -> str:
        """A file name for this pile's cards with this back, unique in a catalogue: the key,
        after the pile for an unmarked back (which every pile of its group shares)."""
        return self.key if self.marked else f"{self.pile}-{self.key}"


@dataclass(frozen=True, eq=False)
class Pack:
    """A game pack: its identity, its data folder and four facets, each the answers one
    layer of the core asks for and that layer's protocol:

    * ``catalogue`` (:class:`cardgen.catalogue.facet.CatalogueFacet`): the card and rules
      models, checks, catalogue order, sheets and schemas;
    * ``print`` (:class:`cardgen.render.facet.PrintFacet`): the layout, backs and piles, card
      text and icons, painters;
    * ``components`` (:class:`cardgen.components.facet.ComponentsFacet`): the printed
      components besides the cards and how many of each the game has;
    * ``docs`` (:class:`cardgen.docs.facet.DocsFacet`): the rulebook's and the appendix's
      pack-specific parts.

    Each layer's module gives a base class with the defaults of a data-only pack.  A pack's
    rules on the engine kit are registered apart, under the entry-point group
    ``cardgen.engines`` with the pack's id (:mod:`cardgen.engine.registry`).
    """

    game_type: GameType
    #: the folder of the pack's data files (layout, icons, rulebook source, clarifications)
    data: Path
    catalogue: CatalogueFacet
    print: PrintFacet
    components: ComponentsFacet
    docs: DocsFacet
    #: the module that makes the pack (``__name__``): its code's place, part of the cache keys
    #: (by default the module of its catalogue facet's class)
    module: str = ""

    def __post_init__(self) -> None:
        if not self.module:
            object.__setattr__(self, "module", type(self.catalogue).__module__)


class PackError(Exception):
    """An unknown pack id, or a pack asked for something it does not supply."""


_REGISTERED: dict[str, Pack] = {}


@cache
def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register_pack(pack: Pack) -> None:
    """Register ``pack`` in this process (besides the installed entry points)."""
    _REGISTERED[pack.game_type.id] = pack
    register_codes(pack.catalogue.codes())


def pack_ids() -> list[str]:
    """The ids of every installed or registered pack, sorted."""
    return sorted({*_entry_points(), *_REGISTERED})


def get_pack(pack_id: str) -> Pack:
    """The pack with id ``pack_id``; :class:`PackError` naming the installed ones if none."""
    if pack_id in _REGISTERED:
        return _REGISTERED[pack_id]
    ep = _entry_points().get(pack_id)
    if ep is None:
        raise PackError(f"unknown game pack {pack_id!r}; installed: {', '.join(pack_ids())}")
    pack = ep.load()
    if isinstance(pack, type):
        pack = pack()
    if not isinstance(pack, Pack) or pack.game_type.id != pack_id:
        raise PackError(f"entry point {pack_id!r} ({ep.value}) is not the pack {pack_id!r}")
    register_pack(pack)
    return pack


def installed_packs() -> list[Pack]:
    """Every installed or registered pack, by id."""
    return [get_pack(i) for i in pack_ids()]


# a diagnostic replayed from the cache may carry a pack's code before its pack is loaded
add_code_source(installed_packs)
