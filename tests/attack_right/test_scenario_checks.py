"""Attack Right's shipped scenarios (converted once from the old format) check what the old
files did: each edited to a wrong expectation fails, at its line (a set-up's at the set-up)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.engine.scenario import run_file
from tests.kit.scenario_edits import changed_line

TESTS = Path(__file__).parents[1]


def _edited(tmp_path: Path, name: str, old: str, new: str) -> tuple[list[str], int]:
    """The problems of scenario ``name`` with ``old`` replaced by ``new`` (on a copy of its
    catalogue, at the same relative path), and the line of the edit."""
    shutil.copytree(TESTS / "fixtures" / "engine", tmp_path / "fixtures" / "engine")
    path = tmp_path / "scenarios" / name
    path.parent.mkdir()
    text = (TESTS / "scenarios" / name).read_text("utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), "utf-8")
    assert run_file(TESTS / "scenarios" / name).ok  # the shipped file passes
    return run_file(path).problems, changed_line(text.replace(old, new), old, new)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "old", "new", "said"),
    [
        # a seat's view: the face-down spy is not P2's to see
        ("effect-hidden.yaml", "{P2: {P1: {tableau: [card: spy, card: null]}}",
         "{P2: {P1: {tableau: [card: spy, card: spy]}}",
         "seen by P2: P1.tableau[1].card is None, expected 'spy'"),
        # an unlimited bank's overdraft is the view's bank
        ("bank-unlimited.yaml", "bank: -2", "bank: 0", "bank is -2, expected 0"),
        # a later round's deal, named pile by pile: another order deals other cards
        ("draft-named-packs.yaml", "cards: [veteran, granary,", "cards: [granary, veteran,",
         "deal"),
        # an engine option checked at the set-up
        ("battle-slot-power-middle-nothing.yaml", "slot_power: {middle: []}",
         "slot_power: {middel: []}",
         "option slot_power middel: Input should be 'left', 'middle' or 'right'"),
        # a round-1 deal given card by card, and what it leaves in hand
        ("draft-first-game.yaml", "spearman, wall, wall, woodcutter], size: 6",
         "spearman, wall, wall, woodcutter], size: 7", "P1.hand has 6, expected 7"),
    ],
)  # fmt: skip
def test_a_wrong_expectation_fails_at_its_line(
    tmp_path: Path, name: str, old: str, new: str, said: str
) -> None:
    problems, line = _edited(tmp_path, name, old, new)
    assert len(problems) == 1 and said in problems[0], problems
    setup = name.startswith("battle-slot")  # a set-up error names the set-up's line
    assert f"{name}:{5 if setup else line}:" in problems[0]
