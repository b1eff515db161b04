"""Print-service folders: every deck (a pile's cards with one back) as the service's upload
takes it, with the quantity of each face.

The Game Crafter and MakePlayingCards get a folder per deck: its back and its faces, each named
with its quantity (``services.yaml``: ``files``), and a list of them (``cards.csv``: file, card,
quantity); MakePlayingCards also gets an MPC Autofill order (``cards.xml``: every face with one
slot per copy, and the card back), so the order is made with the right number of each card,
and, when the kit has several decks, one order of them all (``cards.xml`` beside the decks:
each slot with its deck's back) and a ``README.md`` weighing the two groupings in MPC's order
sizes.
DriveThruCards gets a PDF per deck (each physical card's back, then its front) and its list.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import PurePosixPath

from cardgen.render.products.base import Deck
from cardgen.render.services import Service


def upload_list(svc: Service, deck: Deck) -> bytes:
    """The deck's list: every face's file (relative to the list), the card and its quantity,
    then the back (or, for a PDF, the PDF and the deck's total)."""
    here = PurePosixPath(svc.file("list", deck.slug)).parent
    buf = io.StringIO()
    rows = csv.writer(buf, lineterminator="\n")
    rows.writerow(["file", "card", "quantity"])
    if "face" in svc.files:
        for card in deck.cards:
            face = _relative(svc.file("face", deck.slug, card), here)
            rows.writerow([face, card.name, card.copies])
        back = _relative(svc.file("back", deck.slug), here)
        rows.writerow([back, f"back: {deck.name}", deck.count])
    else:
        rows.writerow([_relative(svc.file("pdf", deck.slug), here), deck.name, deck.count])
    return buf.getvalue().encode()


def _relative(path: str, folder: PurePosixPath) -> str:
    return PurePosixPath(path).relative_to(folder).as_posix()


def bracket(svc: Service, quantity: int) -> int:
    """The smallest order size the service sells holding ``quantity`` cards."""
    assert svc.order is not None
    for size in svc.order.brackets:
        if quantity <= size:
            return size
    raise ValueError(
        f"{svc.name} orders hold at most {svc.order.brackets[-1]} cards; this deck has {quantity}"
    )


def mpc_order(svc: Service, deck: Deck) -> bytes:
    """The deck as an MPC Autofill order: its size and stock, every face with its slots (one
    per copy, in catalogue order) and the card back; each image named by its path from the
    order's folder (the tool uses a file it finds there)."""
    assert svc.order is not None
    here = PurePosixPath(svc.file("order", deck.slug)).parent
    order = ET.Element("order")
    details = ET.SubElement(order, "details")
    for tag, text in (
        ("quantity", str(deck.count)),
        ("bracket", str(bracket(svc, deck.count))),
        ("stock", svc.order.stock),
        ("foil", "false"),
    ):
        ET.SubElement(details, tag).text = text
    _fronts(ET.SubElement(order, "fronts"), svc, deck, here, 0)
    ET.SubElement(order, "cardback").text = _relative(svc.file("back", deck.slug), here)
    ET.indent(order)
    return ET.tostring(order, encoding="utf-8", xml_declaration=True) + b"\n"


def _fronts(fronts: ET.Element, svc: Service, deck: Deck, here: PurePosixPath, slot: int) -> int:
    """Each face of ``deck`` under ``fronts`` with its slots from ``slot``; the next free slot."""
    for card in deck.cards:
        path = _relative(svc.file("face", deck.slug, card), here)
        entry = ET.SubElement(fronts, "card")
        ET.SubElement(entry, "id").text = path
        ET.SubElement(entry, "slots").text = ",".join(
            str(s) for s in range(slot, slot + card.copies)
        )
        ET.SubElement(entry, "name").text = PurePosixPath(path).name
        ET.SubElement(entry, "query").text = card.name
        slot += card.copies
    return slot


def deck_count(deck: Deck) -> int:
    """The physical cards of ``deck``."""
    return sum(card.copies for card in deck.cards)


def mpc_all_order(svc: Service, decks: Sequence[Deck]) -> bytes:
    """Every deck in one MPC Autofill order: its size the smallest bracket holding them all,
    every face with its slots, and under ``<backs>`` each deck's back with its cards' slots
    (MPC's different backs in one order); ``<cardback>`` is the first deck's."""
    assert svc.order is not None and decks
    here = PurePosixPath(svc.file("all", "")).parent
    total = sum(deck_count(d) for d in decks)
    order = ET.Element("order")
    details = ET.SubElement(order, "details")
    for tag, text in (
        ("quantity", str(total)),
        ("bracket", str(bracket(svc, total))),
        ("stock", svc.order.stock),
        ("foil", "false"),
    ):
        ET.SubElement(details, tag).text = text
    fronts, backs = ET.SubElement(order, "fronts"), ET.SubElement(order, "backs")
    slot = 0
    for deck in decks:
        first, slot = slot, _fronts(fronts, svc, deck, here, slot)
        back = _relative(svc.file("back", deck.slug), here)
        entry = ET.SubElement(backs, "card")
        ET.SubElement(entry, "id").text = back
        ET.SubElement(entry, "slots").text = ",".join(str(s) for s in range(first, slot))
        ET.SubElement(entry, "name").text = f"{deck.slug}-{PurePosixPath(back).name}"
        ET.SubElement(entry, "query").text = f"back: {deck.name}"
    ET.SubElement(order, "cardback").text = _relative(svc.file("back", decks[0].slug), here)
    ET.indent(order)
    return ET.tostring(order, encoding="utf-8", xml_declaration=True) + b"\n"


def mpc_readme(svc: Service, decks: Sequence[Deck], game: str) -> bytes:
    """What ordering the kit costs at MakePlayingCards, in slots: deck by deck (an order per
    back, each billed at the smallest size holding it) against one order of every card with
    each deck's back (``cards.xml`` beside the decks), the cheapest grouping MPC sells."""
    per_deck = [(d, deck_count(d), bracket(svc, deck_count(d))) for d in decks]
    total = sum(n for _, n, _ in per_deck)
    separate = sum(b for _, _, b in per_deck)
    lines = [
        f"# {game}: ordering from {svc.name}",
        "",
        f"{total} cards in {len(decks)} decks, each deck one back. {svc.name} bills an order at "
        "the smallest size it sells that holds it ("
        + ", ".join(str(b) for b in svc.order.brackets)  # type: ignore[union-attr]
        + " cards).",
        "",
        "| Grouping | Orders | Slots billed | Slots left empty |",
        "|---|---|---|---|",
        f"| A deck an order (`<deck>/cards.xml`) | {len(decks)} | {separate} "
        f"| {separate - total} |",
    ]
    if len(decks) > 1:
        one = bracket(svc, total)
        lines.append(f"| Every deck in one order (`cards.xml`) | 1 | {one} | {one - total} |")
        cheapest = (
            f"The cheapest grouping is one order of all {total} cards: {one} slots instead of "
            f"{separate} ({separate - one} fewer). Each card keeps its own deck's back: choose "
            "different backs for the project (the order lists each deck's back under `<backs>` "
            "with the slots of its cards). The decks come mixed in one box, to be sorted by "
            "their backs."
            if one < separate
            else "Ordering deck by deck costs no more than one order of every card."
        )
        lines += ["", cheapest]
    lines += [
        "",
        "| Deck | Cards | Its own order |",
        "|---|---|---|",
        *(f"| {d.name} | {n} | {b} |" for d, n, b in per_deck),
        "",
    ]
    return "\n".join(lines).encode()
