"""Print-service folders: every deck (a pile's cards with one back) as the service's upload
takes it, with the quantity of each face.

The Game Crafter and MakePlayingCards get a folder per deck: its back and its faces, each named
with its quantity (``services.yaml``: ``files``), and a list of them (``cards.csv``: file, card,
quantity); MakePlayingCards also gets an MPC Autofill order (``cards.xml``: every face with one
slot per copy, and the card back), so the order is made with the right number of each card.
DriveThruCards gets a PDF per deck (each physical card's back, then its front) and its list.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
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
    fronts = ET.SubElement(order, "fronts")
    slot = 0
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
    ET.SubElement(order, "cardback").text = _relative(svc.file("back", deck.slug), here)
    ET.indent(order)
    return ET.tostring(order, encoding="utf-8", xml_declaration=True) + b"\n"
