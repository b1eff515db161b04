"""Benchmark `cardgen render` against a plain reportlab script (benchmarks/baseline_reportlab.py).

Prints medians; never asserts on them.  Two views:

* process: whole command runs, start-up included (``python -m cardgen render …`` against
  ``python benchmarks/baseline_reportlab.py``), as wall time and as CPU time (user + system of
  the child, less sensitive to other work on the machine than wall time).  Two floors are
  timed beside them: a typer command that does nothing with the same arguments
  (``benchmarks/typer_noop.py``: what the CLI framework alone costs, as typer imports pydantic
  to parse arguments) and cardgen's CLI plus loading the catalogue;
* library: the drawing and writing alone, in one warm process (catalogue loaded once).

The raster step (``-p png -p tts -p contact``: every design rasterised once by PDFium, then the
PNG files, TTS sheets and contact sheet cut from it) is timed in both views with ``--jobs 1``
and ``--jobs 2`` (more cores: ``--raster-jobs 1,2,4``); the files are the same for every number.

Both sides run with the same interpreter and the same installed reportlab (version and whether
its C accelerator is present are printed), so the ratio compares like with like.  Each command
runs once untimed first, with bytecode writing allowed, so both are timed as after any first
run (compiled modules, cached font metrics) even where PYTHONDONTWRITEBYTECODE is set.  The load
average is printed too: on a shared machine, compare runs made under a similar load.

    python benchmarks/bench_render.py [--cards cards] [--runs 7] [--all-runs 3] [--no-all]
                                      [--raster-jobs 1,2] [--raster-runs 3]
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

BASELINE = "baseline (plain reportlab, 3x3 A4)"
OURS = "pnp A4 + print"
ALL = "all products"
FLOOR = "cli + catalogue load only (no render)"
TYPER_FLOOR = "a no-op typer command, same arguments"
IMAGES = ("png", "tts", "contact")


def raster_case(jobs: int) -> str:
    return f"png + tts + contact, --jobs {jobs}"


def median_wall(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``cmd``; its wall time and its CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def process_view(
    cards: str,
    runs: int,
    all_runs: int,
    out: Path,
    raster_jobs: tuple[int, ...] = (),
    raster_runs: int = 0,
) -> dict[str, tuple[float, float]]:
    """Median (wall, cpu) of each whole command; the cases take turns, run by run.  The cpu
    time of a raster case includes its worker processes."""
    py = sys.executable
    render = [py, "-m", "cardgen", "render", cards, "-q", "--out"]
    pnp_print = ["-p", "pnp", "--paper", "a4", "-p", "print"]
    images = [a for p in IMAGES for a in ("-p", p)]
    cases = {
        BASELINE: ([py, str(HERE / "baseline_reportlab.py"), str(out / "baseline.pdf")], runs),
        OURS: ([*render, str(out / "a"), *pnp_print], runs),
        "pnp A4+Letter + print": ([*render, str(out / "b"), "-p", "pnp", "-p", "print"], runs),
        ALL: ([*render, str(out / "c")], all_runs),
        # the floor of any typer command: a no-op command taking the same arguments
        TYPER_FLOOR: (
            [py, str(HERE / "typer_noop.py"), *render[3:], str(out / "d"), *pnp_print],
            runs,
        ),
        # what every cardgen command pays before rendering: start-up, CLI, catalogue
        FLOOR: (
            [
                py,
                "-c",
                f"import cardgen.cli, cardgen.catalogue.loader as c; c.load_catalogue({cards!r})",
            ],
            runs,
        ),
        **{
            raster_case(j): ([*render, str(out / f"r{j}"), *images, "--jobs", str(j)], raster_runs)
            for j in raster_jobs
        },
    }
    times: dict[str, list[tuple[float, float]]] = {name: [] for name, (_, n) in cases.items() if n}
    first = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd, n in cases.values():
        if n:
            run(cmd, first)  # warm-up, untimed
    for i in range(max(runs, all_runs, raster_runs)):
        for name, (cmd, n) in cases.items():
            if i < n:
                times[name].append(run(cmd))
    return {
        name: (statistics.median(w for w, _ in ts), statistics.median(c for _, c in ts))
        for name, ts in times.items()
    }


def library_view(
    cards: str, runs: int, raster_jobs: tuple[int, ...] = (), raster_runs: int = 0
) -> dict[str, float]:
    sys.path.insert(0, str(HERE))
    import baseline_reportlab

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.api import Renderer, RenderOptions
    from cardgen.render.geometry import Duplex
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.products.print import render_print_backs, render_print_pile

    cat = load_catalogue(ROOT / cards)
    n = cat.count()

    def ours() -> None:
        ctx = Renderer(cat).context()
        render_pnp(ctx, "a4", Duplex.LONG)
        for deck in cat.rules.deck_ids:
            render_print_pile(ctx, deck)
            render_print_backs(ctx, deck)

    def pnp_only() -> None:
        render_pnp(Renderer(cat).context(), "a4", Duplex.LONG)

    def raster(jobs: int) -> None:
        """The raster step alone: what `render` does for png, tts and contact after its
        preflight, the files written to a throwaway folder."""
        from cardgen.util.atomic import atomic_write_bytes

        with tempfile.TemporaryDirectory(prefix="bench-raster-") as tmp:
            options = RenderOptions(products=IMAGES, jobs=jobs)
            Renderer(cat)._raster(
                options, lambda rel, data: atomic_write_bytes(Path(tmp) / rel, data)
            )

    ours()  # warm: fonts registered, modules imported
    times = {
        f"baseline render ({n} cards)": median_wall(
            lambda: baseline_reportlab.render(io.BytesIO(), n), runs
        ),
        "pnp A4 render (fronts, backs, calibration)": median_wall(pnp_only, runs),
        "pnp A4 + print render": median_wall(ours, runs),
    }
    for j in raster_jobs if raster_runs else ():
        times[f"raster step (png+tts+contact), jobs {j}"] = median_wall(
            lambda j=j: raster(j), raster_runs
        )
    return times


def environment() -> str:
    import reportlab

    try:
        import _rl_accel  # noqa: F401

        accel = "with the rl_accel C accelerator"
    except ImportError:
        accel = "without the C accelerator (pip install rl_accel)"
    return (
        f"python {sys.version.split()[0]}, reportlab {reportlab.Version} {accel} (both sides); "
        f"{os.cpu_count()} cores"
    )


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", default="cards")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--all-runs", type=int, default=3)
    ap.add_argument("--no-all", action="store_true", help="Skip the all-products runs.")
    ap.add_argument(
        "--raster-jobs", default="1,2", help="--jobs values for the raster cases (comma-list)."
    )
    ap.add_argument(
        "--raster-runs", type=int, default=3, help="Runs of each raster case (0: none)."
    )
    args = ap.parse_args()
    raster_jobs = tuple(int(j) for j in args.raster_jobs.split(",") if j.strip())
    print(environment())
    print(f"before: {load()}")
    with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
        proc = process_view(
            args.cards,
            args.runs,
            0 if args.no_all else args.all_runs,
            Path(tmp),
            raster_jobs,
            args.raster_runs,
        )
    lib = library_view(args.cards, args.runs, raster_jobs, args.raster_runs)
    print("process (median of whole commands, start-up included)")
    print(f"  {'':<40} {'wall':>9} {'cpu':>9}")
    for name, (wall, cpu) in proc.items():
        print(f"  {name:<40} {wall:7.3f} s {cpu:7.3f} s")
    (bw, bc), (ow, oc) = proc[BASELINE], proc[OURS]
    print(f"  ratio pnp+print / baseline: wall {ow / bw:.2f}x, cpu {oc / bc:.2f}x (goal <= 1.5x)")
    if TYPER_FLOOR in proc:
        print(f"  ratio no-op typer command / baseline: wall {proc[TYPER_FLOOR][0] / bw:.2f}x")
    walls = {j: proc[raster_case(j)][0] for j in raster_jobs if raster_case(j) in proc}
    first = next(iter(walls), None)
    for j, wall in walls.items():
        if j != first:
            print(f"  png + tts + contact, --jobs {j} against {first}: {walls[first] / wall:.2f}x")
    print("library (median wall, warm process)")
    base_key = next(iter(lib))
    for name, t in lib.items():
        print(f"  {name:<40} {t:7.3f} s")
    print(f"  ratio pnp+print / baseline: {lib['pnp A4 + print render'] / lib[base_key]:.2f}x")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
