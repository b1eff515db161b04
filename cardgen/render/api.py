"""`cardgen render` as a library call: check, then write every selected product atomically."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic, DiagnosticError, Severity
from cardgen.render.icc import Separation
from cardgen.render.options import FULL_SIZE_PRODUCTS, RASTER_PRODUCTS, RenderOptions
from cardgen.render.options import PRODUCTS as PRODUCTS  # the render API's names too
from cardgen.render.options import SERVICE_PRODUCTS as SERVICE_PRODUCTS
from cardgen.render.products.base import (
    ProductSettings,
    Progress,
    RenderContext,
    _no_progress,
    load_product_settings,
)
from cardgen.render.products.dtc import render_dtc_deck
from cardgen.render.products.pnp import render_pnp
from cardgen.render.products.print import render_print_backs, render_print_pile
from cardgen.render.products.uploads import mpc_all_order, mpc_order, mpc_readme, upload_list
from cardgen.render.services import service, service_diagnostics
from cardgen.render.sizes import size_groups, sized_name, sub_catalogue
from cardgen.render.theme import Theme
from cardgen.util.atomic import atomic_write_bytes
from cardgen.util.collector import collector_paused
from cardgen.util.hashing import digest_data

if TYPE_CHECKING:  # the raster modules import PIL: only loaded when images are made
    from cardgen.render.products.raster import Sprite
    from cardgen.render.products.raster_store import RasterStore, StoredDesign

#: ``write(relative_path, data)``: write one output file atomically under the output folder.
Writer = Callable[[str, bytes], None]


@dataclass(frozen=True)
class RasterCache:
    """Where rasterised designs are kept between renders, and the key of a design (a hash of
    everything its pixels depend on): a design found in ``store`` is not rasterised again."""

    store: RasterStore
    key: Callable[[Sprite], str]

    def cell_key(self, sprite: Sprite, cell: tuple[int, int]) -> str:
        """The key of the design drawn at ``cell`` px, for the TTS and contact sheets."""

        return digest_data([self.key(sprite), "cell", list(cell)])


@dataclass
class Renderer:
    """Renders one catalogue; contexts (RGB and, for print, CMYK) are made on first use."""

    catalogue: Catalogue
    settings: ProductSettings = field(default_factory=load_product_settings)
    progress: Progress = _no_progress
    #: keep rasterised designs between renders (``cardgen build`` does)
    rasters: RasterCache | None = None
    _ctx: dict[Any, RenderContext] = field(default_factory=dict)

    def context(self, cmyk: bool = False) -> RenderContext:
        if cmyk not in self._ctx:
            theme = Theme.of(self.catalogue, cmyk=cmyk)
            self._ctx[cmyk] = RenderContext(self.catalogue, theme, self.settings, self.progress)
        return self._ctx[cmyk]

    def separated(self, ink_limit: float, icc: bytes | None = None) -> RenderContext:
        """A CMYK context whose colours and images go through an ICC profile (``icc``, else
        cardgen's own with total ink at most ``ink_limit`` percent)."""
        key = ("icc", ink_limit, icc)
        if key not in self._ctx:
            sep = Separation.of(icc, ink_limit / 100)
            theme = Theme.of(self.catalogue, separation=sep)
            self._ctx[key] = RenderContext(self.catalogue, theme, self.settings, self.progress)
        return self._ctx[key]

    def service_problems(self, options: RenderOptions) -> list[Diagnostic]:
        """What the services of ``options.products`` say of this catalogue: another card size
        (E411), a narrower safe zone (W411), figures no source confirmed (I411)."""
        if not any(p in SERVICE_PRODUCTS for p in options.products):
            return []  # the home kit: no service to ask (nor its file to read)

        return service_diagnostics(self.catalogue, options.products)

    def sized(self) -> list[Renderer] | None:
        """One renderer per card size when the cards have several sizes, else None."""

        groups = size_groups(self.catalogue)
        if len(groups) < 2:
            return None
        return [
            Renderer(
                sub_catalogue(self.catalogue, cards), self.settings, self.progress, self.rasters
            )
            for cards in groups.values()
        ]

    def check(self, options: RenderOptions | None = None) -> None:
        """Raise DiagnosticError if the preflight (or, for the print services of ``options``,
        the service check) finds any error (nothing is written then)."""
        options = options or RenderOptions()
        if (parts := self.sized()) is not None:
            for part in parts:
                part.check(options)
            return
        from cardgen.render.preflight import preflight

        errors = [
            d
            for d in preflight(self.catalogue, self.context().faces, self.context().backs)
            if d.severity is Severity.ERROR
        ]
        errors += [d for d in self.service_problems(options) if d.severity is Severity.ERROR]
        if errors:
            raise DiagnosticError(errors)

    def work(self, options: RenderOptions) -> int:
        """Units of progress the render of ``options`` reports (cards and images)."""
        if (parts := self.sized()) is not None:
            return sum(part.work(options) for part in parts)
        n = self.catalogue.count()
        total = 0
        if "pnp" in options.products:
            total += n * len(options.papers)
        if "print" in options.products:
            total += n
        if "dtc" in options.products:
            total += n
        if any(p in options.products for p in RASTER_PRODUCTS):
            from cardgen.render.products.raster import sprites

            total += len(sprites(self.context()))
        return total

    def render(self, out: Path, options: RenderOptions, check: bool = True) -> list[Path]:
        """Write the selected products under ``out``; return the files written.  The preflight
        runs first unless ``check`` is False (the caller ran it: ``cardgen build``)."""
        with collector_paused():
            return self._render(out, options, check)

    def _render(self, out: Path, options: RenderOptions, check: bool) -> list[Path]:
        if check:
            self.check(options)
        if (parts := self.sized()) is not None:
            return [path for part in parts for path in part.render(out, options, check=False)]
        if not check:
            errors = [d for d in self.service_problems(options) if d.severity is Severity.ERROR]
            if errors:
                raise DiagnosticError(errors)
        written: list[Path] = []

        (size,) = size_groups(self.catalogue) or [None]

        def write(rel: str, data: bytes) -> None:  # every file goes through here
            path = out / sized_name(rel, size)
            atomic_write_bytes(path, data)
            written.append(path)

        if "pnp" in options.products:
            for paper in options.papers:
                pdf = render_pnp(self.context(), paper, options.duplex, options.pnp_bleed)
                write(f"pnp-{paper}.pdf", pdf)
        if "print" in options.products:
            ctx = self.context(options.cmyk)
            for pile in ctx.backs_by_pile():
                write(f"print/{pile}.pdf", render_print_pile(ctx, pile))
                write(f"print/{pile}-backs.pdf", render_print_backs(ctx, pile))
        if "dtc" in options.products:
            svc = service("dtc")
            assert svc.pdf is not None
            ctx = self.separated(svc.pdf.ink_limit, options.icc)
            for deck in ctx.decks():
                write(svc.file("pdf", deck.slug), render_dtc_deck(ctx, deck))
                write(svc.file("list", deck.slug), upload_list(svc, deck))
        if any(p in options.products for p in RASTER_PRODUCTS):
            self._raster(options, write)
        return written

    def _raster(self, options: RenderOptions, write: Writer) -> None:
        """Rasterise every design once; PNG files from the full-size image, TTS and contact
        sheets from its small cell."""
        from cardgen.render.products import contact, raster, tts

        ctx = self.context()
        items = raster.sprites(ctx)

        uploads = [service(p) for p in ("tgc", "mpc") if p in options.products]

        def emit(item: Sprite, d: _Design | StoredDesign) -> None:
            if "png" in options.products:
                png, mpc = raster.png_paths(item)
                write(png, _asked(d.png))
                write(mpc, _asked(d.mpc))
            # The Game Crafter: 825 × 1125 px with bleed; MakePlayingCards: 822 × 1122 px
            for svc in uploads:
                image = _asked(d.png if svc.id == "tgc" else d.mpc)
                if item.card is None:
                    write(svc.file("back", item.back.slug), image)
                else:
                    write(svc.file("face", item.back.slug, item.card), image)

        designs: Sequence[_Design | StoredDesign]
        if self.rasters is None:
            designs = self._rasterise(items, options, emit)
        else:
            if any(p in options.products for p in FULL_SIZE_PRODUCTS):  # progress told here
                for item, d in zip(items, self._stored(items, options.jobs)[0], strict=True):
                    emit(item, d)
            full = any(p in options.products for p in FULL_SIZE_PRODUCTS)
            # the sheets paste the designs drawn at their cells' size
            cell = self._cell(options)
            designs = self._stored_cells(items, cell, options.jobs, report=not full)[0]
        for svc in uploads:  # each deck's list, and MakePlayingCards' order
            for deck in ctx.decks():
                write(svc.file("list", deck.slug), upload_list(svc, deck))
                if "order" in svc.files:
                    write(svc.file("order", deck.slug), mpc_order(svc, deck))
            if "readme" in svc.files:  # MakePlayingCards: the decks' grouping weighed
                decks = list(ctx.decks())
                game = self.catalogue.rules.game
                write(svc.file("readme", ""), mpc_readme(svc, decks, game))
                if len(decks) > 1:
                    write(svc.file("all", ""), mpc_all_order(svc, decks))
        pairs: list[tuple[Sprite, _Design | StoredDesign]] = list(zip(items, designs, strict=True))
        if "tts" in options.products:
            if "sheets" in options.tts_parts:
                faces = {i.card.id: d.cell for i, d in pairs if i.card}
                backs = {i.back.key: d.cell for i, d in pairs if not i.card}
                tts.write_tts_sheets(ctx, faces, backs, write, options.tts_cell)
            if "index" in options.tts_parts:
                tts.write_tts_index(ctx, write, options.tts_url or "", options.tts_cell)
        if "contact" in options.products:
            thumbs = {i.card.id: d.thumb for i, d in pairs if i.card}
            contact.write_contact(ctx, thumbs, write)

    def fill_raster_cache(
        self, jobs: int | None = None, full: bool = True, cell: tuple[int, int] | None = None
    ) -> int:
        """Rasterise into the raster cache every design of the catalogue it lacks, in one pool
        of workers; return how many were rasterised.  ``full``: the full-size images (PNG
        files, print services); ``cell``: the designs drawn at the TTS sheets' card size, as
        the sheets and the contact sheet of a render with ``tts_cell=cell`` paste them."""
        from cardgen.render.products import raster

        if self.rasters is None:
            raise ValueError("no raster cache to fill")
        if (parts := self.sized()) is not None:
            return sum(part.fill_raster_cache(jobs, full, cell) for part in parts)
        items = raster.sprites(self.context())
        rasterised = self._stored(items, jobs)[1] if full else 0
        if cell is not None:
            rasterised += self._stored_cells(items, cell, jobs, report=not full)[1]
        return rasterised

    def _cell(self, options: RenderOptions) -> tuple[int, int]:
        """The card size on the TTS sheets of ``options``."""
        from cardgen.render.products import tts

        if options.tts_cell is not None:
            return options.tts_cell
        ctx = self.context()
        return tts.game_cell(ctx.settings.tts, tts.master_cell(ctx), [d.count for d in ctx.decks()])

    def _stored_cells(
        self, items: list[Sprite], cell: tuple[int, int], jobs: int | None, report: bool = True
    ) -> tuple[list[StoredDesign], int]:
        """Every design drawn at ``cell`` px (and its thumbnail) from the raster cache, drawing
        those it lacks straight at that size; and how many it drew (``report``: told to the
        progress, as each design is done)."""
        from cardgen.render.products import contact, raster
        from cardgen.render.products.raster_store import CELL_PARTS

        assert self.rasters is not None
        store = self.rasters.store
        keys = [self.rasters.cell_key(i, cell) for i in items]
        found = {k: store.get(k, CELL_PARTS) for k in dict.fromkeys(keys)}
        first = {k: i for i, k in reversed(list(enumerate(keys)))}  # a key's first item
        todo = sorted(i for k, i in first.items() if found[k] is None)
        progress = self.progress if report else _no_progress
        progress("images", len(items) - len(todo))
        if todo:
            ctx = self.context()
            plan = raster.plan(ctx, full_size=False, cell=cell)
            pdf = raster.raster_pdf(ctx, [items[i] for i in todo])
            # the workers (when there are some) make the cells' and thumbnails' PNG files too
            thumb = contact.thumbnail_size(ctx)
            task = raster.RasterTask(pdf, plan, png=False, cells=True, stored=thumb)

            def page(n: int, images: raster.PageImages) -> None:  # in page order
                assert images.cell_png and images.thumb_png
                key = keys[todo[n]]
                found[key] = store.put_cell_png(key, images.cell_png, images.thumb_png)
                progress("images", 1)

            raster.rasterise(task, len(todo), page, jobs=jobs)
        return [found[k] for k in keys], len(todo)  # type: ignore[misc]

    def _rasterise(
        self, items: list[Sprite], options: RenderOptions, emit: Callable[[Sprite, _Design], None]
    ) -> list[_Design]:
        """Rasterise ``items``: at 300 dpi when PNG files are asked for, else only as fine as
        the sheets' cells need; ``emit`` gets each design as soon as it is done, in order."""
        from PIL import Image

        from cardgen.render.products import contact, raster

        pngs = any(p in options.products for p in FULL_SIZE_PRODUCTS)
        sheets = "tts" in options.products or "contact" in options.products
        if sheets and "sheets" not in options.tts_parts and "contact" not in options.products:
            sheets = False  # the TTS index alone needs no pixels
        if not (pngs or sheets):
            return [_Design(None, None, None, None) for _ in items]
        ctx = self.context()
        plan = raster.plan(ctx, full_size=pngs)
        task = raster.RasterTask(raster.raster_pdf(ctx, items), plan, png=pngs, cells=sheets)
        out: list[_Design] = []

        def page(i: int, images: raster.PageImages) -> None:  # in page order
            cell = Image.frombytes("RGB", plan.cell, images.cell) if images.cell else None
            thumb = contact.thumbnail(ctx, cell) if cell and "contact" in options.products else None
            out.append(_Design(images.png, images.mpc, cell, thumb))
            emit(items[i], out[-1])
            self.progress("images", 1)

        raster.rasterise(task, len(items), page, jobs=options.jobs)
        return out

    def _stored(self, items: list[Sprite], jobs: int | None) -> tuple[list[StoredDesign], int]:
        """Every design from the raster cache, rasterising (at full size) those it lacks; and
        how many it rasterised."""
        from PIL import Image

        from cardgen.render.products import contact, raster

        assert self.rasters is not None
        store = self.rasters.store
        keys = [self.rasters.key(i) for i in items]
        found: dict[str, StoredDesign | None] = {k: store.get(k) for k in dict.fromkeys(keys)}
        first = {k: i for i, k in reversed(list(enumerate(keys)))}  # a key's first item
        lacking = {i for k, i in first.items() if found[k] is None}
        todo = [i for i in raster.cheapest_first(items) if i in lacking]
        self.progress("images", len(items) - len(todo))
        if todo:
            ctx = self.context()
            plan = raster.plan(ctx, full_size=True)
            pdf = raster.raster_pdf(ctx, [items[i] for i in todo])
            task = raster.RasterTask(pdf, plan, png=True, cells=True)

            def page(n: int, images: raster.PageImages) -> None:  # in page order
                assert images.png and images.mpc and images.cell
                cell = Image.frombytes("RGB", plan.cell, images.cell)
                thumb = contact.thumbnail(ctx, cell)
                key = keys[todo[n]]
                found[key] = store.put(key, images.png, images.mpc, cell, thumb)
                self.progress("images", 1)

            raster.rasterise(task, len(todo), page, jobs=jobs)
        return [found[k] for k in keys], len(todo)  # type: ignore[misc]


def _asked(image: bytes | None) -> bytes:
    """A design's image that was asked for (so rasterised)."""
    assert image is not None, "an image asked for is rasterised"
    return image


@dataclass(frozen=True)
class _Design:
    """One design's images as rasterised (None where not asked for)."""

    png: bytes | None
    mpc: bytes | None
    cell: Any
    thumb: Any
