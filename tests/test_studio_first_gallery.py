"""The studio's first gallery from an empty output folder: the cards listed from the quick read
before the whole validation ends; every design's thumbnail sketched first, then every picture
drawn once at full size, the backs first in each pass, each announced on the event stream as
soon as it is drawn (not in one batch at the end)."""

from __future__ import annotations

import io
import json
import shutil
import threading

import pytest
from conftest import FIXTURES
from PIL import Image

from cardgen.studio import gallery, session
from cardgen.studio.session import Studio

SMALL = FIXTURES / "render" / "cards"
WAIT = 120  # seconds: generous, the machine may be busy


@pytest.fixture
def game(tmp_path):
    shutil.copytree(SMALL, tmp_path / "cards")
    return tmp_path / "cards", tmp_path / "output"


def _api_state(studio: Studio) -> dict:
    """The page's gallery answer (``/api/state``), as the route gives it."""
    route = next(r for r in gallery.view(studio).routes if getattr(r, "path", "") == "/api/state")
    return json.loads(route.endpoint(None).body)


@pytest.mark.slow
def test_the_gallery_is_answered_and_sketched_whole_while_validation_still_runs(game, monkeypatch):
    cards, out = game
    running, release = threading.Event(), threading.Event()
    validate = session._validate

    def held(folder):
        running.set()
        assert release.wait(WAIT)
        return validate(folder)

    monkeypatch.setattr(session, "_validate", held)
    studio = Studio(cards, out, kit=False, jobs=1)
    sketched: set[str] = set()
    publish = studio.events.publish

    def recording(kind, data):
        if kind == "picture" and not running.is_set():
            assert data.get("sketch") and studio.sketch(data["key"]) is not None
            sketched.update(data["designs"])
        publish(kind, data)

    studio.events.publish = recording  # type: ignore[method-assign]
    studio.start()
    try:
        assert running.wait(WAIT), "the whole validation never started"
        shown = _api_state(studio)
        assert not studio.wait_ready(0)
        assert shown["phase"] == "rendering"
        ids = {c["id"] for c in shown["cards"]}
        assert {"shield-wall", "old-sage", "farm"} <= ids  # cards of two files
        assert len(ids) == len(shown["cards"]) == 10
        assert set(shown["pending"]) == set(shown["pictures"]) == sketched
        assert ids < sketched  # the backs too
        release.set()
        assert studio.wait_ready(WAIT)
        done = _api_state(studio)
        assert done["phase"] == "ready" and not done["pending"]
        assert set(done["pictures"]) == sketched and all(done["pictures"].values())
    finally:
        release.set()
        studio.stop()


@pytest.mark.slow
def test_each_picture_is_sketched_then_announced_as_soon_as_it_is_stored_backs_first(game):
    cards, out = game
    studio = Studio(cards, out, kit=False, jobs=1)
    sketches: list[tuple[dict, int, bytes | None]] = []  # event, designs stored, sketch served
    stored: list[tuple[dict, int]] = []  # event, designs stored then

    def count() -> int:
        return len(list(studio.store.folder.glob("*.thumb.png")))

    publish = studio.events.publish

    def recording(kind, data):
        if kind == "picture" and data.get("sketch"):
            sketches.append((data, count(), studio.sketch(data["key"])))
        elif kind == "picture":
            stored.append((data, count()))
        publish(kind, data)

    studio.events.publish = recording  # type: ignore[method-assign]
    studio.start()
    try:
        assert studio.wait_ready(WAIT)
    finally:
        studio.stop()
    state = studio.state
    keys = set(state.pictures.values())
    assert None not in keys and len(keys) == 12
    # every design sketched once, before any is stored, its thumbnail served meanwhile
    assert sorted(d["key"] for d, _, _ in sketches) == sorted(keys)
    for data, n, png in sketches:
        assert n == 0 and png is not None
        thumb = Image.open(io.BytesIO(png))
        stored_thumb = Image.open(studio.store.path(data["key"], "thumb"))
        assert thumb.size == stored_thumb.size
    # then each stored design announced at once, one by one (not in a batch at the end)
    assert [n for _, n in stored] == list(range(1, len(keys) + 1))
    assert sorted(d["key"] for d, _ in stored) == sorted(keys)
    for data, _ in stored + [(d, n) for d, n, _ in sketches]:
        assert data["designs"] and all(state.pictures[d] == data["key"] for d in data["designs"])
    # the backs (quickest to draw) first, in both passes
    for events in ([d for d, _, _ in sketches], [d for d, _ in stored]):
        backs = [i for i, d in enumerate(events) if d["designs"][0].startswith("back/")]
        assert backs == list(range(len(backs))) and backs


def test_runs_of_pages_start_with_one_page_per_worker_and_double():
    from cardgen.render.products.raster import runs_of

    assert runs_of(20, 4, 2) == [[0], [1], [2, 3], [4, 5], [6, 7, 8, 9], [10, 11, 12, 13],
                                 [14, 15, 16, 17], [18, 19]]  # fmt: skip
    runs = runs_of(121, 8, 2)
    assert [p for r in runs for p in r] == list(range(121))
    assert max(len(r) for r in runs) == 8
    assert runs_of(0, 1, 1) == []
    assert runs_of(3, 1, 1) == [[0], [1], [2]]


def test_backs_come_first_in_the_drawing_order():
    from types import SimpleNamespace

    from cardgen.render.products.raster import cheapest_first

    items = [SimpleNamespace(card=c) for c in ("a", None, "b", None)]
    assert cheapest_first(items) == [1, 3, 0, 2]  # type: ignore[arg-type]
