"""The install users get: a wheel in a fresh virtualenv, and the pre-commit hook from another repo.

Both run from a folder that holds only a copy of ``cards/``, so nothing of this checkout (its
templates, fonts or rulebook) can stand in for what the package itself ships.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from conftest import CARDS, ROOT

import cardgen


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: int = 600):
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{cmd}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from this checkout (no dependencies downloaded)."""
    dist = tmp_path_factory.mktemp("dist")
    # built from a copy, so no other build of this checkout shares its build/ folder
    src = tmp_path_factory.mktemp("src") / "cardgen"
    top = {".git", "output", "build", "dist", ".venv", "cardgen.egg-info"}

    def ignore(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n == "__pycache__" or (Path(folder) == ROOT and n in top)}

    shutil.copytree(ROOT, src, ignore=ignore)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(src)], src)
    (found,) = dist.glob("cardgen-*.whl")
    return found


def test_the_wheel_ships_every_data_file(wheel):
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "cardgen/assets/fonts/DejaVuSansCondensed.ttf",
        "cardgen/assets/fonts/LICENSE-DejaVu.txt",
        "cardgen/render/products.yaml",
        "cardgen/build/kit.yaml",
        "cardgen/docs/templates/appendix.html.j2",
        "cardgen/packs/attack_right/layout.yaml",
        "cardgen/packs/attack_right/rulebook.md",
        "cardgen/packs/attack_right/clarifications.yaml",
        "cardgen/packs/plain/layout.yaml",
        "cardgen/packs/plain/starter/rules.yaml",
        "cardgen/scaffold/templates/README.md.j2",
    ):
        assert needed in names, needed
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[cardgen.packs]" in text and "attack-right = " in text and "plain = " in text
    assert "[cardgen.engines]" in text and "harbour-bid = cardgen.packs.harbour_bid.rules" in text


def _dependency_folders() -> list[str]:
    """The folders this test run's packages are in (they stand in for the wheel's dependencies:
    nothing is downloaded), this checkout left out.  ``system_site_packages`` would give the
    new environment the *system's* packages, which inside a virtualenv are not these."""
    import site
    import sysconfig

    found = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
    if site.ENABLE_USER_SITE:
        found.add(site.getusersitepackages())
    return sorted(f for f in found if os.path.isdir(f) and Path(f).resolve() != ROOT)


def _fresh_venv(env_dir: Path) -> Path:
    """A new virtualenv whose site-packages also reads this run's packages (a ``.pth`` file of
    their folders: their own ``.pth`` files, such as this checkout's editable install, are not
    run).  No pip of its own (``ensurepip`` costs seconds): this run's pip installs into it
    (``pip --python``).  Its bin folder."""
    venv.create(env_dir, with_pip=False)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    where = subprocess.run(
        [str(bindir / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    )
    pth = Path(where.stdout.strip()) / "cardgen-test-dependencies.pth"
    pth.write_text("".join(f"{folder}\n" for folder in _dependency_folders()), "utf-8")
    return bindir


def test_wheel_install_validates_and_builds_from_a_folder_with_only_cards(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    bindir = _fresh_venv(env_dir)
    python = str(bindir / "python")
    _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", str(wheel)],
        tmp_path,
    )
    game = tmp_path / "game"
    shutil.copytree(CARDS, game / "cards")
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    exe = str(bindir / "cardgen")
    where = _run([python, "-c", "import cardgen; print(cardgen.__file__)"], game, env)
    assert str(env_dir) in where.stdout  # the wheel, not this checkout
    assert _run([exe, "--version"], game, env).stdout.strip() == f"cardgen {cardgen.__version__}"
    assert "valid: 160 cards" in _run([exe, "validate", "cards/"], game, env).stdout
    _run([exe, "build", "-q"], game, env)
    for made in ("manifest.json", "README.md", "rulebook/rulebook.pdf", "cards/pnp-a4.pdf"):
        assert (game / "output" / made).is_file(), made
    # a designer's own game, made by `cardgen new`, validates and builds as created
    _run([exe, "new", "mine", "--game", "plain"], tmp_path, env)
    own = tmp_path / "mine"
    assert "valid: " in _run([exe, "validate"], own, env).stdout
    _run([exe, "build", "-q"], own, env)
    assert (own / "output" / "cards" / "pnp-a4.pdf").is_file()


def _this_checkout(tmp: Path, env: dict) -> tuple[Path, str]:
    """This checkout as ``pre-commit try-repo`` takes it: a clone of its HEAD with the
    uncommitted changes to its tracked files committed, and that commit."""
    clone = tmp / "checkout"
    _run(["git", "clone", "-q", str(ROOT), str(clone)], tmp, env)
    changed = _run(["git", "diff", "--name-only", "--no-renames", "-z", "HEAD"], ROOT, env).stdout
    for name in filter(None, changed.split("\0")):
        (clone / name).unlink(missing_ok=True)
        if (ROOT / name).exists():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    if changed:
        _run(["git", "add", "-A"], clone, env)
        _run(["git", "commit", "-q", "-m", "uncommitted changes"], clone, env)
    return clone, _run(["git", "rev-parse", "HEAD"], clone, env).stdout.strip()


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")
def test_pre_commit_hook_from_another_repository(tmp_path):
    """The hook of this checkout (as ``pre-commit try-repo`` takes it) in a scratch repository
    holding cards/: it passes, then fails on a broken card.  Both runs share one store, so the
    hook's environment is installed once (``try-repo`` installs it afresh every call)."""
    repo = tmp_path / "game"
    shutil.copytree(CARDS, repo / "cards")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    env.setdefault("GIT_AUTHOR_NAME", "t")
    env.setdefault("GIT_AUTHOR_EMAIL", "t@example.invalid")
    env.setdefault("GIT_COMMITTER_NAME", "t")
    env.setdefault("GIT_COMMITTER_EMAIL", "t@example.invalid")
    checkout, rev = _this_checkout(tmp_path, env)
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {checkout.as_posix()}\n  rev: {rev}\n  hooks:\n  - id: cardgen-validate\n"
    )
    _run(["git", "init", "-q"], repo, env)
    _run(["git", "add", "cards", ".pre-commit-config.yaml"], repo, env)
    cmd = [sys.executable, "-m", "pre_commit", "run", "cardgen-validate"]
    done = _run([*cmd, "--all-files"], repo, env, timeout=900)
    assert "cardgen validate" in done.stdout and "Passed" in done.stdout
    (repo / "cards" / "battle.yaml").write_text(
        (repo / "cards" / "battle.yaml").read_text().replace("cost: 3", "cost: three", 1)
    )
    failed = subprocess.run(
        [*cmd, "--all-files"], cwd=repo, env=env, capture_output=True, text=True, timeout=900
    )
    assert failed.returncode != 0 and "E102" in failed.stdout
