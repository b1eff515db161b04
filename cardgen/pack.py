"""What a game pack supplies, and the registry of installed packs.

cardgen's core (catalogue, print, components, build, scenarios, simulation, docs, cli) knows no
game.  A **pack** describes one: its card schema and rules model, its checks, its card layout
and how its cards are grouped for backs and piles, its components, and optionally its rules
on the engine kit (:meth:`Pack.engine`) and its documents.  A catalogue folder names its pack
in ``rules.yaml`` (``pack: attack-right``).

Packs register through the entry-point group ``cardgen.packs`` (``id = "module:PACK"``), so a
pack can ship as its own distribution; the built-in packs live in :mod:`cardgen.packs`.  As in
OpenSpiel's registry, a pack is found by its id and loaded only when it is first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from cardgen.diagnostics import Diagnostic
from cardgen.diagnostics.codes import add_code_source, register_codes
from cardgen.util.icon_names import ICON_FOLDER, tokens_in

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.models import CardBase, RulesBase
    from cardgen.catalogue.sheet_cells import Notation
    from cardgen.components import ComponentSpec
    from cardgen.docs.content import Appendix, Section
    from cardgen.render.painters import BackPainter, FacePainter
    from cardgen.render.theme import Theme

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
    a whole face-down group (:meth:`Pack.face_down_back`) is not marked, and its ``key`` is the
    same in every pile.
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


CardT = TypeVar("CardT", bound="CardBase")
RulesT = TypeVar("RulesT", bound="RulesBase")


class Pack(Generic[CardT, RulesT]):
    """A game pack.  Subclass it, set the class attributes and override the hooks you need.

    The defaults serve a data-only pack: catalogue order is file order, the schema and the
    rules model are the only checks, there are no components, engine or rulebook; its
    appendix is the generic one.
    """

    game_type: ClassVar[GameType]
    #: the pydantic model of ``rules.yaml`` (a subclass of ``RulesBase``)
    rules_model: ClassVar[type[RulesBase]]
    #: the pydantic model of one card design (subclass of ``CardBase``)
    card_model: ClassVar[type[CardBase]]
    #: card fields a deck file may set once for all its cards (``deck: battle``)
    file_fields: ClassVar[tuple[str, ...]] = ()
    #: what a back design's ``pile`` and ``name`` are called in this game (the docs): Attack
    #: Right's piles are decks, its back names seasons
    back_labels: ClassVar[tuple[str, str]] = ("pile", "group")
    #: the folder of the pack's data files (layout, icons, rulebook source, clarifications)
    data: ClassVar[Path]

    # --- catalogue --------------------------------------------------------------------------
    def codes(self) -> list:
        """The pack's own diagnostic codes (:class:`cardgen.diagnostics.Code`)."""
        return []

    def validation_context(self, rules: RulesT) -> dict[str, Any]:
        """The pydantic validation context of the cards (the rules model, for id lookups)."""
        return {"rules": rules}

    def sort_key(self, rules: RulesT) -> Callable[[CardBase], Any] | None:
        """Catalogue order (a stable sort key), or None to keep file order."""
        return None

    def check(self, catalogue: Catalogue) -> list[Diagnostic]:
        """Rules-model checks of a loaded catalogue (beyond the schema)."""
        return []

    def rules_icons(self, rules: RulesT) -> list[tuple[tuple[str | int, ...], str]]:
        """The icons ``rules.yaml`` names (deck emblems, stat icons), each with its path in
        the file (``(("decks", 0, "icon"), "sword")``); :meth:`rules_problems` checks them."""
        return []

    def rules_problems(self, rules: RulesT, smap: Any, cards_dir: Path) -> list[Diagnostic]:
        """Problems of a valid rules model that the model alone cannot see, at their line of
        ``rules.yaml`` (``smap``): by default each icon of :meth:`rules_icons` that has no
        file ``icons/<name>.svg`` in the catalogue folder ``cards_dir`` or the pack (E404).
        A pack with its own icon set (:meth:`icons`) overrides this."""
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

    def file_field_defaults(self, rules: RulesT) -> dict[str, Any]:
        """Values of :attr:`file_fields` that a card file (or a sheet) may leave out (plain: the
        first back of ``rules.yaml``)."""
        return {}

    def card_file_model(self, rules: RulesT | None = None) -> type | None:
        """The pydantic model of a whole card file, or None for the core's: the catalogue's
        card model (:func:`cardgen.catalogue.custom_fields.card_model`) under ``cards``, with
        :attr:`file_fields` beside it (:func:`cardgen.catalogue.schema.card_file_model`)."""
        return None

    def schema_enums(self, rules: RulesT | None) -> dict[str, list[str]]:
        """Field name -> allowed values, written as enums into the JSON Schema of a deck file."""
        return {}

    #: how a list-of-mappings field is written in a spreadsheet cell (field -> Notation):
    #: Attack Right's effects lead with their kind and give the amount as a bare number
    sheet_notation: ClassVar[dict[str, Notation]] = {}

    def export_row(self, card: CardT) -> dict[str, Any] | None:
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

    def card_text(self, card: CardT) -> str:
        """The printed rules text of ``card``."""
        return getattr(card, "text", None) or ""

    #: a folder of the pack's data holding a small example catalogue (rules.yaml and card
    #: files) that `cardgen new` starts a designer's game from; None: the pack has none
    starter: ClassVar[str | None] = None

    # --- print ------------------------------------------------------------------------------
    layout_file: ClassVar[str] = "layout.yaml"

    def layout_model(self) -> type | None:
        """The pydantic model of the pack's card layout file, or None for the core's: a layout
        of elements (``face:`` and ``back:``, see ``docs/layouts.md``)."""
        return None

    def layout_fields(self) -> dict[str, Any]:
        """Computed fields a layout's face elements may name besides the card's own:
        name -> :class:`cardgen.render.elements.fields.Computed` (game logic kept in code)."""
        return {}

    def back_fields(self) -> dict[str, Any]:
        """Computed fields of a back design (``key``, ``pile``, ``name``) for ``back:`` elements."""
        return {}

    def print_inputs(self) -> list[Path]:
        """The files the pack's printed cards and components depend on (code, layout, icons):
        part of the build keys.  By default the whole pack folder."""
        return [self.data]

    def back_of(self, card: CardT) -> BackDesign:
        """The back of ``card``: by default every card shares one back, in one pile."""
        return BackDesign("back", "cards", "back")

    def face_down_back(self, card: CardT) -> BackDesign | None:
        """The back of the group the rules hide ``card`` in (cards shuffled, dealt or held face
        down together, whatever pile each comes from), or None when :meth:`back_of` already is.

        Every card of a group must show the same back, or a face-down card gives its pile
        away: a pack whose piles are mixed face down returns one unmarked back per group here
        (``key`` the group, ``pile`` still the card's pile), and keeps :meth:`back_of` as the
        marked back a designer may print instead (``printing: {backs: marked}``)."""
        return None

    def printed_back(self, card: CardT, rules: RulesT) -> BackDesign:
        """The back printed on ``card``: its face-down group's, unless the catalogue asks for
        marked backs (``printing.backs`` in ``rules.yaml``)."""
        if rules.printing.backs == "group":
            group = self.face_down_back(card)
            if group is not None:
                return group
        return self.back_of(card)

    def pile_name(self, rules: RulesT, pile: str) -> str:
        """The printed name of a pile (a print file's title)."""
        return pile

    def card_size(self, card: CardT, rules: RulesT) -> Any:
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

    def icons(self, rules: RulesT, bold_font: str, cards_dir: Path | None = None) -> Any:
        """The icon set (``paint(canvas, ink, name, faded=False)``, ``name in icons``), or None
        for the core's: the SVG files ``icons/<name>.svg`` of the catalogue folder
        ``cards_dir`` (designers' own icons), then of the pack's :attr:`data` folder
        (:func:`cardgen.render.svg_icons.pack_icons`)."""
        return None

    def icon_tokens(self, rules: RulesT) -> dict[str, str]:
        """The ``{token}`` icons card text may use, with a description of each."""
        return {}

    def card_icons(self, card: CardT, rules: RulesT) -> list[str]:
        """The icons ``card`` prints (the preflight checks each can be drawn): by default the
        ``{tokens}`` of its :meth:`card_text`; a pack adds those its face and back draw."""
        return tokens_in(self.card_text(card))

    def components(self) -> Sequence[ComponentSpec]:
        """The printed components besides the cards."""
        return ()

    def component_counts(self, catalogue: Catalogue) -> dict[str, int]:
        """How many of each component the game has (the kit's manifest is checked against it):
        by default, the catalogue's cards; the core adds a ``components.yaml``'s for a pack
        without components of its own (:func:`cardgen.catalogue.components_file.kit_counts`)."""
        return {"cards": catalogue.count()}

    # --- rules engine (optional) ----------------------------------------------------------
    def engine(self) -> Any:
        """The game's rules on the engine kit (a :class:`cardgen.engine.Engine`), or None.
        The kit plays, logs, replays, tests (scenarios, conformance) and simulates it."""
        return None

    #: ``"module:function"`` ``(catalogue, games)`` warning on cards that seldom get played
    simulation_check: ClassVar[str | None] = None

    # --- documents --------------------------------------------------------------------------
    def appendix_sections(self, catalogue: Catalogue) -> list[Section] | None:
        """The sections of the rulebook appendix (:mod:`cardgen.docs.content`), or None for the
        core's: the card reference (name, id, :meth:`card_text`, :meth:`export_row`, copies),
        the icons of :meth:`icon_tokens` and :meth:`component_counts`.  A pack that adds
        sections starts from :func:`cardgen.docs.gather.default_sections`."""
        return None

    def appendix(self, catalogue: Catalogue) -> Appendix | None:
        """The whole appendix, or None for the core's: :meth:`appendix_sections` with the
        catalogue's totals, fonts and icons (:func:`cardgen.docs.gather.assemble`)."""
        return None

    def rulebook_context(self, rules: RulesT) -> dict[str, Any]:
        """The names the rulebook source's jinja expressions may use (``{{ rules.game }}``)."""
        return {"rules": rules}

    def rulebook_icons(self, rules: RulesT) -> dict[str, tuple[str, str]]:
        """Icon tokens the rulebook may use beyond :meth:`icon_tokens`: token -> (the icon
        drawn by :meth:`icons`, its label)."""
        return {}

    def rulebook_figures(self, catalogue: Catalogue) -> dict[str, Any]:
        """The figures the rulebook source may place with ``![caption](figure:name)``: name
        -> :class:`cardgen.docs.figures.Figure`, drawn from the catalogue (real cards)."""
        return {}

    def rules_reference(self) -> str | None:
        """The pack's rules reference (markdown, ``cardgen appendix --rules-reference``), or
        None."""
        return None

    def supports(self) -> dict[str, bool]:
        """What the pack supports beyond validating its catalogue (an engine on the kit,
        given by an ``engine()`` method, plays scenarios and simulations through the kit).
        Every pack prints components: its own, or for a pack without, those a catalogue's
        ``components.yaml`` describes (Castle Rampage's mats)."""
        kit = self.engine() is not None
        return {
            "print": True,
            "components": True,
            "engine": kit,
            "scenarios": kit,
            "simulate": kit,
            "docs": (self.data / "rulebook.md").is_file(),
            "new": self.starter is not None,
        }


class PackError(Exception):
    """An unknown pack id, or a pack asked for something it does not supply."""


_REGISTERED: dict[str, Pack] = {}


@cache
def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register_pack(pack: Pack) -> None:
    """Register ``pack`` in this process (besides the installed entry points)."""
    _REGISTERED[pack.game_type.id] = pack
    register_codes(pack.codes())


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


def describe_packs() -> list[dict[str, Any]]:
    """Every installed pack as JSON-able data: id, name, player counts, what it supports."""
    return [
        {
            "id": p.game_type.id,
            "name": p.game_type.name,
            "min_players": p.game_type.min_players,
            "max_players": p.game_type.max_players,
            "description": p.game_type.description,
            "supports": p.supports(),
        }
        for p in installed_packs()
    ]


# a diagnostic replayed from the cache may carry a pack's code before its pack is loaded
add_code_source(installed_packs)
