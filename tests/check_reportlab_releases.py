"""Run the render tests with other reportlab releases, each in its own virtual environment.

    python tests/check_reportlab_releases.py 4.2.5 5.0.1 5.2.0

For each release: a virtual environment that sees this machine's packages, the release pip
installs into it, and the tests of everything cardgen draws (the replay shortcut of
``cardgen/render/_rl_fast.py`` forced on, whatever its ``TESTED`` says, so the release is checked
with it).  Prints one line per release; a release whose line says ``passed`` (and no
``failed``) may join ``TESTED`` and the reportlab bound in ``pyproject.toml``.  Not a test: it
installs packages.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = [
    "tests/test_render_replay.py",
    "tests/test_render_public_api.py",
    "tests/test_render_products.py",
    "tests/test_render_faces.py",
    "tests/test_charts.py",
]
#: tests of the installed release's place in TESTED, not of drawing
DESELECT = [
    "tests/test_render_public_api.py::test_only_a_tested_reportlab_with_the_variable_unset_replays"
]
#: a pytest plugin that takes every release for a tested one
PLUGIN = "from cardgen.render import _rl_fast\n_rl_fast.tested = lambda version=None: True\n"


def check(release: str, work: Path) -> str:
    venv = work / release
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
    pip = subprocess.run(
        [py, "-m", "pip", "install", "-q", f"reportlab=={release}"], capture_output=True, text=True
    )
    if pip.returncode:
        return f"{release}: pip failed: {pip.stderr.strip()[-300:]}"
    (work / "try_release.py").write_text(PLUGIN)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(work)]),
        "CARDGEN_CACHE_DIR": str(work / f"cache-{release}"),
    }
    env.pop("CARDGEN_REPORTLAB_PUBLIC", None)
    cmd = [py, "-m", "pytest", "-q", "-p", "try_release", "-p", "no:cacheprovider", *TESTS]
    cmd += [a for t in DESELECT for a in ("--deselect", t)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    version = subprocess.run(
        [py, "-c", "import reportlab; print(reportlab.Version)"], capture_output=True, text=True
    ).stdout.strip()
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-300:]
    return f"{release} (imported {version}): {last}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("releases", nargs="+")
    ap.add_argument("--work", type=Path, help="Folder for the environments (default: temporary).")
    args = ap.parse_args()
    if args.work:
        args.work.mkdir(parents=True, exist_ok=True)
        for release in args.releases:
            print(check(release, args.work), flush=True)
        return
    with tempfile.TemporaryDirectory(prefix="reportlab-releases-") as tmp:
        for release in args.releases:
            print(check(release, Path(tmp)), flush=True)


if __name__ == "__main__":
    main()
