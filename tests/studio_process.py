"""A `cardgen studio` process for the tests that drive it as a user does (its HTTP side, Ctrl-C,
the browser)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, terminal_sigint

from cardgen.studio._chromium import HOW, find_chromium

#: A small Attack Right catalogue: 10 designs in four decks.
SMALL = FIXTURES / "render" / "cards"
WAIT = 120  # seconds: generous, the machine may be busy
#: The Chromium the browser tests drive (None: they are skipped, saying how to get one).
CHROMIUM = find_chromium()
try:
    import playwright.sync_api as PLAYWRIGHT
except ImportError:  # pragma: no cover - the test extras install it
    PLAYWRIGHT = None
#: The marks of a browser test: skipped without Playwright or without a Chromium.
NEEDS_BROWSER = [
    pytest.mark.skipif(PLAYWRIGHT is None, reason='no Playwright: pip install -e ".[test]"'),
    pytest.mark.skipif(CHROMIUM is None, reason=f"no Chromium found: {HOW}"),
]


class Running:
    """A `cardgen studio` process and the lines it printed."""

    def __init__(self, cards: Path, out: Path, *args: str):
        cmd = [sys.executable, "-X", "faulthandler", "-m", "cardgen", "studio", str(cards)]
        self.proc = subprocess.Popen(
            [*cmd, "-o", str(out), "--jobs", "1", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=terminal_sigint,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.errors: list[str] = []
        for target in (self._out, self._err):
            threading.Thread(target=target, daemon=True).start()
        line = self.wait_for("cardgen studio: ")
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        self.first = line
        self.url, self.port = found.group(0), int(found.group(1))

    def _out(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def _err(self) -> None:  # drained as it comes: a full pipe would block the studio
        self.errors.extend(self.proc.stderr)

    def wait_for(self, prefix: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            if line.startswith(prefix):
                return line
        raise AssertionError(f"no line starting {prefix!r}; stderr: {''.join(self.errors)}")

    def get(self, path: str, host: str | None = None, method: str = "GET", headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            h = {"Host": host or f"127.0.0.1:{self.port}", **(headers or {})}
            conn.request(method, path, headers=h)
            r = conn.getresponse()
            return r.status, dict(r.getheaders()), r.read()
        finally:
            conn.close()

    def state(self) -> dict:
        return json.loads(self.get("/api/state")[2])

    def wait_ready(self) -> None:
        """Wait until the catalogue is shown whole (pictures and diagnostics)."""
        deadline = time.monotonic() + WAIT
        while self.state()["phase"] != "ready":
            assert time.monotonic() < deadline, "the studio never got ready"
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@contextlib.contextmanager
def small_studio(folder: Path) -> Iterator[Running]:
    """`cardgen studio` of a copy of the small catalogue in ``folder``, ready."""
    shutil.copytree(SMALL, folder / "cards")
    running = Running(folder / "cards", folder / "output")
    try:
        running.wait_ready()
        yield running
    finally:
        running.stop()


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """One headless Chromium (Playwright's browser) for the tests of a module: each test opens
    its own context in it (``play_page(..., browser=...)``: a fresh profile's cookies and
    storage) instead of starting a browser of its own."""
    from playwright.sync_api import sync_playwright

    from cardgen.studio._chromium import FLAGS

    root = hasattr(os, "geteuid") and os.geteuid() == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[*FLAGS, *(["--no-sandbox"] if root else [])],
        )
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def play_page(cards: Path, tmp_path: Path, browser: Any = None) -> Iterator[tuple[Any, Running]]:
    """`cardgen studio` of ``cards`` (its output in ``tmp_path``) and a Chromium page at its
    Play view, ready; on leaving, the page's script errors are none.  The page is in a new
    context of ``browser`` when given (see ``chromium``), else in a browser of its own."""
    from playwright.sync_api import expect

    running = Running(cards, tmp_path / "output")
    with contextlib.ExitStack() as stack:
        size = {"width": 1400, "height": 1000}
        if browser is None:
            from playwright.sync_api import sync_playwright

            from cardgen.studio._chromium import launch

            p = stack.enter_context(sync_playwright())
            context = launch(p, CHROMIUM, tmp_path / "profile", viewport=size)
        else:
            context = browser.new_context(viewport=size)
        context.set_default_timeout(WAIT * 1000)
        expect.set_options(timeout=WAIT * 1000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            running.wait_ready()
            page.goto(running.url + "play")
            yield page, running
        finally:
            page.goto("about:blank")
            context.close()
            running.stop()
    assert not errors, errors
