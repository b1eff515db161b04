"""Greedy Kingdoms' rules: invariants over thousands of seeded games under every reading, the
simultaneous and hidden commit, the hidden deck order, illegal actions, and the greedy bot's
strength.  (Replay, clones, logs and the protocol's promises: tests/kit.)"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from greedy_invariants import check_finished, check_state

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import IllegalAction
from cardgen.engine.bots import make_bot
from cardgen.engine.chance import settle
from cardgen.engine.play import play
from cardgen.packs.greedy_kingdoms.engine import ENGINE
from cardgen.packs.greedy_kingdoms.engine.actions import COMMIT, PASS
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE, State

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"
CAT = load_catalogue(CARDS)
#: seeded games of each pairing (1500 random, 300 greedy before; a soak sets more:
#: ``CARDGEN_SOAK_GAMES=1500 python -m pytest tests/greedy_kingdoms/test_greedy_engine.py``)
GAMES = int(os.environ.get("CARDGEN_SOAK_GAMES", "60"))


def _game(**settings: Any) -> Any:
    return ENGINE.new_game(CAT, ENGINE.setup(CAT, settings=settings))


def _play_checked(game: Any, seed: int, bots: list[str]) -> None:
    st = game.new_initial_state(seed)
    seated = [make_bot(ENGINE, game, b, seed * 7 + i) for i, b in enumerate(bots)]
    rng = random.Random(seed)
    settle(st)
    while not st.is_terminal():
        check_state(st)
        joint = {p: seated[p].choose(st, p) for p in st.movers()}
        if rng.random() < 0.02:  # a clone applying the same actions reaches the same state
            twin = st.clone()
            twin.apply(joint)
            st.apply(joint)
            assert twin.digest() == st.digest()
        else:
            st.apply(joint)
        settle(st)
    check_state(st)
    check_finished(st)


def _to_commit(st: State, chance: int, bots: list[str]) -> State:
    """Play ``st`` with ``bots`` (Rock-Scissors-Paper won by seat ``chance``) to a commit."""
    st.apply_chance(chance)
    seated = [make_bot(ENGINE, st.game, b, 1 + i) for i, b in enumerate(bots)]
    while st.phase != COMMIT_PHASE:
        st.apply({p: seated[p].choose(st, p) for p in st.movers()})
    return st


@pytest.mark.parametrize("pairing", [["random", "random"], ["greedy", "random"]])
def test_invariants_over_many_random_games(pairing: list[str]) -> None:
    game = _game()
    for seed in range(GAMES):
        _play_checked(game, seed, pairing)


@pytest.mark.parametrize(
    "setting",
    [
        {"supply_shortfall": "nothing"},
        {"defender_reveals_after": True},
        {"shuffle_special_deck": False},
        {"turn_limit": 6},
    ],
)
def test_invariants_hold_under_every_reading(setting: dict[str, Any]) -> None:
    game = _game(**setting)
    for seed in range(150):
        _play_checked(game, seed, ["random", "greedy"])


def test_the_commit_is_simultaneous_and_hidden() -> None:
    st = _to_commit(_game().new_initial_state(1), 0, ["random", "random"])
    assert st.movers() == [0, 1]
    with pytest.raises(IllegalAction, match="the seats to move are P1, P2, not P1"):
        st.apply({0: COMMIT})
    st.commits[0] = (1, 2, 3)  # P1 has chosen: P2 does not see it, the designer does
    assert st.observation(1)["players"][0]["commit"] is None
    assert st.observation(0)["players"][0]["commit"] == [1, 2, 3]
    assert st.observation(None)["players"][0]["commit"] == [1, 2, 3]


def test_a_seat_sees_the_decks_sizes_not_their_order() -> None:
    st = _to_commit(_game().new_initial_state(3), 1, ["greedy", "greedy"])
    mine = st.observation(0)
    assert mine["upgrade_deck"] == len(st.upgrade_deck)
    assert mine["special_deck"] == sorted(st.special_deck)
    full = st.observation(None)
    assert full["upgrade_deck"] == [st.game.upgrades[u].card_id for u in st.upgrade_deck]
    copies = [st.determinise(0, random.Random(k)) for k in range(5)]
    for c in copies:
        assert c.observation(0) == mine and c.events is None
        assert sorted(c.upgrade_deck) == sorted(st.upgrade_deck)
    assert len({tuple(c.upgrade_deck) for c in copies}) > 1, "the hidden order is resampled"


def test_illegal_actions_are_refused_with_their_phase() -> None:
    st = _game().new_initial_state(0)
    with pytest.raises(IllegalAction, match="the seats to move are nobody, not P1"):
        st.apply({0: PASS})  # the chance node: nobody moves
    st.apply_chance(1)
    assert st.movers() == [0]  # the initial Defender chooses first
    with pytest.raises(IllegalAction, match="P1 cannot 'pass' in the distribute phase"):
        st.apply({0: PASS})
    with pytest.raises(IllegalAction, match="P1 cannot play action 999"):
        st.apply({0: 999})


def test_greedy_beats_random() -> None:
    game = _game()
    wins = 0
    for seed in range(100):
        seat = seed % 2
        bots = ["greedy" if p == seat else "random" for p in (0, 1)]
        played = play(ENGINE, CAT, game.setup, bots, seed, game=game, record=False)
        wins += played.state.winner == seat
    assert wins >= 90


def test_the_other_reading_shows_the_attack_to_the_defender() -> None:
    st = _to_commit(_game(defender_reveals_after=True).new_initial_state(2), 1, ["greedy"] * 2)
    assert st.movers() == [st.attacker]
    st.apply({st.attacker: COMMIT})
    assert st.movers() == [st.defender]
    assert st.observation(st.defender)["players"][st.attacker]["commit"] == [1, 2, 3]
