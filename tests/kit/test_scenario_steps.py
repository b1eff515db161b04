"""Scenario steps that say what the rules refuse: an ``illegal:`` action the game's grammar
enforces (Greedy Kingdoms' start-of-turn choice takes no Honor) and a ``refused:`` move as a
whole (a joint simultaneous move)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardgen.engine.scenario import run_file
from tests.kit.catalogues import ROOT

GREEDY = ROOT / "games/greedy-kingdoms/cards"
HARBOUR = ROOT / "cardgen/packs/harbour_bid/cards"

#: P1 chooses a Resource at the start of its turn (Gold, Food or Land: never Honor)
GREEDY_START = """
given:
  phase: develop2
  attacker: P2
  turn: 1
  P1: {kingdom: [citizen-miner]}
  P2: {kingdom: [citizen-settler]}
steps:
  - {P2: pass}
"""

#: the two seats bid at once
HARBOUR_BID = """
given:
  dock: [saffron]
  cargo_deck: [pepper, linen]
  P1: {hand: [cook, captain]}
  P2: {hand: [smuggler, bosun]}
steps:
"""


def problems(tmp_path: Path, cards: Path, body: str) -> list[str]:
    f = tmp_path / "s.yaml"
    f.write_text(f"name: t\ncards: {cards}\n" + textwrap.dedent(body), "utf-8")
    return run_file(f).problems


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("{P1: choose land}", None),
        ("{expect: {legal: {P1: [choose gold, choose food, choose land]}}}", None),
        ("{illegal: {P1: choose honor}}", None),  # the grammar enforces it: refused
        ("{illegal: {P1: choose land}}", "P1 'choose land' was allowed"),
        ("{illegal: {P1: choose honr}}", "unknown value 'honr'"),  # a typo stays an error
        ("{illegal: {P1: chose honor}}", "is not an action of this game"),
        ("{refused: {P1: choose honor}}", None),
    ],
)
def test_an_action_the_grammar_refuses_is_an_illegal_step(
    tmp_path: Path, step: str, message: str | None
) -> None:
    found = problems(tmp_path, GREEDY, GREEDY_START + f"  - {step}\n")
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        # the move as a whole: a seat left out, an action one seat cannot make
        ("  - refused: {P1: bid cook}\n", None),
        ("  - refused: {P1: bid cook, P2: bid cook}\n", None),
        (
            "  - refused: {P1: bid cook, P2: bid smuggler}\n",
            "the move {'P1': 'bid cook', 'P2': 'bid smuggler'} was allowed",
        ),
        ("  - refused: {P1: bid cok, P2: bid smuggler}\n", "unknown card 'cok'"),
        ("  - refused: {P3: bid cook}\n", "'P3' is not a seat"),
        # a refused move leaves the game as it was: the next move plays from there
        (
            "  - refused: {P1: bid cook, P2: bid cook}\n"
            "  - {P1: bid cook, P2: bid smuggler}\n"
            "  - expect: {dock: [saffron, linen], P1: {hand: {excludes: [cook]}}}\n",
            None,
        ),
    ],
)
def test_a_joint_move_can_be_refused(tmp_path: Path, steps: str, message: str | None) -> None:
    found = problems(tmp_path, HARBOUR, HARBOUR_BID + steps)
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found
