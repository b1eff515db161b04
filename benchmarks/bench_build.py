"""Benchmark: `cardgen build` wall time, interpreter start included.

Usage: python benchmarks/bench_build.py [CARDS_DIR] [--first N] [--cold N] [--warm N]
                                        [--one-card N] [--baseline OTHER_CHECKOUT]

- first: a fresh output folder and an empty data cache (``CARDGEN_CACHE_DIR``: nothing kept
  from an earlier build, the documents' chunks drawn, the catalogue read from YAML);
- cold: a fresh output folder every run (everything is rendered; the data cache as the runs
  before left it);
- no-change: the same output folder again (goal: under 1 s);
- one card: the first card of the first deck file gets a new cost, then the build runs
  (only the outputs holding that card are rebuilt).

The catalogue is copied to a temporary folder, so ``cards/`` is never touched, and the runs
use a data cache of their own (never the user's).  Each run is timed three ways: wall time,
CPU time of the build and every process it started (user + system), and CPU time of the
build's own process (the one the others overlap with: on two cores, a build takes about the
larger of it and half the whole).  Prints every run and the medians.

``--baseline DIR`` runs the same builds with the cardgen of another checkout (e.g. a worktree
of an earlier commit), run for run in turns with this one (so both see the same load), each
with its own catalogue copy, output folder and data cache, and prints its medians beside.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
#: runs cardgen's CLI and writes the CPU time of its own process to stderr at exit
_RUN = (
    "import atexit, resource, runpy, sys\n"
    "def _cpu():\n"
    "    u = resource.getrusage(resource.RUSAGE_SELF)\n"
    "    sys.stderr.write(f'\\nbench-own-cpu {u.ru_utime + u.ru_stime:.3f}\\n')\n"
    "atexit.register(_cpu)\n"
    "sys.argv = ['cardgen', *sys.argv[1:]]\n"
    "runpy.run_module('cardgen', run_name='__main__')\n"
)
KINDS = ("first", "cold", "no-change", "one card")


@dataclass
class Side:
    """One checkout's builds: its catalogue copy, output folder, data cache and timings."""

    root: Path  # the checkout whose cardgen runs
    folder: Path  # its temporary folder
    runs: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)

    @property
    def cards(self) -> Path:
        return self.folder / "cards"

    @property
    def out(self) -> Path:
        return self.folder / "output"

    def fresh_cache(self) -> None:
        shutil.rmtree(self.folder / "cache", ignore_errors=True)
        (self.folder / "cache").mkdir(mode=0o700)

    def run(self, kind: str | None = None) -> None:
        """One build (timed as ``kind``, unless None)."""
        env = {**os.environ, "PYTHONPATH": str(self.root)}
        env["CARDGEN_CACHE_DIR"] = str(self.folder / "cache")
        cmd = [sys.executable, "-c", _RUN, *_args(self.cards, self.out)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        # run in the checkout: ``python -c`` puts the working folder first on sys.path
        proc = subprocess.run(
            cmd, capture_output=True, text=True, check=False, env=env, cwd=self.root
        )
        took = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode:
            sys.exit(f"build failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        own = float(proc.stderr.rsplit("bench-own-cpu ", 1)[1].split()[0])
        if kind is not None:
            self.runs.setdefault(kind, []).append((took, cpu, own))


def _args(cards: Path, out: Path) -> list[str]:
    return ["build", str(cards), "--out", str(out), "--quiet"]


def _bump(cards: Path, run: int) -> None:
    deck = sorted(p for p in cards.glob("*.yaml") if p.name != "rules.yaml")[0]
    data = yaml.safe_load(deck.read_text())
    card = data["cards"][0]
    card["cost"] = (card["cost"] + 1 + run) % 20
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def _medians(times: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    wall, cpu, own = (statistics.median(t[i] for t in times) for i in range(3))
    return wall, cpu, own


def _report(side: Side, baseline: Side | None) -> None:
    for kind in KINDS:
        times = side.runs.get(kind)
        if not times:  # a kind of run asked 0 times
            continue
        print(f"{kind:<10} runs (wall/CPU/own CPU s): " + " ".join(_fmt(t) for t in times))
        wall, cpu, own = _medians(times)
        line = (
            f"{kind:<10} median wall {wall:6.2f} s   CPU {cpu:6.2f} s   "
            f"build process CPU {own:6.2f} s   over {len(times)} runs"
        )
        if baseline is not None and baseline.runs.get(kind):
            b = _medians(baseline.runs[kind])
            print(f"{kind:<10} baseline runs: " + " ".join(_fmt(t) for t in baseline.runs[kind]))
            line += (
                f"\n{'':<10} baseline    {b[0]:6.2f} s       {b[1]:6.2f} s"
                f"                     {b[2]:6.2f} s   "
                f"(x{wall / b[0]:.2f} wall, x{cpu / b[1]:.2f} CPU, x{own / b[2]:.2f} own)"
            )
        print(line)


def _fmt(t: tuple[float, float, float]) -> str:
    return f"{t[0]:.2f}/{t[1]:.2f}/{t[2]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", default=str(ROOT / "cards"))
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--warm", type=int, default=7)
    parser.add_argument("--one-card", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout to time beside this one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        sides = [Side(ROOT, Path(tmp) / "this")]
        if args.baseline is not None:
            sides.insert(0, Side(args.baseline.resolve(), Path(tmp) / "baseline"))
        for side in sides:
            side.folder.mkdir()
            shutil.copytree(args.cards, side.cards)
            side.fresh_cache()

        def turns(kind: str | None, before=None) -> None:
            """A run of each side, in turns (the baseline first)."""
            for side in sides:
                if before:
                    before(side)
                side.run(kind)

        def empty(side: Side) -> None:
            shutil.rmtree(side.out, ignore_errors=True)
            side.fresh_cache()

        for _ in range(args.first):
            turns("first", empty)
        for _ in range(args.cold):
            turns("cold", lambda side: shutil.rmtree(side.out, ignore_errors=True))
        if not (args.first or args.cold):
            turns(None)
        for _ in range(args.warm):
            turns("no-change")
        for i in range(args.one_card):
            turns("one card", lambda s, i=i: _bump(s.cards, i))
        print(f"command: cardgen {' '.join(_args(Path('CARDS'), Path('OUT')))}")
        if args.baseline is not None:
            print(f"baseline: {args.baseline.resolve()}")
        _report(sides[-1], sides[0] if len(sides) > 1 else None)


if __name__ == "__main__":
    main()
