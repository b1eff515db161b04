"""Chromium for the studio's browser tests and its benchmark: the system's browser (Debian:
``apt-get install chromium``; another: ``$CARDGEN_CHROMIUM``), driven by Playwright, headless,
with a fresh profile and nothing that reaches the network by itself."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

FLAGS = (
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
#: How to get a browser, for the message of a test skipped without one.
HOW = "apt-get install chromium (or set CARDGEN_CHROMIUM to a Chromium)"


def find_chromium() -> str | None:
    """The Chromium to drive: ``$CARDGEN_CHROMIUM``, else the system's, else None."""
    if os.environ.get("CARDGEN_CHROMIUM"):
        return os.environ["CARDGEN_CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch(playwright: Any, executable: str, profile: Path, **options: Any) -> Any:
    """A persistent browser context on the fresh ``profile`` folder (``--no-sandbox`` only
    when run as root, where Chromium's sandbox cannot start)."""
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=executable,
        headless=True,
        args=[*FLAGS, *(["--no-sandbox"] if root else [])],
        **options,
    )
