"""Small API pieces: action encoding, observations, results, event rendering."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.attack_right.engine.definition import ENGINE
from tests.attack_right.engine_helpers import (
    END,
    Game,
    RandomBot,
    advance,
    decode_play,
    event_dicts,
    moves,
    play_action,
    save_action,
)

FIXTURE = Path(__file__).parent / "fixtures" / "engine"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(FIXTURE)


def test_action_encoding_round_trips():
    m = 64
    for inst in (0, 5, 63):
        for z in range(3):
            for victim in (-1, 0, 63):
                a = decode_play(play_action(inst, z, victim, m), m)
                assert (a.card, a.zone, a.victim, a.ends) == (inst, z, victim, False)
        s = decode_play(save_action(inst), m)
        assert s.ends and s.save == inst
    assert decode_play(END, m).ends and decode_play(END, m).save == -1


def _card_ids(obj) -> set[str]:
    if isinstance(obj, dict):
        return set().union(*(_card_ids(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(_card_ids(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) else set()


def test_observation_hides_other_hands_and_kept_cards(cat):
    g = Game(cat, ["red", "blue", "spy"], seed=2)
    st = g.new_initial_state()
    advance(st, {p: st.packs[p][0] for p in range(3)})
    obs = st.observation(0)
    assert obs["players"][0]["kept"] == [g.card_id(st.kept[0][0])]
    assert obs["players"][1]["kept"] == 1 and obs["players"][1]["pack"] == 7
    own = {g.card_id(i) for i in st.packs[0] + st.kept[0]}
    mentioned = _card_ids(obs) & set(g.pool.by_id)
    assert mentioned == own


def test_results_and_returns(cat):
    st = Game(cat, ["red", "blue"], seed=1).new_initial_state()
    assert st.returns() == [0.0, 0.0]
    st.glory[:] = [5, 5]
    st.coins[:] = [2, 2]
    res = st.results()
    assert [r.winner for r in res] == [True, True] and [r.rank for r in res] == [1, 1]
    st.coins[1] = 3
    assert st.winners() == [1] and st.results()[0].rank == 2


def test_every_event_renders(cat):
    st = Game(cat, ["red", "blue", "green", "spy"], seed=9).new_initial_state()
    bots = [RandomBot(p) for p in range(4)]
    from tests.attack_right.engine_helpers import play_game

    play_game(st, bots)
    seen = set()
    docs = event_dicts(st)
    for e in docs:
        seen.add(e["type"])
        assert ENGINE.events.text(e)
    assert {"round", "play", "battle", "game_end", "coins", "glory"} <= seen
    assert seen <= set(ENGINE.events.types)
    assert any(e["type"] == "play" and e["removes"] is None for e in docs)


# ------------------------------------------------------------------ driver hooks (fast mode)
def _drive(st, bots, each_step):
    """Play to the end, calling ``each_step(state, actions)`` before each step."""
    while not st.is_terminal():
        acts = [bots[p].step(st, p) if p in st.movers() else None for p in range(st.n)]
        each_step(st, acts)
        advance(st, moves(acts))
    return st


def _reference_legal(st, p):
    """The play phase's legal actions straight from the rules (slow and plain)."""
    g = st.game
    hand = st.hands[p]
    if st.ended[p] or not hand:
        return [] if st.ended[p] else [END]
    cap = g.capacity[g.season_of_round[st.round]]
    firsts: dict[str, int] = {}  # the first copy of each design stands for the others
    for inst in hand:
        firsts.setdefault(st.card[inst].id, inst)
    hand = list(firsts.values())
    out = []
    for inst in hand:
        if st.price(p, inst) > st.coins[p]:
            continue
        for z in st.card[inst].zones:
            here = st.zone_cards(p, z)
            if not cap[z]:
                continue
            if len(here) < cap[z]:
                out.append(play_action(inst, z, -1, g.num_instances))
                if not g.settings.replace_when_free:
                    continue
            out += [play_action(inst, z, v, g.num_instances) for v in here]
    return out + [save_action(i) for i in hand]


@pytest.mark.parametrize("settings", [{}, {"replace_when_free": True}])
def test_playable_cards_and_action_card_follow_legal_actions(cat, settings):
    from cardgen.packs.attack_right.model import Settings
    from tests.attack_right.engine_helpers import PLAY

    opts = {"settings": Settings(**settings)} if settings else {}
    checked = reactions = 0

    def check(st, acts):
        nonlocal checked, reactions
        for p in range(st.n):
            legal = st.legal_actions(p)
            cards = {st.action_card(a) for a in legal} - {-1}
            if st.sub:  # a look, an intercept or a move: PASS, then the cards it may take
                assert not cards and st.playable_cards(p) == []
                if legal:
                    assert legal[0] == END and p in st.movers()
                    taken = [st.decode_reaction(a) for a in legal[1:]]
                    if st.decision == "look":
                        assert taken == [divmod(code, 2) for code in st.offers[p]]
                    elif st.decision == "intercept":
                        assert [i for i, _z in taken] == list(st.offers[p])
                    else:
                        assert taken == st.moves_of(p, st.move_from[p])
                    reactions += 1
            elif st.phase == PLAY:
                assert legal == _reference_legal(st, p)
                assert set(cards) <= set(st.playable_cards(p))
                if len({st.card[i].id for i in st.hands[p]}) == len(st.hands[p]):
                    assert sorted(cards) == sorted(st.playable_cards(p))
                    assert st.play_options(p) == (legal, st.playable_cards(p))
                for a in legal:
                    d = st.decode_action(a)
                    assert d == decode_play(a, st.game.num_instances)
                    assert st.action_card(a) == d.card
                checked += bool(cards)
            else:  # the draft: the first copy of each design in the pack stands for the others
                firsts: dict[str, int] = {}
                for i in st.packs[p]:
                    firsts.setdefault(st.card[i].id, i)
                assert cards == set(firsts.values()) and st.playable_cards(p) == []

    for seed in range(6):
        st = Game(cat, ["red", "blue", "green", "spy"], seed=seed, **opts).new_initial_state()
        _drive(st, [RandomBot(seed * 4 + p) for p in range(4)], check)
    assert checked > 50 and reactions > 2
    assert st.action_card(END) == -1


def test_glory_split_and_battles_match_the_event_log(cat):
    from tests.attack_right.engine_helpers import BattleRecord, play_game

    for seed in range(8):
        decks = ["red", "blue", "green", "spy"][: 2 + seed % 3]
        n = len(decks)
        fast = Game(cat, decks, seed=seed, log_events=False)
        st = play_game(fast.new_initial_state(), [RandomBot(seed + p) for p in range(n)])
        logged = play_game(
            Game(cat, decks, seed=seed).new_initial_state(),
            [RandomBot(seed + p) for p in range(n)],
        )
        assert st.events is None and st.digest() == logged.digest()
        by_source = {"battle": [0] * n, "coins": [0] * n, "effects": [0] * n}
        rnd, battles = 0, []
        for e in logged.events:
            if e[0] == "round":
                rnd = e[1]
            elif e[0] == "glory":
                by_source.get(e[3], by_source["effects"])[e[1]] += e[2]
            elif e[0] == "battle":
                battles.append(BattleRecord(rnd, *e[1:5], -1 if e[5] is None else e[5]))
        assert st.battle_glory == by_source["battle"] and st.coin_glory == by_source["coins"]
        assert st.effect_glory == by_source["effects"]
        split = zip(st.battle_glory, st.effect_glory, st.coin_glory, strict=True)
        assert [sum(x) for x in split] == st.glory
        assert st.battles == battles and len(battles) == fast.rounds * n
        assert st.rounds_done == fast.rounds


def test_rounds_done_grows_in_the_step_that_ends_a_round(cat):
    st = Game(cat, ["red", "blue", "spy"], seed=3).new_initial_state()
    bots = [RandomBot(p) for p in range(3)]
    finished = []
    while not st.is_terminal():
        before, rnd, battles = st.rounds_done, st.round, len(st.battles)
        advance(st, {p: bots[p].step(st, p) for p in st.movers()})
        if st.rounds_done != before:
            assert st.rounds_done == before + 1 and len(st.battles) == battles + 3
            assert {b.round for b in st.battles[-3:]} == {rnd}
            finished.append(rnd)
        else:
            assert len(st.battles) == battles
    assert finished == [1, 2, 3, 4]


def test_battle_power_hooks_match_the_first_battle(cat):
    g = Game(cat, ["red", "blue", "green", "spy"], seed=0, log_events=False)
    for seed in range(5):
        st = g.new_initial_state(seed=seed)
        bots = [RandomBot(seed + p) for p in range(4)]
        while not st.is_terminal():
            powers = [(st.attack_power(p), st.defence_power(p)) for p in range(4)]
            before = st.rounds_done
            advance(st, {p: bots[p].step(st, p) for p in st.movers()})
            if st.rounds_done != before:  # the first battle sees the tableaux as they were
                first = st.battles[-4]
                assert first.attack == powers[first.attacker][0]
                assert first.defence == powers[first.defender][1]


def test_reseed_and_determinise(cat):
    import random

    st = Game(cat, ["red", "blue", "spy"], seed=4).new_initial_state()
    advance(st, {p: st.packs[p][0] for p in range(3)})
    before = st.digest()
    w1 = st.determinise(0, random.Random(1))
    w2 = st.determinise(0, random.Random(1))
    assert st.digest() == before and w1.digest() == w2.digest()
    assert w1.rng.getstate() == w2.rng.getstate() and w1.rng.getstate() != st.rng.getstate()
    seen = st.visible_cards(0)
    assert seen == set(st.packs[0]) | set(st.kept[0])
    assert w1.packs[0] == st.packs[0] and w1.kept[0] == st.kept[0]
    assert w1.packs[1] != st.packs[1] or w1.piles != st.piles
    assert sorted(w1.card_zones()) == sorted(st.card_zones())
    # remembered cards stay in place too
    remembered = set(st.packs[1])
    w3 = st.determinise(0, random.Random(2), remembered)
    assert w3.packs[1] == st.packs[1]
    a, b = st.clone(), st.clone()
    assert a.rng is not st.rng and a.rng.random() == b.rng.random() == st.clone().rng.random()
    c = st.clone()
    c.reseed(99)
    assert c.seed == 99 and c.rng.random() == random.Random(99).random()


def test_inlined_shuffle_is_random_shuffle():
    import random

    from cardgen.engine.zones import shuffle

    for seed in range(300):
        a = list(range(seed % 97))
        b = a[:]
        r1, r2 = random.Random(seed), random.Random(seed)
        r1.shuffle(a)
        shuffle(r2, b)
        assert a == b and r1.getstate() == r2.getstate()


@pytest.mark.parametrize("first_game", [False, True])
def test_play_hands_start_with_the_kept_cards_in_pick_order(cat, first_game):
    from tests.attack_right.engine_helpers import DRAFT, PLAY

    g = Game(cat, ["red", "blue", "spy"], seed=6, first_game=first_game)
    st = g.new_initial_state()
    bots = [RandomBot(p) for p in range(3)]
    picks: list[list[int]] = [[], [], []]
    checked = 0
    while not st.is_terminal():
        acts = [bots[p].step(st, p) if p in st.movers() else None for p in range(3)]
        last_pick = st.phase == DRAFT and len(st.packs[0]) == 2
        if st.phase == DRAFT:
            for p in range(3):
                picks[p].append(acts[p])
        left = [[i for i in st.packs[p] if i != acts[p]] for p in range(3)] if last_pick else None
        advance(st, moves(acts))
        if last_pick and st.phase == PLAY:
            for p in range(3):
                kept = picks[p] + (left[p] if first_game else [])
                assert st.hands[p][: len(kept)] == kept
                assert len(picks[p]) == g.hand_size - 1
                picks[p] = []
            checked += 1
    assert checked == g.rounds
