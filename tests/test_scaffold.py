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
    with pytest.raises(
        ScaffoldError,
        match=(
            "has no starter catalogue; packs with one: harbour-bid, plain, drafting, trick-taking"
        ),
    ):
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


# --- hostile targets and names: a clean error or a game that validates, never a traceback ----


def _new(runner, app, *args: str):
    result = runner.invoke(app, ["new", *args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_new_into_a_symlink_to_an_empty_folder_makes_the_game_there(runner, app, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "game").symlink_to(real)
    result = _new(runner, app, str(tmp_path / "game"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "game").is_symlink() and (real / "cards" / "rules.yaml").is_file()
    assert validate(tmp_path / "game" / "cards").ok


@pytest.mark.parametrize(
    "case, words",
    [
        ("dangling symlink", "is a broken symlink"),
        ("under a file", "is a file, not a folder"),
        ("256-character name", "file name too long"),
    ],
)
def test_new_into_an_impossible_place_is_a_clean_error(runner, app, tmp_path, case, words):
    if case == "dangling symlink":
        target = tmp_path / "dang"
        target.symlink_to(tmp_path / "nowhere")
    elif case == "under a file":
        (tmp_path / "afile").write_text("mine")
        target = tmp_path / "afile" / "game"
    else:
        target = tmp_path / ("b" * 256)
    before = sorted(p.name for p in tmp_path.iterdir())
    result = _new(runner, app, str(target))
    assert result.exit_code == 1 and words in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing half made
    assert (tmp_path / "afile").read_text() == "mine" if case == "under a file" else True


def test_new_with_a_255_character_name(runner, app, tmp_path):
    """The longest name a folder may have (the staging folder beside it used to be longer)."""
    target = tmp_path / ("a" * 255)
    result = _new(runner, app, str(target))
    assert result.exit_code == 0, result.output
    assert validate(target / "cards").ok
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def test_new_on_a_full_disk_leaves_nothing(runner, app, tmp_path, monkeypatch):
    import errno
    from pathlib import Path

    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.name == "README.md":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    result = _new(runner, app, str(tmp_path / "g"))
    assert result.exit_code == 1 and "no space left on the device" in result.output
    assert list(tmp_path.iterdir()) == []


def test_new_under_a_read_only_folder_is_a_clean_error():
    """As a process file permissions hold (a root run drops the capabilities that let root
    write into a read-only folder)."""
    from catalogue_edits import code_env, shared_work_dir, unprivileged

    work = shared_work_dir()
    try:
        locked = work / "ro"
        locked.mkdir(mode=0o555)
        locked.chmod(0o555)
        cmd = unprivileged([sys.executable, "-m", "cardgen", "new", str(locked / "g")])
        env = code_env(CARDGEN_CACHE_DIR=str(work / "cache"))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode == 1 and "permission denied" in proc.stderr, proc.stderr
        assert list(locked.iterdir()) == []
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_the_new_game_folder_is_as_open_as_the_umask_says(tmp_path):
    old = os.umask(0o022)
    try:
        made = new_game(tmp_path / "g", "plain")
    finally:
        os.umask(old)
    assert made.folder.stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize("name", ["C:\\games\\x", 'Bob\'s "best" game', "{{ 7*7 }} {%raw%}"])
def test_any_printable_name_makes_a_game_that_validates(tmp_path, name):
    made = new_game(tmp_path / "g", "plain", name=name)
    rules = yaml.safe_load((made.folder / "cards" / "rules.yaml").read_text())
    assert rules["game"] == name
    assert f"# {name}\n" in (made.folder / "README.md").read_text()
    result = validate(made.folder / "cards")
    assert result.ok, result.diagnostics


@pytest.mark.parametrize("name", ["two\nlines", "tab\there", "nul\x00", "   ", "", "é" * 61])
def test_a_name_validate_would_refuse_is_a_usage_error(runner, app, tmp_path, name):
    result = _new(runner, app, str(tmp_path / "g"), "--name", name)
    assert result.exit_code == 2 and "--name" in result.output, result.output
    assert not (tmp_path / "g").exists()
