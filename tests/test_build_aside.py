"""The documents' worker (cardgen.build._aside): it dies with a killed build and writes only
into its staging folders."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from conftest import sigkill_family

PROGRAM = """
import sys, time
from pathlib import Path
from cardgen.build._aside import Aside
from cardgen.build.steps import Step

def slow(stage):
    (stage / "appendix.pdf").write_bytes(b"%PDF-1.4 half")
    time.sleep(120)
    return []

steps = [
    Step("cards/contact", "cards", "Cards", "k1", slow),
    Step("appendix/appendices", "appendix", "Appendices", "k2", slow, aside=True),
]
aside = Aside.start(steps, Path(sys.argv[1]), None, lambda step, stage: step.run(stage))
print("started", flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked on Linux")
def test_a_killed_build_leaves_no_worker_and_only_its_staging_folder(tmp_path):
    psutil = pytest.importorskip("psutil")
    proc = subprocess.Popen(
        [sys.executable, "-c", PROGRAM, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "started"
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".stage-*/appendix.pdf")) and time.monotonic() < deadline:
            time.sleep(0.05)
        (worker,) = [p.pid for p in psutil.Process(proc.pid).children(recursive=True)]
        assert psutil.pid_exists(worker) and worker != proc.pid
        assert not sigkill_family(proc)
        assert not psutil.pid_exists(worker) or psutil.Process(worker).status() == "zombie"
        # the half-written document is in the staging folder the next build sweeps, never
        # in the output
        assert [p.name.startswith(".stage-") for p in tmp_path.iterdir()] == [True]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def test_one_job_or_nothing_to_overlap_runs_every_step_here(tmp_path):
    from cardgen.build._aside import Aside
    from cardgen.build.steps import Step

    def run(stage):
        return []

    docs = Step("appendix/appendices", "appendix", "Appendices", "k", run, aside=True)
    cards = Step("cards/contact", "cards", "Cards", "k", run)
    for stale, jobs in (([docs, cards], 1), ([docs], None), ([cards], None)):
        aside = Aside.start(stale, tmp_path, jobs, lambda step, stage: step.run(stage))
        assert docs not in aside and not aside.stages
        aside.close()
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked on Linux")
def test_the_build_runs_its_own_steps_ahead_while_a_worker_is_busy(tmp_path, monkeypatch):
    """A step after an aside step runs while the aside step's worker is still busy; the
    files are moved in and the steps recorded in the steps' order."""
    from cardgen.build import pipeline
    from cardgen.build.cache import BuildCache
    from cardgen.build.steps import Output, Step

    out, marker = tmp_path / "out", tmp_path / "own step ran"
    out.mkdir()

    def docs(stage):  # waits (in its worker) for the build's own step to have run
        deadline = time.monotonic() + 30
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        (stage / "docs.txt").write_text("after" if marker.exists() else "waited")
        return [Output("docs.txt", "docs")]

    def cards(stage):
        marker.touch()
        (stage / "cards.txt").write_text("cards")
        return [Output("cards.txt", "cards")]

    steps = [
        Step("appendix/appendices", "appendix", "Appendices", "k1", docs, aside=True),
        Step("cards/contact", "cards", "Cards", "k2", cards),
    ]
    monkeypatch.setattr(pipeline, "_forget_stale", lambda *a: None)
    monkeypatch.setattr(pipeline, "_write_manifest", lambda *a: None)
    ctx = type("Ctx", (), {"out_dir": out, "jobs": None})()
    report = pipeline.BuildReport(out, "a4")
    cache = BuildCache.load(out)
    pipeline._run_steps(cache, ctx, steps, None, report, None, None)
    assert [r.step_id for r in report.results] == ["appendix/appendices", "cards/contact"]
    assert (out / "docs.txt").read_text() == "after"  # not "waited": cards ran meanwhile
    assert (out / "cards.txt").read_text() == "cards"
    assert list(cache.entries) == ["appendix/appendices", "cards/contact"]
    assert not list(out.glob(".stage-*"))
