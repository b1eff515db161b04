"""Rasterising with PDFium: one image per design, the same files for any number of worker
processes, nothing but Python needed, and workers that die with their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CARDS, FIXTURES, alive, sigkill_family
from PIL import Image

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import Renderer, RenderOptions
from cardgen.render.products import raster

FIXTURE = FIXTURES / "render" / "cards"
IMAGES = ("png", "tts", "contact")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(FIXTURE)


@pytest.fixture
def every_page_a_worker(monkeypatch):
    """Workers even for the few pages of the fixture catalogue; counts the pools started."""
    monkeypatch.setattr(
        raster, "MIN_PAGES_PER_WORKER", dict.fromkeys(raster.MIN_PAGES_PER_WORKER, 1)
    )
    started: list[int] = []
    pool = raster.worker_pool

    def counted(n, *args):
        started.append(n)
        return pool(n, *args)

    monkeypatch.setattr(raster, "worker_pool", counted)
    return started


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_files_are_the_same_for_any_number_of_jobs(catalogue, tmp_path, every_page_a_worker):
    outputs, written = {}, {}
    for jobs in (1, 2, 3):
        out = tmp_path / f"jobs-{jobs}"
        paths = Renderer(catalogue).render(out, RenderOptions(products=IMAGES, jobs=jobs))
        written[jobs] = [p.relative_to(out).as_posix() for p in paths]
        outputs[jobs] = _files(out)
    assert every_page_a_worker == [2, 3]  # jobs 1 rasterises in the render process itself
    assert outputs[1] and outputs[1] == outputs[2] == outputs[3]
    assert written[1] == written[2] == written[3]  # reported in the same order too
    assert sorted(written[1]) == sorted(outputs[1])


def test_the_build_is_the_same_for_any_number_of_jobs(tmp_path, every_page_a_worker):
    import shutil

    from cardgen.build.cache import CACHE_FILE
    from cardgen.build.pipeline import build

    cards = tmp_path / "cards"
    shutil.copytree(FIXTURE, cards)
    kits = {}
    for jobs in (1, 3):
        build(cards, tmp_path / f"kit-{jobs}", only=["cards"], jobs=jobs)
        kits[jobs] = {k: v for k, v in _files(tmp_path / f"kit-{jobs}").items() if k != CACHE_FILE}
    assert every_page_a_worker and set(every_page_a_worker) == {3}
    assert any(k.startswith("cards/tts/") for k in kits[1]) and kits[1] == kits[3]


def test_every_image_is_cut_from_the_one_raster_of_its_design(catalogue, tmp_path):
    """The MPC PNG is the exact centre of the PNG; a TTS cell is the PNG without its bleed,
    scaled."""
    from cardgen.render.products.png import centred, trim

    r = Renderer(catalogue)
    r.render(tmp_path, RenderOptions(products=IMAGES, jobs=1))
    ctx = r.context()
    plan = raster.plan(ctx, full_size=True)
    card = catalogue.card("shield-wall")
    with Image.open(tmp_path / "png" / card.deck / f"{card.id}.png") as im:
        full = im.convert("RGB")
    with Image.open(tmp_path / "png-mpc" / card.deck / f"{card.id}.png") as im:
        mpc = im.convert("RGB")
    assert mpc.tobytes() == centred(full, mpc.size).tobytes()
    # the card's cell on its TTS sheet: the trim at print size, scaled to the sheet's card size
    from cardgen.render.products.tts import tts_decks

    deck = next(d for d in tts_decks(ctx) if any(c.id == card.id for c in d.sheets[0].cards))
    sheet = deck.sheets[0]
    row, col = divmod(next(i for i, c in enumerate(sheet.cards) if c.id == card.id), sheet.cols)
    w, h = sheet.cell
    with Image.open(tmp_path / "tts" / sheet.file) as im:
        cell = im.convert("RGB").crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
    box = trim(full, plan.bleed_px)
    master = full.resize(plan.cell, Image.Resampling.LANCZOS, box=box, reducing_gap=2.0)
    expected = master.resize((w, h), Image.Resampling.LANCZOS)
    assert cell.tobytes() == expected.tobytes()


def test_one_pdfium_render_per_design(catalogue, monkeypatch):
    from cardgen.render.products import raster_worker

    calls: list[int] = []
    pixels = raster_worker.pixels

    def counting(doc, index, size):
        calls.append(index)
        return pixels(doc, index, size)

    monkeypatch.setattr(raster_worker, "pixels", counting)
    r = Renderer(catalogue)
    written: list[str] = []
    r._raster(RenderOptions(products=IMAGES, jobs=1), lambda rel, data: written.append(rel))
    assert calls == list(range(len(raster.sprites(r.context()))))
    assert any(w.startswith("png-mpc/") for w in written) and "contact.png" in written


def test_without_pngs_the_pages_are_drawn_only_as_fine_as_the_cells(catalogue, monkeypatch):
    from cardgen.render.products import raster_worker

    sizes: set[tuple[int, int]] = set()
    pixels = raster_worker.pixels

    def recording(doc, index, size):
        sizes.add(size)
        return pixels(doc, index, size)

    monkeypatch.setattr(raster_worker, "pixels", recording)
    r = Renderer(catalogue)
    r._raster(RenderOptions(products=("tts",), jobs=1), lambda rel, data: None)
    ((w, h),) = sizes
    cell = raster.plan(r.context(), full_size=False).cell
    assert (w, h) == (825, 1125) and cell == (750, 1050)  # the trim at print resolution


def test_jobs_must_be_positive(runner, app, tmp_path):
    res = runner.invoke(app, ["render", str(FIXTURE), "-o", str(tmp_path), "--jobs", "0"])
    assert res.exit_code == 2
    with pytest.raises(ValueError, match="jobs"):
        RenderOptions(jobs=0)


def test_images_render_with_nothing_but_python(tmp_path):
    """No external program on PATH: png, tts and contact are made."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    out = tmp_path / "out"
    env = {**os.environ, "PATH": str(empty)}
    cmd = [sys.executable, "-m", "cardgen", "render", str(FIXTURE), "-o", str(out), "-q"]
    products = [a for p in IMAGES for a in ("-p", p)]
    res = subprocess.run([*cmd, *products, "--jobs", "2"], env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = out / "cards"
    assert (out / "contact.png").is_file() and (out / "tts" / "attack-right.json").is_file()
    with Image.open(next((out / "png").rglob("*.png"))) as im:
        assert im.size == (825, 1125)


# --- workers die with their parent ------------------------------------------------------------
def _workers_of(pid: int) -> list:
    """Running processes (zombies aside) that ``pid`` started: its pool's workers."""
    import psutil

    found = []
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return found
    for p in children:
        try:
            if p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except psutil.Error:
            continue
    return found


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
@pytest.mark.parametrize("command", ["render", "build"])
def test_a_killed_render_leaves_no_process_and_no_temporary_folder(command, tmp_path):
    pytest.importorskip("psutil")
    tmp = tmp_path / "tmp"  # the command's private temporary folder
    tmp.mkdir()
    out = tmp_path / "out"
    env = {**os.environ, "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp)}
    base = [sys.executable, "-m", "cardgen"]
    if command == "render":
        args = ["render", str(CARDS), "-o", str(out), "-q", "-p", "png", "--jobs", "2"]
    else:
        args = ["build", "--cards", str(CARDS), "--out", str(out), "-q", "--only", "cards"]
        args += ["--jobs", "2", "--service", "tgc"]  # the home kit's small images need no workers
    proc = subprocess.Popen([*base, *args], env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        workers: list = []
        while time.monotonic() < deadline and proc.poll() is None:
            workers = _workers_of(proc.pid)
            if len(workers) >= 2 and any(out.rglob("*.png")):  # mid-raster
                break
            time.sleep(0.05)
        assert proc.poll() is None and len(workers) >= 2, "never caught it rasterising"
        assert not sigkill_family(proc)
        assert not _workers_of(proc.pid)
        assert sorted(p.name for p in tmp.iterdir()) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_worker_busy_with_no_pipe_to_read_still_dies_with_its_parent():
    """Not waiting for the end of its stdin: a worker in the middle of a long page goes at
    once when its parent is killed."""
    psutil = pytest.importorskip("psutil")
    child = (
        "import sys, time\n"
        "from cardgen.util.procs import die_with_parent\n"
        "die_with_parent(int(sys.argv[1]))\n"
        "print('busy', flush=True)\n"
        "time.sleep(120)\n"
    )
    parent = (
        "import os, subprocess, sys, time\n"
        f"c = subprocess.Popen([sys.executable, '-c', {child!r}, str(os.getpid())],"
        " stdin=subprocess.DEVNULL)\n"
        "print(c.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, text=True)
    try:
        worker = psutil.Process(int(proc.stdout.readline()))
        assert proc.stdout.readline().strip() == "busy"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while alive([worker]) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not alive([worker])
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
