"""Shared test fixtures: paths to the real and the fixture catalogue, a CLI runner, and PDF
reading through PDFium (text layers, page counts)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _keep_bytecode() -> None:
    """Where the environment forbids ``__pycache__`` folders (``PYTHONDONTWRITEBYTECODE``), keep
    compiled modules out of the source tree instead, in the user's cache folder: else every xdist
    worker rewrites and compiles every test module again (about 20 s of CPU a worker) and every
    ``cardgen`` the tests start compiles cardgen again.  The workers and the subprocesses inherit
    the setting through the environment."""
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    prefix = str(cache / "cardgen-tests" / "pycache")
    sys.pycache_prefix, sys.dont_write_bytecode = prefix, False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix


_keep_bytecode()

# A shared machine may be slow to generate inputs: that is not a failure of the code.  Every
# run tries the same inputs (derandomised, no example database): a run that passes passes again.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "cardgen",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    database=None,
)
settings.load_profile("cardgen")

# --- the fast selection -------------------------------------------------------------------------
#: modules whose every test is end-to-end: whole kits built, a browser, a wheel installed,
#: processes killed, fuzz campaigns (``-m "not slow"`` leaves them out; CI runs everything)
SLOW_MODULES = frozenset(
    {
        "test_build_incremental",
        "test_build_lock",
        "test_build_manifest",
        "test_build_service",
        "test_build_watch",
        "test_cli_conventions",
        "test_designers_game",
        "test_fuzz_designs",
        "test_fuzz_inputs",
        "test_fuzz_print",
        "test_install",
        "test_output_errors",
        "test_packs",
        "test_render_raster",
        "test_render_services",
        "test_scaffold",
        "test_sheet_hardening",
        "test_simulate_bots",
        "test_simulate_kill",
        "test_studio_browser",
        "test_studio_play_browser",
        "test_studio_play_games",
        "test_studio_server",
        "test_studio_session",
        "test_tutorial",
        "test_validate_fuzz",
    }
)
#: tests elsewhere that play many games or run a state machine over many steps
SLOW_TESTS = re.compile(
    r"thousands|many|invariants_over|invariants_hold|runTest|search_beats|hash_seed|playout"
    r"|export_then_import|_builds?_|build_says|tts_deck"
)


#: each test's measured time (set-up and call, seconds) where it took at least 0.2 s; written by
#: ``python -m pytest -n auto --record-durations``; a test over SLOW_SECONDS is slow too
DURATIONS = Path(__file__).with_name("durations.json")
SLOW_SECONDS = 0.25
#: the weight a slow test not yet in the file counts when ordering the run: a new long test
#: starts among the long ones, not after every short test with a worker waiting for it
UNMEASURED_SLOW = 5.0
_measured: dict[str, float] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-durations",
        action="store_true",
        help=f"write each test's time to {DURATIONS.name} (the fast selection reads it)",
    )


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Under xdist's default distribution (``-n``, ``--dist load``), hand out whole modules in
    the run's order (longest first) to whichever worker is free: xdist's own first sent each
    worker a quarter of its share of tests in one block, so one worker got 1,035 s of the
    1,761 s known and the other waited idle at the end; handed out test by test, a module's
    fixtures (a kit, a wheel, a browser) were made on both workers.  Another ``--dist`` mode
    is kept as it is."""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import LoadFileScheduling

    config.option.loadscopereorder = False  # (xdist 3.8) the order of pytest_collection_modifyitems
    return LoadFileScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the end-to-end tests ``slow``: ``pytest -m "not slow"`` is the fast selection.  Then
    run the modules longest first (their tests kept together and in order; a slow test not
    measured yet counts UNMEASURED_SLOW): the workers end with short tests, not one waiting
    for the other's last long build."""
    slow = pytest.mark.slow
    known = json.loads(DURATIONS.read_text()) if DURATIONS.is_file() else {}
    weight: dict[str, float] = {}
    for item in items:
        module = item.module.__name__.rpartition(".")[2] if item.module else ""
        if (
            module in SLOW_MODULES
            or SLOW_TESTS.search(item.name)
            or known.get(item.nodeid, 0.0) > SLOW_SECONDS
        ):
            item.add_marker(slow)
        unmeasured = UNMEASURED_SLOW if item.get_closest_marker("slow") else 0.0
        path = item.nodeid.partition("::")[0]
        weight[path] = weight.get(path, 0.0) + known.get(item.nodeid, unmeasured)
    items.sort(key=lambda item: -weight[item.nodeid.partition("::")[0]])  # stable: in order


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (modules, catalogues loaded at import, thousands of items) lives
    until the run ends: frozen out of the garbage collector, each full collection in the run
    no longer walks it (gc.freeze)."""
    import gc

    gc.collect()
    gc.freeze()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when in ("setup", "call") and report.passed:
        _measured[report.nodeid] = _measured.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not config.getoption("--record-durations") or hasattr(config, "workerinput"):
        return  # only the controller of a run that was asked writes the file
    known = json.loads(DURATIONS.read_text()) if DURATIONS.is_file() else {}
    known |= {k: round(v, 2) for k, v in _measured.items()}
    # a test whose module is gone is gone (a renamed test stays until its module is recorded)
    kept = {
        k: v
        for k, v in sorted(known.items())
        if v >= 0.2 and (ROOT / k.partition("::")[0]).is_file()
    }
    DURATIONS.write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n")


def terminal_sigint() -> None:
    """A child process's ``preexec_fn``: SIGINT as a terminal gives it (a suite started in the
    background, ``pytest &``, ignores SIGINT, and its children would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(autouse=True)
def _signals_as_found():
    """Every test leaves SIGINT's handler and the blocked signals as it found them: a process
    the suite starts later inherits an ignored or blocked SIGINT (a watch that Ctrl-C cannot
    stop), so a leak fails the test that made it."""
    masks = hasattr(signal, "pthread_sigmask")

    def state():
        return signal.getsignal(signal.SIGINT), (
            signal.pthread_sigmask(signal.SIG_BLOCK, []) if masks else set()
        )

    before = state()
    yield
    after = state()
    if after != before:
        signal.signal(signal.SIGINT, before[0])
        if masks:
            signal.pthread_sigmask(signal.SIG_SETMASK, before[1])
        pytest.fail(f"the test changed SIGINT's handler or the signal mask: {before} -> {after}")


@pytest.fixture
def cards_dir() -> Path:
    """The real catalogue shipped in cards/."""
    return CARDS


@pytest.fixture
def fixture_catalogue() -> Path:
    """A small, valid catalogue with its own rules.yaml (smaller counts) for fast tests."""
    return FIXTURES / "catalogue"


@pytest.fixture
def runner():
    from typer.testing import CliRunner

    return CliRunner()


@pytest.fixture
def app():
    from cardgen.cli import app

    return app


def _plain(text: str) -> str:
    """CLI output as one line of words: the box of typer's error panel and its line breaks gone."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


@pytest.fixture
def plain():
    """``plain(result.output)``: the words of a CLI output, to find a message the error panel
    wrapped across lines."""
    return _plain


@pytest.fixture(autouse=True, scope="session")
def _private_check_cache(tmp_path_factory, worker_id):
    """Keep the validate check cache of the test run out of the user's cache folder, in one
    folder of the run's that its xdist workers share (its entries are keyed by content and
    written whole: a catalogue one worker checked, the other replays)."""
    folder = _run_folder(tmp_path_factory, worker_id) / "check-cache"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.environ.setdefault("CARDGEN_CACHE_DIR", str(folder))


# --- kits built once per test run --------------------------------------------------------------
#: the small catalogue most build tests use (ten designs of Attack Right)
SMALL_CATALOGUE = FIXTURES / "render" / "cards"


@dataclass(frozen=True)
class BuiltKit:
    """A test's own copy of a kit built once per run: its catalogue, output folder, the files
    the first build wrote and whether each step ran (by step id)."""

    cards: Path
    out: Path
    written: tuple[str, ...]
    ran: dict[str, bool]


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory: pytest.TempPathFactory, worker_id: str):
    """``built_kit(dest, only=..., service=..., jobs=...)``: the small catalogue's kit built
    with those options once per test run and copied into ``dest`` (``cards/``, ``output/``,
    file times kept, so a rebuild finds it up to date).  Under xdist the first worker to ask
    builds it in the run's shared temporary folder, holding a file lock; the others wait and
    copy.  A test changes its copy, never the shared kit."""
    from filelock import FileLock

    root = _run_folder(tmp_path_factory, worker_id)

    def make(dest: Path, **options: object) -> BuiltKit:
        key = re.sub(r"[^a-z0-9]+", "-", json.dumps(options, sort_keys=True).lower()).strip("-")
        shared = root / f"kit-{key or 'default'}"
        with FileLock(f"{shared}.lock"):
            if not (shared / "built.json").is_file():
                from cardgen.build.pipeline import build

                shutil.rmtree(shared, ignore_errors=True)
                shutil.copytree(SMALL_CATALOGUE, shared / "cards")
                report = build(shared / "cards", shared / "output", **options)  # type: ignore[arg-type]
                first = {
                    "written": report.written,
                    "ran": {r.step_id: r.ran for r in report.results},
                }
                (shared / "built.json").write_text(json.dumps(first))
        first = json.loads((shared / "built.json").read_text())
        shutil.copytree(shared / "cards", dest / "cards")
        shutil.copytree(shared / "output", dest / "output", symlinks=True)
        return BuiltKit(dest / "cards", dest / "output", tuple(first["written"]), first["ran"])

    return make


def _run_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The test run's temporary folder, which every xdist worker's own folder sits in."""
    root = tmp_path_factory.getbasetemp()
    return root if worker_id == "master" else root.parent


class DrawnPictures:
    """The pictures studio sessions drew in this test run, one raster store per catalogue
    folder, shared by the xdist workers: ``copy(cards, out)`` before a studio of (a copy of)
    ``cards`` starts writing to ``out`` gives it the pictures a session drew before, if one
    did (its gallery then draws nothing); ``keep(cards, out)`` once that studio is ready keeps
    its pictures for the next, if none are kept yet.  Nothing is drawn for the store: the
    first session of a catalogue draws as it always did."""

    def __init__(self, root: Path):
        self.root = root

    def _shared(self, cards: Path) -> Path:
        name = re.sub(r"[^a-z0-9]+", "-", str(cards.resolve().relative_to(ROOT)).lower())
        return self.root / name.strip("-")

    @staticmethod
    def _store(out: Path) -> Path:
        from cardgen.build.products import RASTER_FOLDER
        from cardgen.build.steps import PRIVATE_DIR

        return out / PRIVATE_DIR / RASTER_FOLDER

    def copy(self, cards: Path, out: Path) -> None:
        shared = self._shared(cards)
        if shared.is_dir():
            shutil.copytree(shared, self._store(out), dirs_exist_ok=True)

    def keep(self, cards: Path, out: Path) -> None:
        shared, store = self._shared(cards), self._store(out)
        if shared.exists() or not store.is_dir():
            return
        part = shared.with_name(f"{shared.name}.{os.getpid()}")
        shutil.copytree(store, part, ignore=shutil.ignore_patterns(".*"))  # not a temporary
        try:
            part.rename(shared)  # whole or not at all (another worker may have kept its own)
        except OSError:
            shutil.rmtree(part, ignore_errors=True)


@pytest.fixture(scope="session")
def studio_drawn(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> DrawnPictures:
    """The pictures the run's studio sessions drew, per catalogue (see DrawnPictures)."""
    root = _run_folder(tmp_path_factory, worker_id) / "studio-pictures"
    root.mkdir(exist_ok=True)
    return DrawnPictures(root)


# --- reading PDFs with PDFium (pypdfium2): text layers, page counts, pixels --------------------
@contextlib.contextmanager
def open_pdf(pdf: bytes | str | os.PathLike[str]):
    """The PDF opened by PDFium, closed afterwards."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else os.fspath(pdf))
    try:
        yield doc
    finally:
        doc.close()


def page_text(page, box: tuple[float, float, float, float] | None = None) -> str:
    """A PDFium page's text layer (inside ``box``, left, bottom, right, top in points, when
    given), with ``\\n`` line ends."""
    tp = page.get_textpage()
    try:
        text = tp.get_text_range() if box is None else tp.get_text_bounded(*box)
    finally:
        tp.close()
    return text.replace("\r\n", "\n").replace("\r", "\n")


def pdf_texts(pdf: bytes | str | os.PathLike[str]) -> list[str]:
    """The text of every page of ``pdf``, one string per page."""
    with open_pdf(pdf) as doc:
        return [page_text(doc[i]) for i in range(len(doc))]


def pdf_text(pdf: bytes | str | os.PathLike[str]) -> str:
    """The text of every page of ``pdf``, pages joined by a line end."""
    return "\n".join(pdf_texts(pdf))


def pdf_fills(pdf: bytes | str | os.PathLike[str]) -> list[tuple[str, tuple[float, ...]]]:
    """Every filled path of ``pdf`` (vector shapes: bars, swatches...), page by page, in drawing
    order: its fill colour (``#RRGGBB``) and bounds (left, bottom, right, top, in points)."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    out = []
    with open_pdf(pdf) as doc:
        for i in range(len(doc)):
            for obj in doc[i].get_objects(max_depth=8):
                if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
                    continue
                mode, stroke = ctypes.c_int(), ctypes.c_int()
                pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
                if mode.value == pdfium_c.FPDF_FILLMODE_NONE:
                    continue
                rgba = [ctypes.c_uint() for _ in range(4)]
                pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(c) for c in rgba))
                r, g, b = (c.value for c in rgba[:3])
                out.append((f"#{r:02X}{g:02X}{b:02X}", tuple(obj.get_bounds())))
    return out


def pdf_type_sizes(pdf: bytes | str | os.PathLike[str]) -> list[tuple[float, str]]:
    """Every text object of ``pdf`` (nested forms included): its type size in points, its font
    size scaled by its own matrix and by the matrices of the forms holding it, and its text."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    out = []
    with open_pdf(pdf) as doc:
        for i in range(len(doc)):
            page = doc[i]
            tp = page.get_textpage()

            def walk(objs, scale, page=page, tp=tp):
                for obj in objs:
                    m = obj.get_matrix()
                    s = scale * abs(m.a * m.d - m.b * m.c) ** 0.5
                    if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
                        n = pdfium_c.FPDFFormObj_CountObjects(obj.raw)
                        kids = []
                        for k in range(n):
                            raw = pdfium_c.FPDFFormObj_GetObject(obj.raw, k)
                            kids.append(type(obj)(raw, page=page, pdf=doc, level=obj.level + 1))
                        walk(kids, s, page, tp)
                    elif obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                        size = ctypes.c_float()
                        pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
                        n = pdfium_c.FPDFTextObj_GetText(obj.raw, tp.raw, None, 0)
                        buf = (ctypes.c_ushort * max(n // 2, 1))()
                        pdfium_c.FPDFTextObj_GetText(obj.raw, tp.raw, buf, n)
                        text = bytes(buf).decode("utf-16-le", "replace").rstrip("\x00")
                        out.append((round(size.value * s, 3), text))

            walk(list(page.get_objects(max_depth=1)), 1.0)
            tp.close()
    return out


def pdf_page_count(pdf: bytes | str | os.PathLike[str]) -> int:
    with open_pdf(pdf) as doc:
        return len(doc)


def pdf_page_sizes(pdf: bytes | str | os.PathLike[str]) -> list[tuple[float, float]]:
    """Every page's width and height in points."""
    with open_pdf(pdf) as doc:
        return [tuple(doc[i].get_size()) for i in range(len(doc))]


def text_position(pdf: str | os.PathLike[str], text: str, page: int = 0):
    """(left, bottom) in points of the first occurrence of ``text`` on ``page``, or None."""
    with open_pdf(pdf) as doc:
        tp = doc[page].get_textpage()
        try:
            searcher = tp.search(text)
            found = searcher.get_next()
            searcher.close()
            if found is None:
                return None
            left, bottom, _, _ = tp.get_charbox(found[0])
            return left, bottom
        finally:
            tp.close()


def pdf_forms(reader, page: int = 0) -> set[str]:
    """The names of every form XObject a page (the first) of a pypdf reader draws, nested
    ones included (``/FormXob.icon-coin``)."""
    names: set[str] = set()

    def walk(obj):
        for k, x in (obj.get("/Resources", {}).get("/XObject") or {}).items():
            if k not in names:
                names.add(k)
                walk(x.get_object())

    walk(reader.pages[page])
    return names


# --- processes ---------------------------------------------------------------------------------
def alive(procs: list) -> list:
    """The psutil processes of ``procs`` still running (zombies count as gone)."""
    import psutil

    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.NoSuchProcess:
            continue
    return out


def sigkill_family(proc) -> list:
    """SIGKILL the process ``proc`` (a Popen) and wait up to 10 s for every process it started
    to end; return those still running, killed (a test leaves nothing behind)."""
    import signal
    import time

    import psutil

    family = psutil.Process(proc.pid).children(recursive=True)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    deadline = time.monotonic() + 10
    while alive(family) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = alive(family)
    for p in survivors:
        p.kill()
    return survivors
