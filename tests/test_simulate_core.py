"""Simulation core: seeds, counters, Wilson intervals, exactness across workers and chunks."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.simulation import KitSimulation, Runner, chunks
from cardgen.engine.simulation import simulate as simulate_with
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.simulate import SimSpec, SimSpecError, make_matchups
from cardgen.simulate.seeds import derive, game_seeds
from cardgen.simulate.stats import mean_ci, merge_into, wilson

SIMULATION = KitSimulation(ENGINE)


def simulate(cat, spec, **kw):
    """The core's simulation of Attack Right on the kit."""
    return simulate_with(cat, spec, simulation=SIMULATION, **kw)


CARDS = Path(__file__).resolve().parents[1] / "cards"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(CARDS)


def _spec(cat, games=24, players=4, first_game=False, **kw) -> SimSpec:
    return SimSpec(
        games=games,
        players=players,
        matchups=make_matchups(cat.rules.deck_ids, players),
        seed=kw.pop("seed", 11),
        options={"first_game": first_game},
        pool=SIMULATION.bots,
        **kw,
    )


# ------------------------------------------------------------------ seeds
def test_seeds_are_stable_and_distinct():
    assert game_seeds(7, 0, 4) == game_seeds(7, 0, 4)
    # regression values: seeds must not depend on the process (no hash() randomisation)
    digest = hashlib.sha512(b"7:seeds:0").digest()
    game, bots = game_seeds(7, 0, 4)
    assert game == int.from_bytes(digest[:8], "big") >> 1
    assert bots[3] == int.from_bytes(digest[32:40], "big") >> 1
    assert derive(7, "x", 1) == int.from_bytes(hashlib.sha256(b"7:x:1").digest()[:8], "big") >> 1
    seeds = {s for i in range(1000) for s in (game_seeds(7, i, 4)[0], *game_seeds(7, i, 4)[1])}
    assert len(seeds) == 5000
    assert game_seeds(7, 1, 2) != game_seeds(8, 1, 2)
    assert game_seeds(7, 1, 2)[1] == game_seeds(7, 1, 4)[1][:2]  # a seat's seed ignores the rest
    assert all(0 <= s < 2**63 for s in seeds)
    with pytest.raises(ValueError):
        game_seeds(7, 1, 8)


def test_chunks_cover_every_game_once():
    assert list(chunks(7, 3)) == [(0, 3), (3, 6), (6, 7)]
    assert list(chunks(0, 5)) == []
    assert list(chunks(3, 0)) == [(0, 1), (1, 2), (2, 3)]


# ------------------------------------------------------------------ stats
def test_wilson_known_values():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # the interval narrows as n grows and always holds the estimate
    for k, n in ((3, 10), (30, 100), (300, 1000)):
        lo, hi = wilson(k, n)
        assert lo < k / n < hi
    assert wilson(300, 1000)[1] - wilson(300, 1000)[0] < wilson(3, 10)[1] - wilson(3, 10)[0]


def test_mean_interval_known_values():
    # 1, 2, 3: mean 2, sample variance 1, half-width 1.96 / sqrt(3)
    assert mean_ci(6, 14, 3) == [0.8684, 3.1316]
    assert mean_ci(10, 50, 2) == [5.0, 5.0]  # 5, 5: no spread
    assert mean_ci(0, 0, 0) == [0.0, 0.0]


def test_merge_is_order_independent():
    rng = random.Random(1)
    parts = [[rng.randrange(100) for _ in range(50)] for _ in range(6)]
    a, b = [0] * 50, [0] * 50
    for p in parts:
        merge_into(a, p)
    for p in reversed(parts):
        merge_into(b, p)
    assert a == b == [sum(col) for col in zip(*parts, strict=True)]
    with pytest.raises(ValueError):
        merge_into(a, [1])


# ------------------------------------------------------------------ spec
def test_matchups(cat):
    ids = cat.rules.deck_ids
    assert len(make_matchups(ids, 4)) == 24
    assert len(make_matchups(ids, 3)) == 24
    assert len(make_matchups(ids, 2)) == 12
    assert make_matchups(ids, 2, ["battle", "age"]) == (("battle", "age"), ("age", "battle"))
    assert make_matchups(ids, 2, ["battle", "age"], fixed_seats=True) == (("battle", "age"),)
    with pytest.raises(SimSpecError, match="unknown"):
        make_matchups(ids, 2, ["battle", "nope"])
    with pytest.raises(SimSpecError, match="different"):
        make_matchups(ids, 2, ["battle", "battle"])
    with pytest.raises(SimSpecError, match="need 3"):
        make_matchups(ids, 3, ["battle", "age"])
    with pytest.raises(SimSpecError, match="bots"):
        SimSpec(games=1, players=2, matchups=(("battle", "age"),), bots="smart", pool=("random",))


def test_the_kit_supplies_the_simulation(cat):
    assert set(SIMULATION.bots) == {"random", "greedy", "lookahead", "search"}
    # the core fills in the bot pool and the game's option defaults
    bare = SimSpec(games=2, players=2, matchups=(("battle", "age"),))
    res = simulate(cat, bare)
    assert res.spec.pool == SIMULATION.bots and res.spec.to_dict()["first_game"] is False
    with pytest.raises(SimSpecError, match="unknown option"):
        simulate(cat, SimSpec(games=1, players=2, matchups=(("battle", "age"),), options={"x": 1}))


def test_mixed_lineups_are_deterministic(cat):
    spec = _spec(cat, bots="mixed")
    lineups = [spec.bots_of(i) for i in range(60)]
    assert lineups == [spec.bots_of(i) for i in range(60)]
    assert {b for lu in lineups for b in lu} == {"random", "greedy", "lookahead", "search"}
    assert _spec(cat).bots_of(3) == ("random",) * 4


# ------------------------------------------------------------------ exactness
def test_same_result_for_1_2_and_8_workers(cat):
    spec = _spec(cat, games=40)
    one = simulate(cat, spec, workers=1, chunk_size=40)
    two = simulate(cat, spec, workers=2, chunk_size=7)
    eight = simulate(cat, spec, workers=8, chunk_size=3)
    assert one.counters == two.counters == eight.counters
    assert one.counters[0] == 40


def test_chunking_and_progress(cat):
    spec = _spec(cat, games=10, players=2)
    seen: list[int] = []
    res = simulate(cat, spec, chunk_size=3, progress=seen.append)
    assert seen == [3, 3, 3, 1]
    whole = Runner(SIMULATION, cat, spec).run_chunk(0, 10)
    assert list(res.counters) == whole
    # a different master seed plays different games
    other = simulate(cat, _spec(cat, games=10, players=2, seed=12))
    assert other.counters != res.counters


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_derived_glory_sources_match_the_event_log(cat, players, bots):
    """Battle glory from the simulation game's fast record equals the battle glory events of
    the same seeded game with every event logged, and both end in the same state."""
    from cardgen.engine.bots import make_bot
    from cardgen.engine.chance import settle

    setup = ENGINE.setup(cat, players)
    for seed in range(6):
        states = []
        for game in (ENGINE.simulation_game(cat, setup), ENGINE.new_game(cat, setup)):
            seats = [make_bot(ENGINE, game, bots, seed * 10 + p) for p in range(players)]
            st = game.new_initial_state(seed)
            while not st.is_terminal():
                st.apply({p: seats[p].choose(st, p) for p in st.movers()})
                settle(st)  # a glory tie for the first battle
            states.append(st)
        fast, logged = states
        assert fast.events is None and fast.digest() == logged.digest()
        battle = [0] * players
        coins = [0] * players
        for e in logged.events:
            if e[0] == "glory" and e[3] == "battle":
                battle[e[1]] += e[2]
            if e[0] == "glory" and e[3] == "coins":
                coins[e[1]] += e[2]
        assert list(fast.battle_glory) == battle
        cpg = logged.game.coins_per_glory
        assert coins == [c // cpg for c in logged.coins]


@pytest.mark.parametrize("first_game", [False, True])
def test_counters_are_consistent(cat, first_game):
    players, games = 3, 24
    spec = _spec(cat, games=games, players=players, first_game=first_game)
    res = simulate(cat, spec)
    L, C = res.layout, res.counters
    hand = 6 if first_game else 8
    kept = 6 if first_game else 7
    rounds = cat.rules.draft.rounds
    decks, cards = L.labels("side_figures"), L.labels("design")
    assert decks == L.labels("side") == tuple(cat.rules.deck_ids)
    assert L.labels("draw") == cards

    def card(k, f):  # the kit's per-design counters, then its drawn figures
        return C[L.at("draw" if f in L.block("draw").fields else "design", k, f)]

    def deck(d, f):  # the core's side counters, then the kit's declared per-side figures
        block = "side" if f in ("games", "wins", "score") else "side_figures"
        return C[L.at(block, d, f)]

    total = {f: 0 for f in ("dealt", "drawn", "played", "unplayable", "position")}
    for k in range(len(cards)):
        for f in total:
            total[f] += card(k, f)
        assert card(k, "played") <= card(k, "drawn") <= card(k, "dealt")
        assert card(k, "wins_played") <= card(k, "games_played") <= card(k, "games_drawn")
        assert card(k, "unplayable") <= card(k, "drawn")
        drawn = card(k, "drawn")
        assert drawn <= card(k, "position") <= drawn * kept
    assert total["dealt"] == games * players * rounds * hand
    assert total["drawn"] == games * players * rounds * kept
    # a draw's position in its round: 1..kept for each seat and round
    assert total["position"] == games * players * rounds * kept * (kept + 1) // 2
    assert 0 < total["played"] < total["drawn"]
    assert total["unplayable"] + total["played"] <= total["drawn"]
    if first_game:
        stars = {c.id for c in cat.cards if c.star}
        assert all(card(k, "dealt") == 0 for k, c in enumerate(cards) if c in stars)
    wins = sum(deck(d, "wins") for d in range(len(decks)))
    assert games <= wins <= games + C[1] * (players - 1)
    assert sum(C[L.at("seat", s, "wins")] for s in range(players)) == wins
    for d in range(len(decks)):
        src = sum(deck(d, f"glory/{s}") for s in ("battle", "coins", "other"))
        assert src == deck(d, "score")
        battles = deck(d, "attacks_won") + deck(d, "defences_won")
        assert deck(d, "glory/battle") == 3 * battles
        for r in range(rounds):
            assert C[L.at("period", d * rounds + r, "samples")] == deck(d, "games")
            assert C[L.at("period", d * rounds + r, "seats")] == deck(d, "games")
    assert sum(deck(d, "games") for d in range(len(decks))) == games * players
    # every ordered pair: a ahead of b + b ahead of a <= games together
    n_decks = len(decks)
    for a in range(n_decks):
        for b in range(n_decks):
            n = C[L.at("pair", a * n_decks + b, "games")]
            ahead = C[L.at("pair", a * n_decks + b, "ahead")]
            assert ahead + C[L.at("pair", b * n_decks + a, "ahead")] <= n
            assert n == C[L.at("pair", b * n_decks + a, "games")]
    assert C[L.at("bot", 0, "games")] == games * players  # all random bots
    seat_glory = sum(C[L.at("seat", s, "score")] for s in range(players))
    assert seat_glory == sum(deck(d, "score") for d in range(n_decks))


def test_mixed_bots_same_result_for_1_and_2_workers(cat):
    spec = _spec(cat, games=4, players=2, bots="mixed", seed=21)
    one = simulate(cat, spec, workers=1, chunk_size=4)
    two = simulate(cat, spec, workers=2, chunk_size=1)
    assert one.counters == two.counters
    L = one.layout
    bots = range(len(L.labels("bot")))
    assert sum(one.counters[L.at("bot", b, "games")] for b in bots) == 8
