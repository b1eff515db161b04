"""Attack the Tower's heuristics: the ``greedy`` bot (build toward complete territories, renew
while bases have room, attack when a look-ahead of the battle gains, play abilities that apply
to the battle, assign damage to kill the most), the search's rollout policy
(:func:`fast_action`: the greedy choices without the look-ahead of battles), its position
value (:func:`evaluate`: a win chance from the material on the board) and the actions it
weighs (:func:`search_actions`)."""

from __future__ import annotations

import math
import random
from typing import Any

from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.state import (
    ALLOCATE,
    BASE,
    MAIN,
    PALACE,
    RENEW_BUILD,
    RENEW_CHOICE,
    RENEW_DISCARD,
    RENEW_DRAW,
    SETUP_BUILD,
    SETUP_DRAW,
    SETUP_KEEP,
    SPECIAL,
    WINDOW,
    State,
)

#: the search's determinisations per decision and the steps after which a rollout is scored
#: (40 iterations scored 48.0% of 200 games against 60, for 0.66x the CPU: issue 41)
ITERATIONS = 40
ROLLOUT_DEPTH = 60
#: the decisions the search weighs: renewing, attacking and ending the turn, playing abilities;
#: the others (draws, discards, builds, damage) are the greedy bot's, offered as the only move
SEARCHED = (MAIN, RENEW_CHOICE, WINDOW)


class GreedyBot:
    """The heuristic bot: builds toward complete territories, attacks when a look-ahead of the
    battle gains, plays the abilities that apply, assigns damage to kill the most (ties broken
    by the catalogue order, not at random)."""

    name = "greedy"

    def __init__(self, engine: Any = None, game: Any = None, seed: int = 0) -> None:
        pass

    def choose(self, state: State, seat: int) -> int:
        return greedy_action(state, seat)


def greedy_action(state: State, p: int) -> int:
    """The greedy bot's choice for seat ``p``."""
    legal = state.legal_actions(p)
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    me = state.players[p]
    if ph in (SETUP_DRAW, RENEW_DRAW):
        want_base = _empty_slots(state, p) > _bases_in_hand(state, p)
        choice = A.DRAW_BASE if want_base else A.DRAW_ABILITY
        return choice if choice in legal else legal[0]
    if ph == SETUP_KEEP:
        return A.BURN if _bases_in_hand(state, p) == 0 and me.burns < 2 else A.KEEP
    if ph in (SETUP_BUILD, RENEW_BUILD):
        return _build_choice(state, p, legal)
    if ph == RENEW_CHOICE:  # attack at once only when an attack gains now
        main = state.clone()
        main.events = None
        main.phase = MAIN
        return A.NO_RENEW if _main_choice(main, p, main.legal_actions(p)) != A.END_TURN else A.RENEW
    if ph == RENEW_DISCARD:
        return min(legal, key=lambda a: (_card_value(state, p, a - A.DISCARD), a))
    if ph == MAIN:
        return _main_choice(state, p, legal)
    if ph == WINDOW:  # the first useful play
        for a in legal:
            if a != A.PASS and _useful(state, p, a - A.PLAY):
                return a
        return A.PASS
    if ph == ALLOCATE:
        return _target_choice(state, legal)
    return legal[0]


def _bases_in_hand(state: State, p: int) -> int:
    return sum(state.design(d).is_base for d in state.players[p].hand)


def _empty_slots(state: State, p: int) -> int:
    return sum(d < 0 for d in state.players[p].board)


def _troop_value(state: State, design: int) -> float:
    troop = state.table.troops[state.design(design).troop]
    return troop.power * (0.6 if troop.artillery else 1.0) + (0.5 if troop.initiative else 0.0)


def _card_value(state: State, p: int, design: int) -> float:
    d = state.design(design)
    if d.is_base:
        return _troop_value(state, design) if _empty_slots(state, p) else 0.0
    if d.is_special:
        return 3.0
    return 1.5


def _build_choice(state: State, p: int, legal: list[int]) -> int:
    """The best base of the hand (by :func:`_troop_value`, then catalogue order) on the first
    empty slot of the territory with the most bases and room; DONE without either."""
    t = state.table
    board = state.players[p].board
    slots = t.slots
    slot, most = -1, -1
    for k in range(0, t.board_size, slots):
        territory = board[k : k + slots]
        filled = sum(d >= 0 for d in territory)
        if most < filled < slots:  # the earlier territory on a tie
            slot, most = k + next(i for i, d in enumerate(territory) if d < 0), filled
    if slot < 0:
        return A.DONE
    designs, troops = t.designs, t.troops
    base, worth = -1, 0.0
    for d in state.players[p].hand:
        design = designs[d]
        if not design.is_base or d == base:
            continue
        troop = troops[design.troop]
        value = troop.power * (0.6 if troop.artillery else 1.0) + (0.5 if troop.initiative else 0.0)
        if base < 0 or value > worth or (value == worth and d < base):
            base, worth = d, value
    if base < 0:
        return A.DONE
    action = A.build_action(base, slot)
    return action if action in legal else A.DONE


def _main_choice(state: State, p: int, legal: list[int]) -> int:
    best, best_score = A.END_TURN, 0.5
    for a in legal:
        if A.ATTACK <= a < A.TARGET and _worth_a_look(state, p, a):
            score = attack_gain(state, p, a)
            if score > best_score:
                best, best_score = a, score
    return best


def attack_gain(state: State, p: int, action: int) -> float:
    """What attack ``action`` gains ``p``, played out with the greedy policy: the
    enemy's troops, bases (×3) and palace (×1000) lost, less ``p``'s troops lost."""
    sim = state.clone()
    sim.events = None
    before = _material(sim)
    sim.step(action)
    while sim.phase in (WINDOW, ALLOCATE):
        sim.step(greedy_action(sim, sim.actor))
    if sim.winner == p:
        return 1000.0
    after = _material(sim)
    enemy = 1 - p
    return (before[enemy] - after[enemy]) - (before[p] - after[p])


def _worth_a_look(state: State, p: int, action: int) -> bool:
    """Whether an attack is close enough to pay off to be played out: the attacking troops'
    power (abilities in hand could add about 2 a troop) reaches half the defence's."""
    t = state.table
    _, origin, target = A.decode(action)
    me, them = state.players[p], state.players[1 - p]
    attack = defence = 0
    for k in range(t.slots):
        s, d = origin * t.slots + k, target * t.slots + k
        if me.board[s] >= 0:
            attack += me.troops[s] * (t.troops[state.design(me.board[s]).troop].power + 2)
        if them.board[d] >= 0:
            troop = t.troops[state.design(them.board[d]).troop]
            defence += t.base_power + (0 if troop.artillery else them.troops[d] * troop.power)
    return 2 * attack >= defence


def _material(state: State) -> list[float]:
    return [
        sum(me.troops) + 3 * sum(d >= 0 for d in me.board) + 2 * len(me.specials)
        for me in state.players
    ]


#: what killing a unit is worth to the greedy bot, by kind (a troop 1)
_WORTH = {BASE: 3.0, PALACE: 100.0, SPECIAL: 2.5}


def _target_choice(state: State, legal: list[int]) -> int:
    b = state.battle
    assert b is not None
    points = b.queue[0][1]
    units, worth = b.units, _WORTH

    def key(a: int) -> tuple:
        u = units[a - A.TARGET]
        power = u.power
        need = (power if power > 1 else 1) - u.damage
        return (need <= points, worth.get(u.kind, 1.0) + power / 10, -need, -a)

    return max(legal, key=key)


def _useful(state: State, p: int, design: int) -> bool:
    """Whether the ability applies to the battle under way."""
    d = state.design(design)
    if d.is_special:
        return True
    b = state.battle
    assert b is not None
    attacking = p == state.attacker
    territory = b.origin if attacking else b.target
    mine = _troop_types(state, p, territory) if not (b.palace and not attacking) else set()
    theirs = _troop_types(state, 1 - p, b.target if attacking else b.origin)
    for e in d.effects:
        if e.kind in ("power", "set_power"):
            role_ok = e.when == "always" or (e.when == "attacking") == attacking
            if role_ok and (
                (e.troop == -1 and (mine or state.players[p].specials)) or e.troop in mine
            ):
                return True
        elif e.kind == "damage_manned_bases":
            artillery = any(state.table.troops[t].artillery for t in mine)
            if attacking and not b.palace and artillery:  # bases only, never the palace
                return True
        elif e.kind == "cancel_enemy_initiative":
            if any(state.table.troops[t].initiative for t in theirs):
                return True
        elif e.kind == "strike":
            infantry = any(state.table.troops[t].infantry for t in theirs)
            if infantry and (e.troop in mine or (e.troop == -1 and mine)):
                return True
    return False


def _troop_types(state: State, p: int, territory: int) -> set[int]:
    t = state.table
    me = state.players[p]
    lo = territory * t.slots
    return {
        state.design(me.board[s]).troop
        for s in range(lo, lo + t.slots)
        if me.board[s] >= 0 and me.troops[s] > 0
    }


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
    board, troops, designs, kinds = me.board, me.troops, t.designs, t.troops
    lo = territory * t.slots
    total = 0
    for s in range(lo, lo + t.slots):
        d = board[s]
        if d < 0:
            continue
        troop = kinds[designs[d].troop]
        if defending:
            total += t.base_power
            if troop.artillery:  # defending artillery hits nothing
                continue
        total += troops[s] * troop.power
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
    defence: list[int] | None = None  # each target's power, once a territory may attack
    for f in range(t.territories):
        if state.attacks[f] >= limit or state.territory_troops(p, f) == 0:
            continue
        power = territory_power(state, p, f, defending=False)
        if defence is None:
            defence = [
                territory_power(state, 1 - p, g, defending=True) for g in range(t.territories)
            ]
        for target, held in enumerate(defence):
            m = power - held
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


def search_actions(state: State, seat: int) -> list[int]:
    """What the search weighs: in the turn's decisions (:data:`SEARCHED`) the legal actions
    less those that are the same move as one already listed (a base built on any empty slot
    of a territory, damage to any of several identical units); elsewhere the greedy choice."""
    if state.phase not in SEARCHED:
        return [greedy_action(state, seat)]
    return distinct_actions(state, seat)
