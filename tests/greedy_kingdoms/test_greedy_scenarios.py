"""Greedy Kingdoms' scenarios: all pass, and a wrong expectation or a malformed file fails
with a readable problem (never a traceback)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.scenarios import collect, run_scenario_file

GAME = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms"
FILES = collect([GAME / "scenarios"])


def test_there_are_at_least_fifteen_scenarios() -> None:
    assert len(FILES) >= 15
    names = " ".join(f.name for f in FILES)
    for topic in ("knight-after-cook", "knight-before-cook", "every-character-fails",
                  "partial-payment", "promotion", "winning-palace"):  # fmt: skip
        assert topic in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path: Path) -> None:
    outcome = run_scenario_file(path)
    assert outcome.ok, outcome.problems


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(GAME / "cards", tmp_path / "cards")
    (tmp_path / "scenarios").mkdir()
    return tmp_path


def test_a_wrong_expectation_fails_naming_it(game: Path) -> None:
    src = (GAME / "scenarios" / "01-knight-after-cook.yaml").read_text()
    f = game / "scenarios" / "wrong.yaml"
    f.write_text(src.replace("{P1: {honor: 2, gold: 1}}", "{P1: {honor: 3, gold: 1}}"))
    outcome = run_scenario_file(f)
    assert outcome.problems == [
        "P1 resources: expected {'honor': 3, 'gold': 1}, got {'honor': 2, 'gold': 1}"
    ]


def test_swapping_the_order_changes_the_outcome(game: Path) -> None:
    src = (GAME / "scenarios" / "01-knight-after-cook.yaml").read_text()
    f = game / "scenarios" / "swapped.yaml"
    f.write_text(src.replace("  - resolve: 1\n  - resolve: 6", "  - resolve: 6\n  - resolve: 1"))
    assert any("P1 resources" in p for p in run_scenario_file(f).problems)


def test_malformed_scenarios_are_diagnostics(game: Path) -> None:
    f = game / "scenarios" / "bad.yaml"
    f.write_text("name: bad\ncards: ../cards\nsetup: {phase: commit, colour: red}\n")
    (problem,) = run_scenario_file(f).problems
    assert "bad.yaml:3" in problem and "colour" in problem
    f.write_text("name: bad\ncards: ../cards\nsetup: {kingdom: {P1: [castle]}}\n")
    (problem,) = run_scenario_file(f).problems
    assert "no Upgrade 'castle'" in problem
    res = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert res.exit_code == 1 and "Traceback" not in res.output


def test_a_misspelled_no_events_word_fails_at_its_line(game: Path) -> None:
    """A ``no_events`` text no log line can hold would pass whatever the engine did."""
    src = (GAME / "scenarios" / "03-every-character-fails.yaml").read_text()
    assert 'no_events: ["succeeds"]' in src
    f = game / "scenarios" / "typo.yaml"
    f.write_text(src.replace('no_events: ["succeeds"]', 'no_events: ["sucseeds"]'))
    line = 1 + src.splitlines().index('  no_events: ["succeeds"]')
    (problem,) = run_scenario_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and "'sucseeds'" in problem
    assert "did you mean 'succeeds'" in problem


def test_every_word_the_log_writes_is_a_word_no_events_may_use() -> None:
    """The word list the ``no_events`` check reads holds every word of seeded games' logs."""
    import re

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.packs.greedy_kingdoms.engine.log import LOG_WORDS, event_text, play_with_bots
    from cardgen.packs.greedy_kingdoms.model import RESOURCES

    cat = load_catalogue(GAME / "cards")
    known = set(LOG_WORDS) | set(RESOURCES)
    known |= {w.lower() for c in cat.by_id for w in re.findall("[A-Za-z]+", c)}
    seen: set[str] = set()
    for seed in range(40):
        bots = ("random", "greedy") if seed % 2 else ("greedy", "random")
        played = play_with_bots(cat, ("north", "south"), bots, seed)
        for ev in played.state.events:
            seen |= {w.lower() for w in re.findall("[A-Za-z]+", event_text(ev, played.state.game))}
    assert seen - known == set()
    assert {"succeeds", "fails", "obtains", "promotes", "wins"} <= seen
