"""docs/rules-coverage.md's claims, tested: rules of the seed games it says are expressed in
data are written as games whose rules are description fragments (tests/described/coverage/
NAME/cards/play.yaml) on a real catalogue; each plays whole seeded games and passes scenarios
that pin the rule down (NAME/scenarios/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.described import DescribedEngine
from cardgen.engine.play import play
from cardgen.engine.registry import engine_of
from cardgen.engine.scenario import collect, run_file

COVERAGE = Path(__file__).parent / "coverage"
#: each fragment and the most players it seats
GAMES = {"battles": 3, "castle-rampage": 2, "mechanics": 3}


def test_every_fragment_is_tested() -> None:
    assert sorted(p.name for p in COVERAGE.iterdir() if p.is_dir()) == sorted(GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(GAMES))
def test_a_fragment_compiles_plays_and_its_scenarios_pass(case: str) -> None:
    cat = load_catalogue(COVERAGE / case / "cards")
    engine = engine_of(cat)
    assert isinstance(engine, DescribedEngine)
    ends = set()
    for seed in range(6):
        n = 2 + seed % (GAMES[case] - 1)
        played = play(engine, cat, engine.setup(cat, n), ["random"] * n, seed)
        assert played.state.is_terminal() and played.steps
        ends.add(tuple(played.state.returns()))
    assert len(ends) > 1  # the seats do not always end the same way
    files = collect([COVERAGE / case / "scenarios"])
    assert len(files) >= 1
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)


def test_a_seat_counter_starts_at_the_word_none() -> None:
    """`start: none` (docs/rules-as-data.md's word) starts a seat counter at no seat; before,
    only a YAML null did and the word was refused."""
    cards = COVERAGE / "castle-rampage" / "cards"
    assert "victor: {type: seat, start: none}" in (cards / "play.yaml").read_text("utf-8")
    cat = load_catalogue(cards)
    engine = engine_of(cat)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(0)
    assert state.observation(None)["victor"] is None and not state.is_terminal()
