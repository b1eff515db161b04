"""The studio's session: one catalogue folder watched, its cards rendered as the kit renders
them, its diagnostics pinned on them, every change pushed to the open pages.

After each save the session

1. reads the catalogue again, parsing only the card files that changed (a
   :class:`~cardgen.catalogue.loader.CardFileMemo`), with the schema and rules-model checks;
2. computes every design's raster key exactly as ``cardgen build`` does, and rasterises into
   the build's raster store only the designs whose key is not there yet (the edited cards, or
   all of them after a layout or icon change), publishing each picture as soon as it is stored;
3. validates the catalogue as ``cardgen validate`` does (engine checks, print preflight) and
   publishes the full list of diagnostics;
4. when the catalogue is valid, rebuilds the kit in a child process (:mod:`.kit`).

A card with an error keeps its last good picture (the last one whose card passed the whole
validation); a card that no longer loads at all stays in the gallery, marked stale, while an
error names it or its file.  The session reads the catalogue and writes only to the output
folder (the raster store and the kit).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen.build.products import RASTER_FOLDER, card_inputs, raster_cache
from cardgen.build.steps import PRIVATE_DIR, BuildContext
from cardgen.build.watch import GameFilter
from cardgen.catalogue.snapshot import check_catalogue
from cardgen.catalogue.validate import validate
from cardgen.checks import standard
from cardgen.diagnostics import Diagnostic, DiagnosticError, Severity, sort_key
from cardgen.render.products.png import png_bytes
from cardgen.render.products.raster_store import RasterStore, StoredDesign
from cardgen.render.products.raster_worker import open_pdf, pixels, trim_pixels
from cardgen.studio import _recall
from cardgen.studio.events import Broker
from cardgen.studio.kit import KitBuilder, PageImages, kit_files
from cardgen.studio.state import State, Update, card_infos, carried_over, design_id

#: Seconds between two pictures published while many designs are rasterised.
PUBLISH_EVERY = 0.15
#: Designs a save changes that are drawn at once, before the raster store gets them.
PREVIEW_MAX = 3
#: Previews kept in memory (the page may still be loading one after the store has it).
PREVIEW_KEEP = 16
#: Designs to draw (more than this) for which the gallery's thumbnails are sketched first: each
#: drawn straight at the thumbnail's size, some twenty times quicker than at full size.
SKETCH_MIN = PREVIEW_MAX
#: Seconds without a picture asked for, after the first state, before the session warms up
#: (the catalogue checked again if the first state was recalled, the renderer readied, the
#: card files read into the memo so the first save parses only its own file, the kit build
#: started), unless a save comes first: the open pages load their pictures meanwhile.
WARM_AFTER = 2.0


class _NotifyingStore(RasterStore):
    """The build's raster store, telling the session each design as soon as it is stored."""

    def __init__(self, folder: Path, on_put):
        super().__init__(folder)
        self.on_put = on_put

    def put(self, key: str, png: bytes, mpc: bytes, cell: Any, thumb: Any) -> StoredDesign:
        stored = super().put(key, png, mpc, cell, thumb)
        self.on_put(key)
        return stored


class Studio:
    """The session of one catalogue folder (see the module's description).

    ``start()`` loads it and starts watching; ``events`` carries every new state (kind
    ``state``) and kit report (kind ``kit``) to the open pages; ``stop()`` ends the watch,
    the kit build and its workers."""

    def __init__(
        self,
        cards: str | os.PathLike[str],
        out: str | os.PathLike[str],
        *,
        paper: str = "a4",
        jobs: int | None = None,
        kit: bool = True,
        force_polling: bool | None = None,
    ):
        from cardgen.catalogue.loader import CardFileMemo

        self.cards = Path(cards).resolve()
        self.out = Path(out).resolve()
        self.paper, self.jobs = paper, jobs
        self.events = Broker()
        #: PDFium runs in one thread at a time
        self.pdfium = threading.Lock()
        self.store = _NotifyingStore(self.out / PRIVATE_DIR / RASTER_FOLDER, self._stored)
        self.pages = PageImages(self.out, self.pdfium)
        self.kit = KitBuilder(self.cards, self.out, self._kit_event, paper=paper, jobs=jobs)
        self._build_kit = kit
        self._force_polling = force_polling
        self._memo = CardFileMemo()
        self._lock = threading.Lock()
        self._state = State(root=self.cards)
        self._kit: dict[str, Any] = {"status": "waiting", "files": [], "message": ""}
        self._good: dict[str, str] = {}  # design id -> its last good picture
        self._changes: dict[str, float] = {}  # file -> when it was saved
        self._wake = threading.Condition()
        self._stop = threading.Event()
        self._ready = threading.Event()
        #: set once the session is warm: the catalogue computed (after a recalled gallery),
        #: the renderer ready, every card file read, the first kit build started
        self.warm = threading.Event()
        self._catalogue: Any = None  # the first valid catalogue, for the first kit build
        self._filling: dict[str, list[str]] = {}  # key -> designs waiting for it
        self._previews: dict[str, bytes] = {}  # key -> full-size PNG, not stored yet
        self._sketches: dict[str, bytes] = {}  # key -> thumbnail PNG drawn at its size
        self._last_publish = 0.0
        self._threads: list[threading.Thread] = []
        self._quiet_since = time.monotonic()  # the first state, or the last picture served
        self._inputs: list[str] = []  # files the pictures depend on outside the folder
        self._recall_file = self.out / PRIVATE_DIR / _recall.FILE

    # --- the outside ------------------------------------------------------------------------
    @property
    def state(self) -> State:
        with self._lock:
            return self._state

    @property
    def kit_state(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._kit)

    def start(self) -> None:
        """Load the catalogue and watch it, each in a thread of its own."""
        for target, name in ((self._work, "studio"), (self._watch, "studio-watch")):
            t = threading.Thread(target=target, name=name, daemon=True)
            self._threads.append(t)
            t.start()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until the first state is complete (pictures and diagnostics)."""
        return self._ready.wait(timeout)

    def stop(self) -> None:
        """Stop watching, stop the kit build, and wait for the session's threads."""
        self._stop.set()
        with self._wake:
            self._wake.notify_all()
        self.kit.stop()
        self.events.close()
        for t in self._threads:  # a thread still drawing dies with the process
            t.join(timeout=3)

    def picture(self, key: str, part: str) -> Path | None:
        """The file of one part (``png``, ``thumb``) of a stored picture, if it is there."""
        self._quiet_since = time.monotonic()
        path = self.store.path(key, part)
        return path if path.is_file() else None

    # --- watching ---------------------------------------------------------------------------
    def _watch(self) -> None:
        import watchfiles

        for changes in watchfiles.watch(
            self.cards,
            watch_filter=GameFilter(self.out),
            stop_event=self._stop,
            debounce=1600,
            step=30,
            rust_timeout=200,
            raise_interrupt=False,
            force_polling=self._force_polling,
        ):
            saved = {}
            for _, p in changes:
                path = Path(p)
                with contextlib.suppress(OSError):
                    saved[_relative(path, self.cards)] = path.stat().st_mtime
                saved.setdefault(_relative(path, self.cards), time.time())
            with self._wake:
                for name, when in saved.items():
                    self._changes[name] = max(when, self._changes.get(name, 0.0))
                self._wake.notify_all()

    def _next_changes(self, timeout: float | None) -> dict[str, float] | None:
        with self._wake:
            if not self._changes and not self._stop.is_set():
                self._wake.wait(timeout)
            changes, self._changes = self._changes, {}
        return changes or None

    # --- the work ---------------------------------------------------------------------------
    def _work(self) -> None:
        recalled = False
        try:
            recalled = self._recall()
            if not recalled:
                self._guarded(self._first)
        finally:
            self._quiet_since = time.monotonic()
            self._ready.set()
        warm = False
        while not self._stop.is_set():
            quiet = self._quiet_since + WARM_AFTER - time.monotonic()
            changes = self._next_changes(None if warm else max(quiet, 0.05))
            if self._stop.is_set():
                return
            if changes is None:
                if not warm and time.monotonic() >= self._quiet_since + WARM_AFTER:
                    # the pages have their pictures: the rest, and every card file read

                    if recalled:  # the same state, computed: the catalogue, the renderer
                        self._guarded(self._first)
                    self._guarded(self._kit_after, self._catalogue)
                    check_catalogue(self.cards, self._memo)  # so a save parses only its own
                    warm = True
                    self.warm.set()
                continue
            warm = True
            self.warm.set()
            self._guarded(self._refresh, changes)

    def _recall(self) -> bool:
        """Show the gallery the last session kept, if nothing it depends on changed."""
        inputs = _recall.inputs_of(self._recall_file)
        if inputs is None:
            return False
        try:
            key = _recall.gallery_key(self.cards, self.out, self.paper, inputs)
            state = _recall.recall(self._recall_file, key, self.cards, self.store)
        except Exception:  # a cache that cannot be used only costs time
            return False
        if state is None:
            return False
        blocked = {d.card for d in state.diagnostics if d.severity is Severity.ERROR and d.card}
        self._good = {d: k for d, k in state.pictures.items() if k and d not in blocked}
        self._publish(state)
        return True

    def _key_now(self) -> tuple[list[str], str | None]:
        """The key of the gallery of the catalogue's files as they are now (taken before they
        are read: a save while they are read makes another state, kept in its turn)."""
        inputs = list(self._inputs)
        try:
            return inputs, _recall.gallery_key(self.cards, self.out, self.paper, inputs)
        except Exception:
            return inputs, None

    def _keep(self, made_from: tuple[list[str], str | None]) -> None:
        """Keep the state shown, made from the files of ``made_from``, for the next session."""
        inputs, key = made_from
        if inputs != self._inputs:  # the first plan named them: hashed now
            inputs, key = self._key_now()
        s = self.state
        if key is None or self._pending_changes():
            return
        if s.phase == "ready" and not s.pending and not s.previews and not s.message:
            _recall.remember(self._recall_file, key, s, inputs)

    def _guarded(self, work, *args: Any) -> None:
        """Run ``work``; an error it did not expect is shown on the page and the session goes
        on with the next save (its traceback on stderr, for a bug report)."""
        try:
            work(*args)
        except Exception as exc:
            import traceback

            traceback.print_exc()
            s = self.state
            self._publish(replace(s, version=s.version + 1, phase="ready", message=f"{exc!r}"))

    def _first(self) -> None:
        """The first state: the quick read shown at once (the thumbnails of the designs the
        raster store lacks sketched, each published as it is drawn), then the catalogue as
        `cardgen validate` finds it (replayed from its cache when unchanged) with its
        diagnostics, then every missing picture drawn and published as it is stored."""
        made_from = self._key_now()
        catalogue, diags = check_catalogue(self.cards, self._memo)
        self._show(catalogue, diags, checked=False, update=None, sketch_only=True)
        result = _validate(self.cards)
        self._show(result.catalogue, result.diagnostics, checked=True, update=None)
        self._catalogue = result.catalogue if result.ok else None
        self._keep(made_from)

    def _refresh(self, changes: dict[str, float]) -> None:
        """After a save: the quick read and the new pictures, then the whole validation, then
        the kit."""
        self.kit.interrupt()  # out of date: it must not drop the new pictures from the store
        update = Update(tuple(sorted(changes)), max(changes.values()))
        made_from = self._key_now()
        catalogue, diags = check_catalogue(self.cards, self._memo)
        self._show(catalogue, diags, checked=False, update=update)
        if self._pending_changes():
            return  # another save came: its read comes first
        result = _validate(self.cards)
        self._show(catalogue, result.diagnostics, checked=True, update=update)
        if not self._pending_changes():
            self._keep(made_from)
            self._kit_after(catalogue if result.ok else None)

    def _pending_changes(self) -> bool:
        with self._wake:
            return bool(self._changes)

    def _show(
        self,
        catalogue: Any,
        diags: Iterable[Diagnostic],
        *,
        checked: bool,
        update: Update | None,
        sketch_only: bool = False,
    ) -> None:
        """Publish the state of ``catalogue`` (None: it did not load) with ``diags``, then
        rasterise the designs the store lacks, publishing each picture when it is stored
        (``sketch_only``: only sketch their thumbnails, the state that follows draws them)."""
        diags = list(diags)
        old = self.state
        plan = None
        if catalogue is not None:
            try:
                plan = self._plan(catalogue)
            except DiagnosticError as exc:  # a layout that cannot be loaded
                diags += exc.diagnostics
        diags.sort(key=sort_key)
        phase = "ready" if checked else "checking"
        if plan is None:
            cards = [replace(c, stale=True) for c in old.cards]
            self._publish(
                replace(
                    old,
                    version=old.version + 1,
                    phase=phase,
                    cards=tuple(cards),
                    diagnostics=tuple(diags),
                    pending=frozenset(),
                    update=update,
                    message="",
                )
            )
            return
        renderer, sprites, keys, card_size = plan
        cards, backs = card_infos(catalogue)
        cards += carried_over(old, cards, diags)
        blocked = {d.card for d in diags if d.severity is Severity.ERROR and d.card}
        pictures: dict[str, str | None] = {}
        pending: set[str] = set()
        for did, key in keys.items():
            if did in blocked:
                pictures[did] = self._good.get(did)
            elif self.store.get(key) is not None:
                pictures[did] = key
            else:
                pictures[did] = old.pictures.get(did)
                pending.add(did)
        missing = set(pending)
        for c in cards:
            if c.stale:
                pictures[c.id] = old.pictures.get(c.id)
        if 0 < len(pending) <= PREVIEW_MAX:
            self._preview(renderer, [sp for sp in sprites if design_id(sp) in pending], keys)
        previews = set()
        for did in list(pending):
            if keys[did] in self._previews:
                pictures[did] = keys[did]
                previews.add(keys[did])
                pending.discard(did)
        state = State(
            version=old.version + 1,
            phase="rendering" if pending else phase,
            game=catalogue.rules.game,
            pack=catalogue.pack.game_type.id,
            cards=tuple(cards),
            backs=tuple(backs),
            pictures=pictures,
            pending=frozenset(pending),
            previews=frozenset(previews),
            diagnostics=tuple(diags),
            card_size=card_size,
            update=_rendered(update, old.update, missing),
            root=self.cards,
        )
        self._publish(state)
        if missing and sketch_only:
            self._sketch(renderer, keys, _waiting(keys, pending))
        elif missing:
            self._fill(renderer, keys, pending, phase)
        if checked:
            for did, key in keys.items():
                if did not in blocked and self.state.pictures.get(did) == key:
                    self._good[did] = key

    def _plan(self, catalogue: Any) -> tuple[Any, list[Any], dict[str, str], dict[str, float]]:
        """The renderer of ``catalogue`` over the build's raster store, its designs, each
        design's raster key (as ``cardgen build`` computes it) and the card size."""
        from cardgen.render.api import RasterCache, Renderer
        from cardgen.render.products.raster import sprites

        ctx = BuildContext(catalogue, self.out, self.paper, jobs=self.jobs)
        key = raster_cache(ctx).key
        self._inputs = _outside_inputs(ctx)
        renderer = Renderer(catalogue, rasters=RasterCache(self.store, key))
        rctx = renderer.context()
        designs = sprites(rctx)
        keys = {design_id(s): key(s) for s in designs}
        card = rctx.theme.layout.card
        size = {"width": card.width, "height": card.height, "bleed": card.bleed, "safe": card.safe}
        return renderer, designs, keys, size

    def _preview(self, renderer: Any, designs: list[Any], keys: dict[str, str]) -> None:
        """Draw the few designs a save changed at full size, as the raster store will hold
        them, so the page shows them before their smaller images are made and stored."""
        from cardgen.render.products import raster

        with self._lock:  # drawn for the quick read: not again for the whole validation's
            designs = [d for d in designs if keys[design_id(d)] not in self._previews]
        if not designs:
            return
        ctx = renderer.context()
        plan = raster.plan(ctx, full_size=True)
        try:
            with self.pdfium:
                doc = open_pdf(raster.raster_pdf(ctx, designs))
                try:
                    images = [pixels(doc, i, plan.size) for i in range(len(designs))]
                finally:
                    doc.close()
        except Exception:  # the renderer cannot draw one: the fill reports it
            return
        with self._lock:
            for design, im in zip(designs, images, strict=True):
                self._previews[keys[design_id(design)]] = png_bytes(im, plan.dpi)
            while len(self._previews) > PREVIEW_KEEP:
                self._previews.pop(next(iter(self._previews)))

    def preview(self, key: str) -> bytes | None:
        """The full-size picture of a design drawn but not stored yet (None if there is none)."""
        with self._lock:
            return self._previews.get(key)

    def sketch(self, key: str) -> bytes | None:
        """The thumbnail of a design sketched but not stored yet (None if there is none)."""
        with self._lock:
            return self._sketches.get(key)

    def _sketch(self, renderer: Any, keys: dict[str, str], waiting: dict[str, list[str]]) -> None:
        """Draw the gallery's thumbnail of each design of ``waiting`` (key -> designs) straight at
        its size, the backs first, announcing each as a ``picture`` event marked ``sketch``
        (the page shows it, dimmed, until the design is stored at full size); nothing when
        only a few are to be drawn (:data:`SKETCH_MIN`), or those already sketched."""
        from cardgen.render.products import raster

        with self._lock:
            waiting = {k: d for k, d in waiting.items() if k not in self._sketches}
        if len(waiting) <= SKETCH_MIN:
            return
        ctx = renderer.context()
        first: dict[str, Any] = {}  # key -> its first design
        for sprite in raster.sprites(ctx):
            key = keys.get(design_id(sprite), "")
            if key in waiting:
                first.setdefault(key, sprite)
        designs = list(first.values())
        designs = [designs[i] for i in raster.cheapest_first(designs)]
        L, width = ctx.theme.layout, ctx.settings.contact.card_width
        size = (width, round(width * L.card.height / L.card.width))  # the stored thumbnail's
        plan = raster.plan(ctx, full_size=False, cell=size)
        assert plan.bleed_pt is not None
        with self.pdfium, contextlib.suppress(Exception):  # one it cannot draw: the fill tells
            doc = open_pdf(raster.raster_pdf(ctx, designs))
            try:
                for i, design in enumerate(designs):
                    if self._stop.is_set():
                        return
                    key = keys[design_id(design)]
                    thumb = png_bytes(trim_pixels(doc, i, plan.cell, plan.bleed_pt))
                    with self._lock:
                        self._sketches[key] = thumb
                        version = self._state.version
                    designs_of = sorted(waiting[key])
                    sketch = {"designs": designs_of, "key": key, "version": version, "sketch": True}
                    self.events.publish("picture", sketch)
            finally:
                doc.close()

    def _fill(self, renderer: Any, keys: dict[str, str], pending: set[str], phase: str) -> None:
        """Rasterise the designs the store lacks, publishing pictures as they are stored."""
        waiting = _waiting(keys, pending)
        with self._lock:
            self._filling = waiting
        try:
            self._sketch(renderer, keys, waiting)
            with self.pdfium:
                renderer.fill_raster_cache(self.jobs)
        except Exception as exc:  # a design the renderer cannot draw: the old pictures stay
            failed = f"a picture could not be drawn: {exc}"
        else:
            failed = ""
        finally:
            with self._lock:
                self._filling = {}
                self._sketches = {}
                state = self._state
        done = replace(
            state, version=state.version + 1, phase=phase, pending=frozenset(), previews=frozenset()
        )
        self._publish(replace(done, message=failed))

    def _stored(self, key: str) -> None:
        """A design was stored: show it in place of the old picture, announced at once as a
        ``picture`` event (the designs showing it, the key, the version of the state it
        patches); the whole state is published at most every :data:`PUBLISH_EVERY` seconds
        while more are on their way."""
        with self._lock:
            designs = self._filling.pop(key, [])
            if not designs:
                return
            s = self._state
            pictures = {**s.pictures, **{d: key for d in designs}}
            pending = s.pending - set(designs)
            self._state = replace(s, pictures=pictures, pending=pending)
            due = not pending or time.monotonic() - self._last_publish >= PUBLISH_EVERY
            if due:
                self._state = replace(self._state, version=s.version + 1)
        announced = {"designs": sorted(designs), "key": key, "version": s.version}
        self.events.publish("picture", announced)
        if due:
            self._publish(self.state)

    def _publish(self, state: State) -> None:
        with self._lock:
            self._state = state
            self._last_publish = time.monotonic()
        self.events.publish("state", state.to_json())

    # --- the kit ------------------------------------------------------------------------
    def _kit_after(self, catalogue: Any) -> None:
        """Rebuild the kit if ``catalogue`` is valid (else the last good kit stays)."""
        if not self._build_kit:
            return
        if catalogue is None or not self.state.valid:
            self._set_kit(
                status="invalid",
                message="the catalogue has errors: the kit is the last good build",
                files=self._kit_files(),
            )
            return
        self.kit.stop()  # its end reported before the new build is
        self._set_kit(status="building", message="", files=self._kit_files())
        self.kit.start()

    def _kit_files(self) -> list[dict[str, Any]]:
        """The kit's files shown as pages, each with its pages' sizes."""
        return [{**f.to_json(), "sizes": self.pages.sizes(f)} for f in kit_files(self.out)]

    def _kit_event(self, event: dict[str, Any]) -> None:
        kind = event.get("event")
        files = self._kit_files()
        if kind == "step":
            self._set_kit(files=files, step=event.get("title", ""))
        elif kind == "done":
            self._set_kit(status="done", files=files, step="", message="")
        elif kind == "failed":
            self._set_kit(status="failed", files=files, message=str(event.get("message", "")))
        elif kind == "exit" and self.kit_state["status"] == "building":
            self._set_kit(status="stopped", files=files, step="")

    def _set_kit(self, **changes: Any) -> None:
        with self._lock:
            self._kit = {**self._kit, **changes}
            kit = dict(self._kit)
        self.events.publish("kit", kit)


def _waiting(keys: dict[str, str], pending: Iterable[str]) -> dict[str, list[str]]:
    """The designs of ``pending`` by their raster key."""
    waiting: dict[str, list[str]] = {}
    for did in pending:
        waiting.setdefault(keys[did], []).append(did)
    return waiting


def _rendered(update: Update | None, last: Update | None, missing: set[str]) -> Update | None:
    """``update`` with the designs drawn for it: ``missing``, and those drawn for the same save
    by an earlier state (its quick read)."""
    if update is None:
        return None
    drawn = set(missing)
    if last is not None and (last.files, last.saved) == (update.files, update.saved):
        drawn |= set(last.rendered)
    return replace(update, rendered=tuple(sorted(drawn)))


def _outside_inputs(ctx: Any) -> list[str]:
    """The files a catalogue's pictures are drawn from besides its folder's own: the pack's
    layout and print files, the fonts, art kept elsewhere."""
    root = ctx.catalogue.root.resolve()
    files = [Path(p) for p in card_inputs(ctx)]
    files += [root / c.art for c in ctx.catalogue.cards if getattr(c, "art", None)]
    outside = {str(p.resolve()) for p in files if not p.resolve().is_relative_to(root)}
    return sorted(outside)


def _validate(cards: Path):
    """The catalogue checked as `cardgen validate` checks it."""
    return validate(cards, extra_checks=standard())


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
