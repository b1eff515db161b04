"""The soaks: the suite's fuzz and many-game tests at campaign size, in one command.

The suite runs each of these tests on a small seeded (derandomised) sample; this runs the same
tests, asserting the same properties, on ``--examples`` hypothesis inputs a test
(``CARDGEN_FUZZ_EXAMPLES``) and ``--games`` seeded games a configuration
(``CARDGEN_SOAK_GAMES``):

    nice -n 10 python benchmarks/soak.py                       # 600 inputs, 300 games
    nice -n 10 python benchmarks/soak.py --examples 100 --games 60 -- -x

Arguments after ``--`` go to pytest.  Exits with pytest's status.  The file-by-file fuzz
campaign with counts is ``benchmarks/fuzz_campaign.py``; the engine kit's games over many seeds,
``benchmarks/conformance_campaign.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the test modules whose sample sizes the two environment variables set
MODULES = [
    "tests/test_fuzz_inputs.py",
    "tests/test_validate_fuzz.py",
    "tests/test_engine_invariants.py",
    "tests/greedy_kingdoms/test_greedy_engine.py",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=600, help="inputs a fuzz test (600)")
    parser.add_argument("--games", type=int, default=300, help="games a configuration (300)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args()
    env = dict(
        os.environ,
        CARDGEN_FUZZ_EXAMPLES=str(args.examples),
        CARDGEN_SOAK_GAMES=str(args.games),
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *MODULES]
    return subprocess.call([*command, *args.pytest_args], cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
