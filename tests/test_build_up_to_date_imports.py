"""A kit found up to date ('nothing changed') loads none of the drawing and catalogue code.

Speed is the benchmarks' business; this guards the cause of a slow up-to-date build, the
modules it imports, in a fresh interpreter (a test process has them loaded already).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardgen.build.pipeline import build

#: what an up-to-date check never needs: the PDF and image libraries, the YAML parser, the
#: catalogue's models and the renderer
HEAVY = ("reportlab", "PIL", "pypdfium2", "yaml", "cardgen.catalogue.loader", "cardgen.render.api")

_PROBE = textwrap.dedent(
    """
    import json, sys
    cards, out, how = sys.argv[1:4]
    if how == "library":
        from cardgen.build.pipeline import build
        report = build(cards, out, only=["components"])
        ran = [r.step_id for r in report.results if r.ran]
    else:
        from cardgen.cli import main
        sys.argv = ["cardgen", "build", cards, "-o", out, "--only", "components", "-q"]
        try:
            main()
        except SystemExit as exc:
            assert not exc.code, exc.code
        ran = []
    print(json.dumps({"ran": ran, "modules": sorted(sys.modules)}))
    """
)


@pytest.fixture(scope="module")
def kit(fixture_catalogue_module, tmp_path_factory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("kit") / "output"
    build(fixture_catalogue_module, out, only=["components"])
    return fixture_catalogue_module, out


@pytest.fixture(scope="module")
def fixture_catalogue_module() -> Path:
    return Path(__file__).parent / "fixtures" / "catalogue"


def _probe(cards: Path, out: Path, how: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(cards), str(out), how],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_an_up_to_date_build_loads_no_drawing_or_catalogue_code(kit):
    seen = _probe(*kit, "library")
    assert seen["ran"] == []  # the kit was found up to date, nothing ran
    assert "cardgen.build.pipeline" in seen["modules"]
    assert _loaded(seen["modules"], (*HEAVY, "pydantic")) == []


def test_the_cli_finds_the_kit_up_to_date_without_them(kit):
    # the command line passes its print options, so its first build is not the library's;
    # typer itself imports pydantic: the command line is held to the rest
    first = _probe(*kit, "cli")
    assert _loaded(first["modules"], ("cardgen.catalogue.loader",)) != []  # it built
    seen = _probe(*kit, "cli")
    assert "cardgen.build.summary" in seen["modules"]
    assert _loaded(seen["modules"], HEAVY) == []


def test_a_changed_catalogue_does_load_them(kit, tmp_path):
    """The probe sees imports at all: a build with work to do loads the catalogue code."""
    seen = _probe(kit[0], tmp_path / "other", "library")
    assert seen["ran"]
    assert _loaded(seen["modules"], ("reportlab", "cardgen.catalogue.loader")) != []
