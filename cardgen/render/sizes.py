"""More than one card size in one game: each card is printed at its pile's size.

A pack says a card's size (:meth:`cardgen.pack.Pack.card_size`: the plain pack's ``size:`` of a
back in ``rules.yaml``); cards without one have the layout's size.  Cards are rendered in
groups of one size, each with the layout made for that size (boxes in ``%`` or anchored to an
edge follow the card).  Files of one pile or card keep their names; the files holding every
card of a render (the print-and-play sheets, the contact sheet, the Tabletop Simulator saved
object) are one per size, the others named with the size (``pnp-a4-mini.pdf``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

#: a card size: a name of :data:`cardgen.render.layout.CARD_SIZES`, or (width, height) mm
Size = str | tuple[float, float]


def size_key(size: Size | None) -> str:
    """A size as the suffix of the files holding its cards: ``mini``, ``70x120``, or none."""
    if size is None:
        return ""
    if isinstance(size, str):
        return size
    return "x".join(f"{v:g}" for v in size)


def size_groups(catalogue: Catalogue) -> dict[Size | None, list[Any]]:
    """The catalogue's cards by the size they print at (None: the layout's), in catalogue
    order of each size's first card."""
    pack, rules = catalogue.pack, catalogue.rules
    out: dict[Size | None, list[Any]] = {}
    for card in catalogue:
        size = pack.print.card_size(card, rules)
        out.setdefault(tuple(size) if isinstance(size, list) else size, []).append(card)
    return out


def sub_catalogue(catalogue: Catalogue, cards: list[Any]) -> Catalogue:
    """The catalogue holding only ``cards``."""
    return replace(catalogue, cards=cards)


_SHARED = re.compile(r"^(pnp-[a-z0-9]+|contact)(\.[a-z]+)$|^(tts/[^/]+)(\.json)$")


def sized_name(rel: str, size: Size | None) -> str:
    """The name of an output file for the cards of ``size``: a file of every card (pnp sheets,
    contact sheet, saved object) gets the size's suffix; a pile's or card's file is as it is."""
    key = size_key(size)
    m = _SHARED.match(rel)
    if not key or m is None:
        return rel
    stem, suffix = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return f"{stem}-{key}{suffix}"
