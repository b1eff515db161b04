"""The search bot of Attack the Tower: the lab's generic ISMCTS
(:mod:`cardgen.simulate.search`) over this engine, through :class:`TowerAdapter`.

The rollout policy is :func:`fast_action` (the greedy bot's choices without its look-ahead of
battles, so a rollout step costs no copy of the state); rollouts stop after
:data:`ROLLOUT_DEPTH` steps and are scored by :func:`evaluate`, a win chance from the material
on the board.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.bots import greedy_action
from cardgen.packs.attack_the_tower.engine.state import MAIN, RENEW_CHOICE, WINDOW, State
from cardgen.simulate.search import ISMCTSBot

ROLLOUT_DEPTH = 60
ITERATIONS = 60


def material(state: State, p: int) -> float:
    """Troops (by power), bases (×4) and special troops (×3) of ``p`` on the board."""
    t = state.table
    me = state.players[p]
    troops = sum(
        n * t.troops[state.design(d).troop].power
        for d, n in zip(me.board, me.troops, strict=True)
        if d >= 0
    )
    return troops + t.base_power * sum(d >= 0 for d in me.board) + 3 * len(me.specials)


def evaluate(state: State, p: int) -> float:
    """``p``'s chance of winning guessed from the material (1/0 when the game is over)."""
    if state.is_terminal():
        return state.returns()[p]
    diff = material(state, p) - material(state, 1 - p)
    return 1 / (1 + math.exp(-diff / 12))


def territory_power(state: State, p: int, territory: int, *, defending: bool) -> int:
    """The damage a territory's troops (and, defending, its bases) deal, without abilities."""
    t = state.table
    me = state.players[p]
    lo = territory * t.slots
    total = 0
    for s in range(lo, lo + t.slots):
        if me.board[s] < 0:
            continue
        troop = t.troops[state.design(me.board[s]).troop]
        if not (defending and troop.artillery):  # defending artillery hits nothing
            total += me.troops[s] * troop.power
        if defending:
            total += t.base_power
    return total


def fast_action(state: State, p: int, rng: random.Random) -> int:
    """The rollout policy: greedy, but attacks and renewals judged by the territories' power."""
    ph = state.phase
    if ph == RENEW_CHOICE:
        return A.NO_RENEW if _best_attack(state, p) is not None else A.RENEW
    if ph == MAIN:
        best = _best_attack(state, p)
        return best if best is not None and best in state.legal_actions(p) else A.END_TURN
    return greedy_action(state, p)


def _best_attack(state: State, p: int) -> int | None:
    t = state.table
    best, margin = None, 0
    limit = t.settings.attacks_per_territory
    for f in range(t.territories):
        if state.attacks[f] >= limit or state.territory_troops(p, f) == 0:
            continue
        power = territory_power(state, p, f, defending=False)
        for target in range(t.territories):
            m = power - territory_power(state, 1 - p, target, defending=True)
            if m > margin:
                best, margin = A.attack_action(f, target), m
    return best


def distinct_actions(state: State, player: int) -> list[int]:
    """The legal actions less those that are the same move as one already listed: a base built
    on any empty slot of a territory (the first is kept; building over a base is kept), damage
    to any of several identical units (same owner, kind, troop type, power and damage)."""
    legal = state.legal_actions(player)
    seen: set[tuple] = set()
    out = []
    board = state.players[player].board if 0 <= player < 2 else []
    slots = state.table.slots
    for a in legal:
        kind, x, y = A.decode(a)
        if kind == "build" and board[y] < 0:
            key: tuple = ("build", x, y // slots)
        elif kind == "target" and state.battle is not None:
            u = state.battle.units[x]
            key = (
                "target",
                u.owner,
                u.kind,
                u.troop,
                u.power,
                u.damage,
                u.slot * (u.kind != "troop"),
            )
        else:
            key = (a,)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


#: the decisions the search weighs: renewing, attacking and ending the turn, playing abilities
SEARCHED = (MAIN, RENEW_CHOICE, WINDOW)


class TowerAdapter:
    """The search adapter (:class:`cardgen.simulate.search.SearchAdapter`) of the engine.

    The search weighs the turn's decisions (:data:`SEARCHED`: renewal, attacks, abilities)
    among :func:`distinct_actions`, so equal moves do not split its visits; the other
    decisions (draws, discards, builds, damage) are the greedy bot's, offered as the only
    move, which keeps the tree's width to the choices that shape a game.
    """

    def movers(self, state: State) -> Sequence[int]:
        return state.acting_players()

    def legal(self, state: State, player: int) -> Sequence[int]:
        if state.phase in SEARCHED:
            return distinct_actions(state, player)
        return [greedy_action(state, player)]

    def apply(self, state: State, actions: Mapping[int, int]) -> None:
        state.apply_action(actions[state.current_player()])

    def is_terminal(self, state: State) -> bool:
        return state.is_terminal()

    def returns(self, state: State) -> Sequence[float]:
        return state.returns()

    def determinise(self, state: State, player: int, rng: random.Random) -> State:
        det = state.determinise(player, rng)
        det.events = None
        return det

    def policy(self, state: State, player: int, rng: random.Random) -> int:
        return fast_action(state, player, rng)

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(state, player)


ADAPTER = TowerAdapter()


def ismcts_bot(seed: int = 0, iterations: int = ITERATIONS) -> ISMCTSBot:
    """The search bot: ISMCTS over determinisations, rollouts cut at :data:`ROLLOUT_DEPTH`."""
    return ISMCTSBot(ADAPTER, iterations=iterations, rollout_depth=ROLLOUT_DEPTH, seed=seed)
