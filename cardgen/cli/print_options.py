"""The print options `render` and `build` share: one definition of each, with one default.

Only the standard library and typer are imported here (the choices are spelled out as enums;
a test checks them against the library's lists), so the commands start fast.
"""

from __future__ import annotations

import math
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from cardgen.util.limits import MAX_BLEED_MM

#: where the kit goes when no --out is given
DEFAULT_OUT = Path("output")
#: the folder of the output that holds the card files (`render` writes there, as `build` does)
CARDS_FOLDER = "cards"


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


class DuplexMode(StrEnum):
    long = "long"
    short = "short"
    none = "none"


class ServiceChoice(StrEnum):
    home = "home"
    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"


OutDir = Annotated[
    Path,
    typer.Option("--out", "-o", help="Output folder; the card files go to its cards/ folder."),
]
Papers = Annotated[
    list[Paper] | None,
    typer.Option(
        "--paper",
        show_default=False,
        help="Paper of the print-and-play sheets (repeatable); default: a4 and letter.  build "
        "lays the components out on the first.",
    ),
]
KitPaper = Annotated[
    Paper,
    typer.Option(
        "--paper", help="Paper of the kit's component sheets (its cards' sheets: A4 and Letter)."
    ),
]
Duplex = Annotated[
    DuplexMode,
    typer.Option("--duplex", help="Print-and-play backs: long-edge, short-edge or single-sided."),
]


def _finite(value: float | None) -> float | None:
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number of mm")
    return value


Bleed = Annotated[
    float | None,
    typer.Option(
        "--bleed",
        min=0.0,
        max=MAX_BLEED_MM,
        callback=_finite,
        show_default=False,
        help=f"mm of each print-and-play card's background past its cut, into the gutter (at "
        f"most {MAX_BLEED_MM:g}, no more than the layout's card.bleed); default 3.",
    ),
]
Cmyk = Annotated[bool, typer.Option("--cmyk", help="Write the print PDFs in CMYK.")]
Service = Annotated[
    ServiceChoice,
    typer.Option(
        "--service",
        help="A print service's files: tgc (The Game Crafter: a folder per deck, faces named "
        "with their quantity), mpc (MakePlayingCards: the same, with an MPC Autofill order), "
        "dtc (DriveThruCards PDF/X-1a per deck); home: the home kit alone.  render makes only "
        "the service's files (-p may name only those), build adds them to the kit.",
    ),
]
Icc = Annotated[
    Path | None,
    typer.Option(
        "--icc",
        exists=True,
        dir_okay=False,
        help="CMYK ICC profile of the press for dtc PDFs (default: cardgen's own).",
    ),
]
TtsUrl = Annotated[
    str | None,
    typer.Option(
        "--tts-url",
        help="Where the TTS saved object finds its images: this address + file name (upload "
        "the tts/ images there first); default: the bare file name (TTS looks in Mods/Images).",
    ),
]


def card_options(
    papers: list[Paper] | None,
    duplex: DuplexMode,
    bleed: float | None,
    cmyk: bool,
    icc: Path | None,
    tts_url: str | None,
    **more: Any,
) -> Any:
    """The :class:`cardgen.render.options.RenderOptions` of the print options (``more``: products,
    jobs)."""
    from cardgen.render.geometry import PAPERS, Duplex
    from cardgen.render.options import RenderOptions

    return RenderOptions(
        papers=tuple(p.value for p in papers) if papers else tuple(PAPERS),
        duplex=Duplex(duplex.value),
        cmyk=cmyk,
        pnp_bleed=bleed,
        icc=icc.read_bytes() if icc else None,
        tts_url=(tts_url.rstrip("/") + "/") if tts_url else None,
        **more,
    )
