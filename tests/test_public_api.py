"""The Python API of ``import cardgen``: each function gives what its command gives, and
importing the package (or asking the command line for its help) loads no heavy library.

The import guards run in a fresh interpreter: a test process has everything loaded already.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import cardgen
from cardgen.cli import COMMANDS
from cardgen.diagnostics import DiagnosticError
from cardgen.engine import log
from cardgen.engine.errors import SetupError
from cardgen.simulate.report import to_json

ROOT = Path(__file__).resolve().parents[1]
HARBOUR = ROOT / "games" / "harbour-bid-data" / "cards"
TOWER = ROOT / "games" / "attack-the-tower" / "cards"

#: libraries neither ``import cardgen`` nor ``cardgen --help`` may load: drawing, images,
#: models, YAML, templates, the studio's server, spreadsheets, arrays
HEAVY = (
    "reportlab", "PIL", "pypdfium2", "pikepdf", "svglib", "pydantic", "yaml", "ruamel",
    "jinja2", "starlette", "uvicorn", "watchfiles", "python_calamine", "xlsxwriter", "numpy",
)  # fmt: skip

#: the package's own modules `cardgen --help` loads: the command modules and what they share
#: (a command module that imports the library at its top shows up here)
HELP_MODULES = {
    "cardgen",
    "cardgen.cli",
    *(f"cardgen.cli.{m}" for m in (*COMMANDS.values(), "common", "print_options")),
    "cardgen.util",
    "cardgen.util.files",
    "cardgen.util.limits",
}


def _modules(code: str) -> list[str]:
    probe = textwrap.dedent(code) + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _heavy(modules: list[str]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules} & set(HEAVY))


@pytest.mark.slow
def test_import_cardgen_loads_nothing_but_itself():
    seen = _modules("import cardgen\nassert callable(cardgen.play) and callable(cardgen.build)")
    assert [m for m in seen if m.startswith("cardgen")] == ["cardgen"]
    assert _heavy(seen) == []
    # the probe sees what a test process has loaded: the guard can fail
    assert _heavy(_modules("import cardgen.render.api")) != []


@pytest.mark.slow
def test_cli_help_loads_only_the_command_modules():
    seen = _modules(
        """
        import sys
        from cardgen.cli import main
        sys.argv = ["cardgen", "--help"]
        try:
            main()
        except SystemExit as exc:
            assert not exc.code, exc.code
        """
    )
    assert {m for m in seen if m.startswith("cardgen")} == HELP_MODULES
    assert _heavy(seen) == []


def test_load_gives_the_catalogue_or_every_error(fixture_catalogue, tmp_path):
    cat = cardgen.load(fixture_catalogue)
    assert cat.count() > 0 and cat.root == fixture_catalogue
    with pytest.raises(DiagnosticError, match="E010"):
        cardgen.load(tmp_path / "nowhere")


def test_validate_reports_a_bad_card_at_its_file_and_line(fixture_catalogue, tmp_path):
    assert cardgen.validate(fixture_catalogue).ok
    broken = tmp_path / "cards"
    shutil.copytree(HARBOUR, broken)
    first = sorted(p for p in broken.glob("*.yaml") if p.name != "rules.yaml")[0]
    text = first.read_text(encoding="utf-8")
    first.write_text(text.replace("cards:", "cards:\n  - {id: 7}", 1), encoding="utf-8")
    result = cardgen.validate(broken)
    assert not result.ok
    assert any(first.name in str(d.position) for d in result.errors), result.errors


def test_render_refuses_an_invalid_catalogue(tmp_path):
    with pytest.raises(DiagnosticError, match="E010"):
        cardgen.render(tmp_path / "nowhere", tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_build_builds_what_the_pipeline_builds(fixture_catalogue, tmp_path):
    report = cardgen.build(fixture_catalogue, tmp_path / "out", only=["components"])
    assert report.results and all(r.ran and r.outputs for r in report.results)
    for r in report.results:
        assert all((tmp_path / "out" / o.path).is_file() for o in r.outputs)
    assert (tmp_path / "out" / "manifest.json").is_file()


def test_the_subpackages_named_as_functions_stay_importable():
    import cardgen.render.products.pnp as pnp
    from cardgen.simulate import SimSpec

    assert pnp.__name__ == "cardgen.render.products.pnp"
    assert cardgen.render.products is sys.modules["cardgen.render.products"]
    assert cardgen.simulate.SimSpec is SimSpec and cardgen.build.BuildError
    assert callable(cardgen.render) and cardgen.simulate.__name__ == "simulate"


def test_play_gives_the_game_cardgen_play_logs(runner, app):
    played = cardgen.play(HARBOUR, bots="greedy", seed=3)
    assert played.state.is_terminal() and played.bots == ("greedy", "greedy")
    done = runner.invoke(
        app, ["play", str(HARBOUR), "--bots", "greedy", "--seed", "3", "-f", "json"]
    )
    assert done.exit_code == 0, done.output
    assert log.to_json(played, str(HARBOUR)) == done.stdout
    other = cardgen.play(cardgen.load(HARBOUR), bots=["greedy", "random"], seed=3)
    assert other.bots == ("greedy", "random") and other.steps != played.steps


def test_play_refuses_a_set_up_the_rules_do_not_allow():
    with pytest.raises(SetupError, match="seats 2-2 players, not 5"):
        cardgen.play(HARBOUR, players=5)


@pytest.mark.slow
@pytest.mark.parametrize("cards", [HARBOUR, TOWER], ids=["no sides", "sides"])
def test_simulate_summarises_as_cardgen_simulate(runner, app, cards):
    summary = cardgen.simulate(cards, games=12, seed=1)
    assert summary["games"] == 12
    done = runner.invoke(
        app, ["simulate", str(cards), "--games", "12", "--seed", "1", "-f", "json", "--no-progress"]
    )
    assert done.exit_code == 0, done.output
    assert to_json(summary) == done.stdout
