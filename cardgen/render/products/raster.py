"""Rasterising: every card face and back drawn once to a PDF with bleed, then to pixels.

PDFium (pypdfium2, a wheel: nothing to install beside Python) draws each page once, at 300 dpi
when PNG files are asked for, else only as fine as the TTS cells need; the MakePlayingCards
PNG, the TTS sheets and the contact sheet are cut and scaled from that one image, so nothing
is laid out or rasterised twice.

The pages are split over ``jobs`` workers of the worker pool (:mod:`cardgen.util.pool`), each of
which opens the PDF (no temporary files) and dies with the command.  A small job is done in this
process (a page takes 15–100 ms).  The images come back in page order, whatever the number of
workers, so the output is the same for every ``jobs``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.pack import BackDesign
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.products.raster_worker import (
    PageImages,
    RasterPlan,
    RasterTask,
    draw_run,
    keep_task,
    open_pdf,
    render_page,
)
from cardgen.render.products.tts import master_cell
from cardgen.render.units import MM_PER_INCH, mm, px
from cardgen.util.pool import worker_pool

__all__ = [
    "PageImages",
    "RasterPlan",
    "RasterTask",
    "Sprite",
    "plan",
    "png_paths",
    "raster_pdf",
    "rasterise",
    "sprites",
    "worker_count",
]

#: Fewest pages worth a worker process of its own: PNG pages (encoded twice), cell-only pages
#: and pages drawn straight at the cell's size (measured: ~100 ms, ~15 ms and ~20 ms a page,
#: the last with its cell and thumbnail encoded as the raster store's PNG files, against
#: ~0.15 s to start a worker as a fresh interpreter, as they were when these were measured;
#: forked now, they start sooner).  A fresh kit's 115 designs: two workers, beside the
#: documents' (the build's own process only writes the files); a card edit's: none.
MIN_PAGES_PER_WORKER = {"png": 4, "cells": 24, "direct": 24}
#: Runs of pages handed to a worker at a time: per worker, this many runs in all (smaller runs
#: balance the load, larger ones cost fewer round trips).
RUNS_PER_WORKER = 4


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


def plan(ctx: RenderContext, full_size: bool, cell: tuple[int, int] | None = None) -> RasterPlan:
    """The raster plan: 300 dpi for PNG files, else just fine enough for the TTS cells (the
    cards' trim at the print resolution, which each TTS sheet scales to its own card size).

    With ``cell`` (and not ``full_size``) each page is drawn straight at that size, its trim
    filling it: the one image the TTS and contact sheets of a game whose sheets hold cards of
    that size need (:func:`cardgen.render.products.tts.game_cell`)."""

    s, L = ctx.settings, ctx.theme.layout
    full = L.size.grow(L.card.bleed)
    direct = cell is not None and not full_size
    cell = cell if direct else master_cell(ctx)
    assert cell is not None
    dpi = s.png.dpi if full_size else math.ceil(cell[0] / L.card.width * MM_PER_INCH)
    return RasterPlan(
        dpi=dpi,
        size=(px(full.w, dpi), px(full.h, dpi)),
        mpc=s.png.mpc,
        bleed_px=L.card.bleed / MM_PER_INCH * dpi,
        cell=cell,
        bleed_pt=mm(L.card.bleed) if direct else None,
    )


def png_paths(item: Sprite) -> tuple[str, str]:
    """Where the PNG and the MPC PNG of ``item`` go, relative to the output folder."""
    rel = f"{item.pile}/{item.stem}.png"
    return f"png/{rel}", f"png-mpc/{rel}"


def default_jobs() -> int:
    """The machine's cores."""
    return os.cpu_count() or 1


def worker_count(pages: int, task: RasterTask, jobs: int | None) -> int:
    """Worker processes for ``pages`` pages: at most ``jobs``, and none but this process (1)
    unless each would get enough pages to pay for its start."""
    jobs = default_jobs() if jobs is None else jobs
    kind = "png" if task.png else "direct" if task.plan.bleed_pt is not None else "cells"
    return max(1, min(jobs, pages // MIN_PAGES_PER_WORKER[kind]))


def rasterise(
    task: RasterTask,
    pages: int,
    on_page: Callable[[int, PageImages], None],
    jobs: int | None = None,
) -> None:
    """Rasterise the ``pages`` pages of ``task.pdf``; ``on_page(i, images)`` gets each page's
    images in page order, in this thread."""
    workers = worker_count(pages, task, jobs)
    if workers == 1:
        doc = open_pdf(task.pdf)
        try:
            for i in range(pages):
                on_page(i, render_page(doc, i, task))
        finally:
            doc.close()
        return
    size = max(1, -(-pages // (workers * RUNS_PER_WORKER)))
    runs = runs_of(pages, size, workers)
    with worker_pool(workers, keep_task, (task,)) as pool:
        for run, images in zip(runs, pool.map(draw_run, runs), strict=True):  # in page order
            for i, im in zip(run, images, strict=True):
                on_page(i, im)


def runs_of(pages: int, size: int, workers: int) -> list[list[int]]:
    """The runs of pages handed to ``workers`` workers: one page each first, then twice as
    many each round up to ``size``, so the first pages come back as soon as they are drawn."""
    runs: list[list[int]] = []
    start, step = 0, 1
    while start < pages:
        end = min(start + min(step, size), pages)
        runs.append(list(range(start, end)))
        start = end
        if len(runs) % workers == 0:
            step *= 2
    return runs


def cheapest_first(items: Sequence[Sprite]) -> list[int]:
    """The indexes of ``items`` in drawing order: the backs (plain art, quickest to draw)
    before the faces, each in its own order, so the first pictures come soonest."""
    return sorted(range(len(items)), key=lambda i: items[i].card is not None)
