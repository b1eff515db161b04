"""Castle Rampage's scenarios in the kit's format: all pass; a wrong expectation, a typo or a
malformed file fails at its line (never a pass, never a traceback); the old one-attack format is
refused with the release that converts it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rampage_invariants import CARDS
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.engine.scenario import collect, run_file

SCENARIOS = CARDS.parent / "scenarios"
FILES = collect([SCENARIOS])


def test_the_scenarios_cover_the_attack_and_the_whole_game():
    assert len(FILES) >= 29
    names = " ".join(f.name for f in FILES)
    for topic in ("anton-and-beatrix", "veteran", "spy", "turns-draws", "no-card-that-can-attack",
                  "deck-runs-out", "castle-falls"):  # fmt: skip
        assert topic in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path: Path):
    outcome = run_file(path)
    assert outcome.ok, outcome.problems


def test_cli_runs_the_folder():
    res = CliRunner().invoke(app, ["scenario", "run", str(SCENARIOS)])
    assert res.exit_code == 0, res.output
    assert f"{len(FILES)} passed, 0 failed" in res.output


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(CARDS, tmp_path / "cards")
    (tmp_path / "scenarios").mkdir()
    return tmp_path


def _variant(game: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """Shipped scenario ``name`` with ``old`` (once in it) replaced: the file and the line."""
    src = (SCENARIOS / name).read_text()
    assert src.count(old) == 1, old
    f = game / "scenarios" / name
    f.write_text(src.replace(old, new))
    return f, 1 + src[: src.index(old)].count("\n")


@pytest.mark.parametrize(
    ("name", "old", "new", "says"),
    [
        ("01-anton-and-beatrix.yaml", "'reveal ogre from the castle: defence 6'",
         "'reveal ogre from the castle: defence 5'", "the log has no line"),
        ("04-break-through-into-castle.yaml", "castle: [tower], known", "castle: [], known",
         "P2.castle is ['tower'], expected []"),
        ("01-anton-and-beatrix.yaml", "known: [ogre]", "known: []", "P2.known is ['ogre']"),
        ("22-spy-last-gate-card.yaml", "{type: gate_broken, count: 1}",
         "{type: gate_broken, count: 0}", "expected 0 event(s)"),
        ("05-last-castle-card.yaml", "winner: P1", "winner: P2", "the winners are ['P1']"),
        ("14-veteran-fails.yaml", "{type: attacker, to: hand, count: 1}",
         "{type: attacker, to: discard, count: 1}", "expected 1 event(s)"),
        ("26-turns-draws-and-a-veteran.yaml", "legal: {P1: [attack with veteran]}",
         "legal: {P1: [attack with veteran, attack with wall]}", "P1's legal actions are"),
    ],
)  # fmt: skip
def test_a_wrong_expectation_fails_at_its_line(game, name, old, new, says):
    f, line = _variant(game, name, old, new)
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and says in problem, problem
    res = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert res.exit_code == 1 and "FAIL" in res.output


def test_an_illegal_step_the_rules_allow_fails(game):
    f, line = _variant(
        game,
        "26-turns-draws-and-a-veteran.yaml",
        "illegal: {P1: attack with wall}",
        "illegal: {P1: attack with veteran}",
    )
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and "was allowed" in problem


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("illegal: {P1: attack with wall}", "illegal: {P1: atack with wall}",
         "is not an action of this game"),
        ("illegal: {P1: attack with wall}", "illegal: {P1: attack with wal}",
         "unknown card 'wal' (did you mean 'wall'?)"),
        ("P2: {hand: [slinger]}", "P2: {hand: [slinger], moat: 3}", "unknown field 'moat'"),
        ("deck: [archer, cook, knight, squire]", "deck: [archer, cok]",
         "unknown card 'cok' (did you mean 'cook'?)"),
    ],
)  # fmt: skip
def test_a_malformed_scenario_is_an_error_at_its_line(game, old, new, says):
    f, line = _variant(game, "26-turns-draws-and-a-veteran.yaml", old, new)
    problems = run_file(f).problems
    assert problems and problems[0].startswith(f"{f}:{line}:") and says in problems[0], problems


def test_card_values_that_are_not_card_values_are_an_error(game):
    f, line = _variant(
        game, "01-anton-and-beatrix.yaml", "knight: {attack: 9}", "knight: {attack: 0}"
    )
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and "card_values.knight.attack" in problem


# --- the old format -----------------------------------------------------------------------
def test_an_old_file_names_the_release_that_converts_it(tmp_path):
    f = tmp_path / "old.yaml"
    f.write_text(f"name: x\ncards: {CARDS}\nattack: {{card: knight, strength: 9}}\n")
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:3:") and "old format, no longer read" in problem
    assert "cardgen 0.1.0" in problem and f"cardgen scenario upgrade {f}" in problem
