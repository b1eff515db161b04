"""`cardgen new`: a designer's game folder that validates and builds as created, and whose
layout and icons are theirs to edit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
import yaml

from cardgen.build.pipeline import build
from cardgen.catalogue.validate import validate
from cardgen.scaffold import ScaffoldError, new_game, starter_packs


def test_the_new_game_validates_and_builds(tmp_path):
    made = new_game(tmp_path / "feast", "plain", name='Goblin "Feast"')
    files = set(made.files)
    assert {"README.md", ".pre-commit-config.yaml", ".gitignore"} <= files
    assert {"cards/rules.yaml", "cards/layout.yaml"} <= files
    assert any(f.startswith("cards/") and f.endswith(".yaml") for f in files - {"cards/rules.yaml"})
    rules = yaml.safe_load((made.folder / "cards" / "rules.yaml").read_text())
    assert rules["pack"] == "plain" and rules["game"] == 'Goblin "Feast"'
    readme = (made.folder / "README.md").read_text()
    assert '# Goblin "Feast"' in readme
    assert "cardgen build" in readme and "cardgen validate" in readme
    result = validate(made.folder / "cards")
    assert result.ok and not result.warnings, result.diagnostics
    report = build(made.folder / "cards", made.folder / "output", only=["cards"])
    assert "cards/pnp-a4.pdf" in report.written


def test_the_layout_in_the_game_folder_is_the_one_printed(tmp_path):
    """Moving a box in the game's own layout.yaml moves it on the printed card."""
    from conftest import text_position

    made = new_game(tmp_path / "g", "plain")
    cards, out = made.folder / "cards", made.folder / "output"
    build(cards, out, only=["cards"])
    layout = cards / "layout.yaml"
    pdf = out / "cards" / "print" / "heroes.pdf"
    before = text_position(pdf, "Squire")
    data = yaml.safe_load(layout.read_text())
    name_box = data["face"]["name"]["box"]
    name_box[1] += 20.0  # 20 mm lower
    layout.write_text(yaml.safe_dump(data, sort_keys=False))
    report = build(cards, out, only=["cards"])
    assert "cards/print/heroes.pdf" in report.written
    after = text_position(pdf, "Squire")
    assert before and after and before[0] == pytest.approx(after[0], abs=0.5)
    assert before[1] - after[1] == pytest.approx(20.0 * 72 / 25.4, abs=1.0)  # y grows upwards


def test_errors(tmp_path):
    with pytest.raises(ScaffoldError, match=r"unknown game pack 'dragons'.*plain"):
        new_game(tmp_path / "a", "dragons")
    with pytest.raises(ScaffoldError, match="has no starter catalogue; packs with one: plain"):
        new_game(tmp_path / "b", "attack-right")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with pytest.raises(ScaffoldError, match="already exists"):
        new_game(busy, "plain")
    assert [p.name for p in busy.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]  # nothing half made
    assert "plain" in starter_packs() and "attack-right" not in starter_packs()


def test_cli_new_and_usage_errors(tmp_path):
    from typer.testing import CliRunner

    from cardgen.cli import app

    runner = CliRunner()
    res = runner.invoke(app, ["new", str(tmp_path / "g")])
    assert res.exit_code == 0 and "cardgen validate && cardgen build" in res.output
    res = runner.invoke(app, ["new", str(tmp_path / "h"), "--game", "chess"])
    assert res.exit_code == 2 and "'plain'" in res.output and "chess" in res.output
    res = runner.invoke(app, ["new", str(tmp_path / "g")])
    assert res.exit_code == 1 and "already exists" in res.output


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")
def test_the_games_pre_commit_hook_validates(tmp_path):
    pytest.importorskip("pre_commit")
    made = new_game(tmp_path / "g", "plain")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pc-home")}
    env["PATH"] = f"{os.path.dirname(sys.executable)}{os.pathsep}{env['PATH']}"
    if shutil.which("cardgen", path=env["PATH"]) is None:
        pytest.skip("no cardgen console script on PATH")
    run = {"cwd": made.folder, "env": env, "capture_output": True, "text": True, "timeout": 600}
    subprocess.run(["git", "init", "-q"], check=True, **run)
    subprocess.run(["git", "add", "-A"], check=True, **run)
    hook = [sys.executable, "-m", "pre_commit", "run", "--all-files"]
    ok = subprocess.run(hook, **run)
    assert ok.returncode == 0 and "Passed" in ok.stdout, ok.stdout + ok.stderr
    deck = made.folder / "cards" / "market.yaml"
    deck.write_text(deck.read_text().replace("cost: 1", "cost: one", 1))
    bad = subprocess.run(hook, **run)
    assert bad.returncode != 0 and "market.yaml" in bad.stdout
