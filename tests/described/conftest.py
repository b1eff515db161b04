"""Harbour Bid's catalogue played by its rules described in data (``engine: play.yaml``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "cardgen/packs/harbour_bid"


def described_copy(dest: Path) -> Path:
    """A copy of Harbour Bid's starter cards whose rules.yaml names ``engine: play.yaml``,
    with the pack's scenarios beside it; returns the cards folder."""
    cards = dest / "cards"
    shutil.copytree(HARBOUR / "cards", cards)
    rules = cards / "rules.yaml"
    text = rules.read_text("utf-8")
    assert "engine: rules.py" in text
    rules.write_text(text.replace("engine: rules.py", "engine: play.yaml"), "utf-8")
    shutil.copytree(HARBOUR / "scenarios", dest / "scenarios")
    return cards


@pytest.fixture(scope="session")
def described_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return described_copy(tmp_path_factory.mktemp("described"))


@pytest.fixture(scope="session")
def described(described_dir: Path):
    """The described catalogue and its engine."""
    from cardgen.engine.registry import engine_of

    cat = load_catalogue(described_dir)
    return cat, engine_of(cat)


@pytest.fixture(scope="session")
def python_harbour():
    """The pack's own catalogue and its Python engine."""
    from cardgen.packs.harbour_bid.rules import ENGINE

    return load_catalogue(HARBOUR / "cards"), ENGINE
