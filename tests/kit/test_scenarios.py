"""Scenario files in the kit's format: strict about every key and value, and able to fail."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardgen.engine.scenario import collect, run_file
from tests.kit.catalogues import ROOT

HARBOUR = ROOT / "cardgen/packs/harbour_bid"


def write(tmp_path: Path, body: str) -> Path:
    f = tmp_path / "s.yaml"
    f.write_text(f"name: t\ncards: {HARBOUR / 'cards'}\n" + textwrap.dedent(body), "utf-8")
    return f


def problems(tmp_path: Path, body: str) -> list[str]:
    return run_file(write(tmp_path, body)).problems


def test_the_starter_scenarios_pass() -> None:
    files = collect([HARBOUR / "scenarios"])
    assert len(files) >= 5
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)


BASE = """
given:
  dock: [saffron]
  cargo_deck: [pepper, linen]
  P1: {hand: [cook, captain]}
  P2: {hand: [smuggler, bosun]}
steps:
  - {P1: bid cook, P2: bid smuggler}
"""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("expect: {dock: [saffron, linen]}\n", None),
        ("expect: {dock: [saffron]}\n", "dock is ['saffron', 'linen'], expected ['saffron']"),
        ("expect: {P1: {score: 1}}\n", "P1.score is 0, expected 1"),
        ("expect: {events: [{type: tie, count: 2}]}\n", "expected 2 event(s)"),
        ("expect: {events: [{type: take}]}\n", "expected at least one event(s) {'type': 'take'}"),
        ("expect: {log: ['a tie at 4']}\n", "the log has no line 'a tie at 4'"),
        ("expect: {legal: {P1: [bid cook]}}\n", "P1's legal actions are ['bid captain'"),
        ("expect: {winner: P1}\n", "the game has not ended"),
        ("expect: {dock: {size: 3}}\n", "dock has 2, expected 3"),
        ("expect: {P1: {hand: {contains: [cook]}}}\n", "P1.hand lacks ['cook']"),
        ("expect: {dock: {at: {0: saffron, 1: linen}}}\n", None),
        ("expect: {dock: {at: {1: saffron}}}\n", "dock[1] is 'linen', expected 'saffron'"),
        ("expect: {dock: {at: {2: linen}}}\n", "dock has 2, no [2] (expected 'linen')"),
        ("expect: {events: [{type: tie, at_least: 1}]}\n", None),
        ("expect: {events: [{type: take, at_least: 0}]}\n", None),
        ("expect: {events: [{type: tie, at_least: 2}]}\n", "expected at least 2 event(s)"),
        ("expect: {dock: {excludes: [pepper, cook]}}\n", None),
        ("expect: {dock: {excludes: [pepper, linen]}}\n", "dock holds ['linen'], expected none"),
        # what one seat may know: its own hand, the size of another's
        ("expect: {seen_by: {P2: {P1: {hand: 2}, P2: {hand: {contains: [bosun]}}}}}\n", None),
        ("expect: {seen_by: {P1: {P1: {hand: [pilot]}}}}\n", "seen by P1: P1.hand is ['"),
        ("expect: {seen_by: {P2: {P1: {hand: 1}}}}\n", "seen by P2: P1.hand is 2, expected 1"),
    ],
)
def test_expectations_hold_or_fail(tmp_path: Path, extra: str, message: str | None) -> None:
    found = problems(tmp_path, BASE + extra)
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        ("setup: {setings: {}}\n", "unknown key 'setings' in setup (did you mean 'settings'?)", 3),
        ("setup: {settings: {tei: carry}}\n", "unknown setting 'tei' (did you mean 'tie'?)", 3),
        ("setup: {settings: {tie: cary}}\n", "setting tie:", 3),
        ("given: {dok: []}\n", "unknown field 'dok' (did you mean 'dock'?)", 3),
        ("given: {P1: {hnd: []}}\n", "unknown field 'hnd' of P1 (did you mean 'hand'?)", 3),
        ("given: {P1: {hand: [cok]}}\n", "unknown card 'cok' (did you mean 'cook'?)", 3),
        ("given: {P3: {hand: []}}\n", "unknown field 'P3'", 3),
        ("given: {round: one}\n", "'one' where the game has int", 3),
        ("steps:\n  - {P1: bid kook, P2: bid bosun}\n", "unknown card 'kook'", 4),
        ("steps:\n  - {P1: offer cook, P2: bid bosun}\n", "'offer cook' is not an action", 4),
        ("steps:\n  - {P7: bid cook}\n", "'P7' is not a seat", 4),
        ("steps:\n  - illegal: {P1: bid kaptain}\n", "unknown card 'kaptain' (did you mean", 4),
        ("steps:\n  - illegal: {P1: bidd captain}\n", "is not an action of this game", 4),
        ("expect: {events: [{type: tei}]}\n", "unknown event type 'tei' (did you mean 'tie'?)", 3),
        ("expect: {events: [{type: tie, strenght: 3}]}\n", "no field 'strenght'", 3),
        ("expect: {events: [{type: take, card: peper}]}\n", "unknown card 'peper'", 3),
        ("expect: {events: [{type: take, seat: P9}]}\n", "'P9' is not a seat", 3),
        ("expect: {legal: {P1: {include: []}}}\n", "unknown key 'include' in legal", 3),
        ("expect: {winner: P3}\n", "'P3' is not a seat", 3),
        ("expect: {dock: {sise: 1}}\n", "unknown test 'sise' (did you mean 'size'?)", 3),
        ("expect: {terminal: yes please}\n", "terminal is true or false", 3),
        ("expect: {dock: {at: {0: safron}}}\n", "unknown card 'safron' (did you mean", 3),
        ("expect: {dock: {at: [saffron]}}\n", "at is a mapping {index: value}", 3),
        ("expect: {dock: {at: {-1: saffron}}}\n", "-1 is not an index of a list", 3),
        ("expect: {events: [{type: tie, at_least: -1}]}\n", "at_least is a whole number", 3),
        ("stpes: []\n", "unknown key 'stpes' in a scenario (did you mean 'steps'?)", 3),
        ("expect: {dock: {excludes: [peper]}}\n", "unknown card 'peper'", 3),
        ("expect: {seen_by: {P3: {dock: []}}}\n", "'P3' is not a seat", 3),
        ("expect: {seen_by: {P2: {P1: {hnd: 1}}}}\n", "unknown field 'hnd' of P1", 3),
        ("expect: {seen_by: [P2]}\n", "seen_by is {P1: {field: value", 3),
        ("expect: {seen_by: {P2: {P1: {hand: [cook]}}}}\n", "a list where the game has int", 3),
    ],
)
def test_every_typo_is_an_error_at_its_line(
    tmp_path: Path, body: str, message: str, line: int
) -> None:
    found = problems(tmp_path, body)
    assert any(message in p for p in found), found
    assert any(f"s.yaml:{line}:" in p for p in found if message in p), found


def test_a_legal_illegal_step_fails(tmp_path: Path) -> None:
    found = problems(tmp_path, BASE.replace("steps:\n", "steps:\n  - illegal: {P1: bid cook}\n"))
    assert any("'bid cook' was allowed" in p for p in found), found


def test_an_illegal_step_the_rules_refuse_passes(tmp_path: Path) -> None:
    body = BASE.replace("steps:\n", "steps:\n  - illegal: {P1: bid bosun}\n")  # not in hand
    assert problems(tmp_path, body) == []


def test_a_seeded_new_game_is_dealt_by_the_rules(tmp_path: Path) -> None:
    found = problems(tmp_path, "seed: 4\nexpect: {P1: {hand: {size: 4}}}\n")
    assert found and "P1.hand has 5, expected 4" in found[0]


def test_a_described_state_sets_values_not_tests(tmp_path: Path) -> None:
    assert problems(tmp_path, "given: {dock: {size: 1}}\n")  # a test, not a value


def test_a_missing_catalogue_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("name: t\ncards: nowhere\n", "utf-8")
    outcome = run_file(f)
    assert not outcome.ok and "nowhere" in outcome.problems[0]


# --- the packs' old formats: refused with the release that converts them ----------------------
@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("rule: the passage\nsteps: []\n", 2),  # a top-level key of an old format
        ("setup: {players: [{coins: 5}, {coins: 5}]}\n", 2),  # seats as a list
        ("setup: {players: 2, phase: play}\n", 2),  # a state in the set-up
        ("steps:\n  - {0: {play: spearman, zone: right}}\n", 3),  # a seat by number
        ("steps:\n  - attack 0 0\n", 3),  # words with no seat
        ("steps:\n  - {do: pass, refused: true}\n", 3),
    ],
)
def test_an_old_format_file_names_the_release_that_converts_it(
    tmp_path: Path, body: str, line: int
) -> None:
    from cardgen.engine.scenario import CONVERTER

    f = tmp_path / "old.yaml"
    f.write_text(f"name: old\n{body}", "utf-8")
    (problem,) = run_file(f).problems
    assert problem.startswith(f"{f}:{line}:")
    assert "old format, no longer read" in problem and CONVERTER in problem
    assert f"cardgen scenario upgrade {f}" in problem and "cardgen 0.1.0" in CONVERTER


def test_a_kit_file_with_a_misspelt_key_is_not_called_old(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(f"name: t\ncards: {HARBOUR / 'cards'}\nstesp: []\n", "utf-8")
    (problem,) = run_file(f).problems
    assert "old format" not in problem and "did you mean 'steps'" in problem


def test_lists_of_mappings_are_compared_by_the_fields_named() -> None:
    from cardgen.diagnostics import Position
    from cardgen.engine.scenario import _compare

    at = Position("x.yaml", 1, 1)
    have = [{"card": "a", "tokens": 1}, {"card": "b", "tokens": 0}]
    assert not _compare(have, [{"card": "a"}, {"card": "b", "tokens": 0}], "t", at)
    assert _compare(have, [{"card": "a"}], "t", at)  # one item short
    assert _compare(have, [{"card": "b"}, {"card": "a"}], "t", at)  # in order
    assert not _compare(have, {"contains": [{"card": "b"}, {"tokens": 1}]}, "t", at)
    (problem,) = _compare(have, {"contains": [{"card": "a"}, {"card": "a"}]}, "t", at)
    assert "no item like {'card': 'a'}" in problem  # each wanted item matches one of its own


def test_a_table_state_is_arranged_with_seats_as_indexes() -> None:
    """A described state names seats as the view does (``P2``); a TableState's attributes
    hold them as indexes, so the kit turns the values of the vocabulary's seat fields back
    (they were set as the strings)."""
    from cardgen.packs.harbour_bid.rules import HarbourBid
    from tests.kit.catalogues import load

    cat, _ = load(HARBOUR / "cards")
    seats = {"leader": "seat", "players.*.rivals": "seat"}
    engine = type("Led", (HarbourBid,), {"vocabulary": {**HarbourBid.vocabulary, **seats}})()
    state = engine.new_game(cat, engine.setup(cat)).new_initial_state(0)
    state.leader = None
    for s in state.seats:
        s.rivals = []
    engine.arrange(state, {"leader": "P2", "players": {0: {"rivals": ["P2"], "won": []}}})
    assert state.leader == 1 and state.seats[0].rivals == [1] and state.seats[0].won == []
    engine.arrange(state, {"leader": None, "dock": []})
    assert state.leader is None and state.dock == []
