"""The studio's session: every design shown from the build's raster store, only the edited
card redrawn after a save, diagnostics pinned on their cards, the last good picture kept while
a card is invalid, the kit rebuilt and shown page by page, the catalogue never written."""

from __future__ import annotations

import hashlib
import io
import shutil
import time
from pathlib import Path

import pytest
from conftest import FIXTURES
from PIL import Image

from cardgen.diagnostics import Severity
from cardgen.studio.kit import PAGE_WIDTHS, kit_files
from cardgen.studio.session import Studio
from cardgen.studio.state import State

SMALL = FIXTURES / "render" / "cards"
WAIT = 120  # seconds: generous, the machine may be busy


@pytest.fixture
def game(tmp_path):
    shutil.copytree(SMALL, tmp_path / "cards")
    return tmp_path / "cards", tmp_path / "output"


@pytest.fixture
def served(built_kit, tmp_path):
    """The small catalogue with its cards built for a print service (built once per test run):
    the kit's raster store holds the full-size pictures the studio shows (the home kit draws the
    designs only at the TTS sheets' size)."""
    kit = built_kit(tmp_path, only=["cards"], service="tgc", jobs=1)
    return kit.cards, kit.out


def _tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _until(studio: Studio, test, what: str) -> State:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        s = studio.state
        if test(s):
            return s
        time.sleep(0.02)
    raise AssertionError(f"the studio never showed {what}; last state: {studio.state}")


def _save(path: Path, old: str, new: str) -> float:
    """Replace ``old`` by ``new`` in ``path``; the save's modification time."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path.stat().st_mtime


def _after(studio: Studio, saved: float) -> State:
    """The settled state answering the save made at ``saved``."""
    return _until(
        studio,
        lambda s: s.phase == "ready" and s.update is not None and s.update.saved >= saved,
        f"the save of {saved}",
    )


@pytest.fixture
def studio(served):
    cards, out = served
    s = Studio(cards, out, kit=False, jobs=1)
    s.start()
    assert s.wait_ready(WAIT)
    yield s
    s.stop()


def test_every_design_comes_from_the_build_raster_store_without_drawing_anything(served):
    cards, out = served
    store = out / ".cardgen" / "rasters"
    stored, catalogue = _tree(store), _tree(cards)
    studio = Studio(cards, out, kit=False, jobs=1)
    studio.start()
    try:
        assert studio.wait_ready(WAIT)
        s = studio.state
    finally:
        studio.stop()
    ids = {"shield-wall", "war-camp", "veteran-champion-of-the-north", "raiders"}
    assert ids <= {c.id for c in s.cards} and len(s.cards) == 10
    assert {b.id for b in s.backs} and all(b.cards for b in s.backs)
    # every face and back has its picture, each the build's own (nothing was drawn: the store
    # holds the same files), and the catalogue folder was only read
    assert set(s.pictures) == {c.id for c in s.cards} | {b.id for b in s.backs}
    assert all(studio.picture(k, "png") and studio.picture(k, "thumb") for k in s.pictures.values())
    assert _tree(store) == stored and _tree(cards) == catalogue
    assert s.valid and s.phase == "ready" and not s.pending
    assert s.card_size == {"width": 63.5, "height": 88.9, "bleed": 3.175, "safe": 3.175}
    camp = s.card("war-camp")
    assert camp.file.endswith("battle.yaml") and camp.line < camp.end and camp.copies == 1
    assert camp.fields["type"] == "building" and "{iron}" in camp.text


def _first_state(cards: Path, out: Path) -> tuple[State, State]:
    """The first state a new session published, and the one it settled on once warm (warming
    up after 0.2 s without a picture asked for, not the pages' 2 s: nothing asks here)."""
    from cardgen.studio import session

    first: list[State] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(session, "WARM_AFTER", 0.2)
        studio = Studio(cards, out, kit=False, jobs=1)
        studio.events.publish = lambda kind, data: first or first.append(studio.state)
        studio.start()
        try:
            assert studio.wait_ready(WAIT) and studio.warm.wait(WAIT)
            return first[0], studio.state
        finally:
            studio.stop()


def test_the_next_session_shows_the_gallery_it_kept_until_a_file_changes(served):
    cards, out = served
    first, computed = _first_state(cards, out)
    # nothing kept: computed, the quick read shown first, then the whole validation's state
    assert (first.version, first.phase, computed.version) == (1, "checking", 2)
    assert (out / ".cardgen" / "studio-gallery.json").is_file()

    # unchanged: the kept gallery comes first, whole, then the same state computed again
    recalled, again = _first_state(cards, out)
    assert recalled.version == 1 and recalled.phase == "ready" and again.version > 1
    for s in (recalled, again):
        assert s.pictures == computed.pictures and s.cards == computed.cards
        assert s.backs == computed.backs and s.diagnostics == computed.diagnostics
        assert s.card_size == computed.card_size and s.game == computed.game

    # a card file changed (here with nobody watching): its own state, not the kept one
    _save(cards / "battle.yaml", "name: War Camp", "name: War Camp of the Dunes")
    first, settled = _first_state(cards, out)
    assert first.card("war-camp").name == "War Camp of the Dunes"
    # drawn (a preview first): the kept picture was not shown
    assert first.pictures["war-camp"] != computed.pictures["war-camp"]
    assert first.previews == {first.pictures["war-camp"]}
    assert settled.pictures["war-camp"] == first.pictures["war-camp"]

    # a picture gone from the store: the kept gallery is not used
    recalled, again = _first_state(cards, out)
    assert again.version > 1 and recalled.pictures == settled.pictures
    (out / ".cardgen" / "rasters" / f"{recalled.pictures['raiders']}.thumb.png").unlink()
    first, again = _first_state(cards, out)
    assert first.previews == {recalled.pictures["raiders"]} and again.pictures == recalled.pictures


def test_a_save_redraws_only_the_edited_card(studio, served):
    cards, _ = served
    first = studio.state
    saved = _save(cards / "battle.yaml", "name: War Camp", "name: War Camp of the Dunes")
    s = _after(studio, saved)
    assert s.update.files == ("battle.yaml",) and s.update.rendered == ("war-camp",)
    changed = {d for d, k in s.pictures.items() if first.pictures[d] != k}
    assert changed == {"war-camp"}
    assert s.card("war-camp").name == "War Camp of the Dunes"
    assert studio.picture(s.pictures["war-camp"], "png")  # stored for the kit too


def test_an_invalid_save_is_pinned_on_its_card_which_keeps_its_last_good_picture(studio, served):
    cards, _ = served
    good = studio.state.pictures["war-camp"]
    deck = cards / "battle.yaml"
    saved = _save(deck, "    cost: 0\n", "    cost: lots\n")
    s = _after(studio, saved)
    errors = [d for d in s.diagnostics if d.severity is Severity.ERROR]
    assert errors and not s.valid
    # the bad cost on its card; the counts it upsets (a card short) on the catalogue
    pins = {p for d, p in zip(s.diagnostics, s.pins(), strict=True) if d in errors}
    assert pins == {"war-camp", None}
    camp = s.card("war-camp")
    assert camp.stale and s.pictures["war-camp"] == good
    assert {c.id for c in s.cards} == {c.id for c in studio.state.cards}  # nothing vanished

    saved = _save(deck, "    cost: lots\n", "    cost: 1\n")
    s = _after(studio, saved)
    assert s.valid and not s.card("war-camp").stale
    assert s.pictures["war-camp"] != good and s.update.rendered == ("war-camp",)


def test_a_yaml_syntax_error_keeps_the_file_s_cards_and_pins_the_error_by_its_line(studio, served):
    cards, _ = served
    before = studio.state
    saved = _save(cards / "battle.yaml", "name: Raiders", "name: [Raiders")
    s = _after(studio, saved)
    (error,) = [d for d in s.diagnostics if d.code == "E004"]
    assert error.card is None and error.position.file.endswith("battle.yaml")
    pins = dict(zip(s.diagnostics, s.pins(), strict=True))
    assert pins[error] in {"raiders", "veteran-champion-of-the-north"}
    battle = [c for c in s.cards if c.file.endswith("battle.yaml")]
    assert len(battle) == 4 and all(c.stale for c in battle)
    assert all(s.pictures[c.id] == before.pictures[c.id] for c in battle)


def test_an_error_only_the_whole_validation_finds_brings_back_the_last_good_picture(studio, served):
    cards, _ = served
    good = studio.state.pictures["raiders"]
    saved = _save(cards / "battle.yaml", "name: Raiders", "name: Raiders 漢")  # no glyph
    s = _after(studio, saved)
    pinned = [d for d, p in zip(s.diagnostics, s.pins(), strict=True) if p == "raiders"]
    assert [d.code for d in pinned if d.severity is Severity.ERROR] == ["E408"]  # preflight
    assert s.pictures["raiders"] == good and not s.card("raiders").stale
    assert s.card("raiders").name == "Raiders 漢"  # its data is the new one, its picture not


def test_the_kit_is_built_and_its_pages_drawn_and_a_save_rebuilds_it(game):
    cards, out = game
    studio = Studio(cards, out, jobs=1)
    studio.start()
    try:
        assert studio.wait_ready(WAIT)
        deadline = time.monotonic() + WAIT
        while studio.kit_state["status"] != "done" and time.monotonic() < deadline:
            time.sleep(0.1)
        kit = studio.kit_state
        assert kit["status"] == "done", kit
        files = {f.path: f for f in kit_files(out)}
        assert {"cards/pnp-a4.pdf", "cards/contact.png"} <= set(files)
        assert any(p.startswith("components/") for p in files)
        assert any(p.startswith("rulebook/") for p in files)
        pnp = files["cards/pnp-a4.pdf"]
        image = studio.pages.image(pnp, pnp.pages - 1, PAGE_WIDTHS[0])
        assert image.startswith(b"\x89PNG")
        with Image.open(io.BytesIO(image)) as im:
            assert im.width == PAGE_WIDTHS[0] and im.height > 100

        saved = _save(cards / "battle.yaml", "name: War Camp", "name: War Camp Two")
        _after(studio, saved)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            now = {f.path: f.version for f in kit_files(out)}
            if studio.kit_state["status"] == "done" and now["cards/pnp-a4.pdf"] != pnp.version:
                break
            time.sleep(0.1)
        assert {f.path: f.version for f in kit_files(out)}["cards/pnp-a4.pdf"] != pnp.version
    finally:
        studio.stop()
    assert not studio.kit.running


@pytest.mark.slow
def test_stopping_the_kit_build_does_not_wait_for_a_busy_session(tmp_path):
    """Ctrl-C stops the kit build without waiting for the session to take its events: the
    build's reader may be handing one to a session busy elsewhere (the page sizes wait for
    PDFium while a gallery is drawn), and the studio listened on 100 s after one Ctrl-C."""
    import threading

    from cardgen.studio.kit import KitBuilder

    shutil.copytree(SMALL, tmp_path / "cards")
    busy, first = threading.Event(), threading.Event()

    def on_event(event):  # the session, busy: it takes no event until released
        first.set()
        busy.wait()

    kit = KitBuilder(tmp_path / "cards", tmp_path / "out", on_event, jobs=1)
    kit.start()
    try:
        assert first.wait(WAIT), "the build reported nothing"
        stopper = threading.Thread(target=kit.stop, daemon=True)
        stopper.start()
        stopper.join(WAIT)
        assert not stopper.is_alive(), "stopping the build waited for the busy session"
        assert not kit.running
    finally:
        busy.set()
        kit.stop()
