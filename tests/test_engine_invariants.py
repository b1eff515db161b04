"""Invariants over thousands of seeded random games, and hidden information in observations."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from engine_invariants import check_death_schedule, check_finished, check_state

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.model import Settings
from tests.attack_right.engine_helpers import Game, GreedyBot, RandomBot, advance, moves

FIXTURE = Path(__file__).parent / "fixtures" / "engine"
DECKS = ["red", "blue", "green", "spy"]
#: seeded games a configuration of the fixture (the real catalogue plays half as many, the
#: observation and bank tests a third, at least 20 and 15); it was 60; a soak sets more:
#: ``python benchmarks/soak.py`` (``CARDGEN_SOAK_GAMES=300``)
GAMES = int(os.environ.get("CARDGEN_SOAK_GAMES", "20"))


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(FIXTURE)


def _run(st, bots, each_step=None):
    n = st.n
    check_state(st)
    while not st.is_terminal():
        acting = st.movers()
        acts = [bots[p].step(st, p) if p in acting else None for p in range(n)]
        if each_step is not None:
            each_step(st, acts)
        round_before = st.round
        advance(st, moves(acts), check=False)
        check_state(st)
        if st.round != round_before or st.is_terminal():
            for p in range(n):  # after an Age Phase every unit carries exactly one token
                for i in st.tab[p]:
                    assert st.tokens[i] == (1 if st.card[i].is_unit else 0)
    check_finished(st)
    return st


CONFIGS = [
    (["red", "blue"], {}),
    (["spy", "green", "blue"], {}),
    (DECKS, {}),
    (DECKS, {"first_game": True}),
    (["blue", "red", "spy"], {"settings": Settings(bank_unlimited=False)}),
    (
        DECKS,
        {"settings": Settings(removed_card_coins="owner", replace_when_free=True)},
    ),
    (["red", "green"], {"settings": Settings(defender_wins_ties=False, middle_neighbour="left")}),
]


@pytest.mark.parametrize("decks,opts", CONFIGS)
def test_invariants_over_random_games(cat, decks, opts):
    for seed in range(GAMES):
        g = Game(cat, decks, seed=seed, **opts)
        n = g.num_players
        bots = [
            GreedyBot(seed + p) if (seed + p) % 5 == 0 else RandomBot(seed + p) for p in range(n)
        ]
        st = _run(g.new_initial_state(), bots)
        if "blue" not in decks:  # no age-token effects: deaths follow the plain schedule
            check_death_schedule(st)


def test_limited_bank_never_pays_more_than_it_holds(cat):
    g = Game(cat, DECKS, seed=1, settings=Settings(bank_unlimited=False))
    for seed in range(max(15, GAMES // 3)):
        st = Game(cat, DECKS, seed=seed, settings=g.settings).new_initial_state()
        _run(st, [RandomBot(seed * 4 + p) for p in range(4)])
        assert st.bank >= 0 and st.bank + sum(st.coins) + sum(st.stored) == g.coin_supply
        assert st.token_bank >= 0


def _others_see_the_same(a, b, skip):
    return all(a.observation(p) == b.observation(p) for p in range(a.n) if p not in skip)


def test_unseen_choices_never_change_others_observations(cat):
    checked_saves = checked_picks = 0
    for seed in range(max(20, GAMES // 3)):
        g = Game(cat, DECKS[: 2 + seed % 3], seed=seed)
        st = g.new_initial_state()
        n = st.n
        bots = [RandomBot(seed * 7 + p) for p in range(n)]
        while not st.is_terminal():
            acting = st.movers()
            acts = [bots[p].step(st, p) if p in acting else None for p in range(n)]
            for q in acting:
                if st.sub:  # intercepts and moves are public
                    continue
                legal = st.legal_actions(q)
                if st.phase == 1:
                    options = [a for a in legal if a < -1]  # which card is saved is secret
                    skip = {q}
                else:
                    options = legal  # a kept card is secret from all but the next holder
                    skip = {q, g.left[q]}
                if len(options) < 2 or len(skip) == n:
                    continue
                a1, a2 = options[0], options[-1]
                s1, s2 = st.clone(), st.clone()
                advance(s1, moves([a1 if p == q else x for p, x in enumerate(acts)]))
                advance(s2, moves([a2 if p == q else x for p, x in enumerate(acts)]))
                assert _others_see_the_same(s1, s2, skip), st.action_to_string(q, a1)
                if st.phase == 1:
                    checked_saves += 1
                else:
                    checked_picks += 1
            advance(st, moves(acts))
    assert checked_saves > 50 and checked_picks > 50, (checked_saves, checked_picks)


def test_hidden_cards_and_hands_are_not_observed(cat):
    st = Game(cat, ["spy", "red", "blue"], seed=3).new_initial_state()
    obs = st.observation(1)
    own = obs["players"][1]
    assert own["pack"] == [st.card[i].id for i in st.packs[1]] and own["pack"]
    assert all(isinstance(p["pack"], int) for q, p in enumerate(obs["players"]) if q != 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_on_the_real_catalogue(cards_dir, players):
    if not (cards_dir / "battle.yaml").exists():
        pytest.skip("the real catalogue is not written yet")
    real = load_catalogue(cards_dir)
    decks = list(real.rules.deck_ids)
    for seed in range(GAMES // 2):
        chosen = [decks[(seed + k) % len(decks)] for k in range(players)]
        g = Game(real, chosen, seed=seed, first_game=seed % 4 == 0)
        bots = [
            GreedyBot(seed + p) if p == seed % players else RandomBot(seed + p)
            for p in range(players)
        ]
        _run(g.new_initial_state(), bots)
