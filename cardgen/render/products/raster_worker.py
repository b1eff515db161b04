"""The pixel side of rasterising: pages of the raster PDF drawn by PDFium (pypdfium2), then
encoded as the PNG files and cut down to the small cells the TTS and contact sheets paste.

Used in the render process itself, or in workers of the worker pool (:mod:`cardgen.util.pool`)
started by :func:`cardgen.render.products.raster.rasterise`: a worker keeps its task (the PDF
and what to make of each page, :func:`keep_task`) and answers runs of page numbers with the
images of their pages (:func:`draw_run`).  It never writes a file, and dies with the command.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

from PIL import Image

from cardgen.render.products.png import centred, png_bytes, trim


@dataclass(frozen=True)
class RasterPlan:
    """What to make of every page: full size, the MPC crop and the small cell size.

    ``bleed_pt`` set (the pages' bleed in points): the page is drawn once straight at the
    cell's size, its trim filling the cell, and nothing else is made of it (the build's TTS
    and contact sheets need no more)."""

    dpi: int
    size: tuple[int, int]
    mpc: tuple[int, int]
    bleed_px: float
    cell: tuple[int, int]
    bleed_pt: float | None = None


@dataclass(frozen=True)
class RasterTask:
    """The raster PDF and which images each of its pages gives: the PNG and MPC PNG
    (``png``) and the trimmed small cell (``cells``).  With ``stored`` (a thumbnail's size,
    and the plan's ``bleed_pt``), the cell and its thumbnail come as the raster store keeps
    them, PNG files (made where the page is drawn: in the workers, when there are some)."""

    pdf: bytes
    plan: RasterPlan
    png: bool
    cells: bool
    stored: tuple[int, int] | None = None


@dataclass(frozen=True)
class PageImages:
    """One page's images: PNG bytes (or None when not asked for) and the cell as raw RGB;
    or (:attr:`RasterTask.stored`) the cell and its thumbnail as PNG files."""

    png: bytes | None
    mpc: bytes | None
    cell: bytes | None
    cell_png: bytes | None = None
    thumb_png: bytes | None = None


def open_pdf(data: bytes):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(data)


def pixels(doc, index: int, size: tuple[int, int]) -> Image.Image:
    """Page ``index`` of ``doc`` drawn on white at exactly ``size`` pixels (RGB).

    Drawn through PDFium's own call rather than ``PdfPage.render``, whose size from a scale
    is rounded up (825.0000001 px is 826)."""
    return _draw(doc, index, size)


def trim_pixels(doc, index: int, size: tuple[int, int], bleed_pt: float) -> Image.Image:
    """Page ``index`` of ``doc`` without its bleed of ``bleed_pt`` points, drawn on white at
    exactly ``size`` pixels (RGB): PDFium draws the trim straight at that size, no resampling."""
    return _draw(doc, index, size, bleed_pt)


def _draw(doc, index: int, size: tuple[int, int], bleed_pt: float | None = None) -> Image.Image:
    """:func:`pixels`, or with ``bleed_pt`` :func:`trim_pixels`."""
    import pypdfium2.raw as pdfium_c

    w, h = size
    stride = (w * 3 + 3) & ~3
    buf = ctypes.create_string_buffer(stride * h)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(w, h, pdfium_c.FPDFBitmap_BGR, buf, stride)
    if not bitmap:
        raise MemoryError(f"PDFium could not make a {w}×{h} bitmap")
    page = doc[index]
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, 0xFFFFFFFF)
        # reversed byte order: RGB, not PDFium's native BGR
        flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
        if bleed_pt is None:
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, 0, w, h, 0, flags)
        else:
            pw, ph = page.get_size()
            sx, sy = w / (pw - 2 * bleed_pt), h / (ph - 2 * bleed_pt)
            # page points (top-left origin) to pixels, the trim's corner at (0, 0)
            matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -bleed_pt * sx, -bleed_pt * sy)
            clip = pdfium_c.FS_RECTF(0, 0, w, h)
            pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page.raw, matrix, clip, flags)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
        page.close()
    return Image.frombytes("RGB", (w, h), memoryview(buf), "raw", "RGB", stride)


def render_page(doc, index: int, task: RasterTask) -> PageImages:
    """Rasterise page ``index`` once and make every image ``task`` asks for from it."""
    plan = task.plan
    if plan.bleed_pt is not None:  # the cell alone, drawn at its size
        drawn = trim_pixels(doc, index, plan.cell, plan.bleed_pt)
        if task.stored is None:
            return PageImages(None, None, drawn.tobytes())
        from cardgen.render.products.contact import shrunk

        thumb = png_bytes(shrunk(drawn, task.stored))
        return PageImages(None, None, None, png_bytes(drawn), thumb)
    im = pixels(doc, index, plan.size)
    png = mpc = cell = None
    if task.png:
        png = png_bytes(im, plan.dpi)
        mpc = png_bytes(centred(im, plan.mpc), plan.dpi)
    if task.cells:
        box = trim(im, plan.bleed_px)
        small = im.resize(plan.cell, Image.Resampling.LANCZOS, box=box, reducing_gap=2.0)
        cell = small.tobytes()
    return PageImages(png, mpc, cell)


# --- a worker of the pool -------------------------------------------------------------------
_TASK: RasterTask | None = None
_DOC: Any = None


def keep_task(task: RasterTask) -> None:
    """A worker's start: the task, and its PDF opened once."""
    global _TASK, _DOC
    _TASK, _DOC = task, open_pdf(task.pdf)


def draw_run(pages: list[int]) -> list[PageImages]:
    """The images of a run of pages of the worker's task."""
    assert _TASK is not None, "worker not started"
    return [render_page(_DOC, i, _TASK) for i in pages]
