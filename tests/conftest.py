"""Shared test fixtures: paths to the real and the fixture catalogue, and a CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def cards_dir() -> Path:
    """The real catalogue shipped in cards/."""
    return CARDS


@pytest.fixture
def fixture_catalogue() -> Path:
    """A small, valid catalogue with its own rules.yaml (smaller counts) for fast tests."""
    return FIXTURES / "catalogue"


@pytest.fixture
def runner():
    from typer.testing import CliRunner

    return CliRunner()


@pytest.fixture
def app():
    from cardgen.cli import app

    return app


def _plain(text: str) -> str:
    """CLI output as one line of words: the box of typer's error panel and its line breaks gone."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


@pytest.fixture
def plain():
    """``plain(result.output)``: the words of a CLI output, to find a message the error panel
    wrapped across lines."""
    return _plain


@pytest.fixture(autouse=True, scope="session")
def _private_check_cache(tmp_path_factory):
    """Keep the validate check cache of the test run out of the user's cache folder."""
    import os

    os.environ.setdefault("CARDGEN_CACHE_DIR", str(tmp_path_factory.mktemp("check-cache")))
