"""Benchmark `cardgen render` against a plain reportlab script (benchmarks/baseline_reportlab.py).

Prints median wall times; never asserts on them.  Two views:

* process: whole command runs, start-up included (``python -m cardgen render …`` against
  ``python benchmarks/baseline_reportlab.py``);
* library: the drawing and writing alone, in one warm process (catalogue loaded once).

    python benchmarks/bench_render.py [--cards cards] [--runs 5] [--all-runs 3]
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def median_wall(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def process_view(cards: str, runs: int, all_runs: int, out: Path) -> dict[str, float]:
    py = sys.executable
    render = [py, "-m", "cardgen", "render", cards, "-q", "--out"]
    cases = {
        "baseline (plain reportlab, 3x3 A4)": (
            [py, str(HERE / "baseline_reportlab.py"), str(out / "baseline.pdf")],
            runs,
        ),
        "pnp A4 + print": (
            [*render, str(out / "a"), "-p", "pnp", "--paper", "a4", "-p", "print"],
            runs,
        ),
        "pnp A4+Letter + print": ([*render, str(out / "b"), "-p", "pnp", "-p", "print"], runs),
        "all products": ([*render, str(out / "c")], all_runs),
    }
    return {name: median_wall(lambda c=cmd: run(c), n) for name, (cmd, n) in cases.items()}


def library_view(cards: str, runs: int) -> dict[str, float]:
    sys.path.insert(0, str(HERE))
    import baseline_reportlab

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.api import Renderer
    from cardgen.render.geometry import Duplex
    from cardgen.render.products.pnp import render_pnp
    from cardgen.render.products.print import render_print_backs, render_print_deck

    cat = load_catalogue(ROOT / cards)
    n = cat.count()

    def ours() -> None:
        ctx = Renderer(cat).context()
        render_pnp(ctx, "a4", Duplex.LONG)
        for deck in cat.rules.deck_ids:
            render_print_deck(ctx, deck)
            render_print_backs(ctx, deck)

    def pnp_only() -> None:
        render_pnp(Renderer(cat).context(), "a4", Duplex.LONG)

    ours()  # warm: fonts registered, modules imported
    return {
        f"baseline render ({n} cards)": median_wall(
            lambda: baseline_reportlab.render(io.BytesIO(), n), runs
        ),
        "pnp A4 render (fronts, backs, calibration)": median_wall(pnp_only, runs),
        "pnp A4 + print render": median_wall(ours, runs),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", default="cards")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--all-runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
        proc = process_view(args.cards, args.runs, args.all_runs, Path(tmp))
    lib = library_view(args.cards, args.runs)
    for title, res, base_key, our_key in (
        (
            "process (median wall, start-up included)",
            proc,
            "baseline (plain reportlab, 3x3 A4)",
            "pnp A4 + print",
        ),
        ("library (median wall, warm process)", lib, next(iter(lib)), "pnp A4 + print render"),
    ):
        print(title)
        for name, t in res.items():
            print(f"  {name:<40} {t:7.3f} s")
        print(f"  ratio pnp+print / baseline: {res[our_key] / res[base_key]:.2f}x (goal <= 1.5x)")


if __name__ == "__main__":
    main()
