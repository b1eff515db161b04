"""Rasterising: every card face and back drawn once to a PDF with bleed, then to pixels.

Poppler's ``pdftoppm`` turns the pages into images (split over the available cores); every
pixel product (png, tts, contact) is made from these images, so nothing is laid out twice.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.pack import BackDesign
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.units import MM_PER_INCH, mm, px


@dataclass(frozen=True)
class Sprite:
    """One rasterised design: a card face (``card`` set) or a back."""

    back: BackDesign
    card: Any | None

    @property
    def pile(self) -> str:
        return self.back.pile

    @property
    def stem(self) -> str:
        return self.card.id if self.card is not None else f"back-{self.back.name}"


def sprites(ctx: RenderContext) -> list[Sprite]:
    """Every face in catalogue order, then every back (pile by pile)."""
    out = [Sprite(ctx.back_of(c), c) for c in ctx.cards]
    out += [Sprite(b, None) for backs in ctx.backs_by_pile().values() for b in backs]
    return out


def raster_pdf(ctx: RenderContext, items: list[Sprite]) -> bytes:
    """One page per sprite, trim plus bleed."""
    L = ctx.theme.layout
    b = mm(L.card.bleed)
    doc = ctx.document(L.size.grow(L.card.bleed).pt, "raster")
    for s in items:
        if s.card is not None:
            name = face_form(doc, ctx.faces, s.card, bleed=True)
        else:
            name = back_form(doc, ctx.backs, s.back, bleed=True)
        doc.place(name, b, b)
        doc.c.showPage()
    return doc.save()


def find_pdftoppm() -> str:
    """The path of poppler's ``pdftoppm``; a DiagnosticError if it is not installed."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise DiagnosticError(
            [
                Diagnostic(
                    "E001",
                    "pdftoppm (poppler-utils) is needed for png, tts and contact products",
                    Position("pdftoppm"),
                    hint="install poppler-utils (Debian/Ubuntu: apt-get install poppler-utils; "
                    "macOS: brew install poppler), or render only -p pnp -p print",
                )
            ]
        )
    return exe


@dataclass(frozen=True)
class RasterPlan:
    """What to make of every page: full size, the MPC crop and the small cell size."""

    dpi: int
    size: tuple[int, int]
    mpc: tuple[int, int]
    bleed_px: float
    cell: tuple[int, int]


@dataclass(frozen=True)
class PageJob:
    """Where one page's PNGs go (absolute paths, or None to skip)."""

    png: str | None = None
    mpc: str | None = None


def plan(ctx: RenderContext, full_size: bool) -> RasterPlan:
    """The raster plan: 300 dpi for PNG files, else just fine enough for the TTS cells."""
    from cardgen.render.products.tts import cell_size

    s, L = ctx.settings, ctx.theme.layout
    full = L.size.grow(L.card.bleed)
    cell = cell_size(s.tts, L.card.height / L.card.width)
    dpi = s.png.dpi if full_size else math.ceil(cell[0] / L.card.width * MM_PER_INCH)
    return RasterPlan(
        dpi=dpi,
        size=(px(full.w, dpi), px(full.h, dpi)),
        mpc=s.png.mpc,
        bleed_px=L.card.bleed / MM_PER_INCH * dpi,
        cell=cell,
    )


def page_job(out: Path, item: Sprite) -> PageJob:
    """Where the PNG and the MPC PNG of ``item`` go under ``out``."""
    rel = Path(item.pile) / f"{item.stem}.png"
    return PageJob(str(out / "png" / rel), str(out / "png-mpc" / rel))


def _pages(exe: str, pdf: str, first: int, last: int, dpi: int, tmp: str) -> list[Path]:
    """Run pdftoppm on pages ``first..last``; the PPM files in page order."""
    prefix = Path(tmp) / f"p{first}"
    cmd = [exe, "-r", str(dpi), "-f", str(first), "-l", str(last), pdf, str(prefix)]
    res = subprocess.run(cmd, capture_output=True, check=False)
    if res.returncode:
        raise RuntimeError(f"pdftoppm failed: {res.stderr.decode(errors='replace')}")
    files = sorted(Path(tmp).glob(f"p{first}-*.ppm"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
    if len(files) != last - first + 1:
        raise RuntimeError(f"pdftoppm wrote {len(files)} pages, expected {last - first + 1}")
    return files


def _work(args: tuple[str, str, int, RasterPlan, list[PageJob]]) -> list[bytes]:
    """Rasterise a run of pages, write their PNGs, return their small cells as raw RGB."""
    from cardgen.render.products.png import centre_crop, png_bytes, trim
    from cardgen.util.atomic import atomic_write_bytes

    exe, pdf, first, plan, jobs = args
    cells = []
    with tempfile.TemporaryDirectory(prefix="cardgen-raster-") as tmp:
        for f, job in zip(
            _pages(exe, pdf, first, first + len(jobs) - 1, plan.dpi, tmp), jobs, strict=True
        ):
            with Image.open(f) as raw:
                im = raw.convert("RGB")
            f.unlink()
            if im.size != plan.size:
                im = im.resize(plan.size, Image.Resampling.LANCZOS)
            if job.png:
                atomic_write_bytes(job.png, png_bytes(im, plan.dpi))
            if job.mpc:
                atomic_write_bytes(job.mpc, png_bytes(centre_crop(im, plan.mpc), plan.dpi))
            box = trim(im, plan.bleed_px)
            cell = im.resize(plan.cell, Image.Resampling.LANCZOS, box=box, reducing_gap=2.0)
            cells.append(cell.tobytes())
    return cells


def rasterise(
    pdf: bytes,
    jobs: list[PageJob],
    plan: RasterPlan,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Image.Image]:
    """Rasterise every page of ``pdf`` (one per job), write the PNGs the jobs ask for and
    return each page's small cell; the pages are split over ``workers`` processes."""
    exe = find_pdftoppm()
    n = len(jobs)
    workers = max(1, min(workers or os.cpu_count() or 1, n))
    with tempfile.TemporaryDirectory(prefix="cardgen-raster-") as tmp:
        src = Path(tmp) / "cards.pdf"
        src.write_bytes(pdf)
        size = -(-n // (workers * 2)) if workers > 1 else n
        chunks = [(exe, str(src), i + 1, plan, jobs[i : i + size]) for i in range(0, n, size)]
        if workers == 1:
            results = []
            for ch in chunks:
                results.append(_work(ch))
                if progress:
                    progress(len(ch[4]))
        else:
            # spawn, not fork: the caller may run threads (a progress bar) that fork would copy
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(workers, mp_context=ctx) as ex:
                futures = [ex.submit(_work, ch) for ch in chunks]
                results = []
                for fut, ch in zip(futures, chunks, strict=True):
                    results.append(fut.result())
                    if progress:
                        progress(len(ch[4]))
    return [Image.frombytes("RGB", plan.cell, b) for chunk in results for b in chunk]
