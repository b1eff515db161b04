"""Benchmark `cardgen render` against a plain reportlab script (benchmarks/baseline_reportlab.py).

Prints medians; never asserts on them.  Two views:

* process: whole command runs, start-up included (``python -m cardgen render …`` against
  ``python benchmarks/baseline_reportlab.py``), as wall time and as CPU time (user + system of
  the child, less sensitive to other work on the machine than wall time).  The command of the
  issue, ``cardgen render -p pnp -p print`` (pnp on A4 and Letter, the print PDFs), is timed
  three ways: as shipped, through reportlab's public API only (``CARDGEN_REPORTLAB_PUBLIC=1``:
  what the one shortcut through reportlab's internals, ``cardgen/render/_rl_fast.py``, saves;
  it stays only while that is at least 20 %) and, like the baseline, without reportlab's C
  accelerator (``_rl_accel`` shadowed by a module that fails to import: what ``rl_accel``
  saves).  Three floors are timed beside them: a typer command that does nothing with the same
  arguments (``benchmarks/typer_noop.py``: what the CLI framework alone costs, as typer imports
  pydantic to parse arguments), cardgen's CLI plus loading the catalogue, and the start-up of
  ``cardgen render`` (the same command, everything up to the first page drawn: CLI, imports,
  catalogue, fonts, preflight);
* library: the drawing and writing alone, in one warm process (catalogue loaded once), as
  shipped and through the public API.

Per card (``--scale K``, default 10): the issue's command on the catalogue and on the same
catalogue K times over (every card design repeated K times under new ids and names, its rules
asking for K times the cards), and the baseline drawing 160 and 160 × K cards; each side's cost
per card beyond the first 160 is the difference of the two runs over the cards added, so the
start-up cancels.  In the process view (CPU time, the catalogues validated by the warm-up run)
and in the library view (drawing and writing alone, CPU time).

The raster step (``-p png -p tts -p contact``: every design rasterised once by PDFium, then the
PNG files, TTS sheets and contact sheet cut from it) is timed in both views with ``--jobs 1``
and ``--jobs 2`` (more cores: ``--raster-jobs 1,2,4``); the files are the same for every number.

Both sides run with the same interpreter and the same installed reportlab (version and whether
its C accelerator is present are printed), so the ratio compares like with like.  Each command
runs once untimed first, with bytecode writing allowed, so both are timed as after any first
run (compiled modules) even where PYTHONDONTWRITEBYTECODE is set.  The cases take turns, run by
run, so a change in the machine's load falls on all of them alike; the load average is printed
too.  ``--imports`` adds where the start-up's imports go (``python -X importtime``, self time
summed by package).

    python benchmarks/bench_render.py [--cards cards] [--runs 7] [--all-runs 3] [--no-all]
                                      [--raster-jobs 1,2] [--raster-runs 3] [--imports]
                                      [--scale 10] [--scale-runs 3]
"""

from __future__ import annotations

import argparse
import io
import os
import re
import resource
import shutil
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
BASELINE_NO_ACCEL = "baseline, no rl_accel"
OURS = "pnp A4 + print"
COMMAND = "pnp A4+Letter + print"
PUBLIC = "pnp A4+Letter + print, public API"
NO_ACCEL = "pnp A4+Letter + print, no rl_accel"
PUBLIC_NO_ACCEL = "pnp A4+Letter + print, public, no accel"
ALL = "all products"
FLOOR = "cli + catalogue load only (no render)"
TYPER_FLOOR = "a no-op typer command, same arguments"
STARTUP = "render start-up (up to the first page)"
IMAGES = ("png", "tts", "contact")
SCALED = "pnp A4+Letter + print, {n} cards"
SCALED_BASE = "baseline, {n} cards"

#: ``CARDGEN_REPORTLAB_PUBLIC``: draw through reportlab's public API only
PUBLIC_ENV = {"CARDGEN_REPORTLAB_PUBLIC": "1"}

#: `cardgen render` with everything but the drawing: the command's own start-up
STARTUP_CODE = """
import sys
from cardgen.render import api
api.Renderer.render = lambda self, out, options, check=True: (check and self.check(), [])[1]
from cardgen.cli import main
sys.argv = ["cardgen", *sys.argv[1:]]
main()
"""

Cases = dict[str, tuple[list[str], int, dict[str, str]]]


def scaled_catalogue(src: Path, dst: Path, k: int) -> int:
    """Write to ``dst`` the catalogue ``src`` with every card design ``k`` times (the copies
    after the first with ``-2``, ``-3`` … on their id and `` 2``, `` 3`` … on their name), its
    rules asking for ``k`` times the cards; return its cards (copies counted)."""
    import yaml

    shutil.copytree(src, dst)
    total = 0
    for path in sorted(dst.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.name == "rules.yaml" or not isinstance(data, dict) or "cards" not in data:
            continue
        cards = []
        for i in range(1, k + 1):
            for card in data["cards"]:
                card = dict(card)
                if i > 1:
                    card["id"], card["name"] = f"{card['id']}-{i}", f"{card['name']} {i}"
                cards.append(card)
                total += int(card.get("copies", 1))
        data["cards"] = cards
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    rules_path = dst / "rules.yaml"
    rules = yaml.safe_load(rules_path.read_text(encoding="utf-8"))
    book = rules.get("catalogue", {})
    if "cards_per_deck_season" in book:
        book["cards_per_deck_season"] *= k
    if "cards" in rules.get("components", {}):
        rules["components"]["cards"] *= k
    rules_path.write_text(yaml.safe_dump(rules, sort_keys=False, allow_unicode=True), "utf-8")
    return total


def per_card(small: tuple[int, float], large: tuple[int, float]) -> float:
    """Seconds per card beyond the smaller run: ``(cards, seconds)`` of two runs."""
    return (large[1] - small[1]) / (large[0] - small[0])


def raster_case(jobs: int) -> str:
    return f"png + tts + contact, --jobs {jobs}"


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``cmd`` with ``env``; its wall time and its CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def no_accel_env(folder: Path) -> dict[str, str]:
    """Environment variables under which ``import _rl_accel`` fails, so reportlab runs its
    Python code instead of the C accelerator (a module of that name shadows the extension)."""
    (folder / "_rl_accel.py").write_text('raise ImportError("shadowed by bench_render.py")\n')
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path}


def accelerated(env: dict[str, str]) -> bool:
    """True if reportlab, run with ``env``, uses its C accelerator."""
    probe = "import reportlab.lib.rl_accel as a; print(a.fp_str.__module__)"
    out = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    ).stdout
    return out.strip() == "_rl_accel"


def process_cases(
    cards: str,
    runs: int,
    all_runs: int,
    out: Path,
    raster_jobs: tuple[int, ...] = (),
    raster_runs: int = 0,
    scaled: tuple[tuple[str, int], ...] = (),
    scale_runs: int = 0,
) -> Cases:
    """Each case: its command, its number of timed runs and its extra environment variables;
    ``scaled``: the catalogues (folder, cards) timed per card."""
    py = sys.executable
    args = ["render", cards, "-q", "--out"]
    render = [py, "-m", "cardgen", *args]
    pnp_print = ["-p", "pnp", "-p", "print"]
    images = [a for p in IMAGES for a in ("-p", p)]
    baseline = [py, str(HERE / "baseline_reportlab.py"), str(out / "baseline.pdf")]
    blocked = out / "no-accel"
    blocked.mkdir()
    no_accel = no_accel_env(blocked)
    if accelerated(no_accel):
        sys.exit("could not make _rl_accel unimportable")
    return {
        BASELINE: (baseline, runs, {}),
        BASELINE_NO_ACCEL: (baseline, runs, no_accel),
        OURS: ([*render, str(out / "a"), "-p", "pnp", "--paper", "a4", "-p", "print"], runs, {}),
        COMMAND: ([*render, str(out / "b"), *pnp_print], runs, {}),
        PUBLIC: ([*render, str(out / "e"), *pnp_print], runs, PUBLIC_ENV),
        NO_ACCEL: ([*render, str(out / "f"), *pnp_print], runs, no_accel),
        PUBLIC_NO_ACCEL: ([*render, str(out / "g"), *pnp_print], runs, {**PUBLIC_ENV, **no_accel}),
        ALL: ([*render, str(out / "c")], all_runs, {}),
        # the floor of any typer command: a no-op command taking the same arguments
        TYPER_FLOOR: (
            [py, str(HERE / "typer_noop.py"), *args, str(out / "d"), *pnp_print],
            runs,
            {},
        ),
        # what every cardgen command pays before rendering: start-up, CLI, catalogue
        FLOOR: (
            [
                py,
                "-c",
                f"import cardgen.cli, cardgen.catalogue.loader as c; c.load_catalogue({cards!r})",
            ],
            runs,
            {},
        ),
        STARTUP: ([py, "-c", STARTUP_CODE, *args, str(out / "s"), *pnp_print], runs, {}),
        **{
            raster_case(j): (
                [*render, str(out / f"r{j}"), *images, "--jobs", str(j)],
                raster_runs,
                {},
            )
            for j in raster_jobs
        },
        **{
            SCALED.format(n=n): (
                [*render[:4], folder, *render[5:], str(out / f"n{n}"), *pnp_print],
                scale_runs,
                {},
            )
            for folder, n in scaled
        },
        **{
            SCALED_BASE.format(n=n): (
                [*baseline[:-1], str(out / f"b{n}.pdf"), str(n)],
                scale_runs,
                {},
            )
            for _, n in scaled
        },
    }


def process_view(cases: Cases) -> dict[str, tuple[float, float]]:
    """Median (wall, cpu) of each whole command; the cases take turns, run by run.  The cpu
    time of a raster case includes its worker processes."""
    base = {k: v for k, v in os.environ.items() if k != "CARDGEN_REPORTLAB_PUBLIC"}
    first = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[tuple[float, float]]] = {}
    for name, (cmd, n, env) in cases.items():
        if n:
            run(cmd, {**first, **env})  # warm-up, untimed
            times[name] = []
    for i in range(max(n for _, n, _ in cases.values())):
        for name, (cmd, n, env) in cases.items():
            if i < n:
                times[name].append(run(cmd, {**base, **env}))
    return {
        name: (statistics.median(w for w, _ in ts), statistics.median(c for _, c in ts))
        for name, ts in times.items()
    }


def library_view(
    cards: str, runs: int, raster_jobs: tuple[int, ...] = (), raster_runs: int = 0
) -> dict[str, float]:
    """Median wall time of each render in this process; the cases take turns, run by run."""
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

    def public() -> None:
        os.environ.update(PUBLIC_ENV)
        try:
            ours()
        finally:
            for k in PUBLIC_ENV:
                del os.environ[k]

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

    cases: dict[str, tuple[Callable[[], object], int]] = {
        f"baseline render ({n} cards)": (lambda: baseline_reportlab.render(io.BytesIO(), n), runs),
        "pnp A4 render (fronts, backs, calibration)": (pnp_only, runs),
        "pnp A4 + print render": (ours, runs),
        "pnp A4 + print render, public API": (public, runs),
        **{
            f"raster step (png+tts+contact), jobs {j}": (lambda j=j: raster(j), raster_runs)
            for j in raster_jobs
        },
    }
    cases = {name: case for name, case in cases.items() if case[1]}
    for fn, _ in cases.values():
        fn()  # warm: fonts registered, modules imported
    times: dict[str, list[float]] = {name: [] for name in cases}
    for i in range(max(n for _, n in cases.values())):
        for name, (fn, k) in cases.items():
            if i < k:
                t = time.perf_counter()
                fn()
                times[name].append(time.perf_counter() - t)
    return {name: statistics.median(ts) for name, ts in times.items()}


def library_per_card(scaled: tuple[tuple[str, int], ...], runs: int) -> dict[str, float]:
    """Median CPU time of the drawing and writing of ``render -p pnp -p print`` (pnp on A4
    and Letter, the print PDFs) of each catalogue of ``scaled``, and of the baseline drawing
    as many cards, in this process; the cases take turns, run by run."""
    sys.path.insert(0, str(HERE))
    import baseline_reportlab

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.api import Renderer
    from cardgen.render.geometry import Duplex
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.products.print import render_print_backs, render_print_pile

    def ours(cat) -> None:
        ctx = Renderer(cat).context()
        for paper in ("a4", "letter"):
            render_pnp(ctx, paper, Duplex.LONG)
        for pile in ctx.backs_by_pile():
            render_print_pile(ctx, pile)
            render_print_backs(ctx, pile)

    cases: dict[str, Callable[[], object]] = {}
    for folder, n in scaled:
        cat = load_catalogue(ROOT / folder)
        cases[SCALED.format(n=n)] = lambda cat=cat: ours(cat)
        cases[SCALED_BASE.format(n=n)] = lambda n=n: baseline_reportlab.render(io.BytesIO(), n)
    for fn in cases.values():
        fn()  # warm
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, fn in cases.items():
            t = time.process_time()
            fn()
            times[name].append(time.process_time() - t)
    return {name: statistics.median(ts) for name, ts in times.items()}


def report_per_card(
    scaled: tuple[tuple[str, int], ...], proc: dict[str, float], lib: dict[str, float]
) -> None:
    """Each side's CPU time per card beyond the smaller catalogue, and their ratio."""
    (_, small), (_, large) = scaled
    print(f"per card beyond the first {small} ({small} vs {large} cards), CPU time")
    for view, times in (("process", proc), ("library", lib)):
        if not times:
            continue
        ours = per_card(*((n, times[SCALED.format(n=n)]) for n in (small, large)))
        base = per_card(*((n, times[SCALED_BASE.format(n=n)]) for n in (small, large)))
        print(
            f"  {view:<8} `render -p pnp -p print` {ours * 1000:6.3f} ms, plain reportlab "
            f"{base * 1000:6.3f} ms: {ours / base:4.2f}x (goal 2x)"
        )


def import_profile(cards: str, runs: int, out: Path, top: int = 12) -> list[tuple[str, float]]:
    """Where the imports of `cardgen render`'s start-up go: ``-X importtime`` self times,
    summed by top-level package (by sub-package within cardgen), median of ``runs``."""
    cmd = [sys.executable, "-X", "importtime", "-c", STARTUP_CODE, "render", cards, "-q"]
    cmd += ["--out", str(out / "i"), "-p", "pnp", "-p", "print"]
    totals: list[dict[str, float]] = []
    for _ in range(runs):
        err = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stderr
        sums: dict[str, float] = {}
        for line in err.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
            if m:
                parts = m.group(2).split(".")
                key = ".".join(parts[:2]) if parts[0] == "cardgen" else parts[0]
                sums[key] = sums.get(key, 0.0) + int(m.group(1)) / 1e6
        totals.append(sums)
    keys = set().union(*totals)
    med = {k: statistics.median(t.get(k, 0.0) for t in totals) for k in keys}
    ranked = sorted(med.items(), key=lambda kv: -kv[1])
    return [("all imports", sum(med.values())), *ranked[:top]]


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


def _saving(faster: float, slower: float) -> str:
    """What the faster run saves of the slower one's time."""
    return f"{1 - faster / slower:.0%}"


def report(proc: dict[str, tuple[float, float]]) -> None:
    print("process (median of whole commands, start-up included)")
    print(f"  {'':<42} {'wall':>9} {'cpu':>9}  ratio to baseline (wall, cpu)")
    (bw, bc) = proc[BASELINE]
    for name, (wall, cpu) in proc.items():
        ref = proc[BASELINE_NO_ACCEL] if "accel" in name else (bw, bc)
        ratio = f"{wall / ref[0]:5.2f}x {cpu / ref[1]:5.2f}x"
        print(f"  {name:<42} {wall:7.3f} s {cpu:7.3f} s  {ratio}")
    print("  (the no rl_accel cases against the baseline without rl_accel)")
    (cw, cc), (pw, pc) = proc[COMMAND], proc[PUBLIC]
    (nw, nc), (pnw, pnc) = proc[NO_ACCEL], proc[PUBLIC_NO_ACCEL]
    (bnw, bnc) = proc[BASELINE_NO_ACCEL]
    print(
        f"  the _rl_fast shortcut (form replay) saves of `render -p pnp -p print`: wall "
        f"{_saving(cw, pw)}, cpu {_saving(cc, pc)} (kept while >= 20 %; without rl_accel: "
        f"wall {_saving(nw, pnw)}, cpu {_saving(nc, pnc)})"
    )
    print(
        f"  rl_accel saves: wall {_saving(cw, nw)}, cpu {_saving(cc, nc)} of the command; "
        f"public API {_saving(pw, pnw)}, {_saving(pc, pnc)}; "
        f"baseline {_saving(bw, bnw)}, {_saving(bc, bnc)}"
    )
    sw, sc = proc[STARTUP]
    print(
        f"  render start-up / baseline: wall {sw / bw:.2f}x, cpu {sc / bc:.2f}x; "
        f"no-op typer command / baseline: wall {proc[TYPER_FLOOR][0] / bw:.2f}x, "
        f"cpu {proc[TYPER_FLOOR][1] / bc:.2f}x"
    )
    walls = {j: wall for name, (wall, _) in proc.items() if (j := _raster_jobs(name))}
    first = next(iter(walls), None)
    for j, wall in walls.items():
        if first is not None and j != first:
            print(f"  png + tts + contact, --jobs {j} against {first}: {walls[first] / wall:.2f}x")


def _raster_jobs(name: str) -> int | None:
    m = re.fullmatch(r"png \+ tts \+ contact, --jobs (\d+)", name)
    return int(m.group(1)) if m else None


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
    ap.add_argument(
        "--imports", action="store_true", help="Also show where the start-up's imports go."
    )
    ap.add_argument(
        "--scale", type=int, default=10, help="Per card: the catalogue this many times over."
    )
    ap.add_argument(
        "--scale-runs", type=int, default=3, help="Runs of each per-card case (0: none)."
    )
    args = ap.parse_args()
    raster_jobs = tuple(int(j) for j in args.raster_jobs.split(",") if j.strip())
    print(environment())
    print(f"before: {load()}")
    with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
        all_runs = 0 if args.no_all else args.all_runs
        scaled: tuple[tuple[str, int], ...] = ()
        if args.scale_runs and args.scale > 1:
            big = Path(tmp) / "scaled" / "cards"
            n = scaled_catalogue(ROOT / args.cards, big, args.scale)
            scaled = ((args.cards, n // args.scale), (str(big), n))
        cases = process_cases(
            args.cards,
            args.runs,
            all_runs,
            Path(tmp),
            raster_jobs,
            args.raster_runs,
            scaled,
            args.scale_runs,
        )
        proc = process_view(cases)
        imports = import_profile(args.cards, args.runs, Path(tmp)) if args.imports else []
        lib_scaled = library_per_card(scaled, args.scale_runs) if scaled else {}
    lib = library_view(args.cards, args.runs, raster_jobs, args.raster_runs)
    report(proc)
    if scaled:
        report_per_card(scaled, {k: cpu for k, (_, cpu) in proc.items()}, lib_scaled)
    if imports:
        print("start-up imports (python -X importtime, self time by package, median)")
        for name, t in imports:
            print(f"  {name:<42} {t * 1000:7.1f} ms")
    print("library (median wall, warm process)")
    base_key = next(iter(lib))
    for name, t in lib.items():
        print(f"  {name:<42} {t:7.3f} s")
    ours, public = lib["pnp A4 + print render"], lib["pnp A4 + print render, public API"]
    print(f"  ratio pnp+print / baseline: {ours / lib[base_key]:.2f}x")
    print(f"  the _rl_fast shortcut saves of the render: {_saving(ours, public)}")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
