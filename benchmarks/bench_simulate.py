"""Simulation throughput: games/s on 1 and 2 workers, and the 100,000-game report.

    python benchmarks/bench_simulate.py                 # games/s (random, greedy, lookahead)
    python benchmarks/bench_simulate.py --full          # + 100,000-game 4-player random report
    python benchmarks/bench_simulate.py --repeat 5 --games 4000 --full-repeat 3

Prints medians of ``--repeat`` runs: wall clock (``time.perf_counter``) and CPU time of this
process plus its finished worker processes (``getrusage``), i.e. games per CPU-second, which is
less sensitive to other load.  On a shared machine the wall numbers are noisy: the load average
is printed with each result.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgen.catalogue.loader import load_catalogue  # noqa: E402
from cardgen.engine.registry import engine_of  # noqa: E402
from cardgen.engine.simulation import KitSimulation, simulate, summarise  # noqa: E402
from cardgen.simulate import SimSpec, make_matchups, to_json  # noqa: E402


def _load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def games_per_second(cat, bots: str, players: int, games: int, workers: int, repeat: int):
    """Median wall games/s, the runs, and median games per CPU-second."""
    spec = SimSpec(
        games=games,
        players=players,
        matchups=make_matchups(cat.rules.deck_ids, players),
        bots=bots,
        seed=1,
    )
    rates, cpu_rates = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), _cpu()
        simulate(cat, spec, workers=workers, simulation=KitSimulation(engine_of(cat)))
        rates.append(games / (time.perf_counter() - t))
        cpu_rates.append(games / max(1e-9, _cpu() - c))
    return statistics.median(rates), rates, statistics.median(cpu_rates)


def full_report(cat, games: int, workers: int) -> tuple[float, float]:
    """Wall time of simulate + summary + JSON + HTML report for ``games`` 4-player games."""
    spec = SimSpec(games=games, players=4, matchups=make_matchups(cat.rules.deck_ids, 4), seed=1)
    t, c = time.perf_counter(), _cpu()
    result = simulate(cat, spec, workers=workers, simulation=KitSimulation(engine_of(cat)))
    summary = summarise(result, cat)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "sim.json").write_text(to_json(summary), encoding="utf-8")
        KitSimulation(engine_of(cat)).write_report(summary, Path(tmp, "sim.html"))
    return time.perf_counter() - t, _cpu() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="random-bot games per run")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--full", action="store_true", help="also time the 100,000-game report")
    ap.add_argument("--full-games", type=int, default=100_000)
    ap.add_argument("--full-repeat", type=int, default=2, help="runs of the full report")
    ap.add_argument("--skip-bots", action="store_true", help="only the random-bot numbers")
    args = ap.parse_args()
    cat = load_catalogue(ROOT / "cards")
    print(f"cpus {os.cpu_count()}, {_load()}")
    base = None
    for workers in (1, 2):
        med, runs, cpu = games_per_second(cat, "random", 4, args.games, workers, args.repeat)
        base = base or med
        print(
            f"random 4p, {workers} worker(s): median {med:7.1f} games/s wall "
            f"(runs {', '.join(f'{r:.0f}' for r in runs)}; x{med / base:.2f}), "
            f"{cpu:.0f} games per CPU-second; {_load()}"
        )
    if not args.skip_bots:
        for bots, games in (("greedy", max(50, args.games // 10)), ("lookahead", 8)):
            med, _runs, cpu = games_per_second(cat, bots, 4, games, 1, args.repeat)
            print(f"{bots} 4p, 1 worker: median {med:7.2f} games/s wall, {cpu:.2f} per CPU-s")
    if args.full:
        runs = [full_report(cat, args.full_games, 2) for _ in range(args.full_repeat)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(
            f"{args.full_games} games 4p random, 2 workers, JSON+HTML report: median {wall:.1f} s "
            f"wall (runs {', '.join(f'{w:.1f}' for w, _ in runs)}), {cpu:.1f} CPU-s ({_load()})"
        )


if __name__ == "__main__":
    main()
