"""What a scenario's ``given`` does to what it does not name: documented for every game on the
kit (docs/scenario-format.md), and the documented effects hold."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from cardgen.engine.scenario import run_file
from tests.kit.catalogues import ROOT, kit_folders, load

DOC = ROOT / "docs/scenario-format.md"
SECTION = "## What `given` does to what it does not name"


def problems(tmp_path: Path, cards: Path, body: str) -> list[str]:
    f = tmp_path / "s.yaml"
    f.write_text(f"name: t\ncards: {cards}\n" + textwrap.dedent(body), "utf-8")
    return run_file(f).problems


@pytest.mark.slow
def test_every_games_given_is_documented() -> None:
    text = DOC.read_text("utf-8")
    assert SECTION in text
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    games = set(re.findall(r"^- \*\*(.+?)\*\*", section, re.M))
    assert games == {load(f)[1].info.name for f in kit_folders()}
    assert "`events` and `log` count from the scenario's start" in section


def test_attack_rights_unnamed_copies_of_a_named_pile_go_to_the_discard(tmp_path: Path) -> None:
    body = """
    setup: {players: 2, sides: [red, green]}
    given: {piles: {spring: [wall]}}
    expect: {piles: {spring: [wall], fall: {size: 32}}, discard: {size: 15}}
    """
    assert problems(tmp_path, ROOT / "tests/fixtures/engine", body) == []


def test_authoritys_unnamed_zones_are_empty(tmp_path: Path) -> None:
    """Naming P1's hand empties P2's hand and deck; row 0 keeps each Kingsguard."""
    body = """
    given: {P1: {hand: []}}
    expect:
      P2: {hand: [], deck: [], row0: {size: 1}}
      market_deck: []
    """
    assert problems(tmp_path, ROOT / "games/authority/cards", body) == []


def test_events_count_from_the_scenarios_start(tmp_path: Path) -> None:
    """A new game's deal counts without ``given``, not with it."""
    harbour = ROOT / "cardgen/packs/harbour_bid/cards"
    dealt = "expect: {events: [{type: draw, at_least: 1}]}\n"
    assert problems(tmp_path, harbour, dealt) == []
    found = problems(tmp_path, harbour, "given: {dock: [saffron]}\n" + dealt)
    assert any("expected at least one event(s) {'type': 'draw'}" in p for p in found), found
