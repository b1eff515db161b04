"""What the engine kit needs to know of Authority: its facts, action grammar, events,
vocabulary, and the hooks that feed the kit's bots, scenarios and teams."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardgen.engine import Engine, EventSchema, EventType, GameInfo, Grammar, TableLayout
from cardgen.packs.authority.engine import ai
from cardgen.packs.authority.engine.actions import PATTERNS
from cardgen.packs.authority.engine.game import PARTNERS, Game
from cardgen.packs.authority.engine.state import PHASES, State

S, SC = "seat:seat", "seat:seat card:card"
#: every line of the log; a card field is the unit's design, written by its name
EVENTS = EventSchema(
    EventType("setup", "sides:text", "set-up: {sides}"),
    EventType("turn", "turn:int seat:seat hp:int", "turn {turn}: {seat} ({hp} HP)"),
    EventType("draw", SC, "{seat} draws {card}", "drawn", private="seat", hidden=("card",)),
    EventType(
        "attack",
        "seat:seat target:seat card:card damage:int",
        "{seat} attacks {target} with {card} ({damage})",
        "played",
    ),
    EventType("defend", SC + " row:int", "{seat} defends with {card} in row {row}", "played"),
    EventType(
        "recruit",
        SC + " authority:int",
        "{seat} recruits with {card} ({authority} authority)",
        "played",
    ),
    EventType("use", SC, "{seat} discards {card} for its ability", "played"),
    EventType("spy", SC, "{seat} places the spy {card} in the general zone", "played"),
    EventType("hunt", SC, "{seat} discards the spy {card} to hunt a spy", "played"),
    EventType(
        "remove_spy", "seat:seat owner:seat card:card", "{seat} removes {owner}'s spy {card}"
    ),
    EventType(
        "wound",
        "seat:seat owner:seat card:card damage:int",
        "{seat} wounds {owner}'s {card} ({damage})",
    ),
    EventType("kill", "seat:seat owner:seat card:card", "{seat} kills {owner}'s {card}"),
    EventType(
        "annihilate",
        "seat:seat owner:seat card:card",
        "{seat} kills and annihilates {owner}'s {card}",
    ),
    EventType("leftover", "damage:int", "{damage} leftover damage is lost"),
    EventType("ignore", "seat:seat owner:seat card:card", "{seat} ignores {owner}'s {card}"),
    EventType("disable", "seat:seat owner:seat card:card", "{seat} disables {owner}'s {card}"),
    EventType("retire", SC, "{seat} retires {card}"),
    EventType("buy", SC + " cost:int", "{seat} recruits {card} for {cost}"),
    EventType("replace", SC, "{seat} replaces {card} in the marketplace"),
    EventType(
        "monarch", "seat:seat damage:int hp:int", "{seat}'s Monarch takes {damage} damage ({hp} HP)"
    ),
    EventType("eliminated", S, "{seat} is eliminated"),
    EventType("winner", "winners:text", "winner: {winners}"),
    EventType("end", S, "{seat} ends the turn"),
    EventType(
        "reshuffle",
        "seat:seat cards:int",
        "{seat}'s discard pile is shuffled into a new draw pile of {cards}",
    ),
    # an ability acting: whose unit, what it does (the numbers as they act, X applied)
    EventType("authority", SC + " authority:int", "{seat}'s {card} gives {authority} authority"),
    EventType(
        "bonus",
        SC + " bonus:int",
        "{seat}'s {card}: +{bonus} damage to the units attacking after it",
    ),
    EventType(
        "direct",
        SC + " damage:int target:seat",
        "{seat}'s {card} deals {damage} damage to {target}'s Monarch",
    ),
    EventType(
        "may_ignore",
        SC + " count:int",
        "{seat}'s {card}: ignore up to {count} enemy defending unit(s)",
    ),
    EventType(
        "may_disable",
        SC + " count:int",
        "{seat}'s {card}: disable up to {count} enemy defending unit(s)",
    ),
    EventType(
        "may_annihilate",
        SC + " count:int",
        "{seat}'s {card}: the next {count} unit(s) killed this turn are annihilated",
    ),
    EventType(
        "may_retire",
        SC + " count:int",
        "{seat}'s {card}: retire up to {count} unit(s) from the hand",
    ),
    EventType("draws", SC + " drawn:int count:int", "{seat}'s {card}: draws {drawn} of {count}"),
    EventType(
        "heal",
        SC + " target:seat healed:int hp:int",
        "{seat}'s {card} heals {target}'s Monarch {healed} HP ({hp} HP)",
    ),
)


class Authority(Engine[State]):
    """Authority on the engine kit."""

    info = GameInfo(
        "authority",
        "Authority",
        2,
        4,
        teams=True,
        max_length=400_000,  # the longest turn limit (10,000) of at most ~40 decisions
        side="faction",
        score="HP",
    )
    game = Game
    grammar = Grammar(*PATTERNS)
    events = EVENTS
    layout = TableLayout(
        seats="players",
        centre=("market", "generals", "commanded"),
        stacks={"rows": ("row0", "row1", "row2", "row3")},
        piles=("players.*.discard", "annihilated"),
        counters={"rows": ("damage", "disabled", "ignored")},
    )
    vocabulary: ClassVar = {
        "current": "seat",
        "phase": PHASES,
        "attacked": "seat",
        "commanded": "card",
        "winners": "seat",
        "out_order": "seat",
        **State.ZONES.vocabulary(),  # every zone holds card ids
        "players.*.disabled": "seat",
    }
    derived = frozenset({"alive"})
    search: ClassVar = {"iterations": 60, "rollout_depth": 40}

    def sides(self, catalogue: Any) -> Sequence[str]:
        return list(catalogue.rules.market_faction_ids)

    def team_layouts(self, players: int) -> Sequence[tuple[tuple[int, ...], ...]]:
        return [PARTNERS] if players == 4 else []

    def bots(self) -> Mapping[str, Any]:
        return {"random": ai.RandomBot, "greedy": ai.GreedyBot}

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def policy(self, state: State, seat: int, rng: random.Random) -> int:
        return ai.greedy_choice(state, seat, state.legal_actions(seat), rng)

    def result_lines(self, state: State) -> list[str]:
        return [
            f"P{s + 1} {f}: "
            + (f"{p.hp} HP" if p.alive else "dead")
            + (" — winner" if s in state.winners else "")
            for s, (f, p) in enumerate(zip(state.game.sides, state.players, strict=True))
        ]

    def score(self, state: State, seat: int) -> int:
        return max(int(state.players[seat].hp), 0)


ENGINE = Authority()
