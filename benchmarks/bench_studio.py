"""Benchmark: `cardgen studio` in a real browser (Chromium driven by Playwright).

Usage: python benchmarks/bench_studio.py [CARDS_DIR] [--edits N] [--starts N] [--baseline N]
       [--cold N] [--cold-only] [--compare TREE] [--chromium PATH]

- save → picture: one card of the first deck file gets a new cost; the time from the save (the
  file's modification time) to its new picture decoded in the open page, as the page measures
  it (``window.studioTimings``).  Target: at most 0.5 s median.
- first gallery: from starting `cardgen studio` (interpreter start included) to every picture
  of the gallery loaded in the browser, the raster store warm (the kit built once before).
  Target: at most 3 s median.
- cold gallery (``--cold N``): from starting `cardgen studio` on an empty output folder (and
  an empty check cache) to the first picture shown in the page, and to every picture shown.
  Target: every picture within 3 s median on a quiet machine.  ``--compare TREE`` runs the same
  from another cardgen source tree (e.g. a worktree of main) alternately with this one, so
  both are measured under the same load; ``--cold-only`` skips the other measures.
- baseline (``--baseline N``): what the designer waited for before the studio, `cardgen build`
  after the same one-card edit (what `cardgen watch` runs), until its PNG of the card is
  rewritten.

The catalogue is copied to a temporary folder, so ``cards/`` is never touched.  Prints every run
and the medians beside their targets.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from cardgen.studio._chromium import HOW, find_chromium, launch

ROOT = Path(__file__).resolve().parents[1]
SAVE_TARGET, GALLERY_TARGET = 0.5, 3.0
WAIT = 300


class Studio:
    """A `cardgen studio` process: started, its URL read from its first line."""

    def __init__(
        self, cards: Path, out: Path, tree: Path = ROOT, env: dict[str, str] | None = None
    ):
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardgen", "studio", str(cards), "-o", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            cwd=tree,  # `python -m` imports the package of its working folder first
        )
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(
            target=lambda: [lines.put(x) for x in self.proc.stdout], daemon=True
        ).start()
        line = lines.get(timeout=WAIT)
        self.url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)

    def _read(self, lines: queue.Queue[str]) -> None:
        for line in self.proc.stdout:
            lines.put(line)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=WAIT)


def _gallery_loaded(page) -> None:
    page.wait_for_function(
        "() => document.body.dataset.phase === 'ready' && "
        "document.querySelectorAll('.tile').length > 0 && "
        "[...document.querySelectorAll('.tile img')].every(i => i.complete && i.naturalWidth)",
        timeout=WAIT * 1000,
    )


_EVERY_TILE_SHOWN = (
    "() => document.querySelectorAll('.tile').length > 0 && "
    "[...document.querySelectorAll('.tile')].every(t => {"
    " const i = t.querySelector('img'); return i && i.complete && i.naturalWidth; })"
)
_A_TILE_SHOWN = (
    "() => [...document.querySelectorAll('.tile img')].some(i => i.complete && i.naturalWidth)"
)


def _cold(browser, cards: Path, tmp: Path, tree: str | None) -> tuple[float, float]:
    """One cold first gallery (empty output folder and check cache), the studio run from
    ``tree`` (None: this one): seconds to the first picture shown, and to every picture."""
    out = Path(tempfile.mkdtemp(prefix="cold-", dir=tmp))
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(out / "cache"), "PYTHONPATH": tree or str(ROOT)}
    page = browser.new_page()
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")  # same keys each run
    studio = Studio(cards, out / "output", Path(tree) if tree else ROOT, env=env)
    try:
        page.goto(studio.url)
        page.wait_for_function(_A_TILE_SHOWN, timeout=WAIT * 1000, polling=20)
        first = time.perf_counter() - studio.started
        page.wait_for_function(_EVERY_TILE_SHOWN, timeout=WAIT * 1000, polling=20)
        return first, time.perf_counter() - studio.started
    finally:
        page.close()
        studio.stop()
        shutil.rmtree(out, ignore_errors=True)


def _edit(deck: Path, run: int) -> str:
    """Give the first card of ``deck`` a new cost (its text only: the other cards' bytes stay)."""
    text = deck.read_text()
    found = re.search(r"\n    cost: (\d+)\n", text)
    cost = (int(found.group(1)) + 1 + run) % 20
    deck.write_text(text[: found.start()] + f"\n    cost: {cost}\n" + text[found.end() :])
    return re.search(r"- id: ([\w-]+)", text).group(1)


def _settle(page, kit: bool = True) -> None:
    """Wait until the page shows the whole validation, and the kit build is done."""
    page.wait_for_function("() => document.body.dataset.phase === 'ready'", timeout=WAIT * 1000)
    if kit:
        import json
        import urllib.request

        url = page.url.split("/", 3)
        api = "/".join(url[:3]) + "/api/kit"
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with urllib.request.urlopen(api) as r:
                if json.load(r)["status"] in ("done", "failed", "invalid"):
                    return
            time.sleep(0.2)


def _report(name: str, times: list[float], target: str) -> None:
    print(f"{name:<16} runs: " + " ".join(f"{t:.3f}" for t in times))
    print(f"{name:<16} median: {statistics.median(times):.3f} s over {len(times)} runs ({target})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", default=str(ROOT / "cards"))
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--baseline", type=int, default=1)
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--cold-only", action="store_true")
    parser.add_argument("--compare", metavar="TREE", help="another cardgen source tree")
    parser.add_argument("--chromium", default=find_chromium())
    args = parser.parse_args()
    if not args.chromium:
        sys.exit(f"no Chromium: {HOW}, or give --chromium PATH")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-studio-") as tmp, sync_playwright() as p:
        cards, out = Path(tmp) / "cards", Path(tmp) / "output"
        shutil.copytree(args.cards, cards)
        deck = sorted(q for q in cards.glob("*.yaml") if q.name != "rules.yaml")[0]
        if not args.cold_only:
            build = [sys.executable, "-m", "cardgen", "build", str(cards), "-o", str(out), "-q"]
            subprocess.run(build, check=True)  # the raster store warm, the kit built
        viewport = {"width": 1400, "height": 1000}
        browser = launch(p, args.chromium, Path(tmp) / "profile", viewport=viewport)
        cold: dict[str | None, list[tuple[float, float]]] = {None: [], args.compare: []}
        for _ in range(args.cold):  # alternately, under the same load
            for tree in dict.fromkeys([None, args.compare]):
                cold[tree].append(_cold(browser, cards, Path(tmp), tree))
        if args.cold_only:
            browser.close()
            for tree, runs in cold.items():
                name = "this tree" if tree is None else tree
                _report("cold: first", [f for f, _ in runs], f"{name}: first picture")
                _report("cold: all", [a for _, a in runs], f"{name}: target ≤ {GALLERY_TARGET} s")
            return
        starts = []
        for _ in range(args.starts):
            page = browser.new_page()
            studio = Studio(cards, out)
            try:
                page.goto(studio.url)
                _gallery_loaded(page)
                starts.append(time.perf_counter() - studio.started)
                _settle(page)
            finally:
                page.close()
                studio.stop()

        saves = []
        page = browser.new_page()
        studio = Studio(cards, out)
        try:
            page.goto(studio.url)
            _gallery_loaded(page)
            _settle(page)
            for run in range(args.edits):
                card = _edit(deck, run)
                shown = f"() => window.studioTimings.length > {run}"
                page.wait_for_function(shown, timeout=WAIT * 1000)
                timing = page.evaluate(f"window.studioTimings[{run}]")
                assert timing["rendered"] == [card], timing
                saves.append(timing["seconds"])
                _settle(page)
        finally:
            page.close()
            studio.stop()
            browser.close()

        baseline = []
        for run in range(args.baseline):
            card = _edit(deck, args.edits + run)
            png = next(out.glob(f"cards/png/*/{card}.png"))
            before = png.stat().st_mtime_ns
            saved = deck.stat().st_mtime
            subprocess.run(
                [sys.executable, "-m", "cardgen", "build", str(cards), "-o", str(out), "-q"],
                check=True,
            )
            assert png.stat().st_mtime_ns != before
            baseline.append(png.stat().st_mtime - saved)

    print(f"catalogue: {args.cards} (edited: the first card of {deck.name})")
    print(f"browser: {args.chromium}")
    _report("save → picture", saves, f"target ≤ {SAVE_TARGET} s")
    _report("first gallery", starts, f"target ≤ {GALLERY_TARGET} s, warm raster store")
    for tree, runs in cold.items():
        name = "this tree" if tree is None else tree
        if runs:
            _report("cold: first", [f for f, _ in runs], f"{name}: first picture")
            _report("cold: all", [a for _, a in runs], f"{name}: target ≤ {GALLERY_TARGET} s")
    if baseline:
        _report("baseline build", baseline, "`cardgen build` after the same edit, to its PNG")


if __name__ == "__main__":
    main()
