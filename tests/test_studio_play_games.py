"""Every shipped game on the engine kit, played by clicking in the studio's Play view (Chromium
driven by Playwright): a complete seeded game for P1 against random bots, where at each of P1's
choices the page shows exactly the cards the engine's observation gives P1 (never another
seat's hidden cards) and exactly P1's legal actions; the saved log replays; opened again and
stepped back three moves, the page shows P1's cards as the engine had them there.

No game's own page code: the same test runs over every catalogue the kit plays
(``tests/kit/catalogues.py``).  Skipped without a Chromium (see test_studio_browser)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from studio_process import NEEDS_BROWSER, WAIT, chromium, play_page

from cardgen.engine.log import opened, replay, steps_of
from cardgen.engine.play import apply_strings
from tests.kit.catalogues import ids, kit_folders, load

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the test extras install it
    expect = None

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module's games, each in its own context (a browser started for each
    cost about 1.5 s)."""
    with chromium() as b:
        yield b


FOLDERS = kit_folders()
#: more clicks than any shipped game asks of one seat (a game that needs more is a defect)
MOST_CLICKS = 400


def _card_ids(value: Any, known: set[str]) -> list[str]:
    """The card ids the page draws as pictures for an observation as the table shows it
    (``Engine.shown_cards``): every card id standing alone, and every list made only of card
    ids and empty places, wherever it stands (as ``play.js`` draws it)."""
    if isinstance(value, str):
        return [value] if value in known else []
    if isinstance(value, list):
        card = [isinstance(v, str) and v in known for v in value]
        if any(card) and all(c or v is None or v == "" for c, v in zip(card, value, strict=True)):
            return [v for v in value if v]  # a row of cards and empty places
        return [c for v in value for c in _card_ids(v, known)]  # each item its own way
    if isinstance(value, dict):
        return [c for v in value.values() for c in _card_ids(v, known)]
    return []


def _changed(page, before: str) -> None:
    page.wait_for_function(
        f"() => document.body.dataset.play !== {json.dumps(before)}", timeout=WAIT * 1000
    )


#: what the page shows at one of P1's choices, read in one call (a call per zone, box and
#: button row was ~25 round trips to the browser a click): the cards drawn, the buttons (their
#: actions and pictures), boxes (null unless exactly one element matches), and for each
#: selector asked, the texts, the first card and the count of its matches' parts
_SNAPSHOT = """(q) => {
  const all = (sel) => [...document.querySelectorAll(sel)];
  const box = (sel) => {
    const els = all(sel);
    if (els.length !== 1 || !els[0].getClientRects().length) return null;
    const r = els[0].getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  const buttons = all("#actions .action");
  const zone = (sel) => ({
    top: all(sel + " [data-card]").map((c) => c.getAttribute("data-card"))[0] ?? null,
    counts: all(sel + " .pile-count").map((c) => c.innerText),
    backs: all(sel + " .back").length,
  });
  return {
    cards: all("#board [data-card]").map((c) => c.dataset.card),
    actions: buttons.map((b) => b.dataset.action),
    pictures: buttons.map((b) => [...b.querySelectorAll("img")].map((i) => i.alt)),
    own: box(q.own),
    others: all(q.others).map((s) => s.getBoundingClientRect().bottom),
    boxes: Object.fromEntries(q.boxes.map((sel) => [sel, box(sel)])),
    texts: Object.fromEntries(q.texts.map((sel) => [sel, all(sel).map((e) => e.innerText)])),
    zones: Object.fromEntries(q.zones.map((sel) => [sel, zone(sel)])),
    counters: Object.fromEntries(q.counters.map((sel) =>
      [sel, all(sel).map((c) => c.dataset.counter + "=" + c.textContent)])),
  };
}"""
#: the steps the page lists from the one at index ``n`` on (each as the log writes it, JSON)
_NEW_STEPS = """(n) => [...document.querySelectorAll("#steps > li")].slice(n)
  .map((li) => li.dataset.step)"""
#: the centre of the ``i``-th action button, scrolled into view: P1 clicks there with the mouse
#: (the browser's own hit test: a button hidden or covered gets no click, and the game does
#: not go on), in one round trip instead of the actionability waits of ``locator.click``
#: (~0.1 s a click, a third of a game's time)
_BUTTON = """(i) => {
  const b = document.querySelectorAll("#actions .action")[i];
  b.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = b.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
_OWN = '#board .seat-area.own[data-seat="P1"]'
_OTHERS = "#board .seat-area.other"


def _snapshot(page, engine: Any, shown: dict[str, Any]) -> dict[str, Any]:
    """The page read once for the checks of ``_check_layout`` and ``_check_zones`` of the
    observation ``shown`` (the selectors they look up)."""
    q: dict[str, Any] = {"own": _OWN, "others": _OTHERS}
    q["boxes"] = [f'#board .centre [data-field="{k}"]' for k in engine.layout.centre]
    layout, every = engine.layout, dict(_values(shown))
    cards = tuple(k for k, d in engine.vocabulary.items() if d == "card")
    q["texts"] = [
        f'#board span[data-zone="{path}"]'
        for path, value in every.items()
        if isinstance(value, int) and not isinstance(value, bool) and _hinted(cards, path)
    ]
    q["zones"] = [
        f'#board [data-zone="{path}"]' for path, v in every.items() if isinstance(v, list)
    ]
    q["counters"] = [
        f'#board [data-field="{f"{path}.{key}" if path else key}"] [data-counter]'
        for path, _ in _mappings(shown)
        for key in layout.counters
    ]
    return page.evaluate(_SNAPSHOT, q)


def _check_layout(snap: dict[str, Any], centre: tuple[str, ...], seen: dict[str, Any]) -> None:
    """P1's area is below the centre zones, which are below the other seats' areas."""
    own, others = snap["own"], snap["others"]
    assert others and own and max(others) <= own["y"] + 1
    for k in (k for k in centre if k in seen):
        zone = snap["boxes"][f'#board .centre [data-field="{k}"]']
        assert zone and max(others) <= zone["y"] + 1 and zone["y"] + zone["height"] <= own["y"] + 1


def _values(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every value of an observation with its path as the page names it (a list's items from
    1: ``players.1.discard``)."""
    join = lambda k: f"{path}.{k}" if path else str(k)  # noqa: E731
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _values(v, join(k))]
    if isinstance(value, list):
        return [(path, value), *(x for k, v in enumerate(value, 1) for x in _values(v, join(k)))]
    return [(path, value)]


def _hinted(patterns: tuple[str, ...], path: str) -> bool:
    """Whether ``path`` is one of the path ``patterns`` (``*``: any one part)."""
    parts = path.split(".")
    for pattern in patterns:
        p = pattern.split(".")
        if len(p) == len(parts) and all(a in ("*", b) for a, b in zip(p, parts, strict=True)):
            return True
    return False


def _check_zones(snap: dict[str, Any], engine: Any, shown: dict[str, Any], known: set[str]) -> None:
    """Piles show their top card (the list's last) and their count; a face-down zone a card
    back for each unseen place; a zone's counters the numbers of its field, place by place;
    a number where the vocabulary puts cards, that many hidden cards."""
    layout, every = engine.layout, dict(_values(shown))
    cards = tuple(k for k, d in engine.vocabulary.items() if d == "card")
    for path, value in every.items():
        if isinstance(value, int) and not isinstance(value, bool) and _hinted(cards, path):
            hidden = snap["texts"][f'#board span[data-zone="{path}"]']
            assert hidden == [f"{value} hidden"], path
        if not isinstance(value, list):
            continue
        zone = snap["zones"][f'#board [data-zone="{path}"]']
        if (
            value
            and all(isinstance(v, str) and v in known for v in value)
            and _hinted(layout.piles, path)
        ):
            top = zone["top"]
            assert top == value[-1], path
            count = f"{len(value)} card{'' if len(value) == 1 else 's'}"
            assert zone["counts"] == [count], path
        if value and _hinted(layout.face_down, path):
            assert zone["backs"] == value.count(None), path
    for path, fields in _mappings(shown):
        _check_marks(snap, layout, path, fields)


def _mappings(value: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every mapping of an observation with its path as the page names it."""
    join = lambda k: f"{path}.{k}" if path else str(k)  # noqa: E731
    if isinstance(value, dict):
        return [(path, value), *(x for k, v in value.items() for x in _mappings(v, join(k)))]
    if isinstance(value, list):
        return [x for k, v in enumerate(value, 1) for x in _mappings(v, join(k))]
    return []


def _check_marks(snap: dict[str, Any], layout: Any, path: str, fields: dict[str, Any]) -> None:
    """The marks the counters hint lays on a zone's (or a seat's stack's) places: each set
    item (not 0, none or false) of each field on its place, the place counted along the
    stack's rows."""
    seat = layout.seats and re.fullmatch(rf"{layout.seats}\.\d+", path)
    for key, names in layout.counters.items():
        if key in layout.stacks and seat:
            rows = [fields[r] for r in layout.stacks[key] if isinstance(fields.get(r), list)]
        elif isinstance(fields.get(key), list):
            rows = [fields[key]]
        else:
            continue
        places = sum(len(r) for r in rows)
        word = lambda v: v if isinstance(v, str) else json.dumps(v)  # noqa: E731  (as JS says it)
        expected = [
            f"{f}:{k}={f} {word(v)}"
            for f in names
            if isinstance(fields.get(f), list) and len(fields[f]) == places
            for k, v in enumerate(fields[f])
            if v not in (0, None, False)
        ]
        where = f"{path}.{key}" if path else key
        shown = snap["counters"][f'#board [data-field="{where}"] [data-counter]']
        assert sorted(shown) == sorted(expected), where


def _follow(page, players: int, state: Any, followed: list[dict[int, str]]) -> None:
    """Apply to ``state`` the steps the page lists after the ``followed`` ones, and follow
    them too."""
    new = page.evaluate(_NEW_STEPS, len(followed))
    for texts in steps_of({"steps": [json.loads(s) for s in new]}, players):
        apply_strings(state, texts)
        followed.append(texts)


def _shown(page) -> list[str]:
    return page.locator("#board [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_a_complete_game_is_played_by_clicking(
    folder: Path, tmp_path: Path, browser, studio_drawn
) -> None:
    catalogue, engine = load(folder)
    known = {c.id for c in catalogue}
    shutil.copytree(folder, tmp_path / "cards")
    studio_drawn.copy(folder, tmp_path / "output")  # the pictures drawn earlier in the run
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    game = engine.info.id
    players = max(2, engine.info.min_players)
    rng = random.Random(f"clicks-{game}")
    with play_page(tmp_path / "cards", tmp_path, browser) as (page, running):
        studio_drawn.keep(folder, tmp_path / "output")  # or these, for the next
        page.select_option("#players", str(players))
        page.select_option("#seat-1", "person")
        for k in range(2, players + 1):
            page.select_option(f"#seat-{k}", "random")
        page.fill("#seed", "7")
        page.click("#start")
        expect(page.locator("#result, #actions").first).to_be_visible()

        clicks: list[str] = []
        # the game so far, followed step by step: the steps the page lists that are new since
        # the last click are applied to the test's own state (the saved log, read once the
        # game ends, must be these steps: reading it whole at every click, or replaying from
        # the start, cost time quadratic in the game's length)
        _, setup, seed, _ = opened(
            page.request.get(running.url + "api/play/log").text(), engine, catalogue
        )
        state = engine.new_game(catalogue, setup).new_initial_state(seed)
        followed: list[dict[int, str]] = []
        while page.locator("#result").count() == 0:
            assert len(clicks) < MOST_CLICKS, f"{game}: no end after {MOST_CLICKS} clicks"
            _follow(page, setup.players, state, followed)
            # what P1 is shown is what the engine lets P1 see, and P1's choices are its own
            seen = state.observation(0)
            shown = engine.shown_cards(catalogue, seen)
            snap = _snapshot(page, engine, shown)
            assert Counter(snap["cards"]) == Counter(_card_ids(shown, known))
            actions = snap["actions"]
            assert actions == [state.action_to_string(0, a) for a in state.legal_actions(0)]
            # each button shows the pictures of the cards its action names
            pictures = snap["pictures"]
            names = [
                [catalogue.by_id[c].name for c in engine.action_cards(catalogue, seen, 0, a)]
                for a in actions
            ]
            assert pictures == names
            if engine.layout.seats:  # the others' areas, the centre, P1's own at the bottom
                _check_layout(snap, engine.layout.centre, seen)
            _check_zones(snap, engine, shown, known)
            if len(clicks) == 3:
                page.screenshot(path=shots / f"play-{game}.png", full_page=True)
            before = page.evaluate("document.body.dataset.play")
            choice = rng.randrange(len(actions))
            page.mouse.click(*page.evaluate(_BUTTON, choice))
            clicks.append(actions[choice])
            _changed(page, before)
        expect(page.locator("#result")).to_contain_text("game over")
        _follow(page, setup.players, state, followed)
        assert state.is_terminal()
        page.screenshot(path=shots / f"play-{game}-end.png", full_page=True)

        # the saved log is the standard game log of these clicks, and it replays
        log = page.request.get(running.url + "api/play/log").text()
        doc = json.loads(log)
        assert [s["P1"] for s in doc["steps"] if "P1" in s] == clicks
        # the steps the page listed click by click are the log's (it only grew)
        assert steps_of(doc, setup.players) == followed
        result = replay(log, engine, catalogue)
        assert result.ok, result.problem
        assert result.state.is_terminal() and doc["result"]["ended"]

        # opened again, seen as P1, three steps back: P1's cards as the engine had them
        saved = tmp_path / "saved-game.json"
        saved.write_text(log)
        page.set_input_files("#open-log", str(saved))
        n = len(doc["steps"])
        expect(page.locator("#position")).to_have_text(f"step {n} of {n}")
        before = page.evaluate("document.body.dataset.play")
        page.select_option("#viewer", "P1")
        _changed(page, before)
        for k in range(1, 4):
            page.click("#back")
            expect(page.locator("#position")).to_have_text(f"step {n - k} of {n}")
        _, setup, seed, steps = opened(log, engine, catalogue)
        back = engine.new_game(catalogue, setup).new_initial_state(seed)
        for texts in steps[: n - 3]:
            apply_strings(back, texts)
        back_shown = engine.shown_cards(catalogue, back.observation(0))
        assert Counter(_shown(page)) == Counter(_card_ids(back_shown, known))
