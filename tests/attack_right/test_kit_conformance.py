"""Attack Right's engine on the kit keeps the protocol's promises (before its pack hands it to
the kit's commands): seeded playouts at every player count with the random and greedy bots,
legal actions written once in the grammar, views in the vocabulary, clones, replays, hidden
cards resampled unseen, and mid-game designer views arranged onto a new game."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.conformance import check_engine
from cardgen.packs.attack_right.engine.definition import ENGINE

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("folder", ["cards", "tests/fixtures/engine"])
def test_conformance(folder: str) -> None:
    cat = load_catalogue(ROOT / folder)
    lo, hi = ENGINE.player_range(cat)
    setups = [ENGINE.setup(cat, n) for n in range(lo, hi + 1)]
    report = check_engine(ENGINE, cat, setups, seeds=range(3), bots=["random", "greedy"])
    assert report.games == 3 * len(setups) and report.arranged and report.hidden_changed


def test_copies_of_a_design_are_one_choice() -> None:
    cat = load_catalogue(ROOT / "tests/fixtures/engine")
    game = ENGINE.new_game(cat, ENGINE.setup(cat, 2))
    st = game.new_initial_state(0)
    for seat in st.movers():
        texts = [st.action_to_string(seat, a) for a in st.legal_actions(seat)]
        assert len(texts) == len(set(texts)) == len({st.card[i].id for i in st.packs[seat]})
