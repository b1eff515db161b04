"""The conformance campaign: every shipped engine-kit game checked over many seeded playouts.

The test suite (``tests/kit/test_conformance.py``) plays each set-up once, the fast bots in turn;
this plays ``--seeds`` seeds of every set-up (player counts and team layouts), the seeds taking
the fast bots in turn, checking the kit's promises (legal actions in the grammar, views in the
vocabulary, clones, replays, hidden information, symmetry) at every decision.

    nice -n 10 python benchmarks/conformance_campaign.py               # 10 seeds, every game
    nice -n 10 python benchmarks/conformance_campaign.py --seeds 50 --folder games/authority/cards

Prints, a catalogue a line, the games, decisions and CPU seconds; exits 1 on a nonconformance.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgen.engine.bots import bot_names  # noqa: E402
from cardgen.engine.conformance import Nonconformance, check_engine  # noqa: E402
from tests.kit.catalogues import ids, kit_folders, load  # noqa: E402
from tests.kit.test_conformance import setups  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=10, help="seeds a set-up (default 10)")
    parser.add_argument(
        "--folder", action="append", type=Path, help="a catalogue folder (default: every one)"
    )
    args = parser.parse_args()
    folders = [f.resolve() for f in args.folder] if args.folder else kit_folders()
    failed = 0
    for folder, name in zip(folders, ids(folders), strict=True):
        cat, engine = load(folder)
        fast = [b for b in bot_names(engine) if b != "search"]
        start = time.process_time()
        try:
            report = check_engine(
                engine, cat, setups(cat, engine), seeds=range(args.seeds), bots=fast
            )
        except Nonconformance as problem:
            failed += 1
            print(f"{name}: NONCONFORMANCE {problem}")
            continue
        cpu = time.process_time() - start
        print(f"{name}: {report.games} games, {report.decisions} decisions, {cpu:.1f} s CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
