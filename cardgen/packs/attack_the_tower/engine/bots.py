"""Bots for Attack the Tower: random (uniform over legal actions) and greedy (heuristics:
build toward complete territories, renew while bases have room, attack when a look-ahead of
the battle gains, play abilities that apply to the battle, assign damage to kill the most).

``greedy_action`` is also the search bot's rollout policy (:mod:`.search`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.state import (
    ALLOCATE,
    BASE,
    MAIN,
    OVER,
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


class RandomBot:
    """Uniform over the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        return self.rng.choice(state.legal_actions(player))


class GreedyBot:
    """The heuristic bot (seeded: ties are broken by the catalogue order, not at random)."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        return greedy_action(state, player)


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
    if ph == WINDOW:
        useful = [a for a in legal if a != A.PASS and _useful(state, p, a - A.PLAY)]
        return useful[0] if useful else A.PASS
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
    t = state.table
    board = state.players[p].board
    empty = [s for s in range(t.board_size) if board[s] < 0]
    bases = sorted(
        {d for d in state.players[p].hand if state.design(d).is_base},
        key=lambda d: (-_troop_value(state, d), d),
    )
    if not empty or not bases:
        return A.DONE

    def filled(s: int) -> int:
        k = s // t.slots
        return sum(board[k * t.slots + i] >= 0 for i in range(t.slots))

    slot = max(empty, key=lambda s: (filled(s), -s))
    action = A.build_action(bases[0], slot)
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
    sim.apply_action(action)
    while sim.phase in (WINDOW, ALLOCATE):
        sim.apply_action(greedy_action(sim, sim.current_player()), check=False)
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


def _target_choice(state: State, legal: list[int]) -> int:
    b = state.battle
    assert b is not None
    points = b.queue[0][1]

    def key(a: int) -> tuple:
        u = b.units[a - A.TARGET]
        need = max(u.power, 1) - u.damage
        kills = need <= points
        worth = {BASE: 3.0, PALACE: 100.0, SPECIAL: 2.5}.get(u.kind, 1.0) + u.power / 10
        return (kills, worth, -need, -a)

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


def _ismcts(seed: int):
    from cardgen.packs.attack_the_tower.engine.search import ismcts_bot

    return ismcts_bot(seed)


BOTS: dict[str, Callable[[int], object]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": _ismcts,
}


def make_bot(name: str, seed: int):
    """The bot named ``name`` (``ValueError`` naming the known ones if none)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}")
    return BOTS[name](seed)


def play_game(state: State, bots) -> State:
    """Play ``state`` to the end with ``bots`` (one per seat)."""
    while state.phase != OVER:
        p = state.current_player()
        state.apply_action(bots[p].step(state, p))
    return state
