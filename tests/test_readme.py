"""The README is a short guide and docs/cli.md the reference: every path either names exists,
every command and every pack is in the reference."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

README = ROOT / "README.md"
CLI = ROOT / "docs" / "cli.md"
_PATH = re.compile(r"`((?:cardgen|docs|tests|games|benchmarks|cards)/[^`\s<>*]*)`")
_LINK = re.compile(r"\]\(([^)#]+)\)")


def test_the_readme_is_a_short_guide_with_the_two_quick_start_commands():
    text = README.read_text()
    assert len(text.splitlines()) <= 70
    assert "pip install -e . && cardgen build " in text
    assert 'pip install -e ".[test]" && python -m pytest -n auto ' in text
    tour = text.split("## A tour", 1)[1].split("```")[1].strip().splitlines()
    assert 8 <= len(tour) <= 13 and all(line.startswith("cardgen ") for line in tour[1:])


@pytest.mark.parametrize("doc", [README, CLI], ids=["README", "cli"])
def test_every_path_named_exists(doc):
    text = doc.read_text()
    named = {m.split(" ")[0].rstrip(".,:;") for m in _PATH.findall(text)}
    named |= {(doc.parent / link).relative_to(ROOT).as_posix() for link in _LINK.findall(text)}
    assert len(named) > 5
    missing = sorted(p for p in named if not (ROOT / p.split("(")[0]).exists())
    assert missing == []


def test_every_command_and_pack_is_in_the_reference():
    from typer.main import get_command

    from cardgen.cli import app

    text = CLI.read_text()
    group = get_command(app)
    commands = sorted(group.commands)  # type: ignore[attr-defined]
    assert len(commands) > 10
    assert [c for c in commands if f"`cardgen {c}" not in text] == []
    packs = sorted(
        p.name for p in (ROOT / "cardgen" / "packs").iterdir() if (p / "pack.py").exists()
    )
    assert [p for p in packs if p not in text] == []
