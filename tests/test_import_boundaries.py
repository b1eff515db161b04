"""Import boundaries: what `cardgen validate` loads, in a fresh interpreter (a test process has
everything loaded already), and that the package imports its own modules inside a function
only where a heavy library or play code would otherwise load, at start-up, or to close a cycle
(``benchmarks/structure.py`` sorts them).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "tests" / "fixtures" / "catalogue"  # Attack Right's: a pack with an engine

#: libraries of other commands: the browser, the cluster, templates, the studio's server, file
#: watching, spreadsheets, the rulebook's markdown, round-trip YAML, PDF post-processing
OTHER_COMMANDS = (
    "playwright", "dask", "distributed", "jinja2", "starlette", "uvicorn", "watchfiles",
    "python_calamine", "xlsxwriter", "markdown_it", "ruamel", "pikepdf",
)  # fmt: skip
#: drawing, images and arrays: a validate from its cache needs none of them
DRAWING = ("reportlab", "PIL", "pypdfium2", "svglib", "numpy")

_PROBE = """
import contextlib, io, json, sys
from cardgen.cli import main
sys.argv = ["cardgen", "validate", sys.argv[1]]
try:
    with contextlib.redirect_stdout(io.StringIO()):
        main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted(sys.modules)))
"""


def _validate(cards: Path, cache: Path) -> list[str]:
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(cards)],
        capture_output=True, text=True, check=True, cwd=ROOT, env=env,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def _libraries(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules} & set(names))


def _play_code(modules: list[str]) -> list[str]:
    return [
        m
        for m in modules
        if m.startswith(("cardgen.engine", "cardgen.simulate"))
        or (m.startswith("cardgen.packs.") and m.split(".")[3:4] in (["engine"], ["simulation"]))
    ]


@pytest.mark.slow
def test_validate_loads_no_play_code_nor_another_commands_libraries(tmp_path):
    first = _validate(CATALOGUE, tmp_path)
    assert _libraries(first, OTHER_COMMANDS) == []
    assert _play_code(first) == []  # engines register apart: checking cards plays no game
    # the probe sees imports: a first validate draws the cards to measure their contrast
    assert _libraries(first, DRAWING) != [] and "cardgen.packs.attack_right.pack" in first
    again = _validate(CATALOGUE, tmp_path)  # from the cache: nothing is drawn
    assert _libraries(again, (*OTHER_COMMANDS, *DRAWING)) == []
    assert _play_code(again) == []


def _structure():
    spec = importlib.util.spec_from_file_location("structure", ROOT / "benchmarks" / "structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_own_modules_are_imported_inside_a_function_only_at_a_boundary():
    """Each function-level import of a ``cardgen`` module guards a heavy library or play
    code, sits at start-up (``import cardgen``, the command modules) or closes a cycle; and no
    circle of module-level imports."""
    structure = _structure()
    figures = structure.scan()
    local = figures["local"]
    assert [f"{p}:{n}: {t}" for p, n, t, kind, _ in local if kind == "plain"] == []
    assert figures["largest_cycle"] == []
    # the scan sees the boundaries: the warm validate's snapshot keeps the models for later
    kinds = {(p, t): (kind, brings) for p, _, t, kind, brings in local}
    snapshot = kinds["cardgen/catalogue/snapshot.py", "cardgen.catalogue.loader"]
    assert snapshot[0] == "heavy" and "pydantic" in snapshot[1]
    assert {kind for kind, _ in kinds.values()} == {"heavy", "start-up", "cycle"}
