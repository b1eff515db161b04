"""Build the :class:`~cardgen.docs.content.Appendix` of a catalogue, and the generic sections
every pack gets: the card reference, the icons and the components.

A pack adds or replaces sections with :meth:`cardgen.pack.Pack.appendix_sections` (the core's
are :func:`default_sections`), or builds the whole appendix with
:meth:`cardgen.pack.Pack.appendix` (the core's is :func:`assemble`): :func:`build_appendix`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.components_file import Board, Token, kit_counts, load_components
from cardgen.catalogue.icon_tokens import catalogue_icons, own_icons, tokens_in
from cardgen.catalogue.sheet_cells import export_row
from cardgen.docs.card_figures import RulebookFigures
from cardgen.docs.content import (
    Appendix,
    CardRef,
    Column,
    ComponentEntry,
    Components,
    Glossary,
    GlossaryEntry,
    Paragraph,
    Row,
    Section,
    Segment,
    Table,
)
from cardgen.docs.inline import humanise, segments
from cardgen.render.elements.layout import layout_model
from cardgen.render.layout import load_layout
from cardgen.render.svg_icons import pack_icons
from cardgen.render.theme import game_folders, pack_layout_file

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.pack import Pack

#: export columns the card reference shows in their own columns
SHOWN = ("id", "name", "copies", "text")
#: export columns for the designer, not the players: the effects in the engine's notation (the
#: rules text says them in words), values still to be settled, where a card came from
DESIGNER_ONLY = ("effects", "abilities", "placeholders", "source_line")
CARD_COLUMNS = (
    Column("Card", "name", 120, icons=True),
    Column("Rules text", "text", 190, icons=True),
    Column("Details", "details", 154, icons=True),
    Column("Copies", "copies", 35),
)


def icon_labels(pack: Pack, rules: Any, root: Path | None = None) -> dict[str, str]:
    """Every icon token of the pack with the words it stands for, the catalogue folder
    ``root``'s own icons (``icons/<name>.svg``: its ``<title>``, else its name), then the
    pack's other drawings (those the faces and backs print: a deck's emblem, a power's icon)."""
    labels = catalogue_icons(pack, rules, root)
    for name, label in own_icons(pack.data).items():
        labels.setdefault(name, label)
    return labels


def card_ref(card: Any) -> CardRef:
    return CardRef(card.id, card.name)


# --- the card reference ------------------------------------------------------------------------
#: characters of one value the card reference shows, and of all of a card's values: a card
#: with a long list or many long fields is shown cut short (its card file holds it all), so
#: its row of the table always fits a page
MAX_DETAIL = 200
MAX_DETAILS = 700
#: a cell of ``key=value`` pairs (``food=1 gold=2``), and an id (``hooded-brothers``)
_PAIRS = re.compile(r"[a-z][a-z0-9_-]*=\S+(?: [a-z][a-z0-9_-]*=\S+)*")
_ID = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+")


def player_value(value: object) -> str:
    """A cell of the card files as players read it: ``food=1 gold=2`` as ``food 1, gold 2``,
    an id's hyphens and underscores as spaces (``light-infantry``: ``light infantry``)."""
    text = str(value)
    if _PAIRS.fullmatch(text):
        pairs = (pair.split("=", 1) for pair in text.split(" "))
        return ", ".join(f"{player_value(k)} {v}" for k, v in pairs)
    return text.replace("-", " ").replace("_", " ") if _ID.fullmatch(text) else text


def _details(row: dict[str, Any]) -> tuple[Segment, ...]:
    """The export columns not shown elsewhere and not the designer's, one ``field: value`` line
    each (cut short past :data:`MAX_DETAIL` characters a value, :data:`MAX_DETAILS` in all)."""
    out: list[Segment] = []
    shown = [
        (k, player_value(v))
        for k, v in row.items()
        if k not in SHOWN and k not in DESIGNER_ONLY and v not in _EMPTY
    ]
    used = 0
    for i, (key, value) in enumerate(shown):
        if used >= MAX_DETAILS:
            out += [Segment(newline=True), Segment(f"… and {len(shown) - i} more fields")]
            break
        if len(value) > MAX_DETAIL:
            value = value[: MAX_DETAIL - 1] + "…"
        used += len(value)
        if out:
            out.append(Segment(newline=True))
        out += [Segment(f"{humanise(key)}:", style="em"), Segment(f" {value}")]
    return tuple(out)


_EMPTY = ("", None, "{}", "[]")


def card_row(pack: Pack, card: Any, labels: dict[str, str]) -> Row:
    """One card: name and id, printed text with its icons, the players' export columns,
    copies."""
    name = (
        Segment(card.name, style="strong"),
        Segment(newline=True),
        Segment(card.id, style="code"),
    )
    text = segments(pack.print.card_text(card), labels)
    row = export_row(pack, card)
    return Row(
        (name, text, _details(row), (Segment(f"×{card.copies}"),)),
        card_ref(card).anchor,
    )


def _table(pack: Pack, cards: Iterable[Any], labels: dict[str, str]) -> Table:
    return Table(CARD_COLUMNS, tuple(card_row(pack, c, labels) for c in cards), cls="cards")


def _piles(pack: Pack, cards: Sequence[Any]) -> dict[str, list[Any]] | None:
    """The cards by pile (cards that share a back), or None if the pack has no backs."""
    piles: dict[str, list[Any]] = {}
    try:
        for card in cards:
            piles.setdefault(pack.print.back_of(card).pile, []).append(card)
    except NotImplementedError:
        return None
    return piles


def _copies(cards: Iterable[Any]) -> int:
    return sum(c.copies for c in cards)


def card_reference(pack: Pack, catalogue: Catalogue) -> Section:
    """Every card in catalogue order, one table per pile when there are several."""
    labels = icon_labels(pack, catalogue.rules, catalogue.root)
    intro = Paragraph(
        (
            Segment(
                "Every card design with its printed text, its other values and how many copies "
                "the game has."
            ),
        )
    )
    cards = list(catalogue)
    piles = _piles(pack, cards)
    if piles is None or len(piles) < 2:
        return Section("cards", "Card reference", (intro, _table(pack, cards, labels)))
    subsections = tuple(
        Section(
            f"cards-{pile}",
            pack.print.pile_name(catalogue.rules, pile),
            (_table(pack, members, labels),),
            count=f"{_copies(members)} cards",
        )
        for pile, members in piles.items()
    )
    return Section("cards", "Card reference", (intro,), subsections)


# --- icons and components ----------------------------------------------------------------------
def icons_section(pack: Pack, catalogue: Catalogue) -> Section | None:
    """The icons the cards print (text, face and back), each with its meaning and the cards
    that print it; an icon no card prints is left out."""
    labels = icon_labels(pack, catalogue.rules, catalogue.root)
    if not labels:
        return None
    fields = getattr(catalogue.rules, "fields", None) or {}
    icon_fields = [n for n, f in fields.items() if f.type == "icon"]
    used = {
        c.id: {
            *tokens_in(pack.print.card_text(c)),
            *pack.print.card_icons(c, catalogue.rules),
            *(getattr(c, n) for n in icon_fields),
        }
        for c in catalogue
    }
    entries = tuple(
        GlossaryEntry(
            id=f"icon-{name}",
            term=humanise(name),
            meaning=humanise(label) + ".",
            icon=name,
            cards=users,
        )
        for name, label in labels.items()
        if (users := tuple(card_ref(c) for c in catalogue if name in used[c.id]))
    )
    if not entries:
        return None
    intro = Paragraph(
        (
            Segment(
                "The icons printed on the cards, with what each means and the cards that show it."
            ),
        )
    )
    # a page's last 160 pt would hold the heading and its intro without an entry
    return Section("glossary-icons", "Icons", (intro, Glossary(entries)), break_before=160)


def component_names(pack: Pack, catalogue: Catalogue) -> dict[str, str]:
    """The players' names of the components: the pack's, else the ``name:`` of the catalogue's
    ``components.yaml`` (a count's key is its ``id``)."""
    data, _ = load_components(catalogue.root)
    parts: tuple[Token | Board, ...] = (
        (*data.tokens, *data.boards, *data.mats) if data is not None else ()
    )
    return {p.id: p.name for p in parts} | pack.components.names(catalogue)


def component_entries(pack: Pack, catalogue: Catalogue) -> tuple[ComponentEntry, ...]:
    """The box contents (:func:`~cardgen.catalogue.components_file.kit_counts`) by their
    names; the cards as the build counts them."""
    names = component_names(pack, catalogue)
    return tuple(
        ComponentEntry(
            key,
            names.get(key) or humanise(key),
            n,
            checked=catalogue.count() if key == "cards" else None,
        )
        for key, n in kit_counts(catalogue).items()
    )


def components_section(entries: tuple[ComponentEntry, ...], **kw: Any) -> Section:
    return Section("components", "Components", (Components(entries),), **kw)


def default_sections(pack: Pack, catalogue: Catalogue) -> list[Section]:
    """The sections every pack's appendix has: card reference, icons (if any), components."""
    icons = icons_section(pack, catalogue)
    return [
        card_reference(pack, catalogue),
        *([icons] if icons is not None else []),
        components_section(component_entries(pack, catalogue), break_before=260),
    ]


# --- the appendix ------------------------------------------------------------------------------
def layout_fonts(pack: Pack, cards_dir: Path | None = None) -> dict[str, str]:
    """The fonts of the game's card layout (role -> TTF file): the catalogue folder's own
    ``layout.yaml`` when ``cards_dir`` has one, else the pack's; or none."""

    path = (
        pack.data / pack.print.layout_file
        if cards_dir is None
        else pack_layout_file(pack, cards_dir)
    )
    return dict(load_layout(path, layout_model(pack)).fonts) if path.is_file() else {}


def assemble(
    catalogue: Catalogue, sections: Sequence[Section], pack: Pack | None = None, **kw: Any
) -> Appendix:
    """The appendix of ``catalogue`` made of ``sections``; ``kw`` sets further fields
    (``contents``, ``icon_colours``, ``templates`` …)."""
    pack = pack or catalogue.pack
    rules = catalogue.rules
    labels = icon_labels(pack, rules, catalogue.root)
    fields: dict[str, Any] = {
        "rulebook_version": getattr(rules, "rulebook_version", None),
        "icon_labels": labels,
        "icons": partial(pack_icons, pack, rules, cards_dir=catalogue.root),
        "fonts": layout_fonts(pack, catalogue.root),
        "font_folders": tuple(game_folders(pack, catalogue.root)),
        "contents": tuple(s.title.lower() for s in sections),
        "icons_section": "glossary-icons"
        if any(s.id == "glossary-icons" for s in sections)
        else None,
        "figures": RulebookFigures(catalogue, pack.docs.rulebook_figures(catalogue)),
    }
    fields.update(kw)
    return Appendix(
        game=rules.game,
        card_total=catalogue.count(),
        design_total=len(catalogue),
        sections=tuple(sections),
        **fields,
    )


def build_appendix(catalogue: Catalogue) -> Appendix:
    """Gather the whole appendix of a loaded catalogue: its pack's own (:meth:`Pack.appendix`),
    else :func:`assemble` of the pack's sections (:meth:`Pack.appendix_sections`), else of
    :func:`default_sections`."""
    pack = catalogue.pack
    own = pack.docs.appendix(catalogue)
    if own is not None:
        return own
    sections = pack.docs.appendix_sections(catalogue)
    if sections is None:
        sections = default_sections(pack, catalogue)
    return assemble(catalogue, sections, pack)


# --- helpers for packs -------------------------------------------------------------------------
def setting_value(rules: Any, path: str | None) -> str | None:
    """The current value of a rules-model setting such as ``settings.defender_wins_ties``."""
    if path is None:
        return None
    value: object = rules
    for part in path.split("."):
        if not hasattr(value, part):
            return None
        value = getattr(value, part)
    return format_value(value)


def format_value(value: object) -> str:
    """A setting's value as the documents print it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, dict):
        return "; ".join(f"{format_value(k)}: {format_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(format_value(v) for v in value) or "(none)"
    return str(value)
