"""Attack Right's bots: the random bot, the determinised lookahead and the kit's search bot
(ISMCTS) over the game's shortlist, greedy policy and evaluation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.engine.ai.lookahead import evaluate
from tests.attack_right.engine_helpers import (
    Game,
    LookaheadBot,
    advance,
    make_sim_bot,
    moves,
)

CARDS = Path(__file__).resolve().parents[1] / "cards"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(CARDS)


def _state(cat, n=3, seed=1):
    decks = ["battle", "resource", "age", "spy"][:n]
    return Game(cat, decks, seed=seed, log_events=False).new_initial_state()


def _play(st, bots, check=True):
    while not st.is_terminal():
        acts = [None] * st.n
        for p in st.movers():
            acts[p] = bots[p].choose(st, p, st.legal_actions(p))
        advance(st, moves(acts), check=check)
    return st


def test_fast_random_bot_matches_engine_random_bot(cat):
    from cardgen.engine.bots import RandomBot as KitRandomBot
    from cardgen.packs.attack_right.engine import ENGINE

    a, b = _state(cat), _state(cat)
    fast = [make_sim_bot("random", 10 + p) for p in range(3)]
    engine = [KitRandomBot(ENGINE, b.game, 10 + p) for p in range(3)]
    _play(a, fast)
    while not b.is_terminal():
        acts = [None] * 3
        for p in b.movers():
            acts[p] = engine[p].choose(b, p)
        advance(b, moves(acts))
    assert a.digest() == b.digest()


def test_unknown_bot():
    with pytest.raises(ValueError, match="unknown bot"):
        make_sim_bot("clever", 0)


def test_determinise_redeals_only_unseen_cards(cat):
    st = _state(cat, n=3, seed=4)
    bot = LookaheadBot(1)
    # play into the second draft step so the bot has seen two packs
    for _ in range(2):
        acts = [None] * 3
        for p in range(3):
            acts[p] = bot.choose(st, p, st.legal_actions(p)) if p == 0 else st.packs[p][0]
        advance(st, moves(acts))
    bot.observe(st, 0)
    before = st.digest()
    w = bot.determinise(st, 0)
    assert st.digest() == before  # the real state is untouched
    # the player's own cards and every seen card stay where they are
    assert w.packs[0] == st.packs[0] and w.kept[0] == st.kept[0]
    for q in (1, 2):
        for zone in ("packs", "kept", "hands", "saved"):
            for j, i in enumerate(getattr(st, zone)[q]):
                if i in bot.seen:
                    assert getattr(w, zone)[q][j] == i

    # the hidden cards are a permutation of the real hidden cards
    def hidden(s):
        cards = [i for pile in s.piles for i in pile]
        for q in (1, 2):
            cards += s.packs[q] + s.kept[q] + s.hands[q] + s.saved[q]
        return cards

    assert Counter(hidden(w)) == Counter(hidden(st))
    assert hidden(w) != hidden(st)  # something was re-dealt
    assert sorted(w.card_zones()) == sorted(st.card_zones())


def test_lookahead_plays_legal_and_deterministic_games(cat):
    def game():
        st = _state(cat, n=2, seed=9)
        bots = [LookaheadBot(5, worlds=1), make_sim_bot("greedy", 6)]
        return _play(st, bots, check=True)

    a, b = game(), game()
    assert a.is_terminal() and a.digest() == b.digest()
    assert evaluate(a, 0) == -evaluate(a, 1)


def test_lookahead_beats_greedy_heads_up(cat):
    """A fixed set of 16 two-player games, lookahead against greedy, seats alternating."""
    wins = 0
    for seed in range(16):
        la = seed % 2
        st = _state(cat, n=2, seed=100 + seed)
        bots = [None, None]
        bots[la] = LookaheadBot(seed)
        bots[1 - la] = make_sim_bot("greedy", seed)
        res = _play(st, bots, check=False).results()
        wins += res[la].winner and not res[1 - la].winner
    assert wins > 8


# ------------------------------------------------------------------ the search bot
def test_search_hooks_shortlist_legal_actions_and_keep_what_the_bot_saw(cat):
    import random

    from cardgen.engine.chance import settle
    from cardgen.packs.attack_right.engine.ai.ismcts import PICKS, PLAYS, end_of_round
    from cardgen.packs.attack_right.engine.definition import SearchHooks
    from cardgen.packs.attack_right.engine.state import DRAFT

    hooks = SearchHooks()
    horizon = end_of_round()
    st = _state(cat, n=3, seed=4)
    greedy = make_sim_bot("greedy", 1)
    checked = set()
    while not st.is_terminal():
        for p in st.movers():
            legal = st.legal_actions(p)
            short = list(hooks.search_actions(st, p))
            assert short and set(short) <= set(legal)
            if st.phase == DRAFT:
                assert len(short) == min(PICKS, len(legal))
                checked.add("draft")
            elif not st.sub and len(legal) > PLAYS + 1:  # the best plays and one end of turn
                plays = sum(1 for a in legal if a >= 0)
                assert len(short) == min(PLAYS, plays) + 1 and short[-1] < 0
                assert all(a >= 0 for a in short[:-1])
                checked.add("play")
        hooks.seen.update(st.visible_cards(0))
        w = hooks.search_world(st, 0, random.Random(7))
        assert w.movers() == st.movers() and not horizon(st, w)
        zones = w.card_zones()
        assert all(zones[i] == z for i, z in st.card_zones().items() if i in hooks.seen)
        st.apply_chosen({p: greedy.choose(st, p, st.legal_actions(p)) for p in st.movers()})
        settle(st)
    assert checked == {"draft", "play"}
    values = [hooks.evaluate(st, p) for p in range(3)]
    assert sum(values) == pytest.approx(1.0) and max(values) == values[st.winners()[0]]


def test_search_bot_plays_legal_deterministic_games(cat):
    def game():
        st = _state(cat, n=2, seed=11)
        bots = [make_sim_bot("search", 5), make_sim_bot("greedy", 6)]
        return _play(st, bots, check=True)

    a, b = game(), game()
    assert a.is_terminal() and a.digest() == b.digest()


def test_search_beats_greedy_heads_up(cat):
    """A fixed set of 8 two-player games, search against greedy, seats alternating."""
    wins = 0
    for seed in range(8):
        me = seed % 2
        st = _state(cat, n=2, seed=200 + seed)
        bots = [make_sim_bot("greedy", seed), make_sim_bot("greedy", seed)]
        bots[me] = make_sim_bot("search", seed)
        res = _play(st, bots, check=False).results()
        wins += res[me].winner and not res[1 - me].winner
    assert wins >= 6


def test_standing_scores_are_the_rest_of_the_game_with_no_more_cards(cat):
    """From the start of round 3, the projection equals the game played out with every player
    ending at once (less the +1 coin each of them gets for ending first, twice)."""
    from cardgen.packs.attack_right.engine.ai import standing_scores
    from cardgen.packs.attack_right.engine.state import DRAFT

    for seed in (3, 8):
        st = _state(cat, n=3, seed=seed)
        greedy = [make_sim_bot("greedy", p) for p in range(3)]
        while st.rounds_done < 2:
            advance(st, {p: greedy[p].choose(st, p, st.legal_actions(p)) for p in st.movers()})
        assert st.phase == DRAFT and any(st.tab[p] for p in range(3))
        projected = standing_scores(st)
        end = st.clone()
        while not end.is_terminal():
            acts = [None] * 3
            for p in end.movers():
                legal = end.legal_actions(p)
                # draft anything; then end the turn (saving a card) or pass: never play
                acts[p] = legal[0] if end.phase == DRAFT else max(a for a in legal if a < 0)
            advance(end, moves(acts))
        rate = st.game.coins_per_glory
        expected = [end.glory[p] - end.coin_glory[p] + (end.coins[p] - 2) / rate for p in range(3)]
        assert projected == pytest.approx(expected)
        assert projected != [float(g) for g in st.glory]  # the tableaus earn something


def test_standing_scores_of_a_finished_game_are_its_glory(cat):
    from cardgen.packs.attack_right.engine.ai import standing_scores

    st = _play(_state(cat, n=2, seed=5), [make_sim_bot("greedy", p) for p in range(2)])
    assert standing_scores(st) == [float(g) for g in st.glory]


def test_search_beats_lookahead_heads_up(cat):
    """A fixed set of 24 two-player games, search against lookahead, seats alternating and every
    pair of the three 2-player decks in turn; a shared win counts as half (the benchmark
    measures the rate: ``benchmarks/bench_search.py``)."""
    pairs = [("battle", "resource"), ("resource", "age"), ("age", "battle")]
    wins = 0.0
    for g in range(24):
        me = g % 2
        game = Game(cat, list(pairs[g // 2 % 3]), seed=300 + g, log_events=False)
        st = game.new_initial_state()
        bots = [make_sim_bot("lookahead", g), make_sim_bot("lookahead", g)]
        bots[me] = make_sim_bot("search", g)
        res = _play(st, bots, check=False).results()
        wins += res[me].winner / sum(r.winner for r in res)
    assert wins >= 15  # 62.5 %: clearly stronger (an even match gives 12)
