"""The pixel side of rasterising: pages of the raster PDF drawn by PDFium (pypdfium2), then
encoded as the PNG files and cut down to the small cells the TTS and contact sheets paste.

Used in the render process itself, or in worker processes started by
:func:`cardgen.render.products.raster.rasterise`.  A worker reads its task (the PDF bytes and
what to make of each page) from stdin, then runs of page numbers, and answers each run on
stdout with the images of its pages; it stops at the end of stdin.  It never writes a file.

A worker dies with its parent, however the parent ends (SIGKILL included): on Linux the kernel
kills it (``PR_SET_PDEATHSIG``), elsewhere a watch thread sees it orphaned
(:mod:`cardgen.util.procs`); and a parent that is gone closes the worker's stdin.

This module imports only PIL, pypdfium2 and the PNG helpers (no reportlab, no catalogue), so a
worker starts in about 0.15 s.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import struct
import sys
import traceback
from dataclasses import dataclass
from typing import IO, Any

from PIL import Image

from cardgen.render.products.png import centred, png_bytes, trim
from cardgen.util.procs import worker_setup

#: Frames on the pipes: an 8-byte big-endian length, then a pickle.
_HEADER = struct.Struct(">Q")


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
    (``png``) and the trimmed small cell (``cells``)."""

    pdf: bytes
    plan: RasterPlan
    png: bool
    cells: bool


@dataclass(frozen=True)
class PageImages:
    """One page's images: PNG bytes (or None when not asked for) and the cell as raw RGB."""

    png: bytes | None
    mpc: bytes | None
    cell: bytes | None


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
    return Image.frombytes("RGB", (w, h), buf, "raw", "RGB", stride)


def render_page(doc, index: int, task: RasterTask) -> PageImages:
    """Rasterise page ``index`` once and make every image ``task`` asks for from it."""
    plan = task.plan
    if plan.bleed_pt is not None:  # the cell alone, drawn at its size
        return PageImages(None, None, trim_pixels(doc, index, plan.cell, plan.bleed_pt).tobytes())
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


# --- the pipe protocol ------------------------------------------------------------------------
def write_frame(fh: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    fh.write(_HEADER.pack(len(data)))
    fh.write(data)
    fh.flush()


def read_frame(fh: IO[bytes]) -> Any:
    """The next object on ``fh``; None at the end of the stream (or a cut-off frame)."""
    head = fh.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (n,) = _HEADER.unpack(head)
    data = fh.read(n)
    if len(data) < n:
        return None
    return pickle.loads(data)


# --- the worker process -----------------------------------------------------------------------
def main(ppid: int) -> int:
    """Serve runs of pages on stdin/stdout until stdin ends."""
    worker_setup(ppid)  # dies with its parent; Ctrl-C is the parent's to handle
    # the answers get a private copy of stdout; anything else printed goes to stderr
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    inp = sys.stdin.buffer
    task = read_frame(inp)
    if task is None:
        return 0
    doc = open_pdf(task.pdf)
    try:
        while (pages := read_frame(inp)) is not None:
            try:
                reply = ("ok", [render_page(doc, i, task) for i in pages])
            except Exception:
                reply = ("error", traceback.format_exc())
            try:
                write_frame(out, reply)
            except BrokenPipeError:  # the parent is gone
                return 1
    finally:
        doc.close()
    return 0
