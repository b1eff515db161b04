"""Attack the Tower's seeded-games campaign: thousands of games played to their end by the rules.

The test suite (``tests/attack_the_tower/test_tower_engine.py``) plays 120 random-random and 40
greedy-random seeds; this plays ``--seeds`` (default 1000, and 300 greedy) with the same checks.

    nice -n 10 python benchmarks/tower_games_campaign.py --seeds 1000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.attack_the_tower.test_tower_engine import play_seeded_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=1000, help="random-random seeds")
    args = parser.parse_args()
    failed = 0
    for names, n in [
        (("random", "random"), args.seeds),
        (("greedy", "random"), args.seeds * 3 // 10),
    ]:
        outcomes = play_seeded_games(names, range(n))
        ok = outcomes >= {0, 1} if names[0] == "random" else 0 in outcomes
        failed += not ok
        print(
            f"{'-'.join(names)}: {n} games, winners {sorted(outcomes, key=str)},"
            f" {'ok' if ok else 'FAILED'}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
