"""Print services: what each one's published specification asks of the card files.

``home`` is the kit printed at home (pnp sheets, print PDFs, PNGs, Tabletop Simulator, contact
sheet); ``tgc`` (The Game Crafter) and ``mpc`` (MakePlayingCards) take one PNG per card at their
pixel size, with bleed, their safe area inside it; ``dtc`` (DriveThruCards) takes one PDF/X-1a
per deck, each card's back then its front, CMYK through an ICC profile, within its total ink
limit.  The figures are data (``services.yaml``), each with the page it comes from.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from cardgen.catalogue.loader import display_path
from cardgen.diagnostics import Diagnostic, Position
from cardgen.render.elements.layout import layout_model
from cardgen.render.elements.render import safe_margin
from cardgen.render.layout import load_layout
from cardgen.render.options import SERVICE_IDS as SERVICE_IDS  # read without this module
from cardgen.render.theme import pack_layout_file
from cardgen.util.resources import data_path

SERVICES_FILE = data_path("cardgen.render", "services.yaml")


class _S(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardSpec(_S):
    """The card a service cuts: trim size, the bleed it asks for and its safe margin (mm)."""

    width: float
    height: float
    bleed: float
    safe: float


class ImageSpec(_S):
    """A service's card image: its size in pixels with bleed, resolution and safe area."""

    width: int
    height: int
    dpi: int
    safe: tuple[int, int]


class PdfSpec(_S):
    """A service's PDF: its standard and total ink limit (percent)."""

    standard: str
    ink_limit: float = Field(gt=0, le=400)


class OrderSpec(_S):
    """An order file listing a deck's faces by slot (MakePlayingCards through MPC Autofill):
    the order sizes the service sells and the card stock asked for."""

    sources: tuple[str, ...] = ()
    brackets: tuple[int, ...]
    stock: str


class BlackSpec(_S):
    """Black text and line art on the black plate alone (100 % K); where that is asked."""

    sources: tuple[str, ...] = ()


class Service(_S):
    """One print service's specification."""

    id: str = ""
    name: str
    products: tuple[str, ...]
    sources: tuple[str, ...] = ()
    card: CardSpec | None = None
    image: ImageSpec | None = None
    pdf: PdfSpec | None = None
    #: what the service folder holds per deck: ``face``, ``back``, ``pdf``, ``list``,
    #: ``order`` (templates of ``{deck}``, ``{id}``, ``{quantity}``); and once per kit ``all``
    #: (every deck in one order) and ``readme`` (the groupings' cost)
    files: dict[str, str] = Field(default_factory=dict)
    order: OrderSpec | None = None
    black: BlackSpec | None = None
    #: figures no source confirmed (dotted paths), reported when rendering
    placeholders: tuple[str, ...] = ()

    def file(self, part: str, deck: str, card: Any = None) -> str:
        """Where ``part`` of ``deck`` (and of ``card``, a face) goes, under the service's
        folder (``tgc/``, ``mpc/``, ``dtc/``)."""
        template = self.files[part]
        if card is None:
            return f"{self.id}/" + template.format(deck=deck)
        return f"{self.id}/" + template.format(deck=deck, id=card.id, quantity=card.copies)


@cache
def services(path: Path = SERVICES_FILE) -> dict[str, Service]:
    """Every service by id, in file order."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {k: Service.model_validate({**v, "id": k}) for k, v in data.items()}


def service(service_id: str) -> Service:
    """The service ``service_id``; ValueError naming the valid ones if unknown."""
    found = services()
    if service_id not in found:
        raise ValueError(f"unknown print service {service_id!r}; choose from {', '.join(found)}")
    return found[service_id]


def service_problems(svc: Service, layout, where: str) -> list[Diagnostic]:
    """Why the cards of ``layout`` (a card layout: ``card.width/height/bleed/safe``) do not
    suit ``svc``: another card size or less bleed (E411), a safe zone (never under 1/8 in)
    narrower than the service's (W411).  ``where`` names the layout file."""
    if svc.card is None:
        return []
    spec, card = svc.card, layout.card
    pos = Position(where)
    out = []
    if abs(card.width - spec.width) > 0.1 or abs(card.height - spec.height) > 0.1:
        out.append(
            Diagnostic(
                "E411",
                f"{svc.name} prints {spec.width} × {spec.height} mm cards; the layout's card is "
                f"{card.width} × {card.height} mm",
                pos,
            )
        )
    if card.bleed + 1e-6 < spec.bleed:
        out.append(
            Diagnostic(
                "E411",
                f"{svc.name} asks for {spec.bleed} mm of bleed; the layout draws {card.bleed} mm",
                pos,
            )
        )

    safe = safe_margin(card.safe)  # what the preflight holds every layout to
    if safe + 1e-6 < spec.safe:
        out.append(
            Diagnostic(
                "W411",
                f"{svc.name}'s safe area is {spec.safe} mm inside the trim; the layout keeps "
                f"its text {safe:g} mm inside",
                pos,
            )
        )
    return out


def service_diagnostics(catalogue: Any, products: Iterable[str]) -> list[Diagnostic]:
    """What ``cardgen render`` and ``cardgen build`` say of the print services among
    ``products`` for ``catalogue``: its layout's card size and bleed (E411) and safe zone
    (W411, :func:`service_problems`), and every figure no source confirmed (I411)."""

    chosen = [service(p) for p in dict.fromkeys(products) if p in services() and p != "home"]
    if not chosen:
        return []
    pack = catalogue.pack
    path = pack_layout_file(pack, catalogue.root)
    layout = load_layout(path, layout_model(pack))
    out = []
    for svc in chosen:
        out += service_problems(svc, layout, display_path(path))
        out += [
            Diagnostic(
                "I411",
                f"{svc.name}: {figure} is a placeholder (docs/print-services.md); check it "
                "with the service",
                Position(display_path(SERVICES_FILE)),
            )
            for figure in svc.placeholders
        ]
    return out
