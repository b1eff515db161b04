"""The test suite's size: tests collected and assertions written, of this checkout or a revision.

    python benchmarks/count_tests.py                  # this checkout
    python benchmarks/count_tests.py --baseline main  # and a git revision beside it

Tests are those pytest collects (``--collect-only``, parametrised cases counted one by one);
assertions are the ``assert`` statements and ``pytest.raises``/``pytest.warns`` checks in the
source of ``tests/`` (its helpers included), counted with :mod:`ast`: a change that makes the
suite faster must keep both (a soak moved to ``benchmarks/`` leaves a smoke test behind).
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def assertions(tests: Path) -> tuple[int, int]:
    """``assert`` statements and ``pytest.raises``/``warns`` calls in the Python files of
    ``tests``."""
    asserts = raises = 0
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Assert):
                asserts += 1
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("raises", "warns")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "pytest"
            ):
                raises += 1
    return asserts, raises


def collected(root: Path) -> int:
    """The number of tests pytest collects in ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return sum(1 for line in done.stdout.splitlines() if "::" in line)


def count(root: Path) -> dict[str, int]:
    asserts, raises = assertions(root / "tests")
    return {"tests": collected(root), "asserts": asserts, "raises/warns": raises}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="REV", help="a git revision to count beside")
    args = parser.parse_args()
    rows = {"this checkout": count(ROOT)}
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(
                ["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True
            ).stdout
            path = Path(tmp) / "a.tar"
            path.write_bytes(archive)
            with tarfile.open(path) as tar:
                tar.extractall(Path(tmp) / "tree", filter="data")
            rows[args.baseline] = count(Path(tmp) / "tree")
    for name, row in rows.items():
        print(f"{name:>16}: " + ", ".join(f"{k} {v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
