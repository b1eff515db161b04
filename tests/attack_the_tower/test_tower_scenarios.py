"""Attack the Tower's scenarios: every file passes, and a scenario whose expectation is wrong,
or whose step is illegal, fails with a readable line (never a traceback)."""

from __future__ import annotations

import shutil

import pytest

from cardgen.scenarios.runner import collect, run_scenario_file
from tests.attack_the_tower.tower_paths import TOWER, TOWER_SCENARIOS

FILES = collect([TOWER_SCENARIOS])


def test_there_are_at_least_fifteen():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    outcome = run_scenario_file(path)
    assert outcome.ok, outcome.problems


def _mutated(tmp_path, name, old, new):
    root = tmp_path / "game"
    shutil.copytree(TOWER, root)
    path = root / "scenarios" / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return run_scenario_file(path)


def test_a_wrong_expectation_fails(tmp_path):
    outcome = _mutated(tmp_path, "06-artillery-unmanned.yaml", "dealt: [8, 8]", "dealt: [8, 7]")
    assert outcome.problems == ["damage dealt [8, 8], expected [8, 7]"]


def test_an_illegal_step_names_the_legal_ones(tmp_path):
    outcome = _mutated(tmp_path, "07-artillery-manned.yaml", "attack 0 2", "attack 2 2")
    assert "step 1 (attack 2 2): not legal" in outcome.problems[0]
    assert "attack 0 2" in outcome.problems[0]


def test_an_unknown_card_is_a_setup_problem(tmp_path):
    outcome = _mutated(tmp_path, "08-siege-engineers.yaml", "{0: workshop}", "{0: dragon-lair}")
    assert not outcome.ok and "dragon-lair" in " ".join(outcome.problems)


def _variant(tmp_path, traits: str, scenario: str):
    """A copy of the game whose Blacksmith has ``traits``, with one more scenario file."""
    root = tmp_path / "variant"
    shutil.copytree(TOWER, root)
    abilities = root / "cards" / "abilities.yaml"
    old = "{kind: special_troop, power: 1, extra_damage: 1}"
    abilities.write_text(
        abilities.read_text().replace(
            old, f"{{kind: special_troop, power: 1, extra_damage: 1, traits: {traits}}}"
        )
    )
    path = root / "scenarios" / "variant.yaml"
    path.write_text(scenario)
    return run_scenario_file(path)


def test_a_newer_unique_special_troop_destroys_the_older(tmp_path):
    outcome = _variant(
        tmp_path,
        "[unique]",
        """
name: unique
cards: ../cards
setup:
  players:
    - board: {0: temple, 1: temple, 2: temple, 3: stables, 4: stables, 5: stables}
      hand: [blacksmith, blacksmith]
    - {}
steps: [play blacksmith, play blacksmith]
expect:
  players: [{specials: [blacksmith], hand: []}]
  events: [special-recruited, special-destroyed, special-recruited]
""",
    )
    assert outcome.ok, outcome.problems


def test_a_loyal_special_troop_needs_no_territory(tmp_path):
    outcome = _variant(
        tmp_path,
        "[loyal]",
        """
name: loyal
cards: ../cards
setup:
  players:
    - board: {0: temple}
      hand: [blacksmith, blacksmith]
    - {}
steps: [play blacksmith, play blacksmith]
expect:
  players: [{specials: [blacksmith, blacksmith], hand: []}]
""",
    )
    assert outcome.ok, outcome.problems
