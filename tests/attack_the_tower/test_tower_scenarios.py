"""Attack the Tower's scenarios: every file passes in the kit's format; every name the game
does not know is an error at its line with a did-you-mean, never a pass; the old format is
refused with the command that upgrades it, and upgrades to the shipped file; rules the shipped
files do not cover (unique and loyal troops) on variants of the catalogue."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardgen.engine.scenario import collect, run_file, upgrade_file
from tests.attack_the_tower.tower_paths import TOWER, TOWER_SCENARIOS
from tests.kit.scenario_edits import changed_line, mutated

FILES = collect([TOWER_SCENARIOS])
OLD = Path(__file__).parent / "old-scenarios"


def test_there_are_at_least_fifteen():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    outcome = run_file(path)
    assert outcome.ok, outcome.problems


@pytest.mark.parametrize("path", sorted(OLD.glob("*.yaml")), ids=lambda p: p.stem)
def test_an_old_scenario_is_refused_and_upgrades_to_the_shipped_file(tmp_path, path):
    copy = tmp_path / "scenarios" / path.name
    copy.parent.mkdir()
    cards = (path.parent / re.search(r"^cards: (.+)$", path.read_text(), re.M)[1]).resolve()
    copy.write_text(
        path.read_text().replace("cards: ../../../games/attack-the-tower/cards", f"cards: {cards}")
    )
    (problem,) = run_file(copy).problems
    assert "old format" in problem and "cardgen scenario upgrade" in problem
    assert upgrade_file(copy)
    shipped = (TOWER_SCENARIOS / path.name).read_text().replace("../cards", str(cards))
    # the shipped files keep a refused step's comment on its illegal step, written by hand
    assert copy.read_text() == re.sub(r"(illegal: .*}})\s+#.*", r"\1", shipped)
    assert run_file(copy).ok


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


OLD_TYPOS = [
    # the old format's misspellings are errors at their line too (the upgrade refuses them)
    ("- board: {0: stables}", "- bord: {0: stables}", "did you mean 'board'?"),
    ("  - attack 0 0", "  - atack 0 0", "did you mean 'attack'?"),
    ("dealt: [6, 6]", "dealt: [6, 6]\n  no_events: [kiled]", "unknown event 'kiled'"),
    ("dealt: [6, 6]", "dealt: [6, 6]\n  dealth: 1", "did you mean 'dealt'?"),
    ("dealt: [6, 6]", "dealt: [6, 6, 0]", "dealt: one number per seat"),
]


@pytest.mark.parametrize("old, new, said", OLD_TYPOS, ids=[t[1] for t in OLD_TYPOS])
def test_an_old_typo_is_an_error_at_its_line(tmp_path, old, new, said):
    path = tmp_path / "scenarios" / "k.yaml"
    path.parent.mkdir()
    text = (OLD / K).read_text()
    assert old in text
    text = text.replace(old, new, 1).replace(
        "../../../games/attack-the-tower/cards", str(TOWER / "cards")
    )
    path.write_text(text)
    line = changed_line(text, old, new)
    (problem,) = run_file(path).problems
    assert f":{line}:" in problem and said in problem, (line, problem)
    with pytest.raises(ValueError, match=re.escape(said)):
        upgrade_file(path)


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
    path.write_text(scenario)  # written in the old format: upgraded, then run by the kit
    assert upgrade_file(path)
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
