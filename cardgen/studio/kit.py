"""The kit beside the cards: the build that makes it, and its pages as images.

The kit is ``cardgen build`` of the catalogue into the output folder, run in a process of its
own (:mod:`cardgen.studio._kit_build`) after every save that leaves the catalogue valid, and
stopped when the next save makes it out of date.  Its print-and-play sheets, print pages,
components and rulebook are listed from the build's manifest and drawn page by page by PDFium.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from cardgen.build.manifest import MANIFEST_FILE

#: Widths (px) a kit page is drawn at: a thumbnail and a page to read.
PAGE_WIDTHS = (280, 1100)
#: Page images kept in memory.
CACHED_PAGES = 160
#: Seconds a stopped build has to end before it is killed.
STOP_WAIT = 5.0


@dataclass(frozen=True)
class KitFile:
    """One file of the kit shown as images: a PDF (its pages) or a PNG sheet."""

    path: str  # relative to the output folder, '/'-separated
    description: str
    pages: int  # 1 for an image
    version: str  # changes whenever the file is rewritten

    @property
    def group(self) -> str:
        return self.path.split("/", 1)[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "description": self.description,
            "pages": self.pages,
            "version": self.version,
            "group": self.group,
        }


def _shown(path: str, pages: int | None) -> bool:
    """The kit files shown as pages: every PDF, the contact sheet and the TTS deck sheets."""
    if path.endswith(".pdf"):
        return bool(pages)
    return path == "cards/contact.png" or (path.startswith("cards/tts/") and path.endswith(".png"))


def kit_files(out: Path) -> list[KitFile]:
    """The kit's PDFs and sheets as the last build's manifest lists them (none before the
    first build), each with a version that changes when the file is rewritten."""
    try:
        manifest = json.loads((Path(out) / MANIFEST_FILE).read_text("utf-8"))
        entries = list(manifest["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return []
    files = []
    for e in entries:
        path, pages = e.get("path"), e.get("pages")
        if not isinstance(path, str) or not _shown(path, pages):
            continue
        try:
            st = (Path(out) / path).stat()
        except OSError:
            continue
        version = f"{st.st_mtime_ns:x}{st.st_size:x}"
        files.append(KitFile(path, str(e.get("description", "")), pages or 1, version))
    return files


class KitBuilder:
    """Runs the kit build in a child process and reports its steps (``on_event`` gets each
    JSON event the child prints, then ``{"event": "exit", "code": n}``)."""

    def __init__(
        self,
        cards: Path,
        out: Path,
        on_event: Callable[[dict[str, Any]], None],
        *,
        paper: str = "a4",
        jobs: int | None = None,
    ):
        self.cards, self.out, self.paper, self.jobs = cards, out, paper, jobs
        self.on_event = on_event
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None

    @property
    def running(self) -> bool:
        with self._lock:
            return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start a build (after stopping one that runs)."""
        self.stop()
        args = json.dumps(
            {
                "cards": os.fspath(self.cards),
                "out": os.fspath(self.out),
                "paper": self.paper,
                "jobs": self.jobs,
                "ppid": os.getpid(),
            }
        )
        # the child imports the very cardgen this process runs
        root = str(Path(__file__).resolve().parents[2])
        path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONPATH": path}
        proc = subprocess.Popen(
            [sys.executable, "-m", "cardgen.studio._kit_build", args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        reader = threading.Thread(target=self._read, args=(proc,), name="kit-build", daemon=True)
        with self._lock:
            self._proc, self._reader = proc, reader
        reader.start()

    def interrupt(self) -> None:
        """Ask a running build to stop (SIGTERM), without waiting for it."""
        with self._lock:
            proc = self._proc
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)

    def stop(self) -> None:
        """Stop a running build and wait for it to end (killed if it lingers).  Its reader
        is waited for at most :data:`STOP_WAIT` seconds: it may be handing an event to a
        session busy elsewhere (the studio's page sizes wait for PDFium, which a gallery's
        drawing holds for as long as it draws), and Ctrl-C must not wait for that."""
        self.interrupt()
        with self._lock:
            proc, reader = self._proc, self._reader
            self._proc = self._reader = None
        if proc is None:
            return
        try:
            proc.wait(timeout=STOP_WAIT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if reader is not None:
            reader.join(timeout=STOP_WAIT)

    def _read(self, proc: subprocess.Popen) -> None:
        out: IO[bytes] = proc.stdout  # type: ignore[assignment]
        with out:
            for line in out:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if isinstance(event, dict):
                    self.on_event(event)
        self.on_event({"event": "exit", "code": proc.wait()})


class PageImages:
    """Pages of the kit's files as PNG images (PDFium), the recent ones kept in memory.
    ``lock`` serialises PDFium, which must not run in two threads at once."""

    def __init__(self, out: Path, lock: threading.Lock):
        self.out = Path(out)
        self.lock = lock
        self._cache: OrderedDict[tuple, bytes] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._sizes: dict[tuple[str, str], list[tuple[float, float]]] = {}

    def sizes(self, file: KitFile) -> list[tuple[float, float]]:
        """The size of each page of ``file`` (points, or pixels for an image); none when it
        cannot be read (rewritten meanwhile: its next version is listed again)."""
        key = (file.path, file.version)
        if key not in self._sizes:
            path = self.out / file.path
            try:
                if path.suffix == ".png":
                    from PIL import Image

                    with Image.open(path) as im:
                        found = [(float(im.width), float(im.height))]
                else:
                    import pypdfium2 as pdfium

                    with self.lock:
                        doc = pdfium.PdfDocument(path)
                        try:
                            found = [doc.get_page_size(i) for i in range(len(doc))]
                        finally:
                            doc.close()
            except Exception:
                return []
            self._sizes = {k: v for k, v in self._sizes.items() if k[0] != file.path}
            self._sizes[key] = found
        return self._sizes[key]

    def image(self, file: KitFile, page: int, width: int) -> bytes:
        """Page ``page`` (0-based) of ``file`` as a PNG ``width`` pixels wide."""
        key = (file.path, file.version, page, width)
        with self._cache_lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        data = self._draw(self.out / file.path, page, width)
        with self._cache_lock:
            self._cache[key] = data
            while len(self._cache) > CACHED_PAGES:
                self._cache.popitem(last=False)
        return data

    def _draw(self, path: Path, page: int, width: int) -> bytes:
        from PIL import Image

        from cardgen.render.products.png import png_bytes

        if path.suffix == ".png":
            with Image.open(path) as im:
                rgb = im.convert("RGB")
            rgb.thumbnail((width, width * 4), Image.Resampling.LANCZOS)
            return png_bytes(rgb)
        import pypdfium2 as pdfium

        with self.lock:
            doc = pdfium.PdfDocument(path)
            try:
                p = doc[page]
                try:
                    bitmap = p.render(scale=width / p.get_width())
                    im = bitmap.to_pil().convert("RGB")
                finally:
                    p.close()
            finally:
                doc.close()
        return png_bytes(im)
