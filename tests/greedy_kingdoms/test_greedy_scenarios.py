"""Greedy Kingdoms' scenarios in the kit's format: all pass; a wrong expectation, a typo or a
malformed file fails at its line (never a pass, never a traceback); the old format is refused
with the release that converts it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.engine.scenario import collect, run_file

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
    outcome = run_file(path)
    assert outcome.ok, outcome.problems


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(GAME / "cards", tmp_path / "cards")
    (tmp_path / "scenarios").mkdir()
    return tmp_path


def _variant(game: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """Shipped scenario ``name`` with ``old`` (once in it) replaced: the file and the line."""
    src = (GAME / "scenarios" / name).read_text()
    assert src.count(old) == 1, old
    f = game / "scenarios" / name
    f.write_text(src.replace(old, new))
    return f, 1 + src[: src.index(old)].count("\n")


def test_a_wrong_expectation_fails_at_its_line(game: Path) -> None:
    f, line = _variant(
        game, "01-knight-after-cook.yaml", "{honor: 2, gold: 1, food: 0, land: 0}", "{honor: 3}"
    )
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:")
    assert problem.endswith("P1.resources.honor is 2, expected 3")


def test_swapping_the_order_changes_the_outcome(game: Path) -> None:
    f, _ = _variant(
        game,
        "01-knight-after-cook.yaml",
        "  - {P1: resolve 1}\n  - {P1: resolve 6}",
        "  - {P1: resolve 6}\n  - {P1: resolve 1}",
    )
    assert any("P1.resources.honor is 0, expected 2" in p for p in run_file(f).problems)


def test_an_event_count_of_zero_fails_when_the_event_happens(game: Path) -> None:
    """``count: 0`` (what the old ``no_events`` became) is not a check that always passes."""
    f, line = _variant(
        game,
        "03-every-character-fails.yaml",
        "{type: success, count: 0}",
        "{type: failed, count: 0}",
    )
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and "expected 0 event(s)" in problem


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("15-the-defender-does-nothing-in-the-battle.yaml", "why: block", "why: blok",
         "unknown value 'blok' (did you mean 'block'?)"),
        ("03-every-character-fails.yaml", "type: success", "type: sucess",
         "unknown event type 'sucess' (did you mean 'success'?)"),
        ("10-start-of-turn-effect.yaml", "card: citizen-settler", "card: citizen-setler",
         "unknown card 'citizen-setler' (did you mean 'citizen-settler'?)"),
        ("16-success-bonus.yaml", "number: 6}", "numbr: 6}",
         "event 'success' has no field 'numbr'"),
        ("07-winning-palace.yaml", "phase: over", "phase: ovr",
         "unknown value 'ovr' (did you mean 'over'?)"),
        ("17-promotion-discount.yaml", "promote paying land", "promote paying lnd",
         "unknown value 'lnd' (did you mean 'land'?)"),
        ("09-obtain-an-upgrade.yaml", "kingdom: [citizen-farmer]", "kingdm: [citizen-farmer]",
         "unknown field 'kingdm' of P1 (did you mean 'kingdom'?)"),
    ],
)  # fmt: skip
def test_a_typo_in_an_expectation_is_an_error_at_its_line(
    game: Path, name: str, old: str, new: str, message: str
) -> None:
    """A misspelled word could never match: it is refused before the game is played."""
    f, line = _variant(game, name, old, new)
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:") and message in problem, problem


def test_a_malformed_scenario_is_a_problem_not_a_traceback(game: Path) -> None:
    f = game / "scenarios" / "bad.yaml"
    f.write_text("name: bad\ngiven: {phase: commit, colour: red}\n")
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:2:") and "unknown field 'colour'" in problem
    f.write_text("name: bad\ngiven:\n  P1: {kingdom: [castle]}\n")
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:3:") and "unknown card 'castle'" in problem
    res = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert res.exit_code == 1 and "Traceback" not in res.output


# --- the old format ---------------------------------------------------------------------------
def test_an_old_format_file_is_refused_at_its_line_with_the_release_that_converts_it(
    game: Path,
) -> None:
    f = game / "scenarios" / "old.yaml"
    f.write_text("name: x\nsetup: {attacker: 0}\nsteps:\n  - commit: [1, 2, 3]\n")
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:2:") and "old format, no longer read" in problem
    assert "cardgen 0.1.0 (git commit dcb183f" in problem
