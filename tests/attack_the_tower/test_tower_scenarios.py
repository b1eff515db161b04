"""Attack the Tower's scenarios: every file passes in the kit's format; every name the game
does not know is an error at its line with a did-you-mean, never a pass; the old format is
refused with the release that converts it; rules the shipped
files do not cover (unique and loyal troops) on variants of the catalogue."""

from __future__ import annotations

import shutil

import pytest

from cardgen.engine.scenario import collect, run_file
from tests.attack_the_tower.tower_paths import TOWER, TOWER_SCENARIOS
from tests.kit.scenario_edits import mutated

FILES = collect([TOWER_SCENARIOS])


def test_there_are_at_least_fifteen():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    outcome = run_file(path)
    assert outcome.ok, outcome.problems


def test_an_old_scenario_is_refused_with_the_release_that_converts_it(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(f"name: x\ncards: {TOWER / 'cards'}\nsetup: {{phase: main}}\n")
    (problem,) = run_file(path).problems
    assert problem.startswith(f"{path}:3:") and "old format, no longer read" in problem
    assert "cardgen 0.1.0" in problem and f"cardgen scenario upgrade {path}" in problem


def _mutated(tmp_path, name, old, new):
    return mutated(TOWER, tmp_path, name, old, new)


def test_a_wrong_expectation_fails(tmp_path):
    outcome, line = _mutated(tmp_path, "06-artillery-unmanned.yaml", "dealt: 8}", "dealt: 7}")
    (problem,) = outcome.problems
    assert f":{line}:" in problem and "dealt is 8, expected 7" in problem


def test_an_illegal_step_names_the_legal_ones(tmp_path):
    outcome, line = _mutated(tmp_path, "07-artillery-manned.yaml", "attack 0 2", "attack 2 2")
    (problem,) = outcome.problems
    assert f":{line}:" in problem and "'attack 0 2'" in problem, problem


K, T, N = "16-knights-charge.yaml", "13-special-needs-territory.yaml", "15-no-renewal.yaml"
TYPOS = [
    # (file, text, typo, what is said): every name the game does not know is an error at its
    # line, with the nearest known name, before anything runs
    (K, "P1: {board:", "P1: {bord:", "did you mean 'board'?"),
    (K, "[stables, null", "[stabels, null", "'stabels' (did you mean 'stables'?)"),
    (K, "hand: [knights-charge]", "hand: [knight-charge]", "did you mean 'knights-charge'?"),
    (K, "{P1: attack 0 0}", "{P1: atack 0 0}", "did you mean 'attack"),
    (K, "{P1: attack 0 0}", "{P1: attack 0}", "is not an action of this game"),
    (K, "{P1: attack 0 0}", "{P3: attack 0 0}", "'P3' is not a seat"),
    (K, "{P1: play knights-charge}", "{P1: play knigths-charge}", "'knights-charge'?"),
    (K, "target P2 troop 0}", "target P2 tropp 0}", "is not an action of this game"),
    (K, "target P2 troop 0}", "target P3 troop 0}", "'P3' is not a seat"),
    (K, "dealt: 6}", "dealth: 6}", "did you mean 'dealt'?"),
    (K, "expect:\n", "expect:\n  phase: mian\n", "did you mean 'main'?"),
    (K, "expect:\n", "expect:\n  events: [{type: atack}]\n", "did you mean 'attack'?"),
    (K, "expect:\n", "expect:\n  events: [{type: troop-killed, count: x}]\n", "count is a"),
    (K, "expect:\n", "expect:\n  events: [{type: troop-killed, slott: 0}]\n", "'slot'?"),
    (K, "given:", "setup: {settings: {max_turn: 9}}\ngiven:", "'max_turn' (did you mean"),
    (K, "given:", "gven: {}\ngiven:", "did you mean 'given'?"),
    (T, "{illegal: {P1: play blacksmith}}", "{ilegal: {P1: play blacksmith}}", "is not a seat"),
    (N, "{illegal: {P1: attack 0 1}}", "{illegal: {P1: atack 0 1}}", "did you mean 'attack"),
]


@pytest.mark.parametrize("name, old, new, said", TYPOS, ids=[t[2] for t in TYPOS])
def test_a_typo_is_an_error_at_its_line(tmp_path, name, old, new, said):
    outcome, line = _mutated(tmp_path, name, old, new)
    assert outcome.problems, "a typo passed"
    assert f"{name}:{line}:" in outcome.problems[0] and said in outcome.problems[0], (
        line,
        outcome.problems,
    )


def test_an_illegal_step_the_rules_allow_fails(tmp_path):
    outcome, line = _mutated(
        tmp_path, N, "{illegal: {P1: attack 0 1}}", "{illegal: {P1: attack 1 1}}"
    )
    (problem,) = outcome.problems
    assert f":{line}:" in problem and "was allowed" in problem


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
    return run_file(path)


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
given:
  turn: 1
  phase: main
  attacker: P1
  P1:
    board: [temple, temple, temple, stables, stables, stables, null, null, null]
    hand: [blacksmith, blacksmith]
steps: [{P1: play blacksmith}, {P1: play blacksmith}]
expect:
  P1: {hand: [], specials: [blacksmith]}
  events:
    - {type: special-recruited, count: 2}
    - {type: special-destroyed, count: 1}
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
given:
  turn: 1
  phase: main
  attacker: P1
  P1:
    board: [temple, null, null, null, null, null, null, null, null]
    hand: [blacksmith, blacksmith]
steps: [{P1: play blacksmith}, {P1: play blacksmith}]
expect:
  P1: {hand: [], specials: [blacksmith, blacksmith]}
""",
    )
    assert outcome.ok, outcome.problems


#: a renewal: the attacker (P1) renews and draws, then the defender
RENEW_BOTH = (
    "[{P1: renew}, {P1: draw ability}, {P1: draw ability}, {P1: done}, {P2: draw ability}, "
    "{P2: draw ability}, {P2: done}]"
)


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
given:
  turn: 1
  phase: renew-choice
  attacker: P1
  P1: {{board: [workshop, null, null, stables, null, null, null, null, null]}}
steps: {RENEW_BOTH}
expect:
  P1: {{troops: {{at: {{0: 0, 3: 1}}}}}}
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
given:
  turn: 1
  phase: renew-choice
  attacker: P1
  P1:
    board: [workshop, null, null, temple, temple, temple, null, null, null]
    specials: [blacksmith]
steps: {RENEW_BOTH}
expect:
  P1: {{troops: {{at: {{0: 1}}}}, specials: []}}
  events: [{{type: special-destroyed, count: 1}}]
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
given:
  turn: 1
  phase: main
  attacker: P1
  P1:
    board: [workshop, null, null, temple, temple, temple, null, null, null]
    troops: [1, 0, 0, 0, 0, 0, 0, 0, 0]
    hand: [blacksmith]
steps: [{P1: play blacksmith}]
expect:
  P1: {troops: {at: {0: 0}}, specials: [blacksmith]}
""",
    )
    assert outcome.ok, outcome.problems
