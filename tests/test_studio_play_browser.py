"""The studio's Play view in a real browser (Chromium driven by Playwright), on the engine
kit's protocol: a complete seeded game of Harbour Bid played by clicking for P1 against the
greedy bot, its saved log replayed by the engine; three steps back; P1's view never holding
P2's hand.  Skipped without a Chromium (see test_studio_browser)."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from studio_process import NEEDS_BROWSER, WAIT, chromium, play_page

from cardgen.catalogue.snapshot import check_catalogue
from cardgen.engine.log import replay
from cardgen.engine.play import apply_strings
from cardgen.engine.registry import engine_of

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the test extras install it
    expect = None

pytestmark = NEEDS_BROWSER


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module's tests, each in its own context (a browser started for each
    cost about 1.5 s)."""
    with chromium() as b:
        yield b


HARBOUR = Path(__file__).resolve().parents[1] / "cardgen" / "packs" / "harbour_bid" / "cards"


def _changed(page, before: str) -> None:
    page.wait_for_function(
        f"() => document.body.dataset.play !== {json.dumps(before)}", timeout=WAIT * 1000
    )


def test_a_seeded_game_is_played_by_clicking_and_its_log_replays(tmp_path, browser, studio_drawn):
    shutil.copytree(HARBOUR, tmp_path / "cards")
    studio_drawn.copy(HARBOUR, tmp_path / "output")  # the pictures drawn earlier in the run
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    catalogue, _ = check_catalogue(tmp_path / "cards")
    engine = engine_of(catalogue)
    with play_page(tmp_path / "cards", tmp_path, browser) as (page, _):
        studio_drawn.keep(HARBOUR, tmp_path / "output")  # or these, for the next
        page.select_option("#seat-1", "person")
        page.select_option("#seat-2", "greedy")
        page.fill("#seed", "5")
        page.click("#start")
        expect(page.locator("#actions .action").first).to_be_visible()
        page.screenshot(path=shots / "play-harbour-bid.png", full_page=True)
        # a card on the table is read at full size while the pointer rests on it
        picture = page.locator('#board [data-zone="players.1.hand"] img').first
        small = picture.bounding_box()
        picture.locator("..").hover()  # its card (the picture itself never takes the pointer)
        page.wait_for_function(  # the full picture, not the thumbnail, once it is loaded
            "img => img.src.includes('/picture/full/') && img.complete && img.naturalWidth > 100",
            arg=picture.element_handle(),
        )
        page.wait_for_timeout(300)  # the zoom's transition
        large = picture.bounding_box()
        assert small and large and large["width"] > 2 * small["width"]
        page.screenshot(path=shots / "play-harbour-bid-zoom.png")
        page.mouse.move(0, 0)

        clicked, setup = [], engine.setup(catalogue, 2)
        state = engine.new_game(catalogue, setup).new_initial_state(5)
        while page.locator("#result").count() == 0:
            # what P1 is shown is what the engine lets P1 see: its hand, P2's a count
            board = page.locator("#board")
            hand = board.locator('[data-zone="players.1.hand"] .play-card')
            shown = hand.evaluate_all("cs => cs.map(c => c.dataset.card)")
            assert shown == state.observation(0)["players"][0]["hand"]
            expect(board.locator('span[data-zone="players.2.hand"]')).to_have_text(
                f"{len(state.observation(None)['players'][1]['hand'])} hidden"
            )
            assert board.locator('[data-zone="players.2.hand"] .play-card').count() == 0
            buttons = page.locator("#actions .action")
            actions = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
            assert actions == [state.action_to_string(0, a) for a in state.legal_actions(0)]
            before = page.evaluate("document.body.dataset.play")
            buttons.last.click()
            clicked.append(actions[-1])
            _changed(page, before)
            steps = page.locator("#steps li").evaluate_all("ls => ls.map(l => l.textContent)")
            bid, thought = steps[-1].split("P2: ")[1].rsplit(" (", 1)  # the bot's action, its time
            assert re.fullmatch(r"\d+\.\d{3} s\)", thought), steps[-1]
            apply_strings(state, {0: clicked[-1], 1: bid})
        expect(page.locator("#result")).to_contain_text("game over")
        assert state.is_terminal()
        page.screenshot(path=shots / "play-harbour-bid-end.png", full_page=True)

        # the saved log is the standard game log: the clicks, and it replays
        with page.expect_download() as download:
            page.click("#save-log")
        log = Path(download.value.path()).read_text()
        doc = json.loads(log)
        assert [s["P1"] for s in doc["steps"]] == clicked
        assert doc["result"]["ended"] and doc["final_digest"] == state.digest()
        result = replay(log, engine, catalogue)
        assert result.ok, result.problem

        # the saved log opened again, at its end, seen as P1; then three steps back: the
        # step shown and P1's hand as the engine had them there
        n = len(clicked)
        saved = tmp_path / "saved-game.json"
        saved.write_text(log)
        page.select_option("#seat-2", "random")  # the opened log keeps its own seats
        page.set_input_files("#open-log", str(saved))
        expect(page.locator("#position")).to_have_text(f"step {n} of {n}")
        expect(page.locator(".seats-line")).to_contain_text("P2: person (greedy in the log)")
        before = page.evaluate("document.body.dataset.play")
        page.select_option("#viewer", "P1")
        _changed(page, before)
        for _ in range(3):
            before = page.evaluate("document.body.dataset.play")
            page.click("#back")
            _changed(page, before)
        expect(page.locator("#position")).to_have_text(f"step {n - 3} of {n}")
        back = engine.new_game(catalogue, setup).new_initial_state(5)
        for step in doc["steps"][: n - 3]:
            apply_strings(back, {int(k[1:]) - 1: v for k, v in step.items()})
        hand = page.locator('#board [data-zone="players.1.hand"] .play-card')
        assert (
            hand.evaluate_all("cs => cs.map(c => c.dataset.card)")
            == (back.observation(0)["players"][0]["hand"])
        )
        page.screenshot(path=shots / "play-harbour-bid-back.png", full_page=True)


#: A catalogue's own engine: Harbour Bid with the kit's search bot held at each move until the
#: test lets it answer (the file ``thinking`` beside it: written when it starts, removed by
#: the test), so the test looks at the page while a bot thinks.
HELD_SEARCH = '''
import time
from pathlib import Path

from cardgen.engine.bots import make_bot
from cardgen.packs.harbour_bid.rules import HarbourBid

FLAG = Path(__file__).with_name("thinking")


class HeldSearch:
    """The search bot, held until the test removes the flag."""

    def __init__(self, engine, game, seed):
        self.search = make_bot(engine, game, "search", seed)

    def choose(self, state, seat):
        FLAG.write_text("thinking")
        until = time.monotonic() + 120
        while FLAG.exists() and time.monotonic() < until:
            time.sleep(0.01)
        return self.search.choose(state, seat)


class Held(HarbourBid):
    def bots(self):
        return {"held-search": HeldSearch}


ENGINE = Held()
'''


def test_a_bot_thinks_on_the_server_while_the_page_stays_live_and_its_time_is_shown(
    tmp_path, browser
):
    """While the search bot thinks the page says so and the studio answers other questions;
    then the time it thought for the move (at least as long as it was held) is shown beside
    its seat and its step, as the table recorded it."""
    shutil.copytree(HARBOUR, tmp_path / "cards")
    (tmp_path / "cards" / "rules.py").write_text(HELD_SEARCH)
    flag = tmp_path / "cards" / "thinking"
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with play_page(tmp_path / "cards", tmp_path, browser) as (page, running):
        page.select_option("#seat-1", "person")
        page.select_option("#seat-2", "held-search")
        page.click("#start")
        expect(page.locator("#actions .action").first).to_be_visible()
        held = []
        for _ in range(2):
            before = page.evaluate("document.body.dataset.play")
            page.locator("#actions .action").first.click()
            deadline = time.monotonic() + WAIT
            while not flag.exists():  # the bot is thinking, in the server
                assert time.monotonic() < deadline, "the bot never started thinking"
                time.sleep(0.02)
            expect(page.locator("#thinking")).to_be_visible()
            page.screenshot(path=shots / "play-harbour-bid-thinking.png")
            assert page.evaluate("document.body.dataset.play") == before  # not answered yet
            about = page.request.get(running.url + "api/play/about")
            assert about.ok and "held-search" in about.json()["bots"]
            start = time.monotonic()
            time.sleep(0.3)
            held.append(time.monotonic() - start)
            flag.unlink()
            _changed(page, before)
            expect(page.locator("#thinking")).to_be_hidden()
        view = page.request.get(running.url + "api/play/view?seat=P1").json()["table"]
        thought = [t["P2"] for t in view["thinking"] if "P2" in t]
        assert len(thought) == 2 and all(t >= h - 0.01 for t, h in zip(thought, held, strict=True))
        expect(page.locator(".seats-line")).to_contain_text(
            f"P2: held-search (thought {thought[-1]:.3f} s)"
        )
        steps = page.locator("#steps li").all_inner_texts()
        assert [
            s.endswith(f"P2: {step['P2']} ({t:.3f} s)")
            for s, step, t in zip(steps, view["steps"], thought, strict=True)
        ] == [True, True]
