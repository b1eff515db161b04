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


BLACKSMITH = "{kind: special_troop, power: 1, extra_damage: 1}"
UNIQUE_CATAPULTS = ("rules.yaml", "traits: [artillery]", "traits: [artillery, unique]")
UNIQUE_KNIGHTS = ("rules.yaml", 'colour: "#8F3A3A"', 'colour: "#8F3A3A"\n    traits: [unique]')


def _edited_game(tmp_path, edits, scenario: str):
    """A copy of the game with ``(card file, old, new)`` edits, and one more scenario file."""
    root = tmp_path / "variant"
    shutil.copytree(TOWER, root)
    for name, old, new in edits:
        path = root / "cards" / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    path = root / "scenarios" / "variant.yaml"
    path.write_text(scenario)
    return run_scenario_file(path)


def _variant(tmp_path, traits: str, scenario: str):
    """A copy of the game whose Blacksmith has ``traits``, with one more scenario file."""
    special = f"{{kind: special_troop, power: 1, extra_damage: 1, traits: {traits}}}"
    return _edited_game(tmp_path, [("abilities.yaml", BLACKSMITH, special)], scenario)


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


RENEW_BOTH = "[renew, draw ability, draw ability, done, draw ability, draw ability, done]"


def test_one_unique_troop_on_the_field_whatever_its_kind(tmp_path):
    """The seed: "UNIQUE. YOU CAN ONLY HAVE ONE TROOP WITH THIS TRAIT ON THE FIELD AS A NEWER
    UNIQUE TROOP IS RECRUITED, AN OLDER ONE IS DESTROYED": Catapults and Knights both unique, a
    renewal recruits one of each; the newer (the last base's) stays."""
    outcome = _edited_game(
        tmp_path,
        [UNIQUE_CATAPULTS, UNIQUE_KNIGHTS],
        f"""
name: unique across kinds
cards: ../cards
setup:
  phase: renew-choice
  players:
    - board: {{0: workshop, 3: stables}}
    - {{}}
steps: {RENEW_BOTH}
expect:
  players: [{{troops: {{0: 0, 3: 1}}}}]
  phase: main
""",
    )
    assert outcome.ok, outcome.problems


def test_a_recruited_unique_troop_destroys_an_older_unique_special_troop(tmp_path):
    outcome = _edited_game(
        tmp_path,
        [UNIQUE_CATAPULTS, ("abilities.yaml", BLACKSMITH, BLACKSMITH[:-1] + ", traits: [unique]}")],
        f"""
name: a unique Catapult after a unique Blacksmith
cards: ../cards
setup:
  phase: renew-choice
  players:
    - board: {{0: workshop, 3: temple, 4: temple, 5: temple}}
      specials: [blacksmith]
    - {{}}
steps: {RENEW_BOTH}
expect:
  players: [{{troops: {{0: 1}}, specials: []}}]
  events: [special-destroyed]
""",
    )
    assert outcome.ok, outcome.problems


def test_a_recruited_unique_special_troop_destroys_an_older_unique_troop(tmp_path):
    outcome = _edited_game(
        tmp_path,
        [UNIQUE_CATAPULTS, ("abilities.yaml", BLACKSMITH, BLACKSMITH[:-1] + ", traits: [unique]}")],
        """
name: a unique Blacksmith after a unique Catapult
cards: ../cards
setup:
  players:
    - board: {0: workshop, 3: temple, 4: temple, 5: temple}
      troops: {0: 1}
      hand: [blacksmith]
    - {}
steps: [play blacksmith]
expect:
  players: [{troops: {0: 0}, specials: [blacksmith]}]
""",
    )
    assert outcome.ok, outcome.problems
