"""Rules described in data against the same rules in Python: random games a second and the
time a description takes to compile, on Harbour Bid.

    python benchmarks/bench_described.py                 # 2,000 games, 5 runs
    python benchmarks/bench_described.py --games 5000 --runs 7 --equivalence 1000

Each games/s figure is the median of ``--runs`` runs of ``--games`` seeded games through the
simulation (what ``cardgen simulate CARDS -g N --bots random -w 1`` runs), one worker, timed in
CPU seconds of this process.  The Python figure plays the pack's ``rules.py``; the described one
the same catalogue with ``engine: play.yaml``.  The issue's bar: the described game at least a
third as fast, compiled in under 0.3 s.  ``--equivalence N`` also plays N seeded games on both
and counts those whose action strings, events, scores or winners differ (0 is right).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def described_cards(dest: Path) -> Path:
    """Harbour Bid's starter cards with ``engine: play.yaml``."""
    cards = dest / "cards"
    shutil.copytree(ROOT / "cardgen/packs/harbour_bid/cards", cards)
    rules = cards / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace("engine: rules.py", "engine: play.yaml"))
    return cards


def games_per_s(cat, games: int, runs: int) -> float:
    from cardgen.engine.registry import engine_of
    from cardgen.engine.simulation import KitSimulation, seat_sides, simulate
    from cardgen.simulate import SimSpec

    sim = KitSimulation(engine_of(cat))
    rates = []
    for _ in range(runs):
        spec = SimSpec(games, 2, (seat_sides(2),), bots="random", seed=1, pool=sim.bots)
        t = time.process_time()
        simulate(cat, spec, simulation=sim, workers=1)
        rates.append(games / (time.process_time() - t))
    return statistics.median(rates)


def compile_seconds(cat, runs: int) -> float:
    from cardgen.engine.described import compile_text

    text = (ROOT / "cardgen/packs/harbour_bid/play.yaml").read_text("utf-8")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        compile_text(text, "play.yaml", cat)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def differing(python_cat, described_cat, games: int) -> int:
    from cardgen.engine.play import play
    from cardgen.engine.registry import engine_of

    a_engine, b_engine = engine_of(python_cat), engine_of(described_cat)
    bad = 0
    for seed in range(games):
        a = play(a_engine, python_cat, a_engine.setup(python_cat, 2), ["random"] * 2, seed)
        b = play(b_engine, described_cat, b_engine.setup(described_cat, 2), ["random"] * 2, seed)
        if (a.strings, a.state.events, list(a.state.returns())) != (
            b.strings,
            b.state.events,
            list(b.state.returns()),
        ):
            bad += 1
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--equivalence", type=int, default=0, help="seeded games to compare")
    args = ap.parse_args()
    from cardgen.catalogue.loader import load_catalogue

    with tempfile.TemporaryDirectory() as tmp:
        python_cat = load_catalogue(ROOT / "cardgen/packs/harbour_bid/cards")
        described_cat = load_catalogue(described_cards(Path(tmp)))
        py = games_per_s(python_cat, args.games, args.runs)
        described = games_per_s(described_cat, args.games, args.runs)
        compiled = compile_seconds(described_cat, max(args.runs, 5))
        print(f"Harbour Bid, random bots, 1 worker, median of {args.runs} x {args.games} games")
        print(f"  Python rules (rules.py):    {py:8.0f} games/s")
        print(f"  described rules (play.yaml): {described:7.0f} games/s  ({described / py:.2f}x)")
        print(f"  compile play.yaml:           {compiled * 1000:7.1f} ms")
        if args.equivalence:
            bad = differing(python_cat, described_cat, args.equivalence)
            print(f"  games that differ:           {bad} of {args.equivalence}")


if __name__ == "__main__":
    main()
