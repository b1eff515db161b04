"""What `cardgen render` writes (:class:`RenderOptions`), importable without the renderer: a
build whose kit is up to date reads its options' digest and loads nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.render.geometry import PAPERS, Duplex

#: the home kit, rendered by default
PRODUCTS = ("pnp", "print", "png", "tts", "contact")
#: the kit alone (``home``) or with a print service's files (``cardgen build --service``)
SERVICE_IDS = ("home", "tgc", "mpc", "dtc")
#: the print services' files (``--service``, :mod:`cardgen.render.services`)
SERVICE_PRODUCTS = ("tgc", "mpc", "dtc")
RASTER_PRODUCTS = ("png", "tts", "contact", "tgc", "mpc")
#: products written from the full-size (300 dpi) card images
FULL_SIZE_PRODUCTS = ("png", "tgc", "mpc")


@dataclass(frozen=True)
class RenderOptions:
    """What to render: products, papers for pnp, duplex mode and CMYK for the print PDFs, and
    how many processes rasterise the image products (None: the machine's cores; the files are
    the same for every number)."""

    products: tuple[str, ...] = PRODUCTS
    papers: tuple[str, ...] = tuple(PAPERS)
    duplex: Duplex = Duplex.LONG
    cmyk: bool = False
    jobs: int | None = None
    #: what the ``tts`` product writes: the deck ``sheets`` (a sheet and a back per back
    #: deck) and the ``index`` (the saved object ``tts/<game>.json``)
    tts_parts: tuple[str, ...] = ("sheets", "index")
    #: mm of each pnp card's background past its cut (None: the product settings', 3 mm)
    pnp_bleed: float | None = None
    #: a CMYK ICC profile (the file's bytes) for the dtc PDFs (None: cardgen's own)
    icc: bytes | None = None
    #: where the TTS saved object finds the sheets: this + file name (None: the bare file
    #: name, which TTS looks up in its ``Mods/Images`` folder)
    tts_url: str | None = None
    #: the size (px) of every card on the TTS sheets (None: the one the catalogue's decks
    #: give, :func:`cardgen.render.products.tts.game_cell`; a build passes the whole game's
    #: to each deck's render)
    tts_cell: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        bad = [p for p in self.products if p not in PRODUCTS + SERVICE_PRODUCTS]
        bad += [p for p in self.papers if p not in PAPERS]
        if bad:
            raise ValueError(f"unknown product or paper: {', '.join(bad)}")
        if self.jobs is not None and self.jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {self.jobs}")
        if bad := [p for p in self.tts_parts if p not in ("sheets", "index")]:
            raise ValueError(f"unknown tts part: {', '.join(bad)}")
