"""Bots: ``random`` (uniform over the legal actions) and ``greedy`` (one-step heuristics over
Resource values), and :func:`play_game` to play a state out."""

from __future__ import annotations

import math
import random
from itertools import permutations

from cardgen.packs.greedy_kingdoms.engine.actions import (
    CHOOSE,
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
)
from cardgen.packs.greedy_kingdoms.engine.game import Vec
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


def char_net(ch) -> float:
    return value(ch.income) - value(ch.cost)


def upgrade_worth(state: State, u: int) -> float:
    up = state.game.upgrades[u]
    if up.is_palace:
        return 0.0
    w = HORIZON * value(up.start) + 1.5 * value(up.block) + 3.0 * up.discount
    return w + sum(2.0 * value(b) for b in up.bonus.values())


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        return legal[int(self.rng.random() * len(legal))]


class GreedyBot:
    """One step of lookahead with :func:`position_value`: buys a Royal Palace when it can,
    Upgrades and promotions worth more than they cost, commits the Characters worth most if
    three of eight are blocked at random, blocks the Attacker's best, orders its Successful
    Characters so the most Income is paid for (the Knight after the Cook)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == COMMIT_PHASE:
            scores = self.commit_scores(state, player, legal)
        elif ph == ORDER:
            scores = self._order(state, player, legal)
        elif legal[0] >= CHOOSE:
            scores = [VALUES[a - CHOOSE] / (1 + state.res[player][a - CHOOSE]) for a in legal]
        else:
            scores = [self._develop(state, player, a) for a in legal]
        best = max(scores)
        if ph == COMMIT_PHASE:  # a mixed strategy: a fixed choice would be read and blocked
            weights = [math.exp((s - best) / TEMPERATURE) for s in scores]
            return self.rng.choices(legal, weights)[0]
        top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[int(self.rng.random() * len(top))]

    # --- development ----------------------------------------------------------------------------
    def _develop(self, st: State, p: int, a: int) -> float:
        g = st.game
        if a == PASS:
            return 0.0
        if a == PALACE:
            return PALACE_VALUE
        if a < PALACE:
            card = st.line[a - OBTAIN]
            return upgrade_worth(st, card) - value(g.upgrades[card].cost) - 0.5
        paid = [0, 0, 0, 0]
        for r in g.payments[a - PROMOTE]:
            paid[r] += 1
        left = st.special_deck
        gain = sum(char_net(g.special[n]) - char_net(g.ordinary[n]) for n in left) / len(left)
        return 3.0 * gain - value(paid) - 0.5

    # --- the battle -----------------------------------------------------------------------------
    def commit_scores(self, st: State, p: int, legal: list[int]) -> list[float]:
        """The worth of each commit in ``legal`` to ``p`` (Attacker or Defender)."""
        if p == st.attacker:
            return self._attack(st, p, legal)
        return self._block(st, p, legal)

    def _attack(self, st: State, p: int, legal: list[int]) -> list[float]:
        g = st.game
        q = g.battle_size / len(g.numbers)  # chance a Character is blocked by a random commit
        h0, h1, h2, h3 = st.res[p]
        info = {}
        for n in g.numbers:
            ch = st.character(p, n)
            c = ch.cost
            partial = value((min(h0, c[0]), min(h1, c[1]), min(h2, c[2]), min(h3, c[3])))
            free = not (c[0] or c[1] or c[2] or c[3])
            info[n] = (c, ch.income if free else None, char_net(ch), partial)
        out = []
        for a in legal:
            combo = g.combos[a - COMMIT]
            p0, p1, p2, p3 = h0, h1, h2, h3
            for n in combo:
                free = info[n][1]
                if free is not None:
                    p0, p1, p2, p3 = p0 + free[0], p1 + free[1], p2 + free[2], p3 + free[3]
            total = 0.0
            for n in combo:
                c, _, net, partial = info[n]
                ok = p0 >= c[0] and p1 >= c[1] and p2 >= c[2] and p3 >= c[3]
                total += (1 - q) * (net if ok else -partial) - q * partial
            out.append(total)
        return out

    def _block(self, st: State, p: int, legal: list[int]) -> list[float]:
        g = st.game
        att = st.attacker
        have = st.res[att]
        worth = {}
        for n in g.numbers:
            ch = st.character(att, n)
            ok = all(h >= c for h, c in zip(have, ch.cost, strict=True))
            worth[n] = char_net(ch) if ok else 0.0
        return [sum(worth[n] for n in g.combos[a - COMMIT]) for a in legal]

    def _order(self, st: State, p: int, legal: list[int]) -> list[float]:
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


def _search_bot(seed: int):
    from cardgen.packs.greedy_kingdoms.engine.search import SearchBot

    return SearchBot(seed)


BOTS: dict[str, object] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": _search_bot}


def make_bot(name: str, seed: int):
    """The bot called ``name`` (``ValueError`` naming the known ones otherwise)."""
    try:
        return BOTS[name](seed)  # type: ignore[operator]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


def play_game(state: State, bots, *, check: bool = False) -> State:
    """Play ``state`` to the end with one bot per seat (``step(state, p)``; chance from the
    state's generator); ``check`` verifies every action is legal."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance())
            continue
        acting = state.acting_players()
        state.apply_actions(
            [bots[p].step(state, p) if p in acting else None for p in range(2)], check=check
        )
    return state
