"""Rasterising: every card face and back drawn once to a PDF with bleed, then to pixels.

PDFium (pypdfium2, a wheel: nothing to install beside Python) draws each page once, at 300 dpi
when PNG files are asked for, else only as fine as the TTS cells need; the MakePlayingCards
PNG, the TTS sheets and the contact sheet are cut and scaled from that one image, so nothing
is laid out or rasterised twice.

The pages are split over ``jobs`` worker processes (:mod:`raster_worker`), each of which opens
the PDF from bytes it is sent (no temporary files) and dies with its parent.  A small job is
done in this process: a worker costs about 0.15 s to start, a page 15–100 ms.  The images come
back in page order, whatever the number of workers, so the output is the same for every
``jobs``.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.pack import BackDesign
from cardgen.render.painters import back_form, face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.products.raster_worker import (
    PageImages,
    RasterPlan,
    RasterTask,
    open_pdf,
    read_frame,
    render_page,
    write_frame,
)
from cardgen.render.products.tts import master_cell
from cardgen.render.units import MM_PER_INCH, mm, px

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
#: and pages drawn straight at the cell's size (measured: ~100 ms, ~15 ms and ~7 ms a page
#: against ~0.15 s to start a worker, and the build's documents use the other core meanwhile).
MIN_PAGES_PER_WORKER = {"png": 4, "cells": 24, "direct": 160}
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
    _WorkerPool(task, workers).run(runs_of(pages, size, workers), on_page)


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


def _bootstrap() -> str:
    """The worker's ``python -c`` program: it imports the very cardgen this process runs."""
    root = str(Path(__file__).resolve().parents[3])
    return (
        "import sys\n"
        f"if {root!r} not in sys.path: sys.path.insert(0, {root!r})\n"
        "from cardgen.render.products.raster_worker import main\n"
        "sys.exit(main(int(sys.argv[1])))\n"
    )


class _WorkerPool:
    """Worker processes fed runs of pages, one thread each talking to its worker over pipes.

    The workers are started from the calling thread, which waits for them to the end (on
    Linux a worker dies with the thread that started it)."""

    def __init__(self, task: RasterTask, n: int):
        self.task = task
        self.procs: list[subprocess.Popen] = []
        cmd = [sys.executable, "-c", _bootstrap(), str(os.getpid())]
        try:
            for _ in range(n):
                self.procs.append(
                    subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                )
        except BaseException:
            self.close(kill=True)
            raise

    def run(self, runs: Sequence[list[int]], on_page: Callable[[int, PageImages], None]) -> None:
        todo = list(reversed(runs))
        lock = threading.Lock()
        stop = threading.Event()
        done: queue.Queue = queue.Queue()

        def serve(proc: subprocess.Popen) -> None:
            try:
                write_frame(proc.stdin, self.task)
                while not stop.is_set():
                    with lock:
                        if not todo:
                            break
                        pages = todo.pop()
                    write_frame(proc.stdin, pages)
                    reply = read_frame(proc.stdout)
                    if reply is None:
                        raise RuntimeError(
                            f"a raster worker ended unexpectedly (exit code {proc.wait()})"
                        )
                    status, payload = reply
                    if status != "ok":
                        raise RuntimeError(f"rasterising failed in a worker:\n{payload}")
                    done.put((pages, payload))
            except BaseException as exc:
                if not stop.is_set():  # else the pool is being torn down: nothing to report
                    done.put(exc)
            finally:
                done.put(None)

        threads = [threading.Thread(target=serve, args=(p,), daemon=True) for p in self.procs]
        failed = True
        try:
            for t in threads:
                t.start()
            pending: dict[int, PageImages] = {}
            next_page, running = 0, len(threads)
            while running:
                item = done.get()
                if item is None:
                    running -= 1
                    continue
                if isinstance(item, BaseException):
                    raise item
                pages, images = item
                pending.update(zip(pages, images, strict=True))
                while next_page in pending:  # hand on in page order
                    on_page(next_page, pending.pop(next_page))
                    next_page += 1
            if todo or pending:
                raise RuntimeError("rasterising stopped before every page was done")
            failed = False
        finally:
            stop.set()
            self.close(kill=failed)
            for t in threads:
                t.join()
            for p in self.procs:
                p.stdout.close()

    def close(self, kill: bool = False) -> None:
        """End the workers: at the end of its stdin a worker ends; with ``kill`` (or if one
        lingers) it is killed."""
        for p in self.procs:
            if kill:
                p.kill()
            with contextlib.suppress(OSError):  # a broken pipe to a dead worker
                p.stdin.close()
        for p in self.procs:
            try:
                p.wait(timeout=None if kill else 10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
