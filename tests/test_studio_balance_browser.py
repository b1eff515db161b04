"""The studio's Balance view in a real browser (Chromium driven by Playwright): a run of the
balance lab on a copy of Harbour Bid started from the page, its report drawn there (the
designs' chart, the quality by player count, the proposals' table).  Skipped without a
Chromium (see test_studio_browser)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from studio_process import CHROMIUM, NEEDS_BROWSER, WAIT, Running

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]
HARBOUR = Path(__file__).resolve().parents[1] / "games" / "harbour-bid-data" / "cards"


def test_a_balance_run_is_started_from_the_page_and_its_report_drawn(tmp_path, studio_drawn):
    from playwright.sync_api import expect, sync_playwright

    from cardgen.studio._chromium import launch

    shutil.copytree(HARBOUR, tmp_path / "cards")
    studio_drawn.copy(HARBOUR, tmp_path / "output")  # the pictures drawn earlier in the run
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    running = Running(tmp_path / "cards", tmp_path / "output")
    errors: list[str] = []
    with sync_playwright() as p:
        browser = launch(p, CHROMIUM, tmp_path / "profile", viewport={"width": 1200, "height": 900})
        browser.set_default_timeout(WAIT * 1000)
        expect.set_options(timeout=WAIT * 1000)
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            running.wait_ready()
            studio_drawn.keep(HARBOUR, tmp_path / "output")  # or these, for the next
            page.goto(running.url + "balance")
            expect(page.locator("#balance-status")).to_have_text("No run yet.")
            page.fill("#balance-games", "5")  # below the least: refused with the bounds
            page.click("#balance-run")
            expect(page.locator("#balance-status")).to_have_attribute("data-status", "refused")
            expect(page.locator("#balance-status")).to_contain_text("games 10–2000")
            page.fill("#balance-games", "20")
            page.fill("#balance-budget", "1")
            page.click("#balance-run")
            page.wait_for_function(
                "() => (document.body.dataset.balance || '').startsWith('done:')",
                timeout=WAIT * 1000,
            )
            report = page.locator("#balance-report")
            expect(report.locator("h2")).to_have_text("Balance: Harbour Bid")
            figures = report.locator(".balance-figures img")
            expect(figures.first).to_be_visible()
            page.wait_for_function(
                "() => [...document.querySelectorAll('.balance-figures img')]"
                ".every(i => i.complete && i.naturalWidth > 100)"
            )
            titles = figures.evaluate_all("imgs => imgs.map(i => i.alt)")
            assert titles[:2] == [
                "Designs: how often played, how often their players win (2 players)",
                "Game quality by player count",
            ]
            tables = report.locator(".balance-table").evaluate_all(
                "ts => ts.map(t => t.dataset.table)"
            )
            assert tables == ["quality", "outliers", "proposals", "designs"]
            # a figure never breaks across lines; a wide table scrolls in its own box
            cells = report.locator('[data-table="designs"] td').evaluate_all(
                "tds => tds.map(td => getComputedStyle(td).whiteSpace)"
            )
            assert cells and set(cells) == {"nowrap"}
            quality = report.locator('[data-table="quality"] tbody tr').first
            expect(quality.locator("td").first).to_have_text("decisiveness")
            page.screenshot(path=shots / "balance-harbour-bid.png", full_page=True)
        finally:
            page.goto("about:blank")
            browser.close()
            running.stop()
    assert not errors, errors
