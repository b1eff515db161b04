"""docs/engine-tutorial.md, run as a designer would: every command in order, the files it
says to save saved, the edits it shows made; the scenario it says fails must fail first."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests.kit.catalogues import ROOT

DOC = ROOT / "docs" / "engine-tutorial.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def _steps(text: str) -> list[tuple[str, str, str]]:
    """(kind, body, prose before it) for each fenced block."""
    out, last = [], 0
    for m in BLOCK.finditer(text):
        out.append((m.group(1), m.group(2), text[last : m.start()]))
        last = m.end()
    out.append(("end", "", text[last:]))
    return out


def _run(line: str, cwd: Path) -> subprocess.CompletedProcess:
    args = shlex.split(line)
    assert args[0] == "cardgen", line
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args[1:]],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    steps = _steps(DOC.read_text("utf-8"))
    cwd = tmp_path
    pending_python: str | None = None
    last: tuple[str, subprocess.CompletedProcess] | None = None
    ran = 0
    for kind, body, prose in steps:
        if last is not None and "It fails" in prose:
            line, result = last
            assert result.returncode == 1, (line, result.stdout, result.stderr)
            assert "unknown option 'catch_up'" in result.stdout, result.stdout
            last = None
        elif last is not None:
            line, result = last
            assert result.returncode == 0, (line, result.stdout, result.stderr)
            last = None
        if kind == "sh":
            for line in body.strip().splitlines():
                if line.startswith("cd "):
                    cwd = cwd / line[3:].strip()
                    continue
                last = (line, _run(line, cwd))
                ran += 1
        elif kind == "yaml":
            name = re.findall(r"Save this as `([^`]+)`", prose)
            assert name, "a YAML block says where it is saved"
            (cwd / name[-1]).write_text(body, "utf-8")
        elif kind == "python":
            if pending_python is None:
                pending_python = body
                continue
            rules = cwd / "cards" / "rules.py"
            source = rules.read_text("utf-8")
            assert source.count(pending_python) == 1, pending_python
            assert body.startswith(pending_python.rstrip("\n"))
            rules.write_text(source.replace(pending_python, body), "utf-8")
            pending_python = None
    assert pending_python is None
    assert ran >= 9
    before = json.loads((cwd / "before.json").read_text())
    after = json.loads((cwd / "after.json").read_text())
    assert before["games"] == after["games"] == 1000
    assert after["spec"]["catch_up"] is True
    assert before["seats"] != after["seats"]  # the rule changed how games go
