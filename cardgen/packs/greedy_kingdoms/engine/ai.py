"""Greedy Kingdoms' heuristics: the ``greedy`` bot (one-step heuristics over Resource values,
a mixed strategy in the battle), its position value as a win chance (``evaluate``), and the
actions the kit's search considers (``search_actions``)."""

from __future__ import annotations

import math
import random
from itertools import permutations
from typing import Any

from cardgen.packs.greedy_kingdoms.engine.actions import (
    CHOOSE,
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
)
from cardgen.packs.greedy_kingdoms.engine.game import Character, Vec
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE, ORDER, State

#: what one chip of each Resource is worth to the greedy bot (Honor, Gold, Food, Land): a
#: Royal Palace needs 4 Honor and 1 Land, Gold and Food are the usual way to Honor
VALUES: tuple[float, ...] = (2.5, 1.0, 1.0, 1.5)
#: worth of a Royal Palace beyond the chips it costs
PALACE_VALUE = 40.0
#: how many of its owner's turns an Upgrade's start-of-turn Income is counted for
HORIZON = 5.0
#: how far from the best commit the greedy bot's mixed strategy still plays (softmax)
TEMPERATURE = 0.75
#: the commits the search considers (the greedy bot's best)
COMMIT_WIDTH = 8
#: how many position-value points make a win about 73 % likely (the evaluation's scale)
SCALE = 12.0


def value(v: Vec | list[int]) -> float:
    """The greedy bot's worth of a Resource vector."""
    w0, w1, w2, w3 = VALUES
    return v[0] * w0 + v[1] * w1 + v[2] * w2 + v[3] * w3


def position_value(state: State, p: int) -> float:
    """The greedy bot's worth of ``p``'s position: palaces, chips, Upgrades, Specials."""
    g = state.game
    worth = PALACE_VALUE * state.palaces[p] + value(state.res[p])
    for u in state.kingdom[p]:
        worth += upgrade_worth(state, u)
    for n in g.numbers:
        if state.promoted[p][n - 1]:
            worth += 2.0 * (char_net(g.special[n]) - char_net(g.ordinary[n]))
    return worth


def evaluate(state: State, seat: int) -> float:
    """A win chance for ``seat``: the game's result if it ended, else a logistic of the
    difference of the position values squeezed into [0.1, 0.9]."""
    if state.is_terminal():
        return state.returns()[seat]
    diff = position_value(state, seat) - position_value(state, 1 - seat)
    # kept inside [0.1, 0.9]: an unfinished game, however far ahead, is never worth a win, or
    # the search would hoard Resources instead of placing the winning palace
    return 0.1 + 0.8 / (1.0 + math.exp(-diff / SCALE))


def char_net(ch: Character) -> float:
    return value(ch.income) - value(ch.cost)


def upgrade_worth(state: State, u: int) -> float:
    up = state.game.upgrades[u]
    if up.is_palace:
        return 0.0
    w = HORIZON * value(up.start) + 1.5 * value(up.block) + 3.0 * up.discount
    return w + sum(2.0 * value(b) for b in up.bonus.values())


def search_actions(state: State, seat: int) -> list[int]:
    """What the search considers: the winning Royal Palace alone when it can be placed (the
    search values every action whose rollout wins within its horizon at 1, so it would not
    tell winning now from winning later, and hoard); of the commits only the greedy bot's
    ``COMMIT_WIDTH`` best (it refines the heuristic instead of spreading thin)."""
    legal = state.legal_actions(seat)
    if PALACE in legal and state.palaces[seat] + 1 >= state.game.palaces_to_win:
        return [PALACE]
    if state.phase != COMMIT_PHASE or len(legal) <= COMMIT_WIDTH:
        return legal
    scores = commit_scores(state, seat, legal)
    ranked = sorted(range(len(legal)), key=lambda k: (-scores[k], legal[k]))
    return sorted(legal[k] for k in ranked[:COMMIT_WIDTH])


class GreedyBot:
    """One step of lookahead with the position value: buys a Royal Palace when it can,
    Upgrades and promotions worth more than they cost, commits the Characters worth most if
    three of eight are blocked at random (a mixed strategy: a fixed choice would be read and
    blocked), blocks the Attacker's best, orders its Successful Characters so the most Income
    is paid for (the Knight after the Cook)."""

    name = "greedy"

    def __init__(self, engine: Any = None, game: Any = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> int:
        return greedy_choice(state, seat, self.rng)


def greedy_choice(state: State, p: int, rng: random.Random) -> int:
    """The greedy bot's action for ``p`` (its random draws from ``rng``)."""
    legal = state.legal_actions(p)
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph == COMMIT_PHASE:
        scores, weights = _commit_weights(state, p, legal)
        return rng.choices(legal, weights)[0]
    if ph == ORDER:
        scores = _order(state, p, legal)
    elif legal[0] >= CHOOSE:
        scores = [VALUES[a - CHOOSE] / (1 + state.res[p][a - CHOOSE]) for a in legal]
    else:
        scores = [_develop(state, p, a) for a in legal]
    best = max(scores)
    top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
    return top[int(rng.random() * len(top))]


def _develop(st: State, p: int, a: int) -> float:
    g = st.game
    if a == PASS:
        return 0.0
    if a == PALACE:
        return PALACE_VALUE
    if a < PALACE:
        card = st.line[a - OBTAIN]
        return upgrade_worth(st, card) - value(g.upgrades[card].cost) - 0.5
    left = st.special_deck
    gain = sum(char_net(g.special[n]) - char_net(g.ordinary[n]) for n in left) / len(left)
    return 3.0 * gain - value(g.payment_chips[a - PROMOTE]) - 0.5


def commit_scores(st: State, p: int, legal: list[int]) -> list[float]:
    """The worth of each commit in ``legal`` to ``p`` (Attacker or Defender)."""
    return _commit_weights(st, p, legal)[0]


def _commit_weights(st: State, p: int, legal: list[int]) -> tuple[list[float], list[float]]:
    """:func:`commit_scores` and the greedy bot's softmax weights of them, remembered per
    game: both depend only on the Attacker's Resources and promoted Characters (the same
    position recurs in many of the search's rollouts).  The lists are shared: not changed."""
    att = st.attacker
    memo = st.game.commit_memo
    key = (p == att, tuple(st.res[att]), tuple(st.promoted[att]), tuple(legal))
    hit = memo.get(key)
    if hit is None:
        scores = _attack(st, p, legal) if p == att else _block(st, legal)
        best = max(scores)
        weights = [math.exp((s - best) / TEMPERATURE) for s in scores]
        if len(memo) > 20_000:
            memo.clear()
        hit = memo[key] = (scores, weights)
    return hit


def _attack(st: State, p: int, legal: list[int]) -> list[float]:
    g = st.game
    q = g.battle_size / len(g.numbers)  # chance a Character is blocked by a random commit
    h0, h1, h2, h3 = st.res[p]
    info = {}
    #: each Character's term when no free Character of the commit adds to the Resources
    alone: dict[int, float] = {}
    for n in g.numbers:
        ch = st.character(p, n)
        c = ch.cost
        partial = value((min(h0, c[0]), min(h1, c[1]), min(h2, c[2]), min(h3, c[3])))
        free = not (c[0] or c[1] or c[2] or c[3])
        net = char_net(ch)
        info[n] = (c, ch.income if free else None, net, partial)
        ok = h0 >= c[0] and h1 >= c[1] and h2 >= c[2] and h3 >= c[3]
        alone[n] = (1 - q) * (net if ok else -partial) - q * partial
    gifts = {n for n, v in info.items() if v[1] is not None}
    out = []
    for a in legal:
        combo = g.combos[a - COMMIT]
        if gifts.isdisjoint(combo):  # the same sum, term by term, as below
            total = 0.0
            for n in combo:
                total += alone[n]
            out.append(total)
            continue
        p0, p1, p2, p3 = h0, h1, h2, h3
        for n in combo:
            gift = info[n][1]
            if gift is not None:
                p0, p1, p2, p3 = p0 + gift[0], p1 + gift[1], p2 + gift[2], p3 + gift[3]
        total = 0.0
        for n in combo:
            c, _, net, partial = info[n]
            ok = p0 >= c[0] and p1 >= c[1] and p2 >= c[2] and p3 >= c[3]
            total += (1 - q) * (net if ok else -partial) - q * partial
        out.append(total)
    return out


def _block(st: State, legal: list[int]) -> list[float]:
    g = st.game
    att = st.attacker
    have = st.res[att]
    worth = {}
    for n in g.numbers:
        ch = st.character(att, n)
        ok = all(h >= c for h, c in zip(have, ch.cost, strict=True))
        worth[n] = char_net(ch) if ok else 0.0
    combos, at = g.combos, worth.__getitem__
    return [sum(map(at, combos[a - COMMIT])) for a in legal]


def _order(st: State, p: int, legal: list[int]) -> list[float]:
    best: dict[int, float] = {}
    for perm in permutations(st.pending):
        have = list(st.res[p])
        for n in perm:
            ch = st.character(p, n)
            if all(h >= c for h, c in zip(have, ch.cost, strict=True)):
                have = [h - c + i for h, c, i in zip(have, ch.cost, ch.income, strict=True)]
            else:
                have = [h - min(h, c) for h, c in zip(have, ch.cost, strict=True)]
        v = value(have)
        best[perm[0]] = max(best.get(perm[0], float("-inf")), v)
    return [best[a - RESOLVE] for a in legal]
