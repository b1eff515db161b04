"""Attack Right's balance targets in every mode, for one catalogue or several side by side.

    python benchmarks/balance_study.py                                    # cards/, search bots
    python benchmarks/balance_study.py --cards before=old-cards --cards after=cards \\
        --games 1500 --bots search --workers 2 --out balance/

Plays ``cardgen simulate``'s games (the library, seeded, every matchup of the decks the rules
recommend for the player count cycled, as ``cardgen simulate`` does by default) in each mode —
2, 3 and 4 players and the first game (4 players) — and prints, per mode, a markdown table of
the targets of ``cardgen/packs/attack_right/simulation/targets.yaml`` with each catalogue's
verdict, figure, interval and sample size, then the deck-majority groups and the designs that
miss a per-design target.  ``--out`` keeps each run's whole summary as JSON
(``<label>-<mode>.json``, the format of ``cardgen simulate -f json``); ``--reuse`` reads a run
from there instead of playing it again.  This is how the closing figures of issue 21 and the
designer notes' section 6 are made.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgen.catalogue.loader import load_catalogue  # noqa: E402
from cardgen.engine.registry import engine_of  # noqa: E402
from cardgen.engine.simulation import KitSimulation, simulate, summarise  # noqa: E402
from cardgen.simulate import SimSpec, make_matchups  # noqa: E402
from cardgen.simulate.report import to_json  # noqa: E402

#: mode name -> (players, first game)
MODES = {"2p": (2, False), "3p": (3, False), "4p": (4, False), "first": (4, True)}


def run(cards: Path, mode: str, games: int, bots: str, seed: int, workers: int) -> dict:
    """One mode's summary (as ``cardgen simulate -f json`` writes it)."""
    players, first = MODES[mode]
    cat = load_catalogue(cards)
    sim = KitSimulation(engine_of(cat))
    spec = SimSpec(
        games=games,
        players=players,
        matchups=make_matchups(list(sim.recommended_sides(cat, players)), players),
        bots=bots,
        seed=seed,
        options={"first_game": True} if first else {},
        pool=sim.bots,
    )
    return json.loads(to_json(summarise(simulate(cat, spec, workers=workers, simulation=sim), cat)))


def verdict(t: dict) -> str:
    return {True: "met", False: "MISSED", None: "n/a"}[t["ok"]]


def table(mode: str, runs: dict[str, dict]) -> str:
    """The markdown tables of one mode, a column per catalogue."""
    labels = list(runs)
    first = next(iter(runs.values()))
    head = f"**{mode}** — " + ", ".join(
        f"{lab}: {r['games']} games, bots {r['spec']['bots']}" for lab, r in runs.items()
    )
    rows = [head, "", "| target | " + " | ".join(labels) + " |", "|---" * (len(labels) + 1) + "|"]
    for i, t in enumerate(first["targets"]):
        cells = [f"{verdict(r['targets'][i])}: {r['targets'][i]['figure']}" for r in runs.values()]
        rows.append(f"| {t['target']} | " + " | ".join(cells) + " |")
    groups = []
    for r in runs.values():
        groups.append(
            ", ".join(
                f"{g['group']} {100 * g['win_rate']:.1f}% "
                f"({100 * g['win_ci'][0]:.1f}-{100 * g['win_ci'][1]:.1f}, n={g['games']})"
                for g in r["majority"]
            )
        )
    rows.append("| deck-majority groups | " + " | ".join(groups) + " |")
    fails = [
        "; ".join(t["detail"] for t in r["targets"][:2] if t["ok"] is False) or "none"
        for r in runs.values()
    ]
    rows.append("| designs that miss | " + " | ".join(fails) + " |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--cards",
        action="append",
        help="LABEL=FOLDER (repeat to compare catalogues); default: after=cards",
    )
    ap.add_argument("--modes", default=",".join(MODES), help="comma-separated: 2p,3p,4p,first")
    ap.add_argument("--games", type=int, default=200, help="games per mode")
    ap.add_argument("--bots", default="search")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, help="keep each run's summary here as JSON")
    ap.add_argument("--reuse", action="store_true", help="read runs already in --out")
    args = ap.parse_args()
    catalogues = {}
    for item in args.cards or [f"after={ROOT / 'cards'}"]:
        label, _, folder = item.partition("=")
        catalogues[label] = Path(folder)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    for mode in args.modes.split(","):
        if mode not in MODES:
            raise SystemExit(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
        runs = {}
        for label, folder in catalogues.items():
            path = args.out / f"{label}-{mode}.json" if args.out else None
            if args.reuse and path is not None and path.exists():
                runs[label] = json.loads(path.read_text(encoding="utf-8"))
                continue
            t = time.perf_counter()
            runs[label] = run(folder, mode, args.games, args.bots, args.seed, args.workers)
            took = time.perf_counter() - t
            print(f"[{label} {mode}: {args.games} games in {took:.0f} s]", file=sys.stderr)
            if path is not None:
                path.write_text(json.dumps(runs[label], indent=1), encoding="utf-8")
        print(table(mode, runs), end="\n\n", flush=True)


if __name__ == "__main__":
    main()
