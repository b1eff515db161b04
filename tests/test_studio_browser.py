"""The studio in a real browser: Chromium driven by Playwright.  Every card is shown, the
gallery filters and searches, a card's page is at print size with its guides, a saved edit
changes the picture in the open page, an invalid save shows its diagnostic on the card and a
fix clears it; the kit's pages are shown.

The browser is the system's Chromium (Debian: ``apt-get install chromium``; another one:
``CARDGEN_CHROMIUM=/path/to/chromium``).  Without one these tests are skipped.  Screenshots are
saved for a person to look at: in ``$CARDGEN_SCREENSHOTS`` if set, else in a temporary folder.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from studio_process import CHROMIUM, NEEDS_BROWSER, SMALL, WAIT, Running, small_studio

from cardgen.studio._chromium import launch

try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the test extras install it
    sync_playwright = None

pytestmark = NEEDS_BROWSER
MS = WAIT * 1000
if sync_playwright is not None:
    expect.set_options(timeout=MS)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("CARDGEN_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Chromium with a fresh profile, headless."""
    with sync_playwright() as p:
        profile = tmp_path_factory.mktemp("profile")
        context = launch(p, CHROMIUM, profile, viewport={"width": 1280, "height": 900})
        context.set_default_timeout(MS)
        yield context
        context.close()


@pytest.fixture
def page(browser):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    page.close()
    assert not errors, errors  # no script error, no failed load


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """A studio of the small catalogue, left as it is by the tests that use it."""
    with small_studio(tmp_path_factory.mktemp("shown")) as running:
        yield running


def _gallery(page: Page, url: str) -> None:
    """Open the gallery and wait for every picture to be loaded."""
    page.goto(url)
    page.wait_for_function(
        "() => document.querySelectorAll('.tile').length > 0 && "
        "[...document.querySelectorAll('.tile img')].every(i => i.complete && i.naturalWidth)"
    )


def test_every_card_is_shown_and_the_gallery_filters_and_searches(page, shown, shots):
    state = shown.state()
    _gallery(page, shown.url)
    page.screenshot(path=shots / "gallery.png", full_page=True)
    cards = page.locator(".tile[data-card]")
    expect(cards).to_have_count(len(state["cards"]))
    for c in state["cards"]:  # each card with its own picture
        tile = page.locator(f'.tile[data-card="{c["id"]}"]')
        expect(tile.locator(".name")).to_have_text(c["name"])
        key = state["pictures"][c["id"]]
        expect(tile.locator("img")).to_have_attribute("src", f"/picture/thumb/{key}.png")
    expect(page.locator(".group.backs .tile")).to_have_count(len(state["backs"]))
    total = sum(c["copies"] for c in state["cards"])
    expect(page.locator("#counts")).to_have_text(
        f"showing {len(state['cards'])} of {len(state['cards'])} designs · {total} of {total} cards"
    )
    # grouped by pile: the battle deck's 4 designs, 6 cards
    expect(page.locator('.group[data-group="battle"] h2 small')).to_have_text(
        " 4 designs · 6 cards"
    )

    page.select_option("#filter-field", "type")
    page.select_option("#filter-value", "building")
    buildings = sorted(c["id"] for c in state["cards"] if c["fields"]["type"] == "building")
    visible = page.locator(".group:not(.backs) .tile")
    expect(visible).to_have_count(len(buildings))
    assert sorted(visible.evaluate_all("ts => ts.map(t => t.dataset.card)")) == buildings
    page.screenshot(path=shots / "gallery-buildings.png")

    page.select_option("#filter-field", "")
    page.fill("#search", "raid")
    expect(visible).to_have_count(1)
    expect(visible.first).to_have_attribute("data-card", "raiders")
    page.fill("#search", "")
    page.select_option("#group-by", "field:season")
    expect(page.locator(".group:not(.backs)")).to_have_count(
        len({c["fields"]["season"] for c in state["cards"]})
    )


def test_a_card_page_shows_it_at_print_size_with_its_guides_fields_and_source(page, shown, shots):
    _gallery(page, shown.url)
    page.click('.tile[data-card="war-camp"]')
    page.wait_for_url("**/card/war-camp")
    face = page.locator(".print-size").first
    expect(face.locator("img")).to_have_js_property("complete", True)
    box = face.bounding_box()
    px_per_mm = 96 / 25.4  # CSS millimetres: print size at 100 %
    assert abs(box["width"] - (63.5 + 2 * 3.175) * px_per_mm) < 1.5
    assert abs(box["height"] - (88.9 + 2 * 3.175) * px_per_mm) < 1.5
    trim = face.locator("rect.trim")
    assert abs(trim.bounding_box()["width"] - 63.5 * px_per_mm) < 1.5
    expect(face.locator("rect.safe")).to_be_visible()
    expect(page.locator(".printed-text")).to_contain_text("Produces")
    expect(page.locator(".fields")).to_contain_text("building")
    expect(page.locator(".source code").first).to_contain_text("- id: war-camp")
    page.screenshot(path=shots / "card-war-camp.png", full_page=True)
    page.uncheck("#show-safe")
    expect(face.locator("rect.safe")).to_be_hidden()
    expect(face.locator("rect.trim")).to_be_visible()


def test_a_saved_edit_changes_the_picture_an_invalid_one_shows_its_diagnostic_a_fix_clears_it(
    page, tmp_path, shots
):
    shutil.copytree(SMALL, tmp_path / "cards")
    running = Running(tmp_path / "cards", tmp_path / "output")
    try:
        running.wait_ready()
        _gallery(page, running.url)
        tile = page.locator('.tile[data-card="war-camp"]')
        img = tile.locator("img")
        before = img.get_attribute("src")
        picture = tile.locator(".pic").screenshot()
        deck = tmp_path / "cards" / "battle.yaml"
        text = deck.read_text()

        # an edit: the new picture replaces the old one in the open page, without a reload
        page.evaluate("window.notReloaded = true")
        deck.write_text(text.replace("    cost: 0\n", "    cost: 5\n", 1))
        expect(img).not_to_have_attribute("src", before)
        expect(img).to_have_js_property("complete", True)
        page.wait_for_function("() => window.studioTimings.length > 0")
        assert page.evaluate("window.notReloaded")
        assert tile.locator(".pic").screenshot() != picture
        expect(page.locator("#timing")).to_contain_text("saved battle.yaml → shown in")
        timing = page.evaluate("window.studioTimings[0]")
        assert timing["rendered"] == ["war-camp"] and 0 < timing["seconds"] < WAIT
        page.screenshot(path=shots / "edit-saved.png")
        edited = img.get_attribute("src")
        # a card's last good picture is the last one that passed the whole validation: wait
        # for it (under load the next save could come while this one is still being checked)
        expect(page.locator("#status")).not_to_contain_text("…")  # checking…, rendering…

        # an invalid value: its diagnostic on the card, the last good picture kept
        deck.write_text(text.replace("    cost: 0\n", "    cost: lots\n", 1))
        expect(tile.locator(".badge.error")).to_be_visible()
        expect(tile.locator('.pins li.error[data-code="E102"]')).to_contain_text("cost")
        expect(tile.locator(".pins li.error").first).to_contain_text("battle.yaml:")
        expect(tile.locator(".stale")).to_be_visible()
        expect(img).to_have_attribute("src", edited)
        expect(page.locator("#diagnostics")).to_contain_text("E102")
        expect(page.locator("#status")).to_contain_text("invalid")
        tile.scroll_into_view_if_needed()
        page.screenshot(path=shots / "edit-invalid.png")

        # the fix: the diagnostic goes, the new picture comes
        deck.write_text(text.replace("    cost: 0\n", "    cost: 7\n", 1))
        expect(tile.locator(".badge.error")).to_have_count(0)
        expect(tile.locator(".stale")).to_have_count(0)
        expect(img).not_to_have_attribute("src", edited)
        expect(page.locator("#status")).to_contain_text("valid")
        page.screenshot(path=shots / "edit-fixed.png")
        assert page.evaluate("window.notReloaded")
    finally:
        page.goto("about:blank")  # closes its event stream before the studio stops
        running.stop()


def test_the_kit_s_pages_are_shown(page, shown, shots):
    page.goto(shown.url + "kit")
    expect(page.locator("#kit-status")).to_have_text("kit up to date", timeout=MS)
    pnp = page.locator('.kit-file[data-path="cards/pnp-a4.pdf"]')
    expect(pnp).to_be_visible()
    first = pnp.locator(".page img").first
    expect(first).to_have_js_property("complete", True)
    assert first.evaluate("i => i.naturalWidth") == 280
    expect(page.locator('.kit-file[data-path^="components/"]').first).to_be_visible()
    expect(page.locator('.kit-file[data-path^="rulebook/"]').first).to_be_visible()
    page.screenshot(path=shots / "kit.png")
    first.click()
    zoomed = page.locator("#zoom img")
    expect(zoomed).to_have_js_property("complete", True)
    assert zoomed.evaluate("i => i.naturalWidth") == 1100
    page.screenshot(path=shots / "kit-page.png")
