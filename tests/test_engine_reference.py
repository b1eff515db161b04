"""Differential tests: the engine's fast power and price code against a literal reading of the
effect docstrings, over many random games on the fixture and the real catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from tests.attack_right.engine_helpers import Game, RandomBot, advance, decode_play, phases

FIXTURE = Path(__file__).parent / "fixtures" / "engine"


def _per(st, owner, inst, per):
    tab = st.tab[owner]
    card = st.card
    if per == 0:
        return 1
    if per == 1:
        return st.tokens[inst]
    if per == 2:
        return sum(card[i].is_unit for i in tab)
    if per == 3:
        return sum(not card[i].is_unit for i in tab)
    if per == 4:
        return len(tab)
    return sum(a for i in tab for r, a in card[i].produce if r == per - 10)


def _neighbours_of_card(st, owner, inst):
    g = st.game
    left, right = g.left[owner], g.right[owner]
    z = st.zone[inst]
    if z == 0:
        return {left}
    if z == 2:
        return {right}
    return {"both": {left, right}, "left": {left}, "right": {right}}[g.settings.middle_neighbour]


def reference_power(st, p, stat, opponent):
    """Combined power of ``p`` (stat 0 defence, 1 attack) in its battle against ``opponent``."""
    card, zone = st.card, st.zone
    total = 0
    for c in st.tab[p]:
        d = card[c]
        printed = d.defence if stat == 0 else d.attack
        if printed is None or not (d.flank or st.game.counts[zone[c]][stat]):
            continue
        value = printed
        value += sum(a * _per(st, p, c, per) for s, a, per in d.power_self if s == stat)
        for o in st.tab[p]:
            if o != c and zone[o] == zone[c]:
                value += sum(
                    a * _per(st, p, o, per) for s, a, per in card[o].power_zone if s == stat
                )
        total += value
    for x in st.tab[opponent]:
        if p in _neighbours_of_card(st, opponent, x):
            total += sum(
                a * _per(st, opponent, x, per) for s, a, per in card[x].power_neighbour if s == stat
            )
    return max(total, 0)


def reference_price(st, p, inst):
    d = st.card[inst]
    produced = {}
    for i in st.tab[p]:
        for r, a in st.card[i].produce:
            produced[r] = produced.get(r, 0) + a
    cost = d.cost - sum(produced.get(r, 0) for r in set(d.discount))
    for i in st.tab[p]:
        for applies, a in st.card[i].discounts:
            if applies == 0 or (applies == 1 and d.is_unit) or (applies == 2 and not d.is_unit):
                cost -= a
    return max(cost, 0)


@pytest.mark.parametrize("which", ["fixture", "real"])
def test_fast_code_matches_the_reference(which, cards_dir, monkeypatch):
    root = FIXTURE if which == "fixture" else cards_dir
    if not (root / "rules.yaml").exists() or (which == "real" and not (root / "spy.yaml").exists()):
        pytest.skip("catalogue not available")
    cat = load_catalogue(root)
    decks = list(cat.rules.deck_ids)
    expected: list = []
    original = phases.battle

    def checked_battle(st, start):
        g = st.game
        expected.append(
            {
                (a, g.right[a]): (
                    reference_power(st, a, 1, g.right[a]),
                    reference_power(st, g.right[a], 0, a),
                )
                for a in range(st.n)
            }
        )
        original(st, start)

    monkeypatch.setattr(phases, "battle", checked_battle)
    battles = prices = 0
    for seed in range(120):
        n = 2 + seed % 3
        g = Game(cat, [decks[(seed + k) % len(decks)] for k in range(n)], seed=seed)
        st = g.new_initial_state()
        bots = [RandomBot(seed * 5 + p) for p in range(n)]
        m = g.num_instances
        while not st.is_terminal():
            acting = st.movers()
            if st.phase == 1:
                for p in acting:
                    legal = set(st.legal_actions(p))
                    playable = {decode_play(a, m).card for a in legal if a >= 0}
                    for inst in st.hands[p]:
                        price = reference_price(st, p, inst)
                        assert st.price(p, inst) == price
                        if inst in playable:
                            assert price <= st.coins[p]
                        prices += 1
            advance(st, {p: bots[p].step(st, p) for p in acting})
        got = [e for e in st.events if e[0] == "battle"]
        assert len(got) == n * len(expected) == n * 4
        for k, e in enumerate(got):
            assert expected[k // n][(e[1], e[2])] == (e[3], e[4]), (seed, e)
            battles += 1
        expected.clear()
    assert battles > 500 and prices > 1000
