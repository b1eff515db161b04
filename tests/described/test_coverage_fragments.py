"""docs/rules-coverage.md's claims, tested: rules of the seed games it says are expressed in
data are written as description fragments (tests/described/coverage/) that compile on a real
catalogue, play whole seeded games and pass scenarios that pin the rule down."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.play import play
from cardgen.engine.registry import engine_of
from cardgen.engine.scenario import collect, run_file
from tests.described.conftest import ROOT

COVERAGE = Path(__file__).parent / "coverage"


def _game(dest: Path, cards: Path, play_file: Path, scenarios: list[Path]) -> Path:
    """A copy of ``cards`` played by ``play_file`` (``engine: play.yaml``), the scenarios
    beside it; returns the game folder."""
    shutil.copytree(cards, dest / "cards")
    rules = dest / "cards" / "rules.yaml"
    text = rules.read_text("utf-8")
    if "engine:" in text:
        text = "\n".join(x for x in text.splitlines() if not x.startswith("engine:")) + "\n"
    rules.write_text(text + "engine: play.yaml\n", "utf-8")
    shutil.copy2(play_file, dest / "cards" / "play.yaml")
    (dest / "scenarios").mkdir()
    for s in scenarios:
        shutil.copy2(s, dest / "scenarios" / s.name)
    return dest


CASES = {
    "castle-rampage": (
        ROOT / "games/castle-rampage/cards",
        COVERAGE / "castle-rampage/play.yaml",
        sorted((COVERAGE / "castle-rampage").glob("[!p]*.yaml")),
        2,
    ),
    "battles": (
        ROOT / "cardgen/scaffold/starters/trick-taking/cards",
        COVERAGE / "battles.yaml",
        sorted((COVERAGE / "battles-scenarios").glob("*.yaml")),
        3,
    ),
    "mechanics": (
        ROOT / "cardgen/scaffold/starters/trick-taking/cards",
        COVERAGE / "mechanics.yaml",
        sorted((COVERAGE / "mechanics-scenarios").glob("*.yaml")),
        3,
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_fragment_compiles_plays_and_its_scenarios_pass(case: str, tmp_path: Path) -> None:
    cards, play_file, scenarios, most = CASES[case]
    assert scenarios
    game = _game(tmp_path, cards, play_file, scenarios)
    cat = load_catalogue(game / "cards")
    engine = engine_of(cat)
    assert engine.info.id == ("castle-rampage-data" if case == "castle-rampage" else case)
    ends = set()
    for seed in range(6):
        n = 2 + seed % (most - 1)
        played = play(engine, cat, engine.setup(cat, n), ["random"] * n, seed)
        assert played.state.is_terminal() and played.steps
        ends.add(tuple(played.state.returns()))
    assert len(ends) > 1  # the seats do not always end the same way
    files = collect([game / "scenarios"])
    assert len(files) == len(scenarios)
    for f in files:
        outcome = run_file(f)
        assert outcome.ok, (f, outcome.problems)


def test_a_seat_counter_starts_at_the_word_none(tmp_path: Path) -> None:
    """`start: none` (docs/rules-as-data.md's word) starts a seat counter at no seat; before,
    only a YAML null did and the word was refused."""
    text = (COVERAGE / "castle-rampage/play.yaml").read_text("utf-8")
    assert "victor: {type: seat, start: none}" in text
    game = _game(tmp_path, CASES["castle-rampage"][0], COVERAGE / "castle-rampage/play.yaml", [])
    cat = load_catalogue(game / "cards")
    state = engine_of(cat).new_game(cat, engine_of(cat).setup(cat, 2)).new_initial_state(0)
    assert state.observation(None)["victor"] is None and not state.is_terminal()
