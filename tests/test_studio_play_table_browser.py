"""The shared table in real browsers (Chromium driven by Playwright): three browser contexts as
three people (two seats and a spectator) at a game of Attack Right with a bot.  Each sees its
own hand as the engine's observation for its seat gives it and never another seat's; none can
act for another seat (a forged request from its page is refused); the spectator sees no hand.
Complete games of Attack Right and Authority are played by two people against a bot, by
clicking.  Screenshots of the table at 375, 768 and 1400 px wide are saved in the test's
folder (or ``$CARDGEN_SCREENSHOTS``).  Skipped without a Chromium (see test_studio_browser)."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from studio_process import CHROMIUM, NEEDS_BROWSER, WAIT
from studio_share import Game, serving

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the test extras install it
    expect = None

from tests.kit.catalogues import ROOT

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]
ATTACK_RIGHT = ROOT / "cards"
AUTHORITY = ROOT / "games" / "authority" / "cards"
#: more clicks than a game asks of one seat (a game that needs more is a defect)
MOST_CLICKS = 600


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    from cardgen.studio._chromium import FLAGS

    root = hasattr(os, "geteuid") and os.geteuid() == 0
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[*FLAGS, *(["--no-sandbox"] if root else [])],
        )
        expect.set_options(timeout=WAIT * 1000)
        try:
            yield b
        finally:
            b.close()


class Person:
    """One person's browser context at one link; its page's script errors are kept."""

    def __init__(self, b: Any, url: str, width: int = 1400):
        self.context = b.new_context(viewport={"width": width, "height": 900})
        self.context.set_default_timeout(WAIT * 1000)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.page.wait_for_function("() => document.body.dataset.table")

    def ready(self) -> str:
        return self.page.evaluate("document.body.dataset.table")

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


def _hand(person: Person) -> list[str]:
    return person.page.locator(".t-seat.own .t-hand [data-card]").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )


def _page_cards(person: Person) -> set[str]:
    return set(person.page.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))


def _settle(game: Game, people: dict[str, Person]) -> Any:
    """The engine's state once every page shows the table's latest version."""
    for _ in range(3):
        version = game.view("P1")[0]["version"]
        for person in people.values():
            person.page.wait_for_function(
                f"() => (document.body.dataset.table || '').startsWith('{version}:')"
            )
        if game.view("P1")[0]["version"] == version:
            return game.state()
    raise AssertionError("the table kept changing")


def _ids(value: Any, known: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in known else set()
    if isinstance(value, list):
        return {c for v in value for c in _ids(v, known)}
    if isinstance(value, dict):
        return {c for v in value.values() for c in _ids(v, known)}
    return set()


def _click_once(person: Person) -> bool:
    """Choose at ``person``'s page if it is to choose: a highlighted card, else a button."""
    page = person.page
    if page.locator("#t-actions").count() == 0:
        return False
    before = person.ready()
    cards = page.locator(".t-card.playable:visible")
    if cards.count():
        cards.last.click()
        menu = page.locator(".t-menu .t-action")
        if menu.count():
            menu.first.click()
    else:
        page.locator("#t-actions .t-action").first.click()
    page.wait_for_function(
        f"() => document.body.dataset.table !== {json.dumps(before)}", timeout=WAIT * 1000
    )
    return True


def test_three_people_see_their_own_hands_only(tmp_path: Path, studio_drawn) -> None:
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with serving(ATTACK_RIGHT, tmp_path / "output", studio_drawn) as server, browser() as b:
        game = Game(server, ATTACK_RIGHT, seed=5)
        known = game.catalogue.by_id
        people = {s: Person(b, game.links[s]) for s in ("P1", "P2", "spectator")}
        logged: dict[str, int] = {}
        try:
            for round_ in range(6):
                state = _settle(game, people)
                for p, seat in enumerate(("P1", "P2")):
                    person = people[seat]
                    mine = state.observation(p)["players"][p]
                    zone = person.page.locator(".t-seat.own .t-hand").get_attribute("data-field")
                    key = zone.rsplit(".", 1)[1]
                    assert _hand(person) == [c for c in mine[key] if c]
                    others = {
                        c
                        for q, player in enumerate(state.observation(None)["players"])
                        if q != p
                        for c in _ids(player, known)
                    }
                    hidden = others - _ids(state.observation(p), known)
                    assert not _page_cards(person) & hidden, seat
                spectator = people["spectator"].page
                assert spectator.locator(".t-hand, .t-seat.own, #t-actions").count() == 0
                if round_:  # the last moves are marked: their log lines, the cards they moved
                    for seat, person in people.items():
                        marks = person.page.locator("#t-log li").evaluate_all(
                            "ls => ls.map(l => l.classList.contains('fresh'))"
                        )
                        # the lines since a change after the last round, and only those
                        assert True in marks, seat
                        first = marks.index(True)
                        assert all(marks[first:]) and first >= logged[seat], (seat, marks)
                    assert people["P1"].page.locator(".t-seat.own .t-card.fresh").count() > 0
                logged = {s: p.page.locator("#t-log li").count() for s, p in people.items()}
                every = [_ids(state.observation(q), known) for q in range(3)]
                assert _page_cards(people["spectator"]) <= set.intersection(*every)
                if round_ == 1:
                    for width in (375, 768, 1400):
                        for seat in ("P1", "spectator"):
                            page = people[seat].page
                            page.set_viewport_size({"width": width, "height": 900})
                            page.wait_for_timeout(100)
                            scroll = page.evaluate("document.documentElement.scrollWidth")
                            assert scroll <= width, (seat, width, scroll)
                            shot = shots / f"table-{seat}-{width}.png"
                            page.screenshot(path=shot, full_page=True)
                        page.set_viewport_size({"width": 1400, "height": 900})
                # no page acts for another seat: forged requests from its own page are refused
                p1_action = game.view("P1")[0]["legal"]
                if p1_action:
                    forged = people["P2"].page.evaluate(
                        """async ([a]) => {
                          const token = location.pathname.split("/")[2];
                          const r = await fetch(`/t/${token}/choose`, {method: "POST",
                            headers: {"content-type": "application/json"},
                            body: JSON.stringify({seat: "P1", action: a})});
                          return r.status; }""",
                        [p1_action[0]],
                    )
                    assert forged == 403
                    forged = people["spectator"].page.evaluate(
                        """async ([a]) => {
                          const token = location.pathname.split("/")[2];
                          const r = await fetch(`/t/${token}/choose`, {method: "POST",
                            headers: {"content-type": "application/json"},
                            body: JSON.stringify({action: a})});
                          return r.status; }""",
                        [p1_action[0]],
                    )
                    assert forged == 403
                for seat in ("P1", "P2"):
                    _click_once(people[seat])
        finally:
            for person in people.values():
                person.close()


@pytest.mark.parametrize("cards", [ATTACK_RIGHT, AUTHORITY], ids=["attack-right", "authority"])
def test_two_people_and_a_bot_play_a_whole_game(tmp_path: Path, cards: Path, studio_drawn) -> None:
    with serving(cards, tmp_path / "output", studio_drawn) as server, browser() as b:
        game = Game(server, cards, seed=2)
        people = {s: Person(b, game.links[s], width=1000) for s in ("P1", "P2")}
        try:
            for _ in range(MOST_CLICKS):
                if all(p.page.locator("#t-result").count() for p in people.values()):
                    break
                clicked = [_click_once(p) for p in people.values()]
                if not any(clicked):
                    for p in people.values():  # a bot's move, or the other page behind
                        p.page.wait_for_timeout(50)
            else:
                raise AssertionError(f"no end in {MOST_CLICKS} clicks")
            state = game.state()
            assert state.is_terminal()
            lines = game.engine.result_lines(state)
            for p in people.values():
                assert p.page.locator("#t-result li").all_inner_texts() == lines
            # notes written at the table: a card and a rating, the moment
            page = people["P1"].page
            page.click("#t-note-open")
            card = page.locator("#t-note-card option").nth(1).get_attribute("value")
            page.select_option("#t-note-card", card)
            page.fill("#t-note-text", "felt strong in the end game")
            page.select_option("#t-note-rating", "4")
            page.click("#t-note-save")
            expect(page.locator("#t-note-said")).to_have_text("note 1 saved")
            page = people["P2"].page
            page.click("#t-note-open")
            page.fill("#t-note-text", "the last round dragged")
            page.click("#t-note-save")
            expect(page.locator("#t-note-said")).to_have_text("note 2 saved")
            status, _, md = server.request("GET", "/api/notes.md", at="127.0.0.1", designer=True)
            name = game.catalogue.by_id[card].name
            assert status == 200
            text = md.decode()
            assert f"on **{name}** (`{card}`): felt strong in the end game — rated 4/5" in text
            assert "P2, step" in text and "the moment: the last round dragged" in text
            # and on the card's tile in the designer's gallery
            designer = b.new_context()
            gallery = designer.new_page()
            gallery.goto(f"http://127.0.0.1:{server.port}/?designer={server.key}")
            tile = gallery.locator(f'.tile[data-design="{card}"] .note-count')
            expect(tile).to_have_text("✎ 1 note")
            gallery.goto(f"http://127.0.0.1:{server.port}/card/{card}")  # and on its page
            expect(gallery.locator("#card-notes li")).to_contain_text(
                "felt strong in the end game (rated 4/5)"
            )
            designer.close()
        finally:
            for p in people.values():
                p.close()


PLAIN = ROOT / "tests" / "fixtures" / "plain"


def _wait_version(people: dict[str, Person], before: dict[str, str]) -> None:
    for seat, person in people.items():
        person.page.wait_for_function(
            f"() => document.body.dataset.table !== {json.dumps(before[seat])}"
        )


def test_a_sandbox_is_dealt_and_played_by_two_people(tmp_path: Path, studio_drawn) -> None:
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with serving(PLAIN, tmp_path / "output", studio_drawn) as server, browser() as b:
        shared = server.designer("POST", "/api/sandbox/start", {"seats": 2, "seed": 3})
        links = {k["seat"]: k["url"] for k in shared["links"]}
        people = {"P1": Person(b, links["P1"], width=768), "P2": Person(b, links["P2"], 375)}
        p1, p2 = people["P1"].page, people["P2"].page

        def step(page: Any, *clicks: str) -> None:
            before = {s: p.ready() for s, p in people.items()}
            for selector in clicks:
                page.locator(selector).first.click()
            _wait_version(people, before)

        try:
            step(p1, ".sb-pile", '.t-menu [data-move="deal 1"]')
            mine = p1.locator(".t-hand [data-uid]").evaluate_all("cs => cs.map(c => c.dataset.uid)")
            theirs = p2.locator(".t-hand [data-uid]").evaluate_all(
                "cs => cs.map(c => c.dataset.uid)"
            )
            assert len(mine) == 1 and len(theirs) == 1
            assert p2.locator(f'[data-uid="{mine[0]}"]').count() == 0  # P1's hand is P1's
            expect(p2.locator('[data-zone="hand:P1"] .t-count')).to_have_text("1 hidden")
            step(p1, ".t-hand .t-card", '.t-menu [data-move="to table"]')
            expect(p2.locator(f'[data-zone="table"] [data-uid="{mine[0]}"].fresh')).to_have_count(1)
            step(p2, ".t-hand .t-card", '.t-menu [data-move="to discard"]')
            expect(p1.locator(f'[data-zone="discard"] [data-uid="{theirs[0]}"]')).to_have_count(1)
            before = {s: p.ready() for s, p in people.items()}
            p2.fill("#sb-counter-name", "score")
            p2.press("#sb-counter-name", "Enter")
            _wait_version(people, before)
            step(p2, '[data-counter="score"] .sb-step >> text=+')
            expect(p1.locator('[data-counter="score"]')).to_contain_text("score 1")
            log = p1.locator("#t-log li").evaluate_all("ls => ls.map(l => l.textContent)")
            assert log[0].startswith("P1 deals 1 card of the") and len(log) == 5
            # a note about the card on the table, found in the export
            card = p1.locator(f'[data-uid="{mine[0]}"]').get_attribute("data-card")
            p1.click("#t-note-open")
            p1.select_option("#t-note-card", card)
            p1.fill("#t-note-text", "goblins come out too early")
            p1.click("#t-note-save")
            expect(p1.locator("#t-note-said")).to_have_text("note 1 saved")
            status, _, md = server.request("GET", "/api/notes.md", at="127.0.0.1", designer=True)
            assert status == 200 and "goblins come out too early" in md.decode()
            assert f"(`{card}`)" in md.decode()
            p1.click("#t-note .t-cancel")
            p1.screenshot(path=shots / "sandbox-P1-768.png", full_page=True)
            p2.screenshot(path=shots / "sandbox-P2-375.png", full_page=True)
        finally:
            for person in people.values():
                person.close()


def test_the_same_table_given_again_is_not_redrawn(tmp_path: Path, studio_drawn) -> None:
    """A seat's page given the table it already shows (another link connecting, its event
    stream reconnecting) keeps the cards it drew: a card under a player's pointer is not
    replaced while they click it (a redraw detached it, and a click waited on)."""
    with serving(ATTACK_RIGHT, tmp_path / "output", studio_drawn) as server, browser() as b:
        game = Game(server, ATTACK_RIGHT, seed=5)
        person = Person(b, game.links["P1"])
        watcher = None
        try:
            page = person.page
            page.wait_for_function("() => document.querySelector('.t-card')")
            page.evaluate("document.querySelector('.t-card').dataset.kept = 'yes'")
            before = int(page.evaluate("document.body.dataset.views"))
            drawn = person.ready()
            watcher = Person(b, game.links["spectator"])  # the table says who is here
            page.wait_for_function(f"() => Number(document.body.dataset.views) > {before}")
            assert person.ready() == drawn
            assert page.locator(".t-card[data-kept=yes]").count() == 1
        finally:
            person.close()
            if watcher is not None:
                watcher.close()
