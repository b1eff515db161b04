"""Conventions of the `cardgen` command line: --version and shell completion."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version


def _cardgen(*args, env=None, timeout=120, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=timeout,
        check=False,
        **kw,
    )


# --- 1. --version -----------------------------------------------------------------------------


def test_version(runner, app):
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0
    assert res.stdout == f"cardgen {version('cardgen')}\n"


def test_version_through_python_m_cardgen():
    proc = _cardgen("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"cardgen {version('cardgen')}"


# --- 2. shell completion ----------------------------------------------------------------------


def test_show_completion_bash(runner, app, monkeypatch):
    # typer detects the shell unless told not to; with this set, --show-completion takes one
    # (set before invoke: typer reads it when it builds the command)
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    res = runner.invoke(app, ["--show-completion", "bash"])
    assert res.exit_code == 0, res.output
    assert "_CARDGEN_COMPLETE=complete_bash" in res.stdout
    assert "complete -o default -F _cardgen_completion cardgen" in res.stdout


def test_completion_options_in_help(runner, app):
    res = runner.invoke(app, ["--help"])
    assert res.exit_code == 0
    assert "--install-completion" in res.output and "--show-completion" in res.output
