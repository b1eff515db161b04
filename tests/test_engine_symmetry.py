"""Seat symmetry: rotating the table never changes an outcome, only who it happens to.

For thousands of positions of seeded games, the position is copied with every seat moved
``k`` places round the table (:func:`rotate_state`), both copies take the same step (the actions
moved with their seats), and the results must be the same position rotated.  Simultaneous
effects (the when-played effects of one flip, C18) are where seat order used to leak in;
intercepts and moves (C19, C20) are simultaneous decisions of their own.
Random draws are the exception the rules allow: a step that draws a random hand discard is
compared with hands as sizes, and a step whose battle starts with a random tie-break is not
compared (both are counted, and most steps draw nothing).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from engine_invariants import position, rotate_actions, rotate_event, rotate_state

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.model import Settings
from tests.attack_right.engine_helpers import Game, GreedyBot, RandomBot, advance, moves

FIXTURE = Path(__file__).parent / "fixtures" / "engine"
CARDS = Path(__file__).resolve().parents[1] / "cards"


def check_step(st, acts: list, k: int, tally: Counter) -> None:
    """Apply ``acts`` to a copy of ``st`` and the rotated actions to a rotated copy; the two
    outcomes must be one position rotated (see the module docstring for random draws)."""
    n = st.n
    tally[f"{st.decision} decisions"] += 1
    a, b = st.clone(), rotate_state(st, k)
    a.events = []
    rng, rounds = a.rng.getstate(), a.rounds_done
    advance(a, moves(acts))
    advance(b, moves(rotate_actions(acts, k)))
    drew = a.rng.getstate() != rng
    dealt = a.rounds_done != rounds
    if drew and dealt:
        tally["skipped: a random draw before a battle"] += 1
        return
    want = rotate_state(a, k)
    got = position(b, hidden_hands=drew, dealt=dealt)
    assert position(want, hidden_hands=drew, dealt=dealt) == got, (
        st.round,
        st.step,
        [st.action_to_string(p, x) for p, x in enumerate(acts)],
    )
    if not drew and not dealt:
        rotated = Counter(rotate_event(e, k, n) for e in a.events)
        assert rotated == Counter(b.events), (st.round, st.step)
    effects = sum(1 for e in a.events if e[0] in ("coins", "steal", "glory", "tokens", "store"))
    tally["random discard: hands compared as sizes" if drew else "exact"] += 1
    tally["steps with effects"] += effects > 0


def check_rotations(game: Game, seeds: range, tally: Counter) -> None:
    """Play the seeded games; at every step compare the step on a rotated copy."""
    n = game.num_players
    for seed in seeds:
        st = game.new_initial_state(seed=seed)
        pick = random.Random(seed)
        bots = [
            GreedyBot(seed + p) if pick.random() < 0.3 else RandomBot(seed + p) for p in range(n)
        ]
        while not st.is_terminal():
            acting = st.movers()
            acts = [bots[p].step(st, p) if p in acting else None for p in range(n)]
            check_step(st, acts, pick.randrange(1, n), tally)
            advance(st, moves(acts))


CONFIGS = [
    ("fixture", ["red", "blue"], Settings()),
    ("fixture", ["spy", "green", "blue"], Settings()),
    ("fixture", ["red", "blue", "green", "spy"], Settings(simultaneous_effects="net")),
    ("fixture", ["red", "blue", "green", "spy"], Settings(bank_unlimited=False)),
    ("real", ["spy", "age"], Settings()),
    ("real", ["age", "spy", "battle"], Settings()),
    ("real", ["battle", "resource", "age", "spy"], Settings()),
    ("real", ["spy", "age", "resource"], Settings(simultaneous_effects="net")),
]


@pytest.mark.parametrize("which,decks,settings", CONFIGS)
def test_rotating_the_seats_rotates_the_outcome(which, decks, settings):
    cat = load_catalogue(FIXTURE if which == "fixture" else CARDS)
    game = Game(cat, decks, seed=0, settings=settings)
    tally: Counter = Counter()
    check_rotations(game, range(60), tally)
    assert tally["exact"] > 1000 and tally["steps with effects"] > 100, tally
    if "spy" in decks:  # intercepts and moves are simultaneous decisions too
        assert tally["intercept decisions"] > 5 and tally["move decisions"] > 5, tally
    others = sum(v for k, v in tally.items() if k.startswith(("random", "skipped")))
    assert tally["exact"] > 5 * others, tally


# ------------------------------------------------------------------ random flips
def random_position(game: Game, rng: random.Random):
    """A random play-phase position made for simultaneous effects: poor players, tableaux of
    units with and without age tokens, hands of cards with when-played effects."""
    from cardgen.packs.attack_right.engine.state import PLAY, State

    st = State.initial(game, rng.getrandbits(32))
    st.round = rng.randrange(1, game.rounds + 1)
    st.phase = PLAY
    season = game.season_of_round[st.round]
    cap = game.capacity[season]
    card = st.card
    pile = st.piles[season]
    effectful = [i for i in pile if card[i].played]
    order = 0
    for p in range(st.n):
        st.coins[p] = rng.randrange(0, 4)
        st.glory[p] = rng.randrange(0, 3)
        for _ in range(rng.randrange(0, 5)):
            i = pile[rng.randrange(len(pile))]
            zones = [z for z in card[i].zones if cap[z] > len(st.zone_cards(p, z))]
            if not zones:
                continue
            pile.remove(i)
            if i in effectful:
                effectful.remove(i)
            st.tab[p].append(i)
            st.zone[i] = rng.choice(zones)
            st.tokens[i] = rng.randrange(0, 2) if card[i].is_unit else 0
            st.seq[i] = order * st.n + p
            order += 1
        for _ in range(rng.randrange(1, 4)):
            source = effectful if effectful and rng.random() < 0.7 else pile
            i = source[rng.randrange(len(source))]
            pile.remove(i)
            if i in effectful:
                effectful.remove(i)
            st.hands[p].append(i)
        st.refresh_mods(p)
    st.gstep = order
    st.minted = sum(st.coins)
    return st


@pytest.mark.parametrize("which", ["fixture", "real"])
@pytest.mark.parametrize("mode", ["snapshot", "net"])
def test_random_flips_do_not_depend_on_seats(which, mode):
    cat = load_catalogue(FIXTURE if which == "fixture" else CARDS)
    decks = list(cat.rules.deck_ids)
    rng = random.Random(f"{which}/{mode}")
    settings = Settings(simultaneous_effects=mode)
    games: dict[tuple[str, ...], Game] = {}
    tally: Counter = Counter()
    for _ in range(1500):
        n = rng.randrange(2, 5)
        chosen = tuple(rng.sample(decks, n))
        game = games.get(chosen) or games.setdefault(
            chosen, Game(cat, chosen, settings=settings, deal=False)
        )
        st = random_position(game, rng)
        acts = []
        for p in range(n):
            legal = st.legal_actions(p)
            plays = [a for a in legal if a >= 0]
            acts.append(rng.choice(plays or legal))
        check_step(st, acts, rng.randrange(1, n), tally)
    assert tally["exact"] > 1000 and tally["steps with effects"] > 700, tally
