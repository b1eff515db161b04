"""What the engine kit needs to know of Castle Rampage: its facts, action grammar, events,
vocabulary, and the hooks that feed the kit's bots, scenarios and simulation."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardgen.engine import Engine, EventSchema, EventType, GameInfo, Grammar, Setup, TableLayout
from cardgen.packs.castle_rampage.engine import ai
from cardgen.packs.castle_rampage.engine.state import CARD_VALUES, Game, State, with_values

STRUCTURE = "gate|castle"


def _compare(e: Mapping[str, Any]) -> str:
    a, d = e["strength"], e["defence"]
    if e["outcome"] == "lower":
        return f"{a} < {d}: the attack fails"
    if e["outcome"] == "equal":
        return f"{a} = {d}: both cards are destroyed"
    return f"{a} > {d}: strength {a} - {d} = {a - d}"


def _attacker(e: Mapping[str, Any]) -> str:
    if e["to"] == "hand":
        return f"{e['card']} returns to its owner's hand"
    return f"{e['card']} {'goes to the discard pile' if e['won'] else 'is destroyed'}"


#: the readable lines are those of the scenarios written before the port (card ids as names)
EVENTS = EventSchema(
    EventType("draw", "seat:seat card:card", "{seat} draws {card}", "drawn", "seat", ("card",)),
    EventType(
        "play", "turn:int seat:seat card:card", "turn {turn}: {seat} attacks with {card}", "played"
    ),
    EventType("pass", "turn:int seat:seat", "turn {turn}: {seat} has no card that can attack"),
    EventType(
        "attack",
        f"card:card structure:{STRUCTURE} strength:int",
        "{card} attacks the {structure} with strength {strength}",
    ),
    EventType("no_attack", "", "the Gate is empty: the attack has no target (R2)"),
    EventType(
        "reveal",
        f"card:card structure:{STRUCTURE} defence:int strength:int",
        "reveal {card} from the {structure}: defence {defence}",
    ),
    EventType("compare", "strength:int defence:int outcome:lower|equal|higher", _compare),
    EventType(
        "return",
        f"card:card structure:{STRUCTURE}",
        "{card} goes back face down on top of the {structure}",
    ),
    EventType(
        "destroy", f"card:card structure:{STRUCTURE} why:text", "{card} is destroyed ({why})"
    ),
    EventType("gate_broken", "seat:seat", "{seat}'s Gate is broken"),
    EventType("end_attack", "card:card", "{card}: end_attack, the attack ends"),
    EventType(
        "weaken",
        "card:card amount:int before:int after:int",
        "{card}: weaken {amount}, strength {before} -> {after}",
    ),
    EventType(
        "breach",
        "strength:int",
        "the Gate is empty: the attack goes on against the castle with strength {strength}",
    ),
    EventType("game_over", "winner:seat", "the last Castle card is destroyed: {winner} wins"),
    EventType("attacker", "card:card to:hand|discard won:bool", _attacker),
    EventType("deck_out", "seat:seat", "{seat} cannot draw: the deck is empty, the game is a draw"),
)


class CastleRampage(Engine[State]):
    """Castle Rampage on the engine kit: a move is an attack with a hand card."""

    info = GameInfo(
        "castle-rampage",
        "Castle Rampage",
        2,
        2,
        max_length=400,  # every turn draws (R15): the deck ends the game
        score="cards left in the Gate and Castle",
    )
    game = Game
    grammar = Grammar("attack with {card}", "pass")
    events = EVENTS
    layout = TableLayout(
        seats="players",
        centre=("discard",),
        piles=("discard",),
        face_down=("players.*.gate", "players.*.castle"),
    )
    vocabulary: ClassVar = {
        "to_move": "seat",
        "winner": "seat",
        "deck": "card",
        "discard": "card",
        **{f"players.*.{k}": "card" for k in ("hand", "gate", "castle", "known")},
    }
    options: ClassVar = {CARD_VALUES: {}}
    search: ClassVar = {"iterations": ai.ITERATIONS}

    def setup(self, catalogue: Any, *args: Any, **kwargs: Any) -> Setup:
        setup = super().setup(catalogue, *args, **kwargs)
        with_values(catalogue.by_id, setup.options.get(CARD_VALUES) or {})  # SetupError if bad
        return setup

    def bots(self) -> Mapping[str, Any]:
        return {"greedy": ai.GreedyBot}

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def policy(self, state: State, seat: int, rng: random.Random) -> int:
        return ai.policy(state, seat, rng)

    def card_name(self, catalogue: Any, card_id: str) -> str:
        return card_id  # the log names cards by id, as the scenarios' log lines do

    def result_lines(self, state: State) -> list[str]:
        if state.winner is None:
            return ["the deck ran out: a draw"]
        return [f"P{state.winner + 1} destroys the last Castle card and wins"]

    def score(self, state: State, seat: int) -> int:
        s = state.seats[seat]
        return len(s.gate) + len(s.castle)


ENGINE = CastleRampage()
