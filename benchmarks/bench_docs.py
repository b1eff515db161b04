"""Benchmark: the documents — the appendix build steps after one card changed, and
``cardgen appendix --format pdf --rulebook``.

Usage: python benchmarks/bench_docs.py [--runs N]

- appendix steps: the first card of the first card file gets a new cost, then
  ``build --only appendix`` runs in a fresh interpreter; the time of each appendix step (as the
  build measures it) and of the whole command;
- appendix pdf + rulebook: ``cardgen appendix --format pdf --rulebook`` into a fresh folder,
  wall time, interpreter start included.

The code measured is the one ``python -m cardgen`` imports (set PYTHONPATH to measure another
checkout).  The catalogue is copied to a temporary folder, so ``cards/`` is never touched.
Prints every case's median of N runs (default 5).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_package import _bump  # the same one-card change as the package figures

ROOT = Path(__file__).resolve().parents[1]

#: builds the appendix group and prints each step's seconds as JSON
DRIVER = """
import json, sys
from cardgen.build import build
times = {}
build(sys.argv[1], sys.argv[2], only=["appendix"],
      on_step=lambda r: times.__setitem__(r.step_id, r.seconds))
print(json.dumps(times))
"""


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return took, done.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    py = sys.executable
    tmp = Path(tempfile.mkdtemp(prefix="cardgen-bench-docs-"))
    try:
        cards, out = tmp / "cards", tmp / "output"
        shutil.copytree(ROOT / "cards", cards)
        env = {**os.environ, "CARDGEN_CACHE_DIR": str(tmp / "cache")}
        build = [py, "-c", DRIVER, str(cards), str(out)]
        appendix = [py, "-m", "cardgen", "appendix", str(cards), "-q", "--format", "pdf"]
        _run(build, env)  # warm-up: the whole appendix group, the validation cache
        steps: dict[str, list[float]] = {}
        walls: dict[str, list[float]] = {"build --only appendix": [], "appendix pdf+rulebook": []}
        for run in range(args.runs):
            _bump(cards, run)
            wall, printed = _run(build, env)
            walls["build --only appendix"].append(wall)
            for step, seconds in json.loads(printed).items():
                steps.setdefault(step, []).append(seconds)
            rb = [*appendix, "--rulebook", "-o", str(tmp / f"appendix-{run}")]
            walls["appendix pdf+rulebook"].append(_run(rb, env)[0])
        print(f"cardgen bench_docs: {args.runs} runs, {os.cpu_count()} cores")
        for name, times in {**steps, **walls}.items():
            runs = " ".join(f"{t:.2f}" for t in times)
            print(f"{name:<24} median {statistics.median(times):6.3f} s   ({runs})")
        total = [sum(ts) for ts in zip(*steps.values(), strict=True)]
        print(f"{'appendix steps, sum':<24} median {statistics.median(total):6.3f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
