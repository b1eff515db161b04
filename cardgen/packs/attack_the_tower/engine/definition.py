"""What the engine kit needs to know of Attack the Tower: its facts, action grammar, events,
vocabulary, and the hooks that feed the kit's bots, scenarios and simulation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardgen.engine import Engine, EventSchema, EventType, GameInfo, Grammar, TableLayout
from cardgen.packs.attack_the_tower.engine import ai
from cardgen.packs.attack_the_tower.engine.actions import PATTERNS
from cardgen.packs.attack_the_tower.engine.game import SIDES, Game
from cardgen.packs.attack_the_tower.engine.state import (
    PHASES,
    PILES,
    POOLS,
    STEPS,
    UNIT_KINDS,
    State,
)

PILE = "ability|base"
POOL = "|".join(POOLS)
UNIT = "|".join(UNIT_KINDS)

#: seats are ``seat`` (the army the event is about); slots are territory*3 + k
EVENTS = EventSchema(
    EventType("turn", "turn:int seat:seat", "-- turn {turn}: {seat} attacks"),
    EventType("end-turn", "seat:seat", "{seat} ends the turn"),
    EventType("stalemate", "turns:int", "stalemate: {turns} turns played"),
    EventType(
        "draw",
        f"seat:seat pile:{PILE} card:card",
        "{seat} draws {card} ({pile})",
        "drawn",
        private="seat",
        hidden=("card",),
    ),
    EventType("reshuffle", f"seat:seat pile:{PILE}", "{seat} reshuffles its {pile} discards"),
    EventType("burn", "seat:seat cards:card", "{seat} burns its hand: {cards}"),
    EventType("discard", "seat:seat card:card", "{seat} discards {card}"),
    EventType("build", "seat:seat slot:int card:card", "{seat} builds {card} on {slot}", "played"),
    EventType(
        "base-destroyed",
        "seat:seat slot:int card:card troops:int cause:battle|built-over",
        "{seat}'s {card} on {slot} is destroyed ({cause}) with {troops} troop(s)",
    ),
    EventType("renewal", "seat:seat", "{seat} calls a renewal"),
    EventType("no-renewal", "seat:seat", "{seat} attacks without a renewal"),
    EventType("recruit", "seat:seat troops:int", "{seat} recruits: troops {troops}"),
    EventType(
        "unique-replaced",
        "seat:seat slot:int troops:int",
        "{seat} loses {troops} older unique troop(s) on {slot}",
    ),
    EventType("ability", "seat:seat card:card", "{seat} plays {card}", "played"),
    EventType(
        "special-recruited", "seat:seat card:card", "{seat} recruits the special {card}", "played"
    ),
    EventType(
        "special-destroyed",
        "seat:seat card:card cause:killed|territory-broken|unique",
        "{seat}'s special {card} is destroyed ({cause})",
    ),
    EventType(
        "attack",
        "seat:seat origin:int target:int palace:bool",
        lambda e: (
            f"{e['seat']} attacks from territory {e['origin']} territory {e['target']}"
            + (" (empty: the palace)" if e["palace"] else "")
        ),
    ),
    EventType(
        "combat",
        "palace:bool units:int",
        lambda e: f"{'palace ' if e['palace'] else ''}combat: {e['units']} units",
    ),
    EventType(
        "damage",
        f"seat:seat unit:int target:{UNIT} amount:int pool:{POOL}",
        "{seat} assigns {amount} {pool} damage to a {target} (unit {unit})",
    ),
    EventType(
        "damage-lost",
        f"seat:seat amount:int pool:{POOL}",
        "{seat}'s {amount} {pool} damage find no target",
    ),
    EventType("troop-killed", "seat:seat slot:int", "{seat}'s troop on {slot} is killed"),
    EventType("battle-end", "survivors:int", "the battle ends: {survivors} attacker(s) survive"),
    EventType(
        "palace-battle",
        "seat:seat survivors:int",
        "{seat}'s {survivors} survivor(s) attack the palace",
    ),
    EventType("palace-destroyed", "seat:seat winner:seat", "{seat}'s palace falls: {winner} wins"),
)


class AttackTheTower(Engine[State]):
    """Attack the Tower on the engine kit."""

    info = GameInfo(
        "attack-the-tower",
        "Attack the Tower",
        2,
        2,
        max_length=20_000,  # a stalemate ends the game after max_turns (100) turns
        side="army",
        score="bases",
    )
    game = Game
    grammar = Grammar(*PATTERNS)
    events = EVENTS
    layout = TableLayout(
        seats="players",
        centre=("battle",),
        piles=("players.*.discards.*",),
        counters={"board": ("troops",)},
    )
    vocabulary: ClassVar = {
        "phase": PHASES,
        "attacker": "seat",
        "to_act": "seat",
        "winner": "seat",
        "renewal_queue": "seat",
        "battle.step": STEPS,
        **{f"battle.{k}": "int" for k in ("origin", "target", "passes")},
        "battle.palace": "bool",
        "battle.units.*.seat": "seat",
        "battle.units.*.kind": UNIT_KINDS,
        "battle.units.*.card": "card",
        "battle.units.*.troop": "text",
        **{f"battle.units.*.{k}": "int" for k in ("slot", "power", "damage")},
        **{f"battle.units.*.{k}": "bool" for k in ("dead", "struck")},
        "battle.queue.*.seat": "seat",
        "battle.queue.*.pool": POOLS,
        "battle.queue.*.points": "int",
        **{f"players.*.{k}": "card" for k in ("board", "specials", "played", "hand")},
        **{f"players.*.{k}.{pile}": "card" for k in ("discards", "piles") for pile in PILES},
    }
    derived = frozenset({"hand_piles"})
    search: ClassVar = {"iterations": ai.ITERATIONS, "rollout_depth": ai.ROLLOUT_DEPTH}

    def sides(self, catalogue: Any) -> Sequence[str]:
        return SIDES

    def bots(self) -> Mapping[str, Any]:
        return {"greedy": ai.GreedyBot}

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def policy(self, state: State, seat: int, rng: random.Random) -> int:
        return ai.fast_action(state, seat, rng)

    def search_actions(self, state: State, seat: int) -> Sequence[int]:
        return ai.search_actions(state, seat)

    def result_lines(self, state: State) -> list[str]:
        if state.stalemate:
            return [f"stalemate after {state.table.settings.max_turns} turns"]
        return (
            [f"P{state.winner + 1} destroys the palace and wins"]
            if state.winner is not None
            else []
        )

    def score(self, state: State, seat: int) -> int:
        return sum(d >= 0 for d in state.players[seat].board)


ENGINE = AttackTheTower()
