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


#: Attack Right at its battle phase, P2 and P3 tied with the least glory
TIE = """
setup: {players: 3, sides: [red, green, blue]}
given:
  round: 1
  phase: battle
  P1: {glory: 2}
  P2: {glory: 1}
  P3: {glory: 1}
steps:
"""


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (
            "  - chance: P3 battles first\n"
            "expect: {log: ['P3 attacks P2: 0 vs 0, winner P2', 'P2 attacks P1: 0 vs 0, winner P1',"
            " 'P1 attacks P3: 0 vs 0, winner P3']}\n",
            None,
        ),
        (
            "  - chance: P2 battles first\n"
            "expect: {log: ['P2 attacks P1: 0 vs 0, winner P1', 'P1 attacks P3: 0 vs 0, winner P3',"
            " 'P3 attacks P2: 0 vs 0, winner P2']}\n",
            None,
        ),
        # an expectation sees the game after the draw, but just before a chance step
        ("  - expect: {round: 2, phase: draft}\n", None),
        (
            "  - expect: {phase: battle}\n  - chance: P1 battles first\n",
            "the outcomes: P2 battles first, P3 battles first",
        ),
    ],
)
def test_attack_rights_first_battle_on_a_glory_tie_is_a_chance_node(
    tmp_path: Path, steps: str, message: str | None
) -> None:
    """Who of the seats tied with the least glory battles first is drawn at a chance node,
    so a scenario can pin it (before, the game drew it inside the battle phase)."""
    found = problems(tmp_path, ROOT / "tests/fixtures/engine", TIE + steps)
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found
