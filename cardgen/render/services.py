"""Print services: what each one's published specification asks of the card files.

``home`` is the kit printed at home (pnp sheets, print PDFs, PNGs, Tabletop Simulator, contact
sheet); ``tgc`` (The Game Crafter) and ``mpc`` (MakePlayingCards) take one PNG per card at their
pixel size, with bleed, their safe area inside it; ``dtc`` (DriveThruCards) takes one PDF/X-1a
per deck, each card's back then its front, CMYK through an ICC profile, within its total ink
limit.  The figures are data (``services.yaml``), each with the page it comes from.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from cardgen.diagnostics import Diagnostic, Position
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


class Service(_S):
    """One print service's specification."""

    id: str = ""
    name: str
    products: tuple[str, ...]
    sources: tuple[str, ...] = ()
    card: CardSpec | None = None
    image: ImageSpec | None = None
    pdf: PdfSpec | None = None
    #: figures no source confirmed (dotted paths), reported when rendering
    placeholders: tuple[str, ...] = ()


@cache
def services(path: Path = SERVICES_FILE) -> dict[str, Service]:
    """Every service by id, in file order."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {k: Service.model_validate({**v, "id": k}) for k, v in data.items()}


SERVICE_IDS = ("home", "tgc", "mpc", "dtc")


def service(service_id: str) -> Service:
    """The service ``service_id``; ValueError naming the valid ones if unknown."""
    found = services()
    if service_id not in found:
        raise ValueError(f"unknown print service {service_id!r}; choose from {', '.join(found)}")
    return found[service_id]


def service_problems(svc: Service, layout, where: str) -> list[Diagnostic]:
    """Why the cards of ``layout`` (a card layout: ``card.width/height/bleed/safe``) do not
    suit ``svc``: another card size or less bleed (E411), a safe margin under the service's
    (W411).  ``where`` names the layout file."""
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
    if card.safe + 1e-6 < spec.safe:
        out.append(
            Diagnostic(
                "W411",
                f"{svc.name}'s safe area is {spec.safe} mm inside the trim; the layout keeps "
                f"its text {card.safe} mm inside",
                pos,
            )
        )
    return out
