"""`cardgen render` as a library call: check, then write every selected product atomically."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.catalogue.loader import Catalogue, load_catalogue
from cardgen.diagnostics import DiagnosticError, Severity
from cardgen.render.geometry import PAPERS, Duplex
from cardgen.render.products.base import (
    ProductSettings,
    Progress,
    RenderContext,
    _no_progress,
    load_product_settings,
)
from cardgen.render.theme import Theme
from cardgen.util.atomic import atomic_write_bytes

PRODUCTS = ("pnp", "print", "png", "tts", "contact")
#: ``write(relative_path, data)``: write one output file atomically under the output folder.
Writer = Callable[[str, bytes], None]
RASTER_PRODUCTS = ("png", "tts", "contact")


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

    def __post_init__(self) -> None:
        bad = [p for p in self.products if p not in PRODUCTS]
        bad += [p for p in self.papers if p not in PAPERS]
        if bad:
            raise ValueError(f"unknown product or paper: {', '.join(bad)}")
        if self.jobs is not None and self.jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {self.jobs}")


@dataclass
class Renderer:
    """Renders one catalogue; contexts (RGB and, for print, CMYK) are made on first use."""

    catalogue: Catalogue
    settings: ProductSettings = field(default_factory=load_product_settings)
    progress: Progress = _no_progress
    _ctx: dict[bool, RenderContext] = field(default_factory=dict)

    def context(self, cmyk: bool = False) -> RenderContext:
        if cmyk not in self._ctx:
            theme = Theme.of(self.catalogue, cmyk=cmyk)
            self._ctx[cmyk] = RenderContext(self.catalogue, theme, self.settings, self.progress)
        return self._ctx[cmyk]

    def check(self) -> None:
        """Raise DiagnosticError if the preflight finds any error (nothing is written then)."""
        from cardgen.render.preflight import preflight

        errors = [
            d
            for d in preflight(self.catalogue, self.context().faces)
            if d.severity is Severity.ERROR
        ]
        if errors:
            raise DiagnosticError(errors)

    def work(self, options: RenderOptions) -> int:
        """Units of progress the render of ``options`` reports (cards and images)."""
        n = self.catalogue.count()
        total = 0
        if "pnp" in options.products:
            total += n * len(options.papers)
        if "print" in options.products:
            total += n
        if any(p in options.products for p in RASTER_PRODUCTS):
            from cardgen.render.products.raster import sprites

            total += len(sprites(self.context()))
        return total

    def render(self, out: Path, options: RenderOptions) -> list[Path]:
        """Write the selected products under ``out``; return the files written."""
        self.check()
        written: list[Path] = []

        def write(rel: str, data: bytes) -> None:  # every file goes through here
            path = out / rel
            atomic_write_bytes(path, data)
            written.append(path)

        if "pnp" in options.products:
            from cardgen.render.products.pnp import render_pnp

            for paper in options.papers:
                write(f"pnp-{paper}.pdf", render_pnp(self.context(), paper, options.duplex))
        if "print" in options.products:
            from cardgen.render.products.print import render_print_backs, render_print_pile

            ctx = self.context(options.cmyk)
            for pile in ctx.backs_by_pile():
                write(f"print/{pile}.pdf", render_print_pile(ctx, pile))
                write(f"print/{pile}-backs.pdf", render_print_backs(ctx, pile))
        if any(p in options.products for p in RASTER_PRODUCTS):
            self._raster(options, write)
        return written

    def _raster(self, options: RenderOptions, write: Writer) -> None:
        """Rasterise every design once; PNG files from the full-size image, TTS and contact
        sheets from its small cell."""
        from PIL import Image

        from cardgen.render.products import contact, raster, tts

        ctx = self.context()
        items = raster.sprites(ctx)
        pngs = "png" in options.products
        sheets = "tts" in options.products or "contact" in options.products
        plan = raster.plan(ctx, full_size=pngs)
        task = raster.RasterTask(raster.raster_pdf(ctx, items), plan, png=pngs, cells=sheets)
        cells: list[Image.Image] = []

        def page(i: int, images: raster.PageImages) -> None:  # in page order
            if images.png is not None and images.mpc is not None:
                png, mpc = raster.png_paths(items[i])
                write(png, images.png)
                write(mpc, images.mpc)
            if images.cell is not None:
                cells.append(Image.frombytes("RGB", plan.cell, images.cell))
            self.progress("images", 1)

        raster.rasterise(task, len(items), page, jobs=options.jobs)
        if not sheets:
            return
        faces = {i.card.id: c for i, c in zip(items, cells, strict=True) if i.card is not None}
        backs = {i.back.key: c for i, c in zip(items, cells, strict=True) if not i.card}
        if "tts" in options.products:
            tts.write_tts(ctx, faces, backs, write)
        if "contact" in options.products:
            contact.write_contact(ctx, faces, write)


def render(
    cards_dir: str | os.PathLike[str],
    out: str | os.PathLike[str],
    options: RenderOptions | None = None,
    progress: Progress | None = None,
) -> list[Path]:
    """Load, preflight and render a catalogue folder; raises DiagnosticError on bad input."""
    catalogue = load_catalogue(cards_dir)
    r = Renderer(catalogue, progress=progress or _no_progress)
    return r.render(Path(out), options or RenderOptions())
