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
    """Scenario ``name`` of a copy of the game with ``old`` replaced by ``new``, run."""
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


K, T, N = "16-knights-charge.yaml", "13-special-needs-territory.yaml", "15-no-renewal.yaml"
P3 = "- {}\n    - {}"  # a third player
TYPOS = [
    # (file, text, typo, where, what is said): every name the game does not know is an error at
    # its line, with the nearest known name, before anything runs
    (K, "- board: {0: stables}", "- bord: {0: stables}", ":6:7:", "did you mean 'board'?"),
    (K, "troops: {0: 2}\n      hand", "troops: {0: 2}\n      hnd", ":8:7:", "'hand'?"),
    (K, "{0: stables}", "{0: stabels}", ":6:18:", "'stabels' (did you mean 'stables'?)"),
    (K, "{0: stables}", "{0: knights-charge}", ":6:18:", "'knights-charge' is not a base card"),
    (K, "{0: stables}", "{0: stables, 9: temple}", ":6:27:", "slot 9: the board has slots 0"),
    (K, "troops: {0: 2}", "troops: {0: 3}", ":7:19:", "3 troops: a base holds 0 to 2"),
    (K, "troops: {0: 2}", "troops: {0: 2, 1: 1}", ":7:25:", "slot 1, which has no base"),
    (K, "[knights-charge]", "[knight-charge]", ":8:14:", "did you mean 'knights-charge'?"),
    (K, "  - attack 0 0", "  - atack 0 0", ":12:5:", "step 'atack' (did you mean 'attack'?)"),
    (K, "  - attack 0 0", "  - attack 0 3", ":12:5:", "territory '3': a number from 0 to 2"),
    (K, "  - attack 0 0", "  - attack 0", ":12:5:", "'attack' takes 2 word(s)"),
    (K, "play knights-charge", "play knigths-charge", ":13:5:", "'knights-charge'?"),
    (K, "target 1 troop 0  ", "target 1 tropp 0  ", ":16:5:", "did you mean 'troop'?"),
    (K, "target 1 troop 0  ", "target 2 troop 0  ", ":16:5:", "seat '2': a number from 0 to 1"),
    (K, "target 1 troop 0  ", "target 1 palace 0 ", ":16:5:", "the palace is one unit"),
    (K, "dealt: [6, 6]", "dealt: [6, 6, 0]", ":22:10:", "dealt: one number per seat (2), not 3"),
    (K, "dealt: [6, 6]", "dealt: [6, 6]\n  winner: 2", ":23:11:", "winner 2: 0, 1 or null"),
    (K, "dealt: [6, 6]", "dealt: [6, 6]\n  phase: mian", ":23:10:", "did you mean 'main'?"),
    (K, "dealt: [6, 6]", "dealt: [6, 6]\n  events: [atack]", ":23:12:", "event 'atack'"),
    (K, "dealt: [6, 6]", "dealt: [6, 6]\n  no_events: [kiled]", ":23:15:", "'kiled'"),
    (K, "dealt: [6, 6]", "dealt: [6, 6]\n  dealth: 1", ":23:3:", "did you mean 'dealt'?"),
    (K, "setup:", "settings: {max_turn: 9}\nsetup:", ":4:12:", "'max_turn' (did you mean"),
    (K, "setup:", "settings: {max_turns: 1}\nsetup:", ":4:23:", "max_turns: Input should"),
    (K, "- board: {0: temple, 1: temple}\n      troops: {0: 2, 1: 2}", P3, ":10:7:", "3 players"),
    (T, "refused: true}", "refusd: true}", ":11:27:", "'refusd' (did you mean 'refused'?)"),
    (N, "{do: attack 0 1, refused", "{do: atack 0 1, refused", ":19:10:", "'attack'?"),
]


@pytest.mark.parametrize("name, old, new, line, said", TYPOS, ids=[t[3] + t[2] for t in TYPOS])
def test_a_typo_is_an_error_at_its_line(tmp_path, name, old, new, line, said):
    outcome = _mutated(tmp_path, name, old, new)
    assert len(outcome.problems) == 1, outcome.problems
    (problem,) = outcome.problems
    assert f"{name}{line}" in problem and said in problem, problem


REFUSED = [
    # a step expected to be refused must name an action that exists where it is played
    (T, "play blacksmith, refused", "play volley, refused", "volley is not in the hand"),
    (N, "attack 0 1, refused", "target 1 troop 0, refused", "no battle is under way"),
    (N, "attack 0 1, refused", "discard temple, refused", "temple is not in the hand of seat 0"),
    (N, "attack 0 1, refused", "build temple 4, refused", "temple is not in the hand"),
]


@pytest.mark.parametrize("name, old, new, said", REFUSED, ids=[t[2] for t in REFUSED])
def test_a_malformed_refused_step_fails(tmp_path, name, old, new, said):
    outcome = _mutated(tmp_path, name, old, new)
    assert not outcome.ok
    assert f"{name}:" in outcome.problems[0] and said in outcome.problems[0], outcome.problems


def test_a_refused_target_names_a_unit_in_the_battle(tmp_path):
    """In a battle, ``target`` must name a unit there; one there whose damage the rules refuse
    (a manned base) is a refusal that can fail."""
    ok = _mutated(
        tmp_path / "a",
        "07-artillery-manned.yaml",
        "  - target 0 troop 0                           # the Militia (1)",
        "  - {do: target 0 base 0, refused: true}\n  - target 0 troop 0 # the Militia (1)",
    )
    assert not ok.ok and "seat 0 has no base 0 alive in this battle" in ok.problems[0]
    refused = _mutated(
        tmp_path / "b",
        "16-knights-charge.yaml",
        "  - target 1 troop 0                           # 6 points",
        "  - {do: target 1 base 0, refused: true}\n  - target 1 troop 0 # 6 points",
    )
    assert refused.ok, refused.problems
    legal = _mutated(
        tmp_path / "c",
        "16-knights-charge.yaml",
        "  - target 1 troop 0                           # 6 points",
        "  - {do: target 1 troop 1, refused: true}\n  - target 1 troop 0 # 6 points",
    )
    assert ":16:10: step 5 (target 1 troop 1): legal, expected refused" in legal.problems[0]


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
