"""Games per second of every engine, random bots, one worker; and the search bot's CPU a game.

    python benchmarks/bench_games.py                      # every shipped engine, 3 runs each
    python benchmarks/bench_games.py --games 1000 --runs 5 --search 3
    python benchmarks/bench_games.py --baseline OTHER_CHECKOUT   # the same figures beside it
    python benchmarks/bench_games.py --pack greedy-kingdoms       # one engine (repeatable)
    python benchmarks/bench_games.py --quality --games 100        # the command's figure

Each figure is the median of ``--runs`` runs of ``--games`` seeded games through the simulation
(the command ``cardgen simulate CARDS -g N --bots random -w 1`` runs), at the game's default
player count, timed in CPU seconds of this process (less sensitive to a shared machine than the
wall clock), the game-quality measures of the command's first games left out (they time the
engine's ``evaluate`` and the kit, not the rules; ``--quality`` keeps them, the figure of the
whole command).  Each row prints the goal of issue 41 beside it.  ``--search N`` also plays
N games with the search bot in every seat and reports the median CPU seconds a game.
``--baseline DIR`` runs this same script in another checkout (e.g. a worktree of an earlier
commit) and prints its figures beside these, game by game: the runs alternate (one of the
baseline, one of this checkout), so both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: the checkout measured (another one's with ``--baseline``, through BENCH_ROOT)
ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[1])
#: the catalogues timed, by pack (the shipped ones)
CATALOGUES = {
    "attack-right": "cards",
    "attack-the-tower": "games/attack-the-tower/cards",
    "greedy-kingdoms": "games/greedy-kingdoms/cards",
    "authority": "games/authority/cards",
    "castle-rampage": "games/castle-rampage/cards",
    "harbour-bid": "cardgen/packs/harbour_bid/cards",
}
#: the goals of random games a second, 1 worker (issue 41)
GOALS = {
    "attack-right": 1000,
    "attack-the-tower": 500,
    "greedy-kingdoms": 1000,
    "authority": 300,
    "castle-rampage": 1000,
    "harbour-bid": 1000,
}


def _simulation(cat, quality: bool = False):
    """The catalogue's simulation: the kit's, or (an earlier checkout) its pack's own;
    ``quality``: with the game-quality measures of the command's first games."""
    try:
        from cardgen.engine.registry import engine_of, has_engine
        from cardgen.engine.simulation import KitSimulation

        if has_engine(cat):
            if quality:  # what ``cardgen simulate`` plays
                return KitSimulation(engine_of(cat))
            # the engine's speed: no game-quality standings read
            return KitSimulation(engine_of(cat), quality_games=0)
    except ImportError:
        pass
    from cardgen.simulate import load_simulation

    return load_simulation(cat)


def _spec(sim, cat, games: int, bots: str):
    from cardgen.simulate import SimSpec, make_matchups

    hi = _players(cat, sim)[1]
    sides = list(sim.recommended_sides(cat, hi))
    try:
        from cardgen.engine.simulation import KitSimulation, seat_sides

        if isinstance(sim, KitSimulation) and not sim.engine.sides(cat):
            return SimSpec(games, hi, (seat_sides(hi),), bots=bots, seed=1, pool=sim.bots)
    except ImportError:
        pass
    return SimSpec(games, hi, make_matchups(sides, hi), bots=bots, seed=1, pool=sim.bots)


def _players(cat, sim) -> tuple[int, int]:
    try:
        from cardgen.engine.simulation import KitSimulation

        if isinstance(sim, KitSimulation):
            return sim.engine.player_range(cat)
    except ImportError:
        pass
    game = cat.pack.game_type
    rp = getattr(cat.rules, "players", None)
    return (rp.min, rp.max) if rp is not None else (game.min_players, game.max_players)


def measure(
    games: int, runs: int, search: int, packs: list[str] | None = None, quality: bool = False
) -> dict[str, dict[str, float]]:
    """Each shipped engine's figures in this checkout (those of ``packs`` only, if given)."""
    sys.path.insert(0, str(ROOT))
    from cardgen.catalogue.loader import load_catalogue

    try:  # the kit's (an earlier checkout: the simulation core's)
        from cardgen.engine.simulation import simulate
    except ImportError:
        from cardgen.simulate import simulate

    out: dict[str, dict[str, float]] = {}
    for pack, folder in CATALOGUES.items():
        if (packs and pack not in packs) or not (ROOT / folder / "rules.yaml").is_file():
            continue
        cat = load_catalogue(ROOT / folder)
        try:
            sim = _simulation(cat, quality)
        except Exception:  # a pack without an engine in this checkout
            continue
        row: dict[str, float] = {}
        rates = []
        for _ in range(runs):
            spec = _spec(sim, cat, games, "random")
            t = time.process_time()
            simulate(cat, spec, simulation=sim)
            rates.append(games / (time.process_time() - t))
        row["games_per_s"] = statistics.median(rates)
        bot = "search" if "search" in sim.bots else ("ismcts" if "ismcts" in sim.bots else None)
        if search and bot:
            cpu = []
            for k in range(search):
                spec = _spec(sim, cat, 1, bot)
                spec = type(spec)(**{**_fields(spec), "seed": 100 + k})
                t = time.process_time()
                simulate(cat, spec, simulation=sim)
                cpu.append(time.process_time() - t)
            row["search_cpu_s"] = statistics.median(cpu)
        out[pack] = row
    return out


def _medians(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each figure's median over the runs."""
    return {
        pack: {k: statistics.median(r[pack][k] for r in runs) for k in row}
        for pack, row in runs[0].items()
    }


def _fields(spec) -> dict:
    return {f: getattr(spec, f) for f in spec.__dataclass_fields__}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--search", type=int, default=0, help="search-bot games to time (0: none)")
    ap.add_argument(
        "--quality",
        action="store_true",
        help="with the game-quality measures of the first games, as `cardgen simulate` plays",
    )
    ap.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--pack", action="append", choices=list(CATALOGUES), help="only this engine")
    args = ap.parse_args()
    base = None
    if args.baseline:  # in pairs, alternating: a run of the baseline, then one of this checkout
        baseline = args.baseline.resolve()
        cmd = [sys.executable, str(Path(__file__).resolve()), "--json"]
        cmd += ["--games", str(args.games), "--runs", "1", "--search", str(args.search)]
        cmd += [f"--pack={p}" for p in args.pack or ()] + ["--quality"] * args.quality
        env = {**os.environ, "PYTHONPATH": str(baseline), "BENCH_ROOT": str(baseline)}
        bases, heres = [], []
        for _ in range(args.runs):
            done = subprocess.run(
                cmd, capture_output=True, text=True, cwd=baseline, check=True, env=env
            )
            bases.append(json.loads(done.stdout))
            heres.append(measure(args.games, 1, args.search, args.pack, args.quality))
        base, here = _medians(bases), _medians(heres)
    else:
        here = measure(args.games, args.runs, args.search, args.pack, args.quality)
    if args.json:
        print(json.dumps(here))
        return
    what = ", the game-quality measures included" if args.quality else ""
    print(f"random bots, 1 worker, {args.games} games{what}, median of {args.runs} runs (CPU time)")
    for pack, row in here.items():
        line = f"{pack:18} {row['games_per_s']:8.0f} games/s (goal {GOALS[pack]:>5})"
        if base and pack in base:
            b = base[pack]["games_per_s"]
            line += f"   baseline {b:8.0f} games/s   x{row['games_per_s'] / b:.2f}"
        if "search_cpu_s" in row:
            line += f"   search {row['search_cpu_s']:.2f} CPU s/game"
            if base and "search_cpu_s" in base.get(pack, {}):
                line += f" (baseline {base[pack]['search_cpu_s']:.2f})"
        print(line)


if __name__ == "__main__":
    main()
